import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HouseGames } from '@platform/house-games/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { createTestHouseGames, openCrash, registerHouseGames } from '../../../test/house-games-helpers.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createGamePlayer } from '../../../test/vendor-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { HOUSE_VENDOR_CODE } from './vendor-wallet.integrations.ts';

// The console's sportsbook calls against a real house game server (no simulated feed: only the
// operator's manual entry): liability, a risk stop lifted, limits, settlement, refusals, audit.
let t: TestApp;
let house: HouseGames;
let houseUrl: string;
let dataDir: string;
const headers = new Map<string, Record<string, string>>();
const START = 100_000;

beforeAll(async () => {
  t = await buildTestApp();
  await createMerchant(t.database.db);
  const platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dataDir = mkdtempSync(join(tmpdir(), 'house-sportsbook-'));
  house = createTestHouseGames(platformUrl, dataDir, { sportsbook: { simulation: null } });
  houseUrl = await house.listen(0);
  await registerHouseGames(t.app, houseUrl);
  await house.start();
  for (const role of ['risk', 'support'] as const) headers.set(role, (await loginAdmin(t.app, role)).headers);
});
afterAll(async () => {
  await house.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const operator = (call: string, body: Record<string, unknown> = {}, role = 'risk', language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/admin-api/house/sportsbook/${call}`,
    headers: { ...headers.get(role), 'accept-language': language },
    payload: body,
  });
const overview = async (language = 'en', query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/admin-api/house/sportsbook${query}`,
    headers: { ...headers.get('risk'), 'accept-language': language },
  });
  expect(res.statusCode).toBe(200);
  return res.json().value;
};

describe('the house sportsbook from the console', () => {
  it('keeps the calls to those who may run games, and words refusals as sentences in the operator’s language', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/house/sportsbook', headers: headers.get('support') })).statusCode).toBe(
      403,
    );
    expect((await operator('manual/event', {}, 'support')).statusCode).toBe(403);
    const bad = await operator('manual/event', { sportId: 'football', competitionId: 'c', home: 'A', away: 'B' }, 'risk', 'vi');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'sportsbook_invalid',
      message: 'Yêu cầu với sổ cược thể thao chưa hợp lệ: giờ bắt đầu phải là một thời điểm hợp lệ. Hãy sửa rồi gửi lại.',
    });
    const unknown = await operator('manual/stop', { eventId: 'op-nothing' });
    expect(unknown.json()).toMatchObject({
      code: 'sportsbook_invalid',
      message: 'The sportsbook request is not valid: this event was not found; reload the list. Correct it and send again.',
    });
  });

  it('shows the liability per event and selection, stops a market on risk and lifts it, settles once, audits each change', async () => {
    const created = await operator('manual/event', {
      sportId: 'football',
      competitionId: 'fb-premier',
      home: 'Hanoi Lotus',
      away: 'Saigon Stars',
      startsAt: Date.now() + 86_400_000,
    });
    expect(created.statusCode).toBe(200);
    const eventId = created.json().value.eventId as string;
    const priced = await operator('manual/odds', {
      eventId,
      spec: { type: '1x2', period: 'ft' },
      prices: { home: 2000, draw: 3400, away: 4000 },
    });
    const marketId = priced.json().value.marketId as string;
    expect(marketId).toEqual(expect.any(String));

    const player = await createGamePlayer(t.app, t.database.db, {
      balance: START,
      vendorCode: HOUSE_VENDOR_CODE,
      gameCode: 'sportsbook',
      gameCategory: 'SPORTS',
    });
    const session = await openCrash(t.app, houseUrl, player, 'sportsbook');
    const place = (requestId: string, selectionId: string, odds: number, unitStake: number) =>
      session.post('place', { requestId, kind: { type: 'single' }, legs: [{ eventId, marketId, selectionId, odds }], unitStake });
    expect(await place('web-00000001', 'home', 2000, 10_000)).toMatchObject({ httpStatus: 200, status: 'OK' });
    expect(await place('web-00000002', 'away', 4000, 2_000)).toMatchObject({ httpStatus: 200, status: 'OK' });

    // Home pays 10,000 × 2.00 = 20,000; away 2,000 × 4.00 = 8,000; the worst case is 20,000.
    const first = await overview();
    const row = first.events.find((e: { event: { id: string } }) => e.event.id === eventId);
    expect(row).toMatchObject({
      event: { name: 'Hanoi Lotus – Saigon Stars' },
      worstPayout: 20_000,
      markets: [
        {
          marketId,
          worstPayout: 20_000,
          riskStopped: false,
          market: { name: '1X2' },
          selections: { home: { stake: 10_000, bets: 1, payout: 20_000 }, away: { stake: 2_000, bets: 1, payout: 8_000 } },
        },
      ],
    });
    expect(first.limits.liabilityLimit).toBe(first.defaults.liabilityLimit);
    // The filters reach the game server: a search by team and a state; the page and its size come back.
    const searched = await overview('en', '?q=SAIGON%20stars&state=upcoming&page=1');
    expect(searched).toMatchObject({ total: 1, page: 1, pageSize: 20, sports: [{ id: 'football', count: 1 }] });
    expect((await overview('en', '?state=live')).events).toEqual([]);
    const wrong = await t.app.inject({ method: 'GET', url: '/admin-api/house/sportsbook?state=soon', headers: headers.get('risk') });
    expect(wrong.statusCode).toBe(400);
    const named = (await overview('vi')).events.find((e: { event: { id: string } }) => e.event.id === eventId);
    expect(named.markets[0].market.selections.map((x: { name: string }) => x.name)).toEqual(['Hanoi Lotus', 'Hòa', 'Saigon Stars']);

    // A limit of 25,000: another 5,000 on home would make the worst case 30,000, so it is refused and the market stops.
    expect((await operator('limits/set', { liabilityLimit: 25_000 })).json().value.limits.liabilityLimit).toBe(25_000);
    expect(await place('web-00000003', 'home', 2000, 5_000)).toMatchObject({ httpStatus: 409, status: 'MARKET_SUSPENDED' });
    const stopped = await overview();
    expect(stopped.riskStops).toEqual([marketId]);
    // Named for the console whatever page of events it shows (here a page filtered to nothing).
    const elsewhere = await overview('vi', '?q=nothing%20like%20this');
    expect(elsewhere.events).toEqual([]);
    expect(elsewhere.stops).toEqual([{ marketId, event: 'Hanoi Lotus – Saigon Stars', market: '1X2', worstPayout: 20_000 }]);
    expect(stopped.events.find((e: { event: { id: string } }) => e.event.id === eventId).markets[0].riskStopped).toBe(true);
    expect((await operator('risk/lift', { marketId })).json().value).toEqual({ lifted: true });
    expect((await overview()).riskStops).toEqual([]);
    expect((await operator('limits/set', { liabilityLimit: first.defaults.liabilityLimit })).statusCode).toBe(200);

    const settled = await operator('manual/settle', { eventId, result: { ft: { home: 2, away: 1 } } });
    expect(settled.json().value.marketIds).toContain(marketId);
    expect((await operator('manual/settle', { eventId, result: { ft: { home: 2, away: 1 } } })).statusCode).toBe(200);
    expect((await t.app.services.ledger.memberBalances({ memberId: player.memberId, currency: player.currency })).main).toBe(
      START - 12_000 + 20_000,
    );
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('action', 'like', 'games.sportsbook_%')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual([
      'games.sportsbook_manual_event',
      'games.sportsbook_manual_odds',
      'games.sportsbook_limits_set',
      'games.sportsbook_risk_lift',
      'games.sportsbook_limits_set',
      'games.sportsbook_manual_settle',
      'games.sportsbook_manual_settle',
    ]);
    expect(audits[2]?.data).toMatchObject({ body: { liabilityLimit: 25_000 }, before: { liabilityLimit: first.defaults.liabilityLimit } });
    await expectCleanBooks(t.database.db);
  });

  it('caps the stakes on one event from the console: the member is refused past it, a bad cap is a sentence, each change audited', async () => {
    const created = await operator('manual/event', {
      sportId: 'football',
      competitionId: 'fb-premier',
      home: 'Hue Imperial',
      away: 'Vinh Eagles',
      startsAt: Date.now() + 86_400_000,
    });
    const eventId = created.json().value.eventId as string;
    const marketId = (
      await operator('manual/odds', { eventId, spec: { type: 'moneyline', period: 'ft' }, prices: { home: 1900, away: 1900 } })
    ).json().value.marketId as string;
    const player = await createGamePlayer(t.app, t.database.db, {
      balance: START,
      vendorCode: HOUSE_VENDOR_CODE,
      gameCode: 'sportsbook',
      gameCategory: 'SPORTS',
    });
    const session = await openCrash(t.app, houseUrl, player, 'sportsbook');
    const place = (requestId: string, unitStake: number) =>
      session.post('place', {
        requestId,
        kind: { type: 'single' },
        legs: [{ eventId, marketId, selectionId: 'home', odds: 1900 }],
        unitStake,
      });

    const capped = await operator('limits/set', { maxStakeForEvent: { eventId, maxStake: 15_000 } });
    expect(capped.json().value.limits.maxStakeByEvent).toEqual({ [eventId]: 15_000 });
    expect((await overview()).eventLimits).toEqual([{ eventId, event: 'Hue Imperial – Vinh Eagles', maxStake: 15_000 }]);
    expect(await place('web-00000011', 10_000)).toMatchObject({ httpStatus: 200, status: 'OK' });
    // 10,000 already staked on the event: 6,000 more would pass its cap of 15,000.
    expect(await place('web-00000012', 6_000)).toMatchObject({ httpStatus: 400, status: 'EVENT_STAKE_LIMIT' });
    expect(await place('web-00000013', 5_000)).toMatchObject({ httpStatus: 200, status: 'OK' });

    const low = await operator('limits/set', { maxStakeForEvent: { eventId, maxStake: 10 } }, 'risk', 'vi');
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toContain('hạn mức cược mỗi trận phải là số tiền nguyên, không thấp hơn cược tối thiểu');
    const global = await operator('limits/set', { maxStakePerEvent: 500 });
    expect(global.json().message).toContain('the stake limit per event must be a whole amount, not below the minimum stake');

    expect((await operator('limits/set', { maxStakeForEvent: { eventId, maxStake: null } })).json().value.limits.maxStakeByEvent).toEqual(
      {},
    );
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id', 'data'])
      .where('action', '=', 'games.sportsbook_limits_set')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(audits.map((a) => [a.subject_id, a.data])).toEqual([
      [
        `sportsbook/limits/set`,
        expect.objectContaining({
          body: { maxStakeForEvent: { eventId, maxStake: null } },
          before: expect.objectContaining({ maxStakeByEvent: { [eventId]: 15_000 } }),
        }),
      ],
      [`sportsbook/limits/set`, expect.objectContaining({ body: { maxStakeForEvent: { eventId, maxStake: 15_000 } } })],
    ]);
  });

  it('settles an outright with a dead heat the operator declares: the stake is split by the number tied', async () => {
    const competitors = ['Ben Tre Coconuts', 'Ca Mau Capes', 'Soc Trang Bats'];
    const created = await operator('manual/event', {
      sportId: 'football',
      competitionId: 'fb-cup',
      name: 'Delta Cup winner',
      competitors,
      startsAt: Date.now() + 86_400_000,
    });
    const eventId = created.json().value.eventId as string;
    const marketId = (
      await operator('manual/odds', {
        eventId,
        spec: { type: 'outright', places: 1, competitors },
        prices: { 'Ben Tre Coconuts': 3000, 'Ca Mau Capes': 2500, 'Soc Trang Bats': 4000 },
      })
    ).json().value.marketId as string;
    const player = await createGamePlayer(t.app, t.database.db, {
      balance: START,
      vendorCode: HOUSE_VENDOR_CODE,
      gameCode: 'sportsbook',
      gameCategory: 'SPORTS',
    });
    const session = await openCrash(t.app, houseUrl, player, 'sportsbook');
    const place = (requestId: string, selectionId: string, odds: number, unitStake: number) =>
      session.post('place', { requestId, kind: { type: 'single' }, legs: [{ eventId, marketId, selectionId, odds }], unitStake });
    expect(await place('web-00000021', 'Ben Tre Coconuts', 3000, 10_000)).toMatchObject({ httpStatus: 200, status: 'OK' });
    expect(await place('web-00000022', 'Soc Trang Bats', 4000, 5_000)).toMatchObject({ httpStatus: 200, status: 'OK' });

    // A result naming someone not in the outright, or one twice, is refused with a sentence; nothing is settled.
    for (const standings of [[['Ben Tre Coconuts', 'Hue Imperial']], [['Ben Tre Coconuts'], ['Ben Tre Coconuts']], [[]]]) {
      const refused = await operator('manual/settle', { eventId, result: { standings } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('an outright’s result may name only its own competitors, each at most once');
    }
    // Ben Tre and Ca Mau tie for the one place paid: half of the 10,000 stands at 3.00 (15,000), the other half loses.
    const settled = await operator('manual/settle', {
      eventId,
      result: { standings: [['Ben Tre Coconuts', 'Ca Mau Capes'], ['Soc Trang Bats']] },
    });
    expect(settled.json().value.marketIds).toEqual([marketId]);
    // Staked 15,000, paid back 15,000: the balance is where it started (a full win would have paid 30,000).
    const balance = async () => (await t.app.services.ledger.memberBalances({ memberId: player.memberId, currency: player.currency })).main;
    await waitUntil(async () => (await balance()) === START, { what: 'the dead heat paid' });
    expect(house.sportsbook.feed.markets[marketId]?.settlement?.value).toMatchObject({
      'Ben Tre Coconuts': { kind: 'dead-heat', num: 1, den: 2 },
      'Ca Mau Capes': { kind: 'dead-heat', num: 1, den: 2 },
      'Soc Trang Bats': { kind: 'lose' },
    });
    await expectCleanBooks(t.database.db);
  });
});
