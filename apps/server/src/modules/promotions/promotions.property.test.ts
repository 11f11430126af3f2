import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { errorCodeOf, expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createPromoWorld, promotionInput } from '../../../test/promotions-helpers.ts';
import { bonusShareOfWin } from './bonus-wallet.ts';

let t: TestApp;
const clock = { now: new Date('2026-11-20T03:00:00Z') };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
});

afterAll(async () => {
  await t.close();
});

const step = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 300_000 }) }),
  fc.record({ kind: fc.constant('claim' as const) }),
  fc.record({
    kind: fc.constant('stake' as const),
    amount: fc.integer({ min: 1, max: 120_000 }),
    winTimes: fc.constantFrom(0, 0, 1, 2, 5),
    // debit then credit, one bet-and-win, debit then rollback, or a debit left open until a settle step.
    mode: fc.constantFrom('debit-credit' as const, 'bet-win' as const, 'rollback' as const, 'held' as const),
  }),
  fc.record({ kind: fc.constant('settle' as const), winTimes: fc.constantFrom(0, 1, 3) }),
  fc.record({ kind: fc.constant('void' as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('expire' as const) }),
  fc.record({ kind: fc.constant('forfeit' as const) }),
  fc.record({ kind: fc.constant('exclude' as const) }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 1, max: 400_000 }) }),
);

describe('bonus money cannot leak (random sequences)', () => {
  it('cash is deposits + real results − withdrawals + what converted, with stakes split between cash and bonus; no double grant; nothing for an excluded member; books balance', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const { w, promotions, op, principal, game } = await createPromoWorld(t, clock);
        const promo = await promotions.admin.create(op, promotionInput({ perMemberLimit: 2, maxConversion: 60_000, expiryHours: 10 }));
        const m = await w.member();
        const ledger = t.app.services.ledger;
        let deposits = 0;
        let realResult = 0;
        let withdrawals = 0;
        let excluded = false;
        const open: { g: Awaited<ReturnType<typeof game>>; round: string; amount: number; bonusPart: number }[] = [];
        for (const s of steps) {
          if (s.kind === 'deposit') {
            await w.fund(m.accounts, s.amount);
            deposits += s.amount;
          } else if (s.kind === 'claim') {
            const code = await errorCodeOf(promotions.claim(principal(m), promo.id, { ip: null }));
            if (excluded) expect(code).not.toBe('ok');
          } else if (s.kind === 'stake') {
            // Through the seamless wallet: cash first, then the bonus of active grants (oldest expiry first).
            const cash = (await w.balances(m.id)).main;
            const before = await promotions.admin.grantsOfMember(w.merchant.id, m.id);
            const live = before.filter((g) => g.status === 'active' && new Date(g.expiresAt).getTime() > clock.now.getTime());
            const bonus = live.reduce((sum, g) => sum + g.bonusBalance, 0);
            const overMax = live.some((g) => g.maxStake !== null && s.amount > g.maxStake);
            const expected = excluded || overMax ? 'PLAYER_BLOCKED' : cash + bonus < s.amount ? 'INSUFFICIENT_FUNDS' : 'OK';
            const cashPart = Math.min(cash, s.amount);
            const bonusPart = s.amount - cashPart;
            const payout = s.amount * s.winTimes;
            const g = await game(m);
            const round = g.round();
            const answer = s.mode === 'bet-win' ? await g.betWin(round, s.amount, payout) : await g.debit(round, s.amount, `${round}-bet`);
            expect(answer.status).toBe(expected);
            if (answer.status !== 'OK') continue;
            realResult -= cashPart;
            if (s.mode === 'bet-win' || s.mode === 'debit-credit') {
              if (s.mode === 'debit-credit') expect((await g.credit(round, payout)).status).toBe('OK');
              // A win goes back in proportion: the bonus-funded share to the grants, the rest to cash.
              realResult += payout - bonusShareOfWin(payout, bonusPart, s.amount);
            } else if (s.mode === 'rollback') {
              expect((await g.rollback(round, `${round}-bet`)).status).toBe('OK');
              realResult += cashPart;
            } else {
              open.push({ g, round, amount: s.amount, bonusPart });
            }
          } else if (s.kind === 'settle') {
            for (const held of open.splice(0)) {
              const payout = held.amount * s.winTimes;
              expect((await held.g.credit(held.round, payout)).status).toBe('OK');
              realResult += payout - bonusShareOfWin(payout, held.bonusPart, held.amount);
            }
          } else if (s.kind === 'void') {
            // A voided round: no money moved and no bet counts.
            await t.database.db
              .insertInto('bet_records')
              .values({
                merchant_id: w.merchant.id,
                member_id: m.id,
                username: m.username,
                vendor_code: 'DEMO',
                game_code: 'dice',
                game_category: 'RNG',
                round_id: `void-${Math.random()}`,
                currency: w.currency,
                status: 'cancelled',
                stake: s.amount,
                payout: 0,
                valid_bet: 0,
                win_loss: 0,
                bet_count: 1,
                opened_at: clock.now,
                settled_at: null,
                updated_at: clock.now,
              })
              .execute();
          } else if (s.kind === 'expire') {
            clock.now = new Date(clock.now.getTime() + 11 * 3_600_000);
            await promotions.settleDue();
          } else if (s.kind === 'forfeit') {
            const active = (await promotions.admin.grantsOfMember(w.merchant.id, m.id)).filter((g) => g.status === 'active');
            for (const g of active) await promotions.admin.forfeitGrant(op, g.id, 'test');
          } else if (s.kind === 'exclude') {
            await t.app.services.responsibleGaming.selfExclude(m.id, { months: 1 }, { ip: null });
            excluded = true;
          } else {
            // A withdrawal goes through the wagering check first, as the withdrawals module does.
            const left = await promotions.remainingTurnover({ memberId: m.id });
            const cash = (await w.balances(m.id)).main;
            if (left > 0 || cash < s.amount) continue;
            await ledger.transfer({
              fromAccountId: m.accounts.main,
              toAccountId: w.system.paymentClearing,
              amount: s.amount,
              code: 'withdrawal',
              idempotencyKey: `prop:wd:${Math.random()}`,
            });
            withdrawals += s.amount;
          }
          clock.now = new Date(clock.now.getTime() + 60_000);
          const grants = await promotions.admin.grantsOfMember(w.merchant.id, m.id);
          const converted = grants.reduce((sum, g) => sum + g.converted, 0);
          const balances = await w.balances(m.id);
          // Cash holds exactly the member's own money plus what bonuses converted under their caps.
          expect(balances.main).toBe(deposits + realResult - withdrawals + converted);
          for (const g of grants) expect(g.converted).toBeLessThanOrEqual(60_000);
          // Every grant: converted + removed + balance + staked (held or lost) = amount + what its stakes won.
          const rows = await t.database.db.selectFrom('promotion_grants').selectAll().where('member_id', '=', m.id).execute();
          for (const g of rows) expect(g.converted + g.removed + g.bonus_balance + g.bonus_staked).toBe(g.amount + g.bonus_won);
          // The bonus wallet is the sum of the active grants' own balances.
          expect(balances.bonus).toBe(grants.filter((g) => g.status === 'active').reduce((sum, g) => sum + g.bonusBalance, 0));
          expect(grants.length).toBeLessThanOrEqual(2);
          if (excluded) expect(grants.filter((g) => g.status === 'active')).toEqual([]);
        }
        // Rounds still open are settled as losses; the books must balance with nothing held.
        for (const held of open.splice(0)) expect((await held.g.credit(held.round, 0)).status).toBe('OK');
        await expectCleanBooks(t.database.db);
      }),
      { numRuns: 12 },
    );
  });
});
