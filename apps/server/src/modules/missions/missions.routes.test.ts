import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createPromoWorld, type PromoMember } from '../../../test/promotions-helpers.ts';
import { auth } from '../../../test/wallet-fixture.ts';

/**
 * The member's calls end to end over HTTP: three days of sign-in with the streak, a daily mission met
 * by playing, both rewards claimed in the rewards centre (the badge counts drop to zero), a shared
 * code, the leaderboard, and the operator's batch export. Refusals come in the member's language.
 */

let t: TestApp;
const clock = { now: new Date('2026-11-23T03:00:00Z') };
let world: Awaited<ReturnType<typeof createPromoWorld>>;
let m: PromoMember;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
  world = await createPromoWorld(t, clock);
  m = await world.w.member();
  token = await world.w.token(m.id);
  const missions = t.app.services.missions;
  await missions.admin.setCalendar(world.op, {
    rewards: [
      { kind: 'cash', amount: 1_000 },
      { kind: 'cash', amount: 2_000 },
      { kind: 'cash', amount: 3_000 },
    ],
  });
  await missions.admin.create(world.op, {
    code: 'SLOTS-2',
    titles: { vi: 'Chơi 2 ván nổ hũ', en: 'Play 2 slot rounds' },
    period: 'daily',
    event: 'rounds',
    category: 'RNG',
    target: 2,
    reward: { kind: 'cash', amount: 5_000 },
  });
});

afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, language = 'en') {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...auth(token), 'accept-language': language } });
}

const summary = async () => (await call('GET', '/wps/member/missions/MCSFE_getMissionSummaryDetails')).json().value;
const rewards = async () => (await call('GET', '/wps/member/rewards')).json().value;

describe('missions, sign-in and the rewards centre over HTTP', () => {
  it('signs in three days running (the streak grows, twice a day answers the first), then a mission met by playing; both kinds claimed; badges clear', async () => {
    expect((await summary()).claimableCount).toBe(1); // not signed in today
    for (let day = 1; day <= 3; day++) {
      const res = await call('POST', '/wps/member/missions/sign-in');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value).toMatchObject({ streak: day, isReplay: false });
      const again = (await call('POST', '/wps/member/missions/sign-in')).json().value;
      expect(again).toMatchObject({ streak: day, isReplay: true });
      const calendar = (await summary()).signIn;
      expect(calendar).toMatchObject({ signedToday: true, streak: day });
      expect(calendar.days.filter((d: { state: string }) => d.state === 'done')).toHaveLength(day);
      if (day < 3) {
        clock.now = new Date(clock.now.getTime() + 86_400_000);
        // A session lasts less than a day idle: the member logs in again the next day.
        token = await world.w.token(m.id);
      }
    }
    const before = await rewards();
    expect(before.list.filter((r: { source: string }) => r.source === 'sign_in').map((r: { amount: number }) => r.amount)).toEqual([
      1_000, 2_000, 3_000,
    ]);

    const g = await world.game(m, 'RNG');
    await world.w.fund(m.accounts, 100_000);
    for (let i = 0; i < 2; i++) expect((await g.betWin(g.round(), 1_000, 0)).status).toBe('OK');
    const met = (await summary()).missions.find((x: { code: string }) => x.code === 'SLOTS-2');
    expect(met).toMatchObject({ progress: 2, target: 2, status: 'CLAIMABLE' });
    expect((await summary()).claimableCount).toBe(1);
    const all = await rewards();
    expect(all.count).toBe(4);

    const cashBefore = (await world.w.balances(m.id)).main;
    for (const r of all.list) expect((await call('POST', '/wps/member/rewards/claim', { key: r.key })).statusCode).toBe(200);
    expect((await world.w.balances(m.id)).main - cashBefore).toBe(1_000 + 2_000 + 3_000 + 5_000);
    expect((await rewards()).count).toBe(0);
    // The history lists what was claimed, in the member's language, with what it gave.
    const history = (await call('GET', '/wps/member/rewards/claimed')).json().value.list;
    expect(history.map((r: { key: string }) => r.key).sort()).toEqual(all.list.map((r: { key: string }) => r.key).sort());
    expect(
      history
        .filter((r: { source: string }) => r.source === 'sign_in')
        .map((r: { amount: number }) => r.amount)
        .sort(),
    ).toEqual([1_000, 2_000, 3_000]);
    expect((await summary()).claimableCount).toBe(0);
    expect((await summary()).missions.find((x: { code: string }) => x.code === 'SLOTS-2').status).toBe('CLAIMED');

    const again = await call('POST', '/wps/member/rewards/claim', { key: all.list[0].key }, 'vi');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'reward_unavailable', message: expect.stringMatching(/^Phần thưởng này/) });

    const board = (await call('GET', '/wps/member/missions/MCSFE_getMissionLeaderboard?period=daily')).json().value;
    expect(board.mine).toEqual({ rank: 1, completed: 1 });
    expect(board.list[0]).toMatchObject({ rank: 1, username: m.username, completed: 1 });
    await expectCleanBooks(t.database.db);
  });

  it('redeems a shared code once, refuses a wrong code in Vietnamese and English, and exports a batch as CSV', async () => {
    const rewardsService = t.app.services.rewards;
    await rewardsService.admin.createBatch(world.op, {
      kind: 'shared',
      batch: 'http',
      code: 'HELLO2026',
      cap: 10,
      reward: { kind: 'cash', amount: 4_000 },
      audience: {},
      expiresAt: '2027-01-01T00:00:00.000Z',
    });
    const ok = await call('POST', '/wps/member/rewards/redeem-code', { code: 'hello2026' });
    expect(ok.json().value).toMatchObject({ kind: 'cash', amount: 4_000 });
    const twice = await call('POST', '/wps/member/rewards/redeem-code', { code: 'HELLO2026' }, 'en');
    expect(twice.json()).toMatchObject({
      code: 'redeem_code_used',
      message: 'You have already used this redeem code. Each code can be used once per member.',
    });
    const history = (await call('GET', '/wps/member/rewards/claimed')).json().value.list;
    expect(history.find((r: { source: string }) => r.source === 'code')).toMatchObject({
      key: expect.stringMatching(/^code:/),
      source: 'code',
      title: 'HELLO2026',
      kind: 'cash',
      amount: 4_000,
    });
    const times = history.map((r: { claimedAt: string }) => r.claimedAt);
    expect(times).toEqual([...times].sort().reverse());
    const wrong = await call('POST', '/wps/member/rewards/redeem-code', { code: 'NOPE' }, 'vi');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^Mã đổi thưởng không đúng/);

    const batch = await rewardsService.admin.createBatch(world.op, {
      kind: 'single',
      batch: 'cards',
      count: 25,
      prefix: 'LT',
      reward: { kind: 'cash', amount: 1_000 },
      audience: {},
      expiresAt: '2027-01-01T00:00:00.000Z',
    });
    expect(batch.created).toBe(25);
    const csv = await rewardsService.admin.exportCsv(world.op.merchantId, 'cards');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('code,kind,cap,redeemed,state,startsAt,expiresAt');
    expect(lines).toHaveLength(26);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(25);
    expect(lines.slice(1).every((l) => /^LT[A-Z2-9]{10},single,1,0,active,/.test(l))).toBe(true);
  });
});
