import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { errorCodeOf, expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createPromoWorld, type PromoMember } from '../../../test/promotions-helpers.ts';

/**
 * A shared code with a cap of 50 redeemed by 200 members at once pays exactly 50; a member redeeming
 * the same code many times at once is paid once; a pending reward claimed many times at once is
 * paid once. Runs on PGlite and, in the PostgreSQL pass (TEST_DATABASE_URL), on PostgreSQL, where
 * the redeems really run at the same time.
 */

let t: TestApp;
const clock = { now: new Date('2026-11-20T03:00:00Z') };
let world: Awaited<ReturnType<typeof createPromoWorld>>;
let members: PromoMember[];

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
  world = await createPromoWorld(t, clock);
  members = [];
  for (let i = 0; i < 200; i++) members.push(await world.w.member());
});

/** The member's session principal, as the routes pass it. */
function session(m: PromoMember) {
  return { ...world.principal(m), sessionId: 0, username: m.username, accountType: m.account_type };
}

afterAll(async () => {
  await t.close();
});

async function paidFor(reference: string) {
  const rows = await sql<{ n: string; total: string | null }>`
    SELECT count(*)::text AS n, sum(amount)::text AS total FROM ledger_transfers
     WHERE reference_type = 'reward' AND reference_id LIKE ${reference}`.execute(t.database.db);
  return { count: Number(rows.rows[0]?.n), total: Number(rows.rows[0]?.total ?? 0) };
}

describe('redeem codes under concurrency', () => {
  it('pays exactly 50 of 200 members racing for a shared code capped at 50; the others are told it is used up', async () => {
    const { op } = world;
    const rewards = t.app.services.rewards;
    await rewards.admin.createBatch(op, {
      kind: 'shared',
      batch: 'race',
      code: 'RACE50',
      cap: 50,
      reward: { kind: 'cash', amount: 20_000 },
      audience: {},
      expiresAt: '2026-12-31T00:00:00.000Z',
    });
    const codes = await Promise.all(members.map((m) => errorCodeOf(rewards.redeem(session(m), ' race50 '))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(50);
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'redeem_code_exhausted')).toBe(true);
    const [code] = await rewards.admin.listCodes(op.merchantId, 'race');
    expect(code?.redeemed).toBe(50);
    const paid = await paidFor(`code:${code?.id}:%`);
    expect(paid).toEqual({ count: 50, total: 50 * 20_000 });
    await expectCleanBooks(t.database.db);
  });

  it('pays a member once for one code redeemed ten times at once, and refuses it after', async () => {
    const { op } = world;
    const rewards = t.app.services.rewards;
    await rewards.admin.createBatch(op, {
      kind: 'shared',
      batch: 'twice',
      code: 'ONCEEACH',
      cap: 1000,
      reward: { kind: 'cash', amount: 5_000 },
      audience: {},
      expiresAt: '2026-12-31T00:00:00.000Z',
    });
    const m = members[0]!;
    const codes = await Promise.all(Array.from({ length: 10 }, () => errorCodeOf(rewards.redeem(session(m), 'ONCEEACH'))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'redeem_code_used')).toBe(true);
    expect(await errorCodeOf(rewards.redeem(session(m), 'ONCEEACH'))).toBe('redeem_code_used');
    await expectCleanBooks(t.database.db);
  });

  it('pays a pending reward once when it is claimed ten times at once (and a referral-style reward added twice is one)', async () => {
    const rewards = t.app.services.rewards;
    const m = members[1]!;
    const input = {
      merchantId: world.w.merchant.id,
      memberId: m.id,
      source: 'referral' as const,
      sourceKey: 'invitee:42',
      titles: { vi: 'Mời bạn', en: 'Invite a friend' },
      reward: { kind: 'cash' as const, amount: 30_000 },
    };
    const first = await rewards.addPending(input);
    const second = await rewards.addPending(input);
    expect(second).toEqual({ key: first.key, isNew: false });
    const codes = await Promise.all(Array.from({ length: 10 }, () => errorCodeOf(rewards.claim(session(m), first.key, { ip: null }))));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'reward_unavailable')).toBe(true);
    expect(await paidFor(first.key)).toEqual({ count: 1, total: 30_000 });
    expect((await rewards.claimable(session(m), 'en')).list.filter((r) => r.source === 'referral')).toEqual([]);
    await expectCleanBooks(t.database.db);
  });
});
