import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createWithdrawingMember, PAYMENT_PASSWORD } from '../../../test/withdrawals-helpers.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { WithdrawalAdmin, WithdrawalMember } from './withdrawals.service.ts';
import { withdrawalFeeOf, withdrawalRulesSetting } from './withdrawals.settings.ts';

/**
 * Model-based test: random interleavings of withdrawal requests, approvals, rejections and payouts,
 * with operator calls often sent twice in a row or twice at once, run against the service and
 * against a plain model of the state machine. Every call must give the model's outcome; afterwards
 * each member's balances match the model, each withdrawal's money moved exactly as its final state
 * says (posted once if paid, returned once if rejected, held otherwise) and the ledger conserves money.
 */

const RUN_COUNT = 10;
const OPS_PER_RUN_MAX = 12;
/** Each request hashes with argon2, so a run takes seconds; more time than the default per-test limit. */
const TEST_TIMEOUT_MS = 600_000;
const MEMBER_COUNT = 2;
const STARTING_BALANCE = 2_000_000;
const RULES = {
  ...withdrawalRulesSetting.defaultValue,
  minAmountMinor: 100_000,
  maxAmountMinor: 1_500_000,
  dailyCountMax: 4,
  freePerDay: 1,
  feeFixedMinor: 1_000,
  feePercentBasisPoints: 100,
  kycThresholdMinor: Number.MAX_SAFE_INTEGER,
};

type Repeat = 'once' | 'twice' | 'concurrent';
type Op = { type: 'request'; member: number; amount: number } | { type: 'approve' | 'reject' | 'payout'; pick: number; repeat: Repeat };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('request' as const),
      member: fc.integer({ min: 0, max: MEMBER_COUNT - 1 }),
      amount: fc.oneof(fc.integer({ min: 100_000, max: 1_500_000 }), fc.constantFrom(99_999, 1_500_001, 2_000_000)),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constantFrom('approve' as const, 'reject' as const, 'payout' as const),
      pick: fc.nat(),
      repeat: fc.constantFrom<Repeat>('once', 'twice', 'concurrent'),
    }),
  },
);

type ModelWithdrawal = { id: number; member: number; amount: number; fee: number; status: 'pending' | 'approved' | 'rejected' | 'paid' };
type Model = { main: number[]; countToday: number[]; withdrawals: ModelWithdrawal[] };

function codeOf(error: unknown): string {
  if (error instanceof DomainError) return error.code;
  throw error;
}

async function outcome(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return 'ok';
  } catch (error) {
    return codeOf(error);
  }
}

/** What the model says an operator action does to a withdrawal, and the result it expects. */
function applyAdmin(model: Model, w: ModelWithdrawal, type: 'approve' | 'reject' | 'payout'): string {
  if (type === 'approve') {
    if (w.status !== 'pending') return 'withdrawal_state_invalid';
    w.status = 'approved';
    return 'ok';
  }
  if (type === 'reject') {
    if (w.status !== 'pending' && w.status !== 'approved') return 'withdrawal_state_invalid';
    w.status = 'rejected';
    model.main[w.member]! += w.amount;
    model.countToday[w.member]! -= 1;
    return 'ok';
  }
  if (w.status !== 'approved') return 'withdrawal_state_invalid';
  w.status = 'paid';
  return 'ok';
}

describe('withdrawals against a model', () => {
  let t: TestApp;
  let admin: WithdrawalAdmin;

  beforeAll(async () => {
    t = await buildTestApp();
    const merchant = await createMerchant(t.database.db);
    await t.app.services.settings.set(merchant.id, withdrawalRulesSetting, RULES, 'test');
    const adminId = await t.app.services.admins.createAdmin({
      merchantId: merchant.id,
      username: 'modelop',
      password: 'Operator@2026',
      role: 'finance',
    });
    admin = { adminId, merchantId: merchant.id };
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    'keeps every outcome, balance and ledger movement as the model says',
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: OPS_PER_RUN_MAX }), async (ops) => {
          run += 1;
          const service = t.app.services.withdrawals;
          const members: (WithdrawalMember & { cardId: number; mainAccountId: number })[] = [];
          for (let i = 0; i < MEMBER_COUNT; i++) {
            const m = await createWithdrawingMember(t.app, t.database.db, { balance: STARTING_BALANCE, withPaymentPassword: true });
            const card = await t.database.db
              .insertInto('bank_cards')
              .values({
                merchant_id: m.merchant.id,
                member_id: m.id,
                bank_code: 'VCB',
                bank_name: 'Vietcombank',
                account_name: 'NGUYEN VAN AN',
                account_number: `9${run}${i}${m.id}`.padEnd(10, '0'),
                verified_at: new Date(),
                created_at: new Date(),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            members.push({
              memberId: m.id,
              merchantId: m.merchant.id,
              currency: m.merchant.currency,
              cardId: card.id,
              mainAccountId: m.mainAccountId,
            });
          }
          const model: Model = { main: members.map(() => STARTING_BALANCE), countToday: members.map(() => 0), withdrawals: [] };
          // Each request in the run is a new intent, so each has its own request id.
          let requestCount = 0;

          for (const op of ops) {
            if (op.type === 'request') {
              const m = members[op.member]!;
              const count = model.countToday[op.member]!;
              const fee = withdrawalFeeOf(RULES, op.amount, count);
              let expected = 'ok';
              if (op.amount < RULES.minAmountMinor) expected = 'withdrawal_amount_too_small';
              else if (op.amount > RULES.maxAmountMinor) expected = 'withdrawal_amount_too_large';
              else if (count >= RULES.dailyCountMax) expected = 'withdrawal_daily_limit';
              else if (op.amount > model.main[op.member]!) expected = 'insufficient_funds';
              let createdId: number | undefined;
              requestCount += 1;
              const actual = await outcome(async () => {
                createdId = (
                  await service.request(
                    m,
                    {
                      bankCardId: m.cardId,
                      amount: op.amount,
                      paymentPassword: PAYMENT_PASSWORD,
                      requestId: `model-${run}-${requestCount}`,
                    },
                    null,
                  )
                ).id;
              });
              expect(actual, JSON.stringify(op)).toBe(expected);
              if (actual === 'ok') {
                model.main[op.member]! -= op.amount;
                model.countToday[op.member]! += 1;
                model.withdrawals.push({ id: createdId!, member: op.member, amount: op.amount, fee, status: 'pending' });
              }
              continue;
            }
            if (model.withdrawals.length === 0) continue;
            const w = model.withdrawals[op.pick % model.withdrawals.length]!;
            const act = () =>
              op.type === 'approve'
                ? service.approve(admin, w.id, null)
                : op.type === 'reject'
                  ? service.reject(admin, w.id, 'model rejection', null)
                  : service.payout(admin, w.id, null);
            if (op.repeat === 'concurrent') {
              const results = await Promise.all([outcome(act), outcome(act)]);
              const first = applyAdmin(model, w, op.type);
              const second = applyAdmin(model, w, op.type);
              expect(results.sort(), JSON.stringify(op)).toEqual([first, second].sort());
            } else {
              const times = op.repeat === 'twice' ? 2 : 1;
              for (let i = 0; i < times; i++) expect(await outcome(act), JSON.stringify(op)).toBe(applyAdmin(model, w, op.type));
            }
          }

          // Balances: main as the model says; locked is what still waits for review or payout.
          for (let i = 0; i < members.length; i++) {
            const balances = await t.app.services.ledger.memberBalances({ memberId: members[i]!.memberId, currency: 'VND' });
            const open = model.withdrawals.filter((w) => w.member === i && (w.status === 'pending' || w.status === 'approved'));
            expect(balances.main).toBe(model.main[i]);
            expect(balances.locked).toBe(open.reduce((sum, w) => sum + w.amount, 0));
          }
          // Each withdrawal's money moved once, as its state says.
          for (const w of model.withdrawals) {
            const row = await t.database.db
              .selectFrom('withdrawals')
              .select(['status', 'fee'])
              .where('id', '=', w.id)
              .executeTakeFirstOrThrow();
            expect(row).toEqual({ status: w.status, fee: w.fee });
            const transfers = await t.database.db
              .selectFrom('ledger_transfers')
              .select(['code', 'amount'])
              .where('reference_type', '=', 'withdrawal')
              .where('reference_id', '=', String(w.id))
              .execute();
            const total = (code: string) => transfers.filter((x) => x.code === code).reduce((sum, x) => sum + x.amount, 0);
            const count = (code: string) => transfers.filter((x) => x.code === code).length;
            expect(total('withdrawal_hold')).toBe(w.amount);
            expect(count('withdrawal')).toBe(w.status === 'paid' ? 1 : 0);
            expect(total('withdrawal') + total('withdrawal_fee')).toBe(w.status === 'paid' ? w.amount : 0);
            expect(total('withdrawal_fee')).toBe(w.status === 'paid' ? w.fee : 0);
            expect(total('withdrawal_release')).toBe(w.status === 'rejected' ? w.amount : 0);
          }
          const audit = await auditLedger(t.database.db);
          expect(audit.holdingsByCurrency.get('VND') ?? 0).toBe(0);
          expect(audit.entrySumByCurrency.get('VND') ?? 0).toBe(0);
          expect(audit.negativeMemberAccountIds).toEqual([]);
          expect(audit.driftedAccountIds).toEqual([]);
          expect(audit.unbalancedTransferIds).toEqual([]);
          expect(audit.brokenChainEntryIds).toEqual([]);
        }),
        { numRuns: RUN_COUNT },
      );
    },
    TEST_TIMEOUT_MS,
  );
});
