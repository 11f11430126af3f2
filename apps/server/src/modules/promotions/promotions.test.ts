import { promotionInputSchema } from '@platform/contracts/promotions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { errorCodeOf, expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createPromoWorld, promotionInput } from '../../../test/promotions-helpers.ts';
import { DEMO_PROMOTIONS } from './promotions.demo.ts';
import { bonusAmountOf, ipRangeOf, weightedTurnover } from './promotions.service.ts';

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

describe('amount rules', () => {
  it('the demo promotions are valid definitions', () => {
    for (const input of DEMO_PROMOTIONS) expect(promotionInputSchema.safeParse(input).error).toBeUndefined();
    expect(bonusAmountOf(DEMO_PROMOTIONS[0]!, 5_000_000)).toBe(2_000_000);
  });

  it('fixed, percentage with its cap, and the highest tier reached', () => {
    const base = promotionInput({ trigger: 'first_deposit' });
    expect(bonusAmountOf({ ...base, amount: { kind: 'fixed', value: 5 } }, 1_000)).toBe(5);
    expect(bonusAmountOf({ ...base, amount: { kind: 'percent', basisPoints: 5_000, cap: 300 } }, 500)).toBe(250);
    expect(bonusAmountOf({ ...base, amount: { kind: 'percent', basisPoints: 5_000, cap: 300 } }, 1_000)).toBe(300);
    const tiers = {
      kind: 'tiers' as const,
      tiers: [
        { minDeposit: 100, amount: 10 },
        { minDeposit: 1_000, amount: 150 },
      ],
    };
    expect(bonusAmountOf({ ...base, amount: tiers }, 99)).toBe(0);
    expect(bonusAmountOf({ ...base, amount: tiers }, 999)).toBe(10);
    expect(bonusAmountOf({ ...base, amount: tiers }, 1_000)).toBe(150);
  });

  it('weights a category by its percent and leaves out categories not listed', () => {
    expect(
      weightedTurnover(
        [
          { category: 'RNG', validBet: 1_000 },
          { category: 'LIVE', validBet: 1_001 },
          { category: 'SPORTS', validBet: 9 },
        ],
        { RNG: 100, LIVE: 50 },
      ),
    ).toBe(1_500);
    expect(ipRangeOf('203.0.113.77')).toBe('203.0.113.0/24');
  });
});

describe('claiming', () => {
  it('grants once into the bonus wallet; a second claim is refused', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput());
    const m = await w.member();
    expect(await promotions.claim(principal(m), promo.id, noDevice)).toEqual({ status: 'PROCESSING' });
    expect(await errorCodeOf(promotions.claim(principal(m), promo.id, noDevice))).toBe('promotion_already_taken');
    expect(await w.balances(m.id)).toMatchObject({ main: 0, bonus: 100_000 });
    const listed = await promotions.forMember(principal(m), 'en');
    const card = listed.list.find((p) => p.id === promo.id);
    expect(card).toMatchObject({
      status: 'PROCESSING',
      title: 'Daily bonus',
      grant: { bonusBalance: 100_000, requiredTurnover: 200_000, progress: 0 },
    });
    await expectCleanBooks(t.database.db);
  });

  it('pays once when the same member claims twice at the same time', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput());
    const m = await w.member();
    const results = await Promise.all([1, 2, 3].map(() => errorCodeOf(promotions.claim(principal(m), promo.id, noDevice))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r !== 'ok')).toEqual(['promotion_already_taken', 'promotion_already_taken']);
    expect((await w.balances(m.id)).bonus).toBe(100_000);
    expect(await promotions.admin.grantsOfMember(w.merchant.id, m.id)).toHaveLength(1);
  });

  it('refuses an exclusive promotion while another grant is active, and a member outside the audience', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const first = await promotions.admin.create(op, promotionInput());
    const second = await promotions.admin.create(op, promotionInput());
    const vipOnly = await promotions.admin.create(op, promotionInput({ audience: { vipLevels: [3] } }));
    const m = await w.member();
    await promotions.claim(principal(m), first.id, noDevice);
    expect(await errorCodeOf(promotions.claim(principal(m), second.id, noDevice))).toBe('promotion_not_stackable');
    expect(await errorCodeOf(promotions.claim(principal(m), vipOnly.id, noDevice))).toBe('promotion_unavailable');
    const statuses = (await promotions.forMember(principal(m), 'vi')).list.map((p) => [p.id, p.status]);
    expect(statuses).toContainEqual([vipOnly.id, 'NOT_FOR_LEVEL']);
  });

  it('sends a claim sharing a device with another member’s claim to the review queue; approving pays it', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput());
    const [a, b] = [await w.member(), await w.member()];
    const device = { ip: '198.51.100.7', fingerprint: 'device-fingerprint-1' };
    expect(await promotions.claim(principal(a), promo.id, device)).toEqual({ status: 'PROCESSING' });
    expect(await promotions.claim(principal(b), promo.id, { ip: '192.0.2.1', fingerprint: 'device-fingerprint-1' })).toEqual({
      status: 'APPLYING',
    });
    expect((await w.balances(b.id)).bonus).toBe(0);
    const queue = await promotions.admin.queue(w.merchant.id, 'flagged');
    expect(queue).toEqual([
      expect.objectContaining({ memberId: b.id, username: b.username, status: 'flagged', flags: ['shared_fingerprint'] }),
    ]);
    const decided = await promotions.admin.review(op, queue[0]!.id, 'approve', 'siblings, checked');
    expect(decided.status).toBe('granted');
    expect((await w.balances(b.id)).bonus).toBe(100_000);
    expect(await errorCodeOf(promotions.admin.review(op, queue[0]!.id, 'approve'))).toBe('conflict');
  });

  it('takes an application with a comment and proof images, and refuses a file that is not a PNG or JPG', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput({ trigger: 'application' }));
    const m = await w.member();
    const notAnImage = Buffer.from('hello').toString('base64');
    expect(
      await errorCodeOf(promotions.apply(principal(m), promo.id, { images: [{ contentType: 'image/png', data: notAnImage }] }, noDevice)),
    ).toBe('promotion_proof_invalid');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]).toString('base64');
    const applied = await promotions.apply(
      principal(m),
      promo.id,
      { comment: 'Lost 2,000,000 yesterday', images: [{ contentType: 'image/png', data: png }] },
      noDevice,
    );
    expect(applied.status).toBe('APPLYING');
    const [entry] = await promotions.admin.queue(w.merchant.id, 'pending');
    expect(entry).toMatchObject({ memberId: m.id, comment: 'Lost 2,000,000 yesterday', proofCount: 1 });
    const proof = await promotions.admin.proof(w.merchant.id, entry!.id, 0);
    expect(proof.contentType).toBe('image/png');
    expect(Buffer.from(proof.bytes).toString('base64')).toBe(png);
    expect(await errorCodeOf(promotions.admin.proof(w.merchant.id, entry!.id, 1))).toBe('not_found');
    expect(await errorCodeOf(promotions.admin.proof(w.merchant.id + 1_000_000, entry!.id, 0))).toBe('not_found');
    await promotions.admin.review(op, entry!.id, 'reject', 'no loss found');
    expect((await promotions.detailForMember(principal(m), promo.id, 'en')).status).toBe('REJECTED');
    expect((await w.balances(m.id)).bonus).toBe(0);
  });
});

describe('deposit promotions', () => {
  it('grants a joined first-deposit bonus when the first deposit is credited, and nothing on a reload', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(
      op,
      promotionInput({
        trigger: 'first_deposit',
        category: 'NEW',
        minDeposit: 100_000,
        amount: { kind: 'percent', basisPoints: 10_000, cap: 500_000 },
      }),
    );
    const m = await w.member();
    expect((await promotions.detailForMember(principal(m), promo.id, 'en')).status).toBe('JOIN');
    await promotions.join(principal(m), promo.id);
    expect((await promotions.forMember(principal(m), 'en')).availableCount).toBe(0);
    const credit = (amount: number, isFirst: boolean) =>
      t.database.db
        .transaction()
        .execute((trx) => promotions.onDepositCredited(trx, { memberId: m.id, amount, reference: 'DEP1', isFirst }));
    expect(await credit(50_000, true)).toEqual([]);
    expect(await credit(300_000, true)).toHaveLength(1);
    expect(await promotions.grantQualified(m.id)).toHaveLength(1);
    expect(await promotions.grantQualified(m.id)).toEqual([]);
    expect((await w.balances(m.id)).bonus).toBe(300_000);
    expect(await credit(300_000, false)).toEqual([]);
    expect((await w.balances(m.id)).bonus).toBe(300_000);
  });
});

describe('a grant’s life', () => {
  it('counts settled rounds by weight, blocks a withdrawal until met, then converts up to the maximum', async () => {
    const { w, promotions, op, principal, play } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput({ maxConversion: 40_000, maxStake: null }));
    const m = await w.member();
    await w.fund(m.accounts, 500_000);
    await promotions.claim(principal(m), promo.id, noDevice);
    later(1);
    await play(m, 'RNG', 100_000, 50_000);
    await play(m, 'LIVE', 100_000);
    await play(m, 'SPORTS', 100_000);
    expect(await promotions.remainingTurnover({ memberId: m.id })).toBe(50_000);
    expect((await promotions.wageringOf(principal(m))).grants[0]).toMatchObject({ progress: 150_000, requiredTurnover: 200_000 });
    await play(m, 'RNG', 50_000, 0);
    expect(await promotions.remainingTurnover({ memberId: m.id })).toBe(0);
    const [grant] = await promotions.admin.grantsOfMember(w.merchant.id, m.id);
    expect(grant).toMatchObject({ status: 'completed', converted: 40_000, removed: 60_000, bonusBalance: 0 });
    expect(await w.balances(m.id)).toMatchObject({ main: 540_000, bonus: 0 });
    expect((await promotions.detailForMember(principal(m), promo.id, 'en')).status).toBe('CLAIMED');
    await expectCleanBooks(t.database.db);
  });

  it('counts nothing of a round staked above the maximum per bet (a transfer-style vendor’s, past the stake guard)', async () => {
    const { w, promotions, op, principal, play } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput({ maxStake: 50_000 }));
    const m = await w.member();
    await promotions.claim(principal(m), promo.id, noDevice);
    later(1);
    // A transfer-style vendor's rounds reach the platform only through its bet feed, stake guard or not.
    await play(m, 'RNG', 50_001);
    await play(m, 'RNG', 400_000, 800_000);
    expect((await promotions.wageringOf(principal(m))).grants[0]).toMatchObject({ progress: 0, requiredTurnover: 200_000 });
    await play(m, 'RNG', 50_000);
    // Two bets of 40,000 in one round (a seamless round of two debits, each within the guard): it counts.
    await play(m, 'RNG', 80_000);
    await t.database.db
      .updateTable('bet_records')
      .set({ bet_count: 2 })
      .where('member_id', '=', m.id)
      .where('stake', '=', 80_000)
      .execute();
    await play(m, 'LIVE', 60_000);
    expect((await promotions.wageringOf(principal(m))).grants[0]).toMatchObject({ progress: 130_000 });
    expect(await promotions.remainingTurnover({ memberId: m.id })).toBe(70_000);
  });

  it('refuses a stake above the maximum inside the stake’s transaction while the grant is active', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput());
    const m = await w.member();
    const stake = (amount: number) => t.database.db.transaction().execute((trx) => promotions.assertStakeAllowed(m.id, amount, trx));
    expect(await errorCodeOf(stake(1_000_000))).toBe('ok');
    await promotions.claim(principal(m), promo.id, noDevice);
    expect(await errorCodeOf(stake(50_000))).toBe('ok');
    expect(await errorCodeOf(stake(50_001))).toBe('promotion_max_stake');
  });

  it('expires: the bonus returns to the pool and the stake limit lifts', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput({ expiryHours: 2 }));
    const m = await w.member();
    await promotions.claim(principal(m), promo.id, noDevice);
    later(3);
    expect(await promotions.settleDue()).toBeGreaterThanOrEqual(1);
    expect(await promotions.admin.grantsOfMember(w.merchant.id, m.id)).toEqual([
      expect.objectContaining({ status: 'expired', removed: 100_000 }),
    ]);
    expect((await w.balances(m.id)).bonus).toBe(0);
    expect((await promotions.detailForMember(principal(m), promo.id, 'en')).status).toBe('ISSUED');
    await expectCleanBooks(t.database.db);
  });

  it('self-exclusion and a break forfeit active grants and cancel joined entries in their own transaction', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput({ stackable: true }));
    const deposit = await promotions.admin.create(op, promotionInput({ trigger: 'reload_deposit', stackable: true }));
    const rg = t.app.services.responsibleGaming;
    const [a, b] = [await w.member(), await w.member()];
    for (const m of [a, b]) {
      await promotions.claim(principal(m), promo.id, noDevice);
      await promotions.join(principal(m), deposit.id);
    }
    await rg.selfExclude(a.id, { months: 6 }, { ip: null });
    await rg.takeBreak(b.id, 7, { ip: null });
    for (const m of [a, b]) {
      expect((await w.balances(m.id)).bonus).toBe(0);
      expect(await promotions.admin.grantsOfMember(w.merchant.id, m.id)).toEqual([expect.objectContaining({ status: 'forfeited' })]);
      const qualified = await t.database.db
        .transaction()
        .execute((trx) => promotions.onDepositCredited(trx, { memberId: m.id, amount: 100_000, reference: 'D', isFirst: false }));
      expect(qualified).toEqual([]);
    }
    const other = await promotions.admin.create(op, promotionInput());
    expect(await errorCodeOf(promotions.claim(principal(a), other.id, noDevice))).toBe('promotion_unavailable');
    await expectCleanBooks(t.database.db);
  });

  it('an operator’s lock of the account forfeits active grants and cancels joined entries, in the lock’s transaction', async () => {
    // The site's own merchant (the first one made): the lock goes through the console's route, as an operator does it.
    await createMerchant(t.database.db);
    const { w, promotions, op, principal } = await createPromoWorld(t, clock, { merchant: await t.app.services.merchants.current() });
    const promo = await promotions.admin.create(op, promotionInput({ stackable: true }));
    const deposit = await promotions.admin.create(op, promotionInput({ trigger: 'reload_deposit', stackable: true }));
    const m = await w.member();
    await promotions.claim(principal(m), promo.id, noDevice);
    await promotions.join(principal(m), deposit.id);
    expect((await w.balances(m.id)).bonus).toBe(100_000);

    const risk = await loginAdmin(t.app, 'risk');
    const locked = await t.app.inject({
      method: 'POST',
      url: `/admin-api/members/${m.id}/lock`,
      headers: risk.headers,
      payload: { reason: 'chargeback under review' },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect((await w.balances(m.id)).bonus).toBe(0);
    expect(await promotions.admin.grantsOfMember(w.merchant.id, m.id)).toEqual([
      expect.objectContaining({ status: 'forfeited', removed: 100_000 }),
    ]);
    // The joined deposit promotion waits for nothing any more.
    const qualified = await t.database.db
      .transaction()
      .execute((trx) => promotions.onDepositCredited(trx, { memberId: m.id, amount: 100_000, reference: 'D-lock', isFirst: false }));
    expect(qualified).toEqual([]);
    await expectCleanBooks(t.database.db);
  });

  it('a withdrawal request forfeits a grant whose promotion says so', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, promotionInput({ onWithdrawal: 'forfeit' }));
    const m = await w.member();
    await promotions.claim(principal(m), promo.id, noDevice);
    expect(await promotions.remainingTurnover({ memberId: m.id })).toBe(0);
    await t.database.db.transaction().execute((trx) => promotions.onWithdrawalRequested(trx, m.id));
    expect(await promotions.admin.grantsOfMember(w.merchant.id, m.id)).toEqual([
      expect.objectContaining({ status: 'forfeited', removed: 100_000 }),
    ]);
  });
});

describe('operator calls', () => {
  it('checks permissions: support reads, finance writes; pause and end move the state', async () => {
    const support = await loginAdmin(t.app, 'support');
    const finance = await loginAdmin(t.app, 'finance');
    const body = promotionInput();
    const refused = await t.app.inject({ method: 'POST', url: '/admin-api/promotions', headers: support.headers, payload: body });
    expect(refused.statusCode).toBe(403);
    const created = await t.app.inject({ method: 'POST', url: '/admin-api/promotions', headers: finance.headers, payload: body });
    expect(created.statusCode).toBe(200);
    const id = created.json().value.id as number;
    const paused = await t.app.inject({ method: 'POST', url: `/admin-api/promotions/${id}/pause`, headers: finance.headers });
    expect(paused.json().value.state).toBe('paused');
    const listed = await t.app.inject({ method: 'GET', url: '/admin-api/promotions', headers: support.headers });
    expect(listed.json().value.list.map((p: { id: number }) => p.id)).toContain(id);
    const ended = await t.app.inject({ method: 'POST', url: `/admin-api/promotions/${id}/end`, headers: finance.headers });
    expect(ended.json().value.state).toBe('ended');
    const again = await t.app.inject({ method: 'POST', url: `/admin-api/promotions/${id}/resume`, headers: finance.headers });
    expect(again.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/admin-api/promotions',
      headers: finance.headers,
      payload: { ...promotionInput(), trigger: 'claim', amount: { kind: 'percent', basisPoints: 100, cap: 10 } },
    });
    expect(bad.statusCode).toBe(400);
  });
});
