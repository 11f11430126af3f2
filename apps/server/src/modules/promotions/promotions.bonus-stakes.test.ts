import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { errorCodeOf, expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createPromoWorld, type PromoMember, promotionInput } from '../../../test/promotions-helpers.ts';
import { bonusShareOfWin } from './bonus-wallet.ts';
import { allocateBonusStake, shareOverParts } from './promotions.bonus-stakes.ts';
import { createPromotionsService } from './promotions.service.ts';

let t: TestApp;
const clock = { now: new Date('2026-11-20T03:00:00Z') };
const later = (hours: number) => {
  clock.now = new Date(clock.now.getTime() + hours * 3_600_000);
};

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
});

afterAll(async () => {
  await t.close();
});

const noDevice = { ip: null };

/** The member's grants as stored, oldest first, with what each has staked and won. */
async function grantRows(m: PromoMember) {
  return t.database.db
    .selectFrom('promotion_grants')
    .select(['id', 'status', 'amount', 'bonus_balance', 'bonus_staked', 'bonus_won', 'converted', 'removed'])
    .where('member_id', '=', m.id)
    .orderBy('id')
    .execute();
}

/** Every grant keeps converted + removed + balance + staked = amount + won (the table checks it too). */
async function expectGrantIdentities(m: PromoMember) {
  for (const g of await grantRows(m)) {
    expect(g.converted + g.removed + g.bonus_balance + g.bonus_staked).toBe(g.amount + g.bonus_won);
  }
}

describe('the rules, as functions', () => {
  it('draws on the grant that expires first, then the next; refuses what the grants do not hold', () => {
    const grants = [
      { id: 1, bonus_balance: 100, expires_at: new Date('2026-01-03') },
      { id: 2, bonus_balance: 50, expires_at: new Date('2026-01-02') },
    ];
    expect(allocateBonusStake(grants, 30)).toEqual([{ grantId: 2, amount: 30 }]);
    expect(allocateBonusStake(grants, 120)).toEqual([
      { grantId: 2, amount: 50 },
      { grantId: 1, amount: 70 },
    ]);
    expect(allocateBonusStake(grants, 151)).toBeUndefined();
  });

  it('splits a win by what each side staked, rounding in the cash’s favour, and a share over parts to the unit', () => {
    expect(bonusShareOfWin(100, 20, 50)).toBe(40);
    expect(bonusShareOfWin(100, 1, 3)).toBe(33);
    expect(bonusShareOfWin(100, 0, 3)).toBe(0);
    expect(
      shareOverParts(
        [
          { grantId: 1, amount: 1 },
          { grantId: 2, amount: 2 },
        ],
        100,
      ),
    ).toEqual([34, 66]);
  });
});

describe('stakes take cash first, then bonus money (seamless wallet)', () => {
  it('takes the rest of a stake from the grant expiring first; the bonus share of the win goes back to that grant', async () => {
    const { w, promotions, op, principal, game } = await createPromoWorld(t, clock);
    const long = await promotions.admin.create(op, promotionInput({ stackable: true, expiryHours: 24 }));
    const short = await promotions.admin.create(op, promotionInput({ stackable: true, expiryHours: 10 }));
    const m = await w.member();
    await w.fund(m.accounts, 30_000);
    await promotions.claim(principal(m), long.id, noDevice);
    await promotions.claim(principal(m), short.id, noDevice);
    const g = await game(m);
    const round = g.round();
    const bet = await g.debit(round, 50_000);
    expect(bet).toMatchObject({ status: 'OK', balance: 180_000 });
    expect(await w.balances(m.id)).toMatchObject({ main: 0, bonus: 180_000 });
    const [first, second] = await grantRows(m);
    expect(first).toMatchObject({ bonus_balance: 100_000, bonus_staked: 0 });
    expect(second).toMatchObject({ bonus_balance: 80_000, bonus_staked: 20_000 });
    // A 2× win: 20,000 of the 50,000 stake was bonus, so 40% of the win is bonus money.
    expect(await g.credit(round, 100_000)).toMatchObject({ status: 'OK', balance: 60_000 + 220_000 });
    expect(await w.balances(m.id)).toMatchObject({ main: 60_000, bonus: 220_000 });
    expect((await grantRows(m))[1]).toMatchObject({ bonus_balance: 120_000, bonus_staked: 20_000, bonus_won: 40_000 });
    await expectGrantIdentities(m);
    // The round counts toward wagering like any other.
    expect((await promotions.wageringOf(principal(m))).grants.map((x) => x.progress)).toEqual([50_000, 50_000]);
    await expectCleanBooks(t.database.db);
  });

  it('lets a member with no cash play on the bonus; a rollback returns each part where it came from', async () => {
    const { w, promotions, op, principal, game } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput());
    const m = await w.member();
    await promotions.claim(principal(m), promo.id, noDevice);
    const g = await game(m);
    const round = g.round();
    const bet = await g.debit(round, 10_000, 'bonus-only-bet');
    expect(bet).toMatchObject({ status: 'OK', balance: 90_000 });
    expect(await g.rollback(round, 'bonus-only-bet')).toMatchObject({ status: 'OK', balance: 100_000 });
    await w.fund(m.accounts, 5_000);
    const mixedRound = g.round();
    await g.debit(mixedRound, 8_000, 'mixed-bet');
    expect(await w.balances(m.id)).toMatchObject({ main: 0, bonus: 97_000 });
    await g.rollback(mixedRound, 'mixed-bet');
    expect(await w.balances(m.id)).toMatchObject({ main: 5_000, bonus: 100_000 });
    expect((await grantRows(m))[0]).toMatchObject({ bonus_balance: 100_000, bonus_staked: 0, bonus_won: 0 });
    await expectGrantIdentities(m);
    await expectCleanBooks(t.database.db);
  });

  it('refuses a stake beyond cash and bonus, and one above the grant’s maximum stake, changing nothing', async () => {
    const { w, promotions, op, principal, game } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput({ amount: { kind: 'fixed', value: 10_000 } }));
    const m = await w.member();
    await w.fund(m.accounts, 5_000);
    await promotions.claim(principal(m), promo.id, noDevice);
    const g = await game(m);
    expect(await g.debit(g.round(), 15_001)).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: 15_000 });
    expect(await g.betWin(g.round(), 15_001, 0)).toMatchObject({ status: 'INSUFFICIENT_FUNDS' });
    await w.fund(m.accounts, 100_000);
    expect(await g.debit(g.round(), 50_001)).toMatchObject({ status: 'PLAYER_BLOCKED' });
    expect(await w.balances(m.id)).toMatchObject({ main: 105_000, bonus: 10_000 });
    await expectGrantIdentities(m);
    await expectCleanBooks(t.database.db);
  });

  it('a bet-and-win splits its stake and its win the same way', async () => {
    const { w, promotions, op, principal, game } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput());
    const m = await w.member();
    await w.fund(m.accounts, 5_000);
    await promotions.claim(principal(m), promo.id, noDevice);
    const g = await game(m);
    // 20,000 staked, 5,000 of it cash: a 30,000 win is 7,500 cash and 22,500 bonus.
    expect(await g.betWin(g.round(), 20_000, 30_000)).toMatchObject({ status: 'OK', balance: 7_500 + 107_500 });
    expect(await w.balances(m.id)).toMatchObject({ main: 7_500, bonus: 107_500 });
    await expectGrantIdentities(m);
    await expectCleanBooks(t.database.db);
  });

  it('a further win of a settled round staked partly on bonus is split like the round’s own win', async () => {
    const { w, promotions, op, principal, game } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput());
    const m = await w.member();
    await w.fund(m.accounts, 10_000);
    await promotions.claim(principal(m), promo.id, noDevice);
    const g = await game(m);
    const round = g.round();
    await g.debit(round, 40_000);
    await g.credit(round, 0);
    expect(await w.balances(m.id)).toMatchObject({ main: 0, bonus: 70_000 });
    // A bonus feature pays 8,000 after the round settled: 3/4 of the stake was bonus money.
    await g.credit(round, 8_000);
    expect(await w.balances(m.id)).toMatchObject({ main: 2_000, bonus: 76_000 });
    expect((await grantRows(m))[0]).toMatchObject({ bonus_balance: 76_000, bonus_staked: 30_000, bonus_won: 6_000 });
    await expectGrantIdentities(m);
    await expectCleanBooks(t.database.db);
  });

  it('what comes back to a bonus stake after its grant has closed goes to the bonus pool, never to cash', async () => {
    const { w, promotions, op, principal, game } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput({ expiryHours: 2 }));
    const m = await w.member();
    await promotions.claim(principal(m), promo.id, noDevice);
    const g = await game(m);
    const won = g.round();
    await g.debit(won, 20_000);
    const refunded = g.round();
    await g.debit(refunded, 10_000, 'out-at-expiry');
    later(3);
    await promotions.settleDue();
    expect(await w.balances(m.id)).toMatchObject({ main: 0, bonus: 0 });
    await g.credit(won, 40_000);
    await g.rollback(refunded, 'out-at-expiry');
    expect(await w.balances(m.id)).toMatchObject({ main: 0, bonus: 0 });
    expect((await grantRows(m))[0]).toMatchObject({
      status: 'expired',
      bonus_balance: 0,
      bonus_staked: 20_000,
      bonus_won: 40_000,
      removed: 70_000 + 40_000 + 10_000,
    });
    await expectGrantIdentities(m);
    await expectCleanBooks(t.database.db);
  });
});

describe('a claim racing an exclusion', () => {
  it('an exclusion committed after the claim read its facts and before its transaction: the claim is refused inside it', async () => {
    const { w, op, principal } = await createPromoWorld(t, clock);
    const rg = t.app.services.responsibleGaming;
    const m = await w.member();
    let excludeNow: (() => Promise<unknown>) | undefined;
    // The app's promotions, but the downline read (the last fact gathered before the claim's
    // transaction, after the exclusion check) lets the member self-exclude right then, as a request
    // on another connection would.
    const promotions = createPromotionsService({
      db: t.database.db,
      ledger: t.app.services.ledger,
      betRecords: t.app.services.betRecords,
      now: () => new Date(clock.now.getTime()),
      vipLevelOf: async () => 0,
      vipLadderOf: async () => [],
      netLossByMember: async () => [],
      timeZoneOf: async () => 'Asia/Ho_Chi_Minh',
      labelsOf: async () => [],
      isInDownline: async () => {
        await excludeNow?.();
        return true;
      },
      paidDepositCount: async () => 0,
      audienceFacts: {
        vipLevelsOf: async () => new Map(),
        labelNamesOf: async () => new Map(),
        paidDepositCounts: async () => new Map(),
        downlineAmong: async () => new Set(),
      },
      assertNotExcluded: (memberId) => rg.assertCanLogin(memberId),
      assertNotExcludedIn: (trx, memberId) => rg.assertCanLoginIn(trx, memberId),
      identityOf: async () => ({ phone: null, payeeName: null, bankAccounts: [] }),
    });
    const promo = await promotions.admin.create(op, promotionInput({ audience: { downlineOf: op.adminId } }));
    excludeNow = () => rg.selfExclude(m.id, { months: 1 }, { ip: null });
    expect(await errorCodeOf(promotions.claim(principal(m), promo.id, noDevice))).toBe('promotion_unavailable');
    expect(await grantRows(m)).toEqual([]);
    expect((await w.balances(m.id)).bonus).toBe(0);
    // A break taken the same way is refused the same way.
    const other = await w.member();
    excludeNow = () => rg.takeBreak(other.id, 3, { ip: null });
    expect(await errorCodeOf(promotions.claim(principal(other), promo.id, noDevice))).toBe('promotion_unavailable');
    expect(await grantRows(other)).toEqual([]);
    await expectCleanBooks(t.database.db);
  });

  it('claims and exclusions sent together leave no active grant and no bonus with an excluded member', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const rg = t.app.services.responsibleGaming;
    const promo = await promotions.admin.create(op, promotionInput());
    const members = await Promise.all([w.member(), w.member(), w.member(), w.member()]);
    await Promise.all(
      members.flatMap((m, i) => {
        const claim = errorCodeOf(promotions.claim(principal(m), promo.id, noDevice));
        const exclude = rg.selfExclude(m.id, { months: 1 }, { ip: null });
        return i % 2 === 0 ? [claim, exclude] : [exclude, claim];
      }),
    );
    for (const m of members) {
      expect((await grantRows(m)).filter((g) => g.status === 'active')).toEqual([]);
      expect((await w.balances(m.id)).bonus).toBe(0);
    }
    await expectCleanBooks(t.database.db);
  });
});
