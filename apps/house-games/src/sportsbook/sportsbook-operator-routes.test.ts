import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPORTSBOOK_OPERATOR_PATH } from '@platform/contracts/sportsbook-operator';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHouseGames, type HouseGames } from '../house-games.ts';

// The console's event list over the signed operator calls, on a book fed by a one-day simulated
// script (its clock runs ahead of the server's) and the operator's manual entry.
const SECRET = 'sportsbook-operator-secret';
const dir = mkdtempSync(join(tmpdir(), 'sb-operator-'));
let house: HouseGames;
let base: string;

beforeAll(async () => {
  house = createHouseGames({
    platformUrl: 'http://platform.invalid',
    secret: SECRET,
    dataDir: dir,
    siteOrigins: [],
    sportsbook: { simulation: { seed: 'console-filters', days: 1 }, tickMs: 0 },
    fetchImpl: () => Promise.reject(new Error('no platform in this test')),
  });
  base = await house.listen(0);
  await house.sportsbook.start();
});
afterAll(async () => {
  await house.close();
  rmSync(dir, { recursive: true, force: true });
});

async function operator(call: string, body: Record<string, unknown> = {}) {
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now());
  const response = await fetch(`${base}${SPORTSBOOK_OPERATOR_PATH}/${call}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [VENDOR_TIMESTAMP_HEADER]: timestamp,
      [VENDOR_SIGNATURE_HEADER]: signVendorBody(SECRET, timestamp, raw),
    },
    body: raw,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

type Row = {
  event: { id: string; sportId: string; name: string; phase: string; startsAt: number; competitors?: string[] };
  worstPayout: number;
};
type Page = { events: Row[]; total: number; page: number; pageSize: number; sports: { id: string; name: string; count: number }[] };
const events = async (body: Record<string, unknown> = {}) => (await operator('events', body)).json as unknown as Page;

describe('the console’s sportsbook event list', () => {
  it('shows real start times (the script time moved back), including for events the operator enters', async () => {
    const book = house.sportsbook;
    const offset = book.scriptNow() - Date.now();
    // The simulated script runs ahead of the server's clock (its first day at 10:30 now).
    expect(Math.abs(offset)).toBeGreaterThan(0);
    const first = (await events()).events[0];
    const fixture = book.eventOf(first?.event.id ?? '');
    expect(first?.event.startsAt).toBe((fixture?.startsAt ?? 0) - offset);

    // The operator types a real time: the list shows that time back, and the book keeps it in script time.
    const startsAt = Date.now() + 3 * 3_600_000;
    const created = await operator('manual/event', {
      sportId: 'football',
      competitionId: 'fb-cup',
      home: 'Can Tho Kingfishers',
      away: 'Vung Tau Whales',
      startsAt,
    });
    const eventId = created.json.eventId as string;
    const found = (await events({ q: 'kingfishers' })).events;
    expect(found.map((r) => [r.event.id, r.event.startsAt, r.event.phase])).toEqual([[eventId, startsAt, 'prematch']]);
    expect(book.eventOf(eventId)?.startsAt).toBe(startsAt + offset);
  });

  it('filters by sport, state, start time and name (folded), pages by 20, and lists the sports with their counts', async () => {
    const all = await events();
    expect(all.page).toBe(1);
    expect(all.pageSize).toBe(20);
    expect(all.events.length).toBe(Math.min(20, all.total));
    expect(all.total).toBeGreaterThan(20);
    expect(all.sports.reduce((sum, s) => sum + s.count, 0)).toBe(all.total);
    expect(all.sports.map((s) => s.id)).toContain('football');

    const second = await events({ page: 2 });
    expect(second.events.map((r) => r.event.id).some((id) => all.events.some((r) => r.event.id === id))).toBe(false);

    const football = await events({ sportId: 'football' });
    expect(football.events.every((r) => r.event.sportId === 'football')).toBe(true);
    expect(football.total).toBe(all.sports.find((s) => s.id === 'football')?.count);

    const live = await events({ state: 'live' });
    expect(live.total).toBeGreaterThan(0);
    expect(live.events.every((r) => r.event.phase === 'live')).toBe(true);
    const upcoming = await events({ state: 'upcoming' });
    expect(upcoming.events.every((r) => r.event.phase === 'prematch')).toBe(true);
    expect(live.total + upcoming.total).toBe(all.total);
    expect((await events({ state: 'settled' })).events.every((r) => r.event.phase === 'ended')).toBe(true);

    const from = Date.now() + 2 * 3_600_000;
    const to = from + 3 * 3_600_000;
    const window = await events({ from, to });
    expect(window.total).toBeGreaterThan(0);
    expect(window.events.every((r) => r.event.startsAt >= from && r.event.startsAt < to)).toBe(true);

    // A team's name without its accents and in any case finds its matches; a competition's name too.
    const team = all.events.find((r) => r.event.sportId === 'football')?.event.name.split(' – ')[0] ?? '';
    const byTeam = await events({ q: team.toUpperCase() });
    expect(byTeam.total).toBeGreaterThan(0);
    expect(byTeam.events.every((r) => r.event.name.includes(team))).toBe(true);
    expect((await events({ q: 'lotus premier' })).total).toBeGreaterThan(0);
    expect((await events({ q: 'no such team anywhere' })).total).toBe(0);

    expect((await operator('events', { state: 'tomorrow' })).status).toBe(400);
  });

  it('takes outrights and correct-score markets from the operator, with their competitors in the list', async () => {
    const outright = await operator('manual/event', {
      sportId: 'football',
      competitionId: 'fb-cup',
      name: 'Mekong Cup 2027 winner',
      competitors: ['Hanoi Lotus', 'Saigon Stars', 'Hue Imperial'],
      startsAt: Date.now() + 86_400_000,
    });
    const outrightId = outright.json.eventId as string;
    const priced = await operator('manual/odds', {
      eventId: outrightId,
      spec: { type: 'outright', places: 1, competitors: ['Hanoi Lotus', 'Saigon Stars', 'Hue Imperial'] },
      prices: { 'Hanoi Lotus': 2_500, 'Saigon Stars': 3_000, 'Hue Imperial': 4_500 },
    });
    expect(priced.status).toBe(200);
    const row = (await events({ q: 'mekong cup 2027' })).events[0];
    expect(row?.event.competitors).toEqual(['Hanoi Lotus', 'Saigon Stars', 'Hue Imperial']);

    const match = await operator('manual/event', {
      sportId: 'football',
      competitionId: 'fb-premier',
      home: 'Quy Nhon Sharks',
      away: 'Nha Trang Waves',
      startsAt: Date.now() + 86_400_000,
    });
    const cs = await operator('manual/odds', {
      eventId: match.json.eventId,
      spec: {
        type: 'correctScore',
        period: 'ft',
        scores: [
          { home: 1, away: 0 },
          { home: 2, away: 1 },
        ],
      },
      prices: { '1-0': 7_000, '2-1': 8_500, other: 1_600 },
    });
    expect(cs.status).toBe(200);
    expect(house.sportsbook.market(cs.json.marketId as string)?.prices).toEqual({ '1-0': 7_000, '2-1': 8_500, other: 1_600 });
  });

  it('sets the stake cap per event, globally and for one event, refuses caps below the minimum, and keeps them over a restart', async () => {
    const created = await operator('manual/event', {
      sportId: 'football',
      competitionId: 'fb-premier',
      home: 'Da Lat Pines',
      away: 'Hai Phong Anchors',
      startsAt: Date.now() + 86_400_000,
    });
    const eventId = created.json.eventId as string;
    const set = (body: Record<string, unknown>) => operator('limits/set', body);
    const limitsNow = async () => (await operator('limits')).json as { limits: Record<string, unknown>; eventLimits: unknown[] };

    expect((await set({ maxStakePerEvent: 40_000_000 })).status).toBe(200);
    expect((await set({ maxStakeForEvent: { eventId, maxStake: 2_000_000 } })).status).toBe(200);
    const after = await limitsNow();
    expect(after.limits).toMatchObject({ maxStakePerEvent: 40_000_000, maxStakeByEvent: { [eventId]: 2_000_000 } });
    expect(after.eventLimits).toEqual([{ eventId, event: 'Da Lat Pines – Hai Phong Anchors', maxStake: 2_000_000 }]);

    // Refused, nothing changes: below the minimum stake, an unknown event, not an amount.
    for (const [body, problem] of [
      [{ maxStakePerEvent: 10 }, /^maxStakePerEvent/],
      [{ maxStakeForEvent: { eventId, maxStake: 10 } }, /^maxStakeForEvent/],
      [{ maxStakeForEvent: { eventId: 'op-nothing', maxStake: 5_000 } }, /^no event/],
      [{ maxStakeForEvent: { eventId, maxStake: 1.5 } }, /^maxStakeForEvent/],
      [{ maxStakeForEvent: [eventId] }, /^maxStakeForEvent/],
    ] as const) {
      const refused = await set(body);
      expect(refused.status).toBe(400);
      expect((refused.json.problems as string[])[0]).toMatch(problem);
    }
    expect((await limitsNow()).limits).toEqual(after.limits);

    // Another event's cap leaves this one's alone; a null cap removes one.
    const other = Object.keys(house.sportsbook.feed.events).find((id) => id !== eventId && house.sportsbook.eventOf(id)) ?? '';
    await set({ maxStakeForEvent: { eventId: other, maxStake: 3_000_000 } });
    await set({ maxStakeForEvent: { eventId: other, maxStake: null } });
    expect((await limitsNow()).limits.maxStakeByEvent).toEqual({ [eventId]: 2_000_000 });

    // The game server restarts on its journal: the caps are still there.
    await house.close();
    house = createHouseGames({
      platformUrl: 'http://platform.invalid',
      secret: SECRET,
      dataDir: dir,
      siteOrigins: [],
      sportsbook: { simulation: { seed: 'console-filters', days: 1 }, tickMs: 0 },
      fetchImpl: () => Promise.reject(new Error('no platform in this test')),
    });
    base = await house.listen(0);
    await house.sportsbook.start();
    expect(house.sportsbook.limits()).toMatchObject({ maxStakePerEvent: 40_000_000, maxStakeByEvent: { [eventId]: 2_000_000 } });
  });
});
