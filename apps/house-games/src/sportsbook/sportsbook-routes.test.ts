import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signLaunchParams, signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHouseGames, type HouseGames } from '../house-games.ts';
import { fakeWallet } from '../wallet.test-support.ts';

const SECRET = 'sportsbook-routes-secret';
const dir = mkdtempSync(join(tmpdir(), 'sb-routes-'));
const wallet = fakeWallet({ t1: 1_000_000 });
const vendorsCalled: string[] = [];
let house: HouseGames;
let base: string;

beforeAll(async () => {
  house = createHouseGames({
    platformUrl: 'http://platform.invalid',
    secret: SECRET,
    dataDir: dir,
    siteOrigins: [],
    sportsbook: { simulation: null, tickMs: 0, limits: { inPlayDelayMs: 0 } },
    // The platform's callback API, answered by the in-memory wallet.
    fetchImpl: async (url, init) => {
      const m = /\/vendor-api\/([A-Z]+)\/([a-z-]+)$/.exec(String(url));
      vendorsCalled.push(m?.[1] ?? '');
      const answer = await wallet.client.call(m?.[2] as 'debit', JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  base = await house.listen(0);
  await house.sportsbook.start();
});
afterAll(async () => {
  await house.close();
  rmSync(dir, { recursive: true, force: true });
});

async function launch(game: string, vendorCode: string, lang = 'vi'): Promise<{ status: number; session?: string }> {
  const params: Record<string, string> = {
    token: 't1',
    user: 'member1',
    currency: 'VND',
    lang,
    return: 'https://site.example/',
    exp: String(Date.now() + 60_000),
  };
  params.sig = signLaunchParams(SECRET, vendorCode, game, params);
  const res = await fetch(`${base}/game/${game}?${new URLSearchParams(params)}`);
  const html = await res.text();
  return { status: res.status, ...(res.status === 200 ? { session: /data-session="([^"]+)"/.exec(html)?.[1] as string } : {}) };
}

async function play(action: string, body: Record<string, unknown>) {
  const res = await fetch(`${base}/game/sportsbook/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function operator(call: string, body: Record<string, unknown>, secret = SECRET) {
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now());
  const res = await fetch(`${base}/api/operator/sportsbook/${call}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [VENDOR_TIMESTAMP_HEADER]: timestamp,
      [VENDOR_SIGNATURE_HEADER]: signVendorBody(secret, timestamp, raw),
    },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('sportsbook HTTP calls', () => {
  it("operator entry, the member's calls, refusals in the member's language, liability and the bet's page", async () => {
    expect((await operator('limits', {}, 'wrong')).status).toBe(401);
    const created = await operator('manual/event', {
      sportId: 'football',
      competitionId: 'fb-premier',
      home: 'Hanoi Lotus',
      away: 'Saigon Stars',
      startsAt: Date.now() + 2 * 86_400_000,
    });
    const eventId = created.body.eventId as string;
    expect(eventId).toMatch(/^op-/);
    const bad = await operator('manual/odds', { eventId, spec: { type: '1x2', period: 'ft' }, prices: { home: 900 } });
    expect(bad.status).toBe(400);
    const odds = await operator('manual/odds', {
      eventId,
      spec: { type: '1x2', period: 'ft' },
      prices: { home: 2000, draw: 3400, away: 4000 },
    });
    const marketId = odds.body.marketId as string;

    const { session } = await launch('sportsbook', 'HOUSE');
    const state = await play('state', { session });
    expect(state.body).toMatchObject({ member: { username: 'member1', currency: 'VND' }, balance: 1_000_000, brand: null });
    expect((await play('settings', { session, oddsFormat: 'malay' })).body).toMatchObject({
      settings: { oddsFormat: 'malay', oddsPolicy: 'none' },
    });
    expect((await play('settings', { session, oddsFormat: 'roman' })).status).toBe(400);
    const early = await play('sports', { session, view: 'early' });
    const listed = (early.body.events as Array<{ id: string; main: Array<{ id: string }> }>).find((e) => e.id === eventId);
    expect(listed?.main[0]?.id).toBe(marketId);

    const legs = [{ eventId, marketId, selectionId: 'home', odds: 1900 }];
    const changed = await play('place', { session, requestId: 'web-00000001', kind: { type: 'single' }, legs, unitStake: 10_000 });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ status: 'ODDS_CHANGED', message: expect.stringContaining('Tỉ lệ cược đã thay đổi') });
    const placed = await play('place', {
      session,
      requestId: 'web-00000002',
      kind: { type: 'single' },
      legs: [{ ...legs[0], odds: 2000 }],
      unitStake: 10_000,
    });
    expect(placed.body).toMatchObject({ status: 'OK', bet: { state: 'open', totalStake: 10_000, potentialReturn: 20_000 } });
    const betId = (placed.body.bet as { id: string }).id;
    expect(wallet.balances.t1).toBe(990_000);

    const events = await operator('events', {});
    const row = (events.body.events as Array<{ event: { id: string }; worstPayout: number }>).find((e) => e.event.id === eventId);
    expect(row?.worstPayout).toBe(20_000);

    await operator('manual/settle', { eventId, result: { ft: { home: 1, away: 0 } } });
    const settled = await play('bets', { session, state: 'settled' });
    expect(settled.body.bets).toMatchObject([
      { id: betId, state: 'settled', returned: 20_000, legs: [{ selectionName: 'Hanoi Lotus', outcome: 'win' }] },
    ]);
    expect(wallet.balances.t1).toBe(1_010_000);
    const page = await fetch(`${base}/round/sportsbook/${betId}?lang=en`);
    expect(await page.text()).toContain('Hanoi Lotus');
  });

  it('a brand is launched and paid as its own vendor', async () => {
    expect((await launch('sportsbook-av', 'HOUSE')).status).toBe(403);
    const { status, session } = await launch('sportsbook-av', 'AV', 'en');
    expect(status).toBe(200);
    const state = await play('state', { session });
    expect(state.body.brand).toMatchObject({ code: 'AV' });
    expect(vendorsCalled.at(-1)).toBe('AV');
    // A brand shows e-sports only.
    const sports = await play('sports', { session, view: 'early' });
    expect((sports.body.sports as Array<{ code: string }>).every((s) => s.code === 'esports')).toBe(true);
    // And takes bets on e-sports only.
    const created = await operator('manual/event', {
      sportId: 'football',
      competitionId: 'fb-premier',
      home: 'Hue Imperial',
      away: 'Can Tho River',
      startsAt: Date.now() + 86_400_000,
    });
    const eventId = created.body.eventId as string;
    const odds = await operator('manual/odds', { eventId, spec: { type: 'dnb', period: 'ft' }, prices: { home: 1800, away: 2000 } });
    const legs = [{ eventId, marketId: odds.body.marketId, selectionId: 'home', odds: 1800 }];
    const refused = await play('place', { session, requestId: 'brand-0000001', kind: { type: 'single' }, legs, unitStake: 10_000 });
    expect(refused.body).toMatchObject({ status: 'INVALID_SLIP', message: expect.stringContaining('bet slip') });
  });
});
