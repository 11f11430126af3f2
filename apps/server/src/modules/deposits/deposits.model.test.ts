import { createHmac } from 'node:crypto';
import { defaultPermissionsOf } from '@platform/contracts/admin';
import { amountMinor } from '@platform/contracts/money';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import type { PaymentGateway, PaymentOutcome } from '../payments/payment-gateway.ts';
import { isSignatureValid } from '../payments/sandbox-gateway.adapter.ts';
import type { Principal } from '../session/session.service.ts';
import type { OrderRow as DepositOrder } from './deposits.repository.ts';
import { RECHECK_AFTER_SECONDS } from './deposits.service.ts';

/**
 * Property: whatever the interleaving, duplication and order of gateway callbacks, operator
 * confirmations and rejections, and re-check runs, each order is credited at most once, exactly
 * when the rules say, and the ledger conserves money.
 *
 * The gateway here is a test double behind the PaymentGateway interface: the test decides what
 * the "real" payment did (its truth), and the double answers queries and signs notifications from
 * that truth, as the sandbox does over HTTP in the journey test.
 */

const RUN_COUNT = 20;
/** The runs are many small transactions; under a loaded full suite they need more than the default minute. */
const PROPERTY_TIMEOUT_MS = 300_000;
const ORDERS_PER_RUN = 4;
const BATCHES_MAX = 6;
const ACTIONS_PER_BATCH_MAX = 5;
const SECRET = 'model-gateway-secret-0123456789';
const GATEWAY_AMOUNT = 100_000;
const BANK_AMOUNT = 200_000;

type Truth = { status: 'pending' | 'paid' | 'failed'; txId: string | null };

function createModelGateway(truths: Map<string, Truth>): PaymentGateway {
  return {
    code: 'model',
    createPayment: async (request) => {
      truths.set(request.referenceCode, { status: 'pending', txId: null });
      return { redirectUrl: `http://model.invalid/pay/${request.referenceCode}`, gatewayPaymentId: request.referenceCode };
    },
    verifyCallback: (headers, rawBody) => {
      if (!isSignatureValid(SECRET, rawBody, headers['x-model-signature'])) throw new DomainError('payment_signature_invalid');
      return JSON.parse(rawBody.toString('utf8')) as PaymentOutcome;
    },
    queryPayment: async (referenceCode) => {
      const truth = truths.get(referenceCode);
      if (!truth) return { referenceCode, status: 'unknown' };
      if (truth.status === 'pending' || !truth.txId) return { referenceCode, status: 'pending' };
      return { referenceCode, status: truth.status, gatewayTxId: truth.txId, amount: GATEWAY_AMOUNT, currency: 'VND' };
    },
  };
}

type Action =
  /** The player pays or fails at the gateway (the first decision sticks). */
  | { type: 'decide'; order: number; outcome: 'paid' | 'failed' }
  /** The gateway delivers its notification for the decided payment (any number of times). */
  | { type: 'callback'; order: number }
  /** A stale "failed" notification for the same transaction, arriving at any time. */
  | { type: 'staleFailed'; order: number }
  | { type: 'confirm'; order: number; actualAmount: number | null }
  | { type: 'reject'; order: number }
  | { type: 'recheck'; advanceSeconds: number };

const orderArb = fc.integer({ min: 0, max: ORDERS_PER_RUN - 1 });
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('decide' as const),
      order: orderArb,
      outcome: fc.constantFrom('paid' as const, 'failed' as const),
    }),
  },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('callback' as const), order: orderArb }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('staleFailed' as const), order: orderArb }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('confirm' as const),
      order: orderArb,
      actualAmount: fc.option(fc.integer({ min: 1, max: 300_000 }), { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('reject' as const), order: orderArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('recheck' as const),
      advanceSeconds: fc.constantFrom(0, RECHECK_AFTER_SECONDS + 1, 31 * 60, 25 * 60 * 60),
    }),
  },
);
// Actions of a batch run concurrently; batches run one after the other.
const scenarioArb = fc.record({
  kinds: fc.array(fc.constantFrom('bank' as const, 'gateway' as const), { minLength: ORDERS_PER_RUN, maxLength: ORDERS_PER_RUN }),
  batches: fc.array(fc.array(actionArb, { minLength: 1, maxLength: ACTIONS_PER_BATCH_MAX }), { minLength: 1, maxLength: BATCHES_MAX }),
});

let database: TestDatabase;
let app: FastifyInstance;
let clock = new Date('2026-11-22T08:00:00Z');
const truths = new Map<string, Truth>();
let merchant: { id: number; currency: string };
let admin: AdminPrincipal;
let runNo = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  merchant = await createMerchant(database.db, { currency: 'VND' });
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', WEB_DIST_DIR: '/nonexistent' });
  app = await buildApp({ env, database, logger: false, now: () => clock, paymentGateways: [createModelGateway(truths)] });
  await app.ready();
  const adminId = await app.services.admins.createAdmin({
    merchantId: merchant.id,
    username: 'modelfinance',
    password: 'Operator@2026',
    role: 'finance',
  });
  admin = {
    sessionId: 0,
    adminId,
    merchantId: merchant.id,
    username: 'modelfinance',
    role: 'finance',
    permissions: new Set(defaultPermissionsOf('finance')),
  };
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const EXPECTED_REFUSALS = new Set(['deposit_order_closed', 'deposit_order_not_manual', 'deposit_order_not_found']);

async function expectRefusalOrSuccess(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return true;
  } catch (err) {
    if (err instanceof DomainError && EXPECTED_REFUSALS.has(err.code)) return false;
    throw err;
  }
}

describe('deposits under any interleaving of callbacks, operator decisions and re-checks', () => {
  it(
    'credits each order at most once, exactly when the rules allow, and conserves money',
    async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb, async ({ kinds, batches }) => {
          runNo += 1;
          const channels = {
            bank: await app.services.deposits.createChannel(
              admin,
              {
                type: 'bank_transfer',
                name: `bank ${runNo}`,
                bankName: 'Bank',
                bankAccountName: 'Lotus',
                bankAccountNumber: '0001112223',
                minAmount: amountMinor(1),
                maxAmount: amountMinor(1_000_000),
                isEnabled: true,
                sort: 0,
                tutorial: { vi: '', en: '' },
              },
              null,
            ),
            gateway: await app.services.deposits.createChannel(
              admin,
              {
                type: 'gateway',
                name: `gw ${runNo}`,
                gatewayCode: 'model',
                minAmount: amountMinor(1),
                maxAmount: amountMinor(1_000_000),
                isEnabled: true,
                sort: 0,
                tutorial: { vi: '', en: '' },
              },
              null,
            ),
          };
          // One member per order, so a member's balance is exactly what its order credited.
          const orders: {
            kind: 'bank' | 'gateway';
            order: DepositOrder;
            memberId: number;
            confirms: number[];
            rejects: number;
            paidDelivered: boolean;
          }[] = [];
          for (const kind of kinds) {
            const member = await createMember(database.db, merchant);
            const principal: Principal = {
              sessionId: 0,
              memberId: member.id,
              merchantId: merchant.id,
              username: member.username,
              accountType: 0,
              currency: 'VND',
            };
            const order = await app.services.deposits.createOrder(
              principal,
              { channelId: channels[kind].id, amount: kind === 'bank' ? BANK_AMOUNT : GATEWAY_AMOUNT },
              null,
            );
            orders.push({ kind, order, memberId: member.id, confirms: [] as number[], rejects: 0, paidDelivered: false });
          }

          const callback = async (ref: string, outcome: PaymentOutcome) => {
            const body = JSON.stringify(outcome);
            const res = await app.inject({
              method: 'POST',
              url: '/payment-api/model/callback',
              headers: { 'content-type': 'application/json', 'x-model-signature': createHmac('sha256', SECRET).update(body).digest('hex') },
              payload: body,
            });
            if (res.statusCode !== 200) throw new Error(`callback for ${ref} answered ${res.statusCode}: ${res.body}`);
            return res.json().value.status as string;
          };

          for (const batch of batches) {
            await Promise.all(
              batch.map(async (action) => {
                if (action.type === 'recheck') {
                  clock = new Date(clock.getTime() + action.advanceSeconds * 1000);
                  await app.services.deposits.recheckPending();
                  return;
                }
                const o = orders[action.order]!;
                const ref = o.order.referenceCode;
                switch (action.type) {
                  case 'decide': {
                    const truth = truths.get(ref);
                    if (truth && truth.status === 'pending') truths.set(ref, { status: action.outcome, txId: `TX-${ref}` });
                    return;
                  }
                  case 'callback': {
                    const truth = truths.get(ref);
                    if (!truth || truth.status === 'pending' || !truth.txId) return;
                    const status = await callback(ref, {
                      referenceCode: ref,
                      status: truth.status,
                      gatewayTxId: truth.txId,
                      amount: GATEWAY_AMOUNT,
                      currency: 'VND',
                    });
                    if (truth.status === 'paid') {
                      o.paidDelivered = true;
                      expect(status).toBe('paid');
                    }
                    return;
                  }
                  case 'staleFailed': {
                    if (o.kind !== 'gateway') return;
                    await callback(ref, {
                      referenceCode: ref,
                      status: 'failed',
                      gatewayTxId: `TX-${ref}`,
                      amount: GATEWAY_AMOUNT,
                      currency: 'VND',
                    });
                    return;
                  }
                  case 'confirm': {
                    const input = action.actualAmount === null ? {} : { actualAmount: action.actualAmount };
                    if (o.kind === 'bank') o.confirms.push(action.actualAmount ?? BANK_AMOUNT);
                    await expectRefusalOrSuccess(app.services.deposits.confirmOrder(admin, o.order.id, input, null));
                    return;
                  }
                  case 'reject': {
                    if (o.kind === 'bank') o.rejects += 1;
                    await expectRefusalOrSuccess(app.services.deposits.rejectOrder(admin, o.order.id, 'model says no', null));
                    return;
                  }
                }
              }),
            );
          }

          for (const o of orders) {
            const row = await database.db.selectFrom('deposit_orders').selectAll().where('id', '=', o.order.id).executeTakeFirstOrThrow();
            const balances = await app.services.ledger.memberBalances({ memberId: o.memberId, currency: 'VND' });
            const transfers = await sql<{ n: string; total: string | null }>`
            SELECT count(*)::text AS n, sum(amount)::text AS total FROM ledger_transfers
             WHERE code = 'deposit' AND reference_type = 'deposit_order' AND reference_id = ${o.order.referenceCode}`.execute(database.db);
            const credits = Number(transfers.rows[0]!.n);
            // At most once, and paid exactly when credited, for the credited amount.
            expect(credits).toBeLessThanOrEqual(1);
            expect(credits === 1).toBe(row.status === 'paid');
            expect(balances.main).toBe(row.status === 'paid' ? row.credited_amount : 0);
            if (credits === 1) expect(Number(transfers.rows[0]!.total)).toBe(row.credited_amount);

            if (o.kind === 'bank') {
              // Only an operator's confirmation credits a bank transfer, with one of the amounts confirmed.
              if (row.status === 'paid') expect(o.confirms).toContain(row.credited_amount);
              if (o.confirms.length === 0) expect(row.status).not.toBe('paid');
              if (o.confirms.length > 0 && o.rejects === 0) expect(row.status).toBe('paid');
              if (o.rejects > 0 && o.confirms.length === 0) expect(row.status).toBe('rejected');
            } else {
              const truth = truths.get(o.order.referenceCode);
              // A gateway order is paid only if the gateway really took the money, and always once it said so.
              if (row.status === 'paid') {
                expect(truth?.status).toBe('paid');
                expect(row.credited_amount).toBe(GATEWAY_AMOUNT);
                expect(row.gateway_tx_id).toBe(truth?.txId);
              }
              if (o.paidDelivered) expect(row.status).toBe('paid');
              expect(row.status).not.toBe('rejected');
            }
          }

          const audit = await auditLedger(database.db);
          for (const total of audit.entrySumByCurrency.values()) expect(total).toBe(0);
          for (const total of audit.holdingsByCurrency.values()) expect(total).toBe(0);
          expect(audit.driftedAccountIds).toEqual([]);
          expect(audit.negativeMemberAccountIds).toEqual([]);
          expect(audit.unbalancedTransferIds).toEqual([]);
        }),
        { numRuns: RUN_COUNT },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
