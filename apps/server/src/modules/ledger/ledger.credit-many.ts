import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import type { LedgerAccounts } from './ledger.accounts.ts';
import * as batchRepo from './ledger.batch.repository.ts';
import { type CallerTransferCode, ESCROW_ACCOUNT_KIND, type SystemAccountKind } from './ledger.codes.ts';
import { assertAmount, assertCallerCode, assertKey, assertOptionalText, REFERENCE_LENGTH_MAX } from './ledger.validation.ts';

/** One credit of `creditMany`: an amount to a member's main wallet, under its own idempotency key. */
export type ManyCredit = { memberId: number; amount: number; idempotencyKey: string; referenceId: string | null };

/** Most credits one `creditMany` takes. */
const CREDIT_MANY_MAX = 50_000;

/**
 * Credits many members' main wallets from one system account of the merchant in a few statements
 * (ADR 0033), in the caller's transaction: the wallets made sure of (created when missing), locked in
 * id order, then one statement writing every transfer, its two entries and the balances added up per
 * wallet. Each credit is what `transfer` from the system account to the wallet would write, with the
 * same key and request hash, so either replays the other: a key already used with the same content
 * is a replay (nothing moves); with other content it is `idempotency_conflict` and the whole call
 * fails (the caller's transaction rolls back). Answers each credit's transfer id and whether it was a
 * replay, in the credits' order.
 */
export function createCreditMany(deps: { now: () => Date; accounts: LedgerAccounts }) {
  return async function creditMany(
    input: {
      merchantId: number;
      currency: string;
      fromKind: SystemAccountKind;
      code: CallerTransferCode;
      referenceType: string | null;
      credits: readonly ManyCredit[];
    },
    trx: Transaction<DB>,
  ): Promise<{ transferIds: number[]; replayed: boolean[]; posted: number; amount: number }> {
    const { credits } = input;
    if (credits.length === 0) return { transferIds: [], replayed: [], posted: 0, amount: 0 };
    if (credits.length > CREDIT_MANY_MAX) throw new DomainError('bad_request', 'credits');
    assertCallerCode(input.code);
    if (input.fromKind === ESCROW_ACCOUNT_KIND) throw new DomainError('bad_request', 'escrow account');
    assertOptionalText(input.referenceType ?? undefined, REFERENCE_LENGTH_MAX, 'reference.type');
    const keys = new Set<string>();
    for (const c of credits) {
      assertAmount(c.amount);
      assertKey(c.idempotencyKey);
      assertOptionalText(c.referenceId ?? undefined, REFERENCE_LENGTH_MAX, 'reference.id');
      if (keys.has(c.idempotencyKey)) throw new DomainError('bad_request', 'idempotencyKey');
      keys.add(c.idempotencyKey);
    }
    const from = await deps.accounts.ensureSystemAccount(
      { merchantId: input.merchantId, kind: input.fromKind, currency: input.currency },
      trx,
    );
    const memberIds = [...new Set(credits.map((c) => c.memberId))];
    const wallets = new Map(
      (
        await batchRepo.ensureMemberAccountsOfMany(trx, {
          merchantId: input.merchantId,
          currency: input.currency,
          memberIds,
          kinds: ['player_main'],
        })
      ).map((a) => [a.memberId, a.id]),
    );
    const toAccountIds = credits.map((c) => {
      const id = wallets.get(c.memberId);
      if (id === undefined) throw new DomainError('not_found', 'memberId');
      return id;
    });
    // The same hash `transfer` computes for this pair, amount, code, reference and no note.
    const hashes = credits.map((c, i) =>
      hashRequest(['transfer', from.id, toAccountIds[i], c.amount, input.code, input.referenceType, c.referenceId, null]),
    );
    await batchRepo.lockAccountIds(
      trx,
      [...new Set(toAccountIds)].sort((a, b) => a - b),
    );
    const written = await batchRepo.insertCreditsFromSystem(trx, {
      fromAccountId: from.id,
      currency: input.currency,
      code: input.code,
      referenceType: input.referenceType,
      at: deps.now(),
      toAccountIds,
      amounts: credits.map((c) => c.amount),
      keys: credits.map((c) => c.idempotencyKey),
      hashes,
      referenceIds: credits.map((c) => c.referenceId),
    });
    // Every transfer written has its two entries, or nothing of the call stands.
    if (written.entries !== 2 * written.inserted.size) throw new Error('creditMany wrote a transfer without both its entries');
    const missing = credits.filter((c) => !written.inserted.has(c.idempotencyKey)).map((c) => c.idempotencyKey);
    const taken = await batchRepo.findTransferHashes(trx, missing);
    let amount = 0;
    const transferIds: number[] = [];
    const replayed: boolean[] = [];
    credits.forEach((c, i) => {
      const fresh = written.inserted.get(c.idempotencyKey);
      if (fresh !== undefined) {
        transferIds.push(fresh);
        replayed.push(false);
        amount += c.amount;
        return;
      }
      const known = taken.get(c.idempotencyKey);
      if (known === undefined) throw new Error('a credit was neither written nor found');
      if (known.hash !== hashes[i]) throw new DomainError('idempotency_conflict', c.idempotencyKey);
      transferIds.push(known.id);
      replayed.push(true);
    });
    return { transferIds, replayed, posted: written.inserted.size, amount };
  };
}
