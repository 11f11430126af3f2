import { randomBytes } from 'node:crypto';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER, type VendorAnswer } from '@platform/contracts/vendor-protocol';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { DEMO_VENDOR_CODE, DEV_DEMO_VENDOR_SECRET } from '../src/modules/vendor-wallet/vendor-wallet.integrations.ts';
import { createMember, createMerchant } from './factories.ts';

/** Helpers for the game wallet tests: a funded player with a game session, and signed vendor calls. */

export type GamePlayer = {
  merchantId: number;
  memberId: number;
  username: string;
  currency: string;
  token: string;
  sessionId: number;
  mainAccountId: number;
};

export async function fundMember(app: FastifyInstance, member: { merchantId: number; memberId: number; currency: string }, amount: number) {
  const { ledger } = app.services;
  const accounts = await ledger.ensureMemberAccounts({
    merchantId: member.merchantId,
    memberId: member.memberId,
    currency: member.currency,
  });
  const clearing = await ledger.ensureSystemAccount({ merchantId: member.merchantId, kind: 'payment_clearing', currency: member.currency });
  const main = accounts.player_main;
  if (!main) throw new Error('no main account');
  if (amount > 0) {
    await ledger.transfer({
      fromAccountId: clearing.id,
      toAccountId: main.id,
      amount,
      code: 'deposit',
      idempotencyKey: `test-deposit:${randomBytes(8).toString('hex')}`,
    });
  }
  return main.id;
}

/** A member of a merchant (the first one of the database unless given) with money and an open game. */
export async function createGamePlayer(
  app: FastifyInstance,
  db: Kysely<DB>,
  options: {
    balance?: number;
    merchant?: { id: number; currency: string };
    accountType?: number;
    isTrial?: boolean;
    vendorCode?: string;
    gameCode?: string;
    gameCategory?: string;
  } = {},
): Promise<GamePlayer> {
  const merchant =
    options.merchant ??
    (await db.selectFrom('merchants').select(['id', 'currency']).orderBy('id').executeTakeFirst()) ??
    (await createMerchant(db));
  const member = await createMember(db, merchant, { accountType: options.accountType ?? 0 });
  const mainAccountId = await fundMember(
    app,
    { merchantId: merchant.id, memberId: member.id, currency: merchant.currency },
    options.balance ?? 10_000,
  );
  const issued = await app.services.gameSessions.issue({
    memberId: member.id,
    merchantId: merchant.id,
    currency: merchant.currency,
    vendorCode: options.vendorCode ?? DEMO_VENDOR_CODE,
    gameCode: options.gameCode ?? 'lucky-sevens',
    gameCategory: options.gameCategory ?? 'RNG',
    isTrial: options.isTrial ?? false,
  });
  return {
    merchantId: merchant.id,
    memberId: member.id,
    username: member.username,
    currency: merchant.currency,
    token: issued.token,
    sessionId: issued.sessionId,
    mainAccountId,
  };
}

export type CallOptions = { secret?: string; timestampMs?: number; signature?: string; vendorCode?: string; rawBody?: string };

/** A signed call to our seamless API, as a vendor makes it. */
export async function vendorCall(app: FastifyInstance, call: string, body: Record<string, unknown>, options: CallOptions = {}) {
  const raw = options.rawBody ?? JSON.stringify(body);
  const timestamp = String(options.timestampMs ?? Date.now());
  const signature = options.signature ?? signVendorBody(options.secret ?? DEV_DEMO_VENDOR_SECRET, timestamp, raw);
  const res = await app.inject({
    method: 'POST',
    url: `/vendor-api/${options.vendorCode ?? DEMO_VENDOR_CODE}/${call}`,
    headers: { 'content-type': 'application/json', [VENDOR_TIMESTAMP_HEADER]: timestamp, [VENDOR_SIGNATURE_HEADER]: signature },
    payload: raw,
  });
  return { statusCode: res.statusCode, answer: res.json() as VendorAnswer };
}

let txCounter = 0;
export function nextTxId(prefix = 'tx'): string {
  txCounter += 1;
  return `${prefix}-${process.pid}-${txCounter}-${randomBytes(3).toString('hex')}`;
}
