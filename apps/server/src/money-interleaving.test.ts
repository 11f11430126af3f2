import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { BANK_CHANNEL_BODY } from '../test/deposits-helpers.ts';
import { createMerchant } from '../test/factories.ts';
import { auditLedger } from '../test/ledger-fixture.ts';
import { createWithdrawingMember, LOGIN_PASSWORD, PAYMENT_PASSWORD } from '../test/withdrawals-helpers.ts';
import { withdrawalRulesSetting } from './modules/withdrawals/withdrawals.settings.ts';

/**
 * Deposits, stakes, withdrawal requests and the operator's approvals, rejections and payouts in any
 * order, each operator click possibly sent twice at once: the books stay balanced, no wallet goes
 * negative, the member's balance is what the accepted steps add up to, and every withdrawal is paid
 * out at most once and returned only when rejected.
 */
const RUNS = 12;

type Step =
  | { kind: 'deposit'; amount: number; isDoubleClick: boolean }
  | { kind: 'stake'; amount: number; win: number }
  | { kind: 'withdraw'; amount: number }
  | { kind: 'approve' | 'reject' | 'payout'; pick: number; isDoubleClick: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 100_000, max: 900_000 }), isDoubleClick: fc.boolean() }),
  fc.record({
    kind: fc.constant('stake' as const),
    amount: fc.integer({ min: 1_000, max: 300_000 }),
    win: fc.integer({ min: 0, max: 400_000 }),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 100_000, max: 700_000 }) }),
  fc.record({
    kind: fc.constantFrom('approve' as const, 'reject' as const, 'payout' as const),
    pick: fc.nat(),
    isDoubleClick: fc.boolean(),
  }),
);

let t: TestApp;
let finance: Record<string, string>;
let bankChannelId: number;
let runNo = 0;
/** Accepted steps over all runs, so the property is known to have exercised every kind. */
const done = { deposit: 0, stake: 0, withdraw: 0, approve: 0, reject: 0, payout: 0 };

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
  const merchant = await createMerchant(t.database.db);
  await t.app.services.settings.set(
    merchant.id,
    withdrawalRulesSetting,
    { ...withdrawalRulesSetting.defaultValue, dailyCountMax: 1000, freePerDay: 1, feeFixedMinor: 2_000 },
    'test',
  );
  finance = (await loginAdmin(t.app, 'finance')).headers;
  const channel = await t.app.inject({ method: 'POST', url: '/admin-api/deposit/channels', headers: finance, payload: BANK_CHANNEL_BODY });
  bankChannelId = channel.json().value.id;
});

afterAll(async () => {
  await t?.close();
});

describe('money moving in any order', () => {
  it('keeps the books, the balance and every withdrawal right', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 18 }), async (generated) => {
        // Every run starts with money in the wallet, so withdrawals and stakes have something to move.
        // It also opens with a withdrawal and ends by approving and paying out the first one, so
        // payouts happen in most runs whatever came between.
        const steps: Step[] = [
          { kind: 'deposit', amount: 1_500_000, isDoubleClick: false },
          { kind: 'withdraw', amount: 200_000 },
          ...generated,
          { kind: 'approve', pick: 0, isDoubleClick: false },
          { kind: 'payout', pick: 0, isDoubleClick: true },
        ];
        runNo += 1;
        const member = await createWithdrawingMember(t.app, t.database.db, { withPaymentPassword: true });
        const ledger = t.app.services.ledger;
        const merchant = member.merchant;
        const house = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'house_revenue', currency: 'VND' });
        const card = await t.app.inject({
          method: 'POST',
          url: '/wps/member/bank-cards',
          headers: member.headers,
          payload: { bankCode: 'VCB', accountName: 'Nguyen Van An', accountNumber: `97041${String(member.id).padStart(11, '0')}` },
        });
        const cardId = card.json().value.id as number;
        const admin = (path: string) =>
          t.app.inject({
            method: 'POST',
            url: path,
            headers: finance,
            payload: path.endsWith('/reject') ? { reason: 'Account name does not match' } : {},
          });
        const clickTwiceMaybe = async (path: string, isDoubleClick: boolean) => {
          const answers = await Promise.all(isDoubleClick ? [admin(path), admin(path)] : [admin(path)]);
          return answers.filter((a) => a.statusCode === 200).length;
        };

        let expectedMain = 0;
        const withdrawals: { id: number; amount: number }[] = [];
        let stakeNo = 0;
        for (const step of steps) {
          if (step.kind === 'deposit') {
            const order = await t.app.inject({
              method: 'POST',
              url: '/wps/member/deposit/orders',
              headers: member.headers,
              payload: { channelId: bankChannelId, amount: step.amount },
            });
            if (order.statusCode !== 200) continue;
            const found = await t.app.inject({
              method: 'GET',
              url: `/admin-api/deposit/orders?referenceCode=${order.json().value.referenceCode}`,
              headers: finance,
            });
            const orderId = found.json().value.list[0].id as number;
            const confirmed = await clickTwiceMaybe(`/admin-api/deposit/orders/${orderId}/confirm`, step.isDoubleClick);
            expect(confirmed).toBe(1);
            expectedMain += step.amount;
            done.deposit += 1;
          } else if (step.kind === 'stake') {
            stakeNo += 1;
            const key = `mix-${runNo}-${stakeNo}`;
            const held = await ledger
              .reserve({ accountId: member.mainAccountId, amount: step.amount, code: 'bet', idempotencyKey: `${key}-bet` })
              .catch(() => undefined);
            if (!held) continue;
            await ledger.settle({
              reservationId: held.reservationId,
              toAccountId: house.id,
              payout: step.win,
              idempotencyKey: `${key}-settle`,
            });
            expectedMain += step.win - step.amount;
            done.stake += 1;
          } else if (step.kind === 'withdraw') {
            const res = await t.app.inject({
              method: 'POST',
              url: '/wps/member/withdrawals',
              headers: member.headers,
              payload: {
                bankCardId: cardId,
                amount: step.amount,
                paymentPassword: PAYMENT_PASSWORD,
                loginPassword: LOGIN_PASSWORD,
                requestId: `interleaving-${member.id}-${withdrawals.length}-${done.withdraw}-${step.amount}`,
              },
            });
            if (res.statusCode !== 200) continue;
            withdrawals.push({ id: res.json().value.id, amount: step.amount });
            expectedMain -= step.amount;
            done.withdraw += 1;
          } else {
            const target = withdrawals[step.pick % Math.max(1, withdrawals.length)];
            if (!target) continue;
            const succeeded = await clickTwiceMaybe(`/admin-api/withdrawals/${target.id}/${step.kind}`, step.isDoubleClick);
            expect(succeeded).toBeLessThanOrEqual(1);
            if (step.kind === 'reject' && succeeded === 1) expectedMain += target.amount;
            done[step.kind] += succeeded;
          }
        }

        const balances = await ledger.memberBalances({ memberId: member.id, currency: 'VND' });
        expect(balances.main).toBe(expectedMain);
        const clearing = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: 'VND' });
        for (const w of withdrawals) {
          const view = await t.app.inject({ method: 'GET', url: `/admin-api/withdrawals/${w.id}`, headers: finance });
          const status = view.json().value.status as string;
          const paidOut = await ledger.history({ accountIds: [clearing.id], codes: ['withdrawal'] });
          const posts = paidOut.list.filter((e) => e.referenceId === String(w.id));
          const isPaid = ['paid', 'confirmed_received', 'disputed'].includes(status);
          expect(posts.length).toBe(isPaid ? 1 : 0);
          const released = (await ledger.history({ memberId: member.id, codes: ['withdrawal_release'] })).list.filter(
            (e) => e.referenceId === String(w.id),
          );
          expect(released.reduce((sum, e) => sum + e.amount, 0)).toBe(status === 'rejected' ? w.amount : 0);
        }
        const books = await auditLedger(t.database.db);
        for (const total of books.holdingsByCurrency.values()) expect(total).toBe(0);
        expect(books.driftedAccountIds).toEqual([]);
        expect(books.negativeMemberAccountIds).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    for (const [kind, count] of Object.entries(done)) expect(count, kind).toBeGreaterThan(0);
  }, 600_000);
});
