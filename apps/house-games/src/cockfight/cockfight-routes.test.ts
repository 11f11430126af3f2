import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ArenaView, COCKFIGHT_OPERATOR_PATH } from '@platform/contracts/cockfight';
import { signLaunchParams, signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHouseGames, type HouseGames } from '../house-games.ts';

const SECRET = 'cockfight-routes-test-secret';
let house: HouseGames;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'house-cockfight-'));
  house = createHouseGames({
    platformUrl: 'http://127.0.0.1:9',
    secret: SECRET,
    dataDir,
    siteOrigins: [],
    fetchImpl: () => Promise.reject(new Error('no platform in this test')),
    crash: { bettingMs: 600_000, pauseMs: 60_000 },
    baccarat: { bettingMs: 600_000, revealStepMs: 5, pauseMs: 60_000 },
    live: { bettingMs: 600_000, revealStepMs: 1, pauseMs: 60_000 },
  });
  base = await house.listen(0);
});
afterAll(async () => {
  await house.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function signed(path: string, body: unknown, secret = SECRET) {
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now());
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [VENDOR_TIMESTAMP_HEADER]: timestamp,
      [VENDOR_SIGNATURE_HEADER]: signVendorBody(secret, timestamp, raw),
    },
    body: raw,
  });
}
const action = async (name: string, body: unknown = {}) => {
  const response = await signed(`${COCKFIGHT_OPERATOR_PATH}/a1/${name}`, body);
  return { status: response.status, json: (await response.json()) as { arena?: ArenaView; code?: string; problem?: { field: string } } };
};

describe('the cockfight arena’s operator calls and pages', () => {
  it('refuses unsigned calls and changes nothing for them', async () => {
    expect((await fetch(`${base}${COCKFIGHT_OPERATOR_PATH}/a1/open`, { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await signed(`${COCKFIGHT_OPERATOR_PATH}/a1/open`, {}, 'another-secret')).status).toBe(401);
    expect((await fetch(`${base}${COCKFIGHT_OPERATOR_PATH}`)).status).toBe(405);
    expect(house.cockfight.get('cockfight')?.view().fight).toBeNull();
  });

  it('lists the arena, checks settings, runs a fight through open, close and result, and answers refusals with a code', async () => {
    const list = (await (await signed(COCKFIGHT_OPERATOR_PATH, {})).json()) as { arenas: ArenaView[] };
    expect(list.arenas.map((a) => [a.arenaId, a.gameCode, a.settings.mode])).toEqual([['a1', 'cockfight', 'pari-mutuel']]);
    const badStream = await action('settings', { streamUrl: 'http://insecure.example/live' });
    expect(badStream).toMatchObject({ status: 400, json: { code: 'cockfight_invalid', problem: { field: 'streamUrl' } } });
    const badOdds = await action('settings', { odds: { meron: 1_000, wala: 1_900 } });
    expect(badOdds).toMatchObject({ status: 400, json: { problem: { field: 'odds.meron' } } });
    const badLimits = await action('settings', { limits: { min: 5_000, max: 1_000, drawMax: 5_000 } });
    expect(badLimits.status).toBe(400);
    expect(house.cockfight.get('cockfight')?.view().settings.streamUrl).toBe('');
    const set = await action('settings', { streamUrl: 'https://video.example/arena', mode: 'fixed', odds: { meron: 1_800, wala: 2_000 } });
    expect(set.json.arena?.settings).toMatchObject({ streamUrl: 'https://video.example/arena', mode: 'fixed' });
    expect((await action('close')).json.code).toBe('NO_FIGHT');
    const opened = await action('open', { mode: 'pari-mutuel', commissionBp: 600 });
    expect(opened.json.arena?.fight).toMatchObject({ fight: 1, phase: 'betting', terms: { mode: 'pari-mutuel', commissionBp: 600 } });
    expect(await action('open')).toMatchObject({ status: 409, json: { code: 'FIGHT_OPEN' } });
    expect((await action('result', { result: 'meron' })).json.code).toBe('NOT_CLOSED');
    // No bets at all: the pari-mutuel fight is cancelled as betting closes.
    expect((await action('close')).json.arena?.fight).toMatchObject({ phase: 'settled', result: 'cancelled' });
    expect((await action('result', { result: 'meron' })).json.code).toBe('ALREADY_DECLARED');
    expect((await action('result', { result: 'tie' })).status).toBe(400);
    expect((await action('dance')).status).toBe(404);
  });

  it('serves the page with the stream allowed in a frame, and the fight’s public result page', async () => {
    const params: Record<string, string> = { token: 'tok', user: 'alice', currency: 'VND', lang: 'vi', exp: String(Date.now() + 60_000) };
    params.sig = signLaunchParams(SECRET, 'HOUSE', 'cockfight', params);
    const page = await fetch(`${base}/game/cockfight?${new URLSearchParams(params)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain('frame-src https:');
    const html = await page.text();
    expect(html).toContain('Đá Gà Lotus');
    expect(html).toContain('id="no-stream"');
    const result = await fetch(`${base}/verify/cockfight?fight=1&lang=en`);
    const text = await result.text();
    expect(text).toContain('fight 1');
    expect(text).toContain('Cancelled');
    const round = await fetch(`${base}/round/cockfight/cf-a1-1-0a0b0c0d?lang=en`, { redirect: 'manual' });
    expect(round.headers.get('location')).toBe('/verify/cockfight?lang=en&fight=1');
  });
});
