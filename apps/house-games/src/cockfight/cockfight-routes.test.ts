import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARENAS_MAX,
  type ArenaSummary,
  type ArenaView,
  COCKFIGHT_CREATE_PATH,
  COCKFIGHT_OPERATOR_PATH,
} from '@platform/contracts/cockfight';
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
    expect(house.cockfight.get('a1')?.view().fight).toBeNull();
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
    expect(house.cockfight.get('a1')?.view().settings.streamUrl).toBe('');
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
    const result = await fetch(`${base}/verify/cockfight?arena=a1&fight=1&lang=en`);
    const text = await result.text();
    expect(text).toContain('Arena 1, fight 1');
    expect(text).toContain('Cancelled');
    const round = await fetch(`${base}/round/cockfight/cf-a1-1-0a0b0c0d?lang=en`, { redirect: 'manual' });
    expect(round.headers.get('location')).toBe('/verify/cockfight?lang=en&arena=a1&fight=1');
  });

  it('creates arenas, each with its own name, stream, mode and fights; the page lists them; a restart keeps them', async () => {
    const bad = await signed(COCKFIGHT_CREATE_PATH, { name: ' ' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { problem: { field: string } }).problem.field).toBe('name');
    const created = await signed(COCKFIGHT_CREATE_PATH, { name: 'Sới Cần Thơ', streamUrl: 'https://video.example/ct', mode: 'fixed' });
    const arena = ((await created.json()) as { arena: ArenaView }).arena;
    expect(arena).toMatchObject({ arenaId: 'a2', settings: { name: 'Sới Cần Thơ', streamUrl: 'https://video.example/ct', mode: 'fixed' } });
    // Its fights are its own: fight 1 of a2 while a1 is at fight 1 too.
    const opened = (await (await signed(`${COCKFIGHT_OPERATOR_PATH}/a2/open`, {})).json()) as { arena: ArenaView };
    expect(opened.arena.fight).toMatchObject({ fight: 1, phase: 'betting', terms: { mode: 'fixed' } });
    const list = (await (await signed(COCKFIGHT_OPERATOR_PATH, {})).json()) as { arenas: ArenaView[] };
    expect(list.arenas.map((a) => [a.arenaId, a.settings.name, a.fight?.phase ?? null])).toEqual([
      ['a1', '', 'settled'],
      ['a2', 'Sới Cần Thơ', 'betting'],
    ]);

    // A member's page lists the arenas (it opens the only one when there is one).
    const params: Record<string, string> = { token: 'tok', user: 'bobby', currency: 'VND', lang: 'en', exp: String(Date.now() + 60_000) };
    params.sig = signLaunchParams(SECRET, 'HOUSE', 'cockfight', params);
    const page = await (await fetch(`${base}/game/cockfight?${new URLSearchParams(params)}`)).text();
    const session = /data-session="([^"]+)"/.exec(page)?.[1];
    expect(page).toContain('id="arena-list"');
    const post = async (action: string, body: Record<string, unknown> = {}) =>
      (await fetch(`${base}/game/cockfight/${action}`, { method: 'POST', body: JSON.stringify({ session, ...body }) })).json();
    const arenas = (await post('arenas')) as { arenas: ArenaSummary[] };
    expect(arenas.arenas).toEqual([
      {
        arenaId: 'a1',
        name: '',
        hasStream: true,
        mode: 'pari-mutuel',
        fight: { fight: 1, phase: 'settled', betCount: 0 },
        results: ['cancelled'],
      },
      {
        arenaId: 'a2',
        name: 'Sới Cần Thơ',
        hasStream: true,
        mode: 'fixed',
        fight: { fight: 1, phase: 'betting', betCount: 0 },
        results: [],
      },
    ]);
    expect(await post('state', { arena: 'a2' })).toMatchObject({ arena: { arenaId: 'a2', fight: { phase: 'betting' } }, mine: [] });
    expect(await post('state', { arena: 'a9' })).toEqual({ status: 'NO_ARENA' });
    // No platform in this test: the debit cannot be sent, so nothing is taken and the bet is refused.
    expect(await post('bet', { arena: 'a1', side: 'meron', stake: 1_000 })).toEqual({ status: 'BETTING_CLOSED' });
    const stream = await fetch(`${base}/game/cockfight/events?session=${session}&arena=a2`);
    const reader = stream.body?.getReader();
    const first = new TextDecoder().decode((await reader?.read())?.value);
    expect(first).toContain('event: state');
    expect(first).toContain('"arenaId":"a2"');
    await reader?.cancel();

    // The game server starts again on its journals: both arenas come back as they were.
    await house.close();
    house = createHouseGames({
      platformUrl: 'http://127.0.0.1:9',
      secret: SECRET,
      dataDir,
      siteOrigins: [],
      fetchImpl: () => Promise.reject(new Error('no platform in this test')),
    });
    base = await house.listen(0);
    await house.cockfight.recover();
    expect(house.cockfight.arenas().map((a) => [a.arenaId, a.view().settings.name, a.view().fight?.phase])).toEqual([
      ['a1', '', undefined],
      ['a2', 'Sới Cần Thơ', 'betting'],
    ]);
    const third = (await (await signed(COCKFIGHT_CREATE_PATH, { name: 'Arena Three' })).json()) as { arena: ArenaView };
    expect(third.arena.arenaId).toBe('a3');
    for (let i = 4; i <= ARENAS_MAX; i++) expect((await signed(COCKFIGHT_CREATE_PATH, { name: `Arena ${i}` })).status).toBe(200);
    const full = await signed(COCKFIGHT_CREATE_PATH, { name: 'One too many' });
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: 'ARENAS_FULL' });
  });

  it('closes an arena: refused while a fight is under way, hidden from the members, its history and result pages kept, over a restart', async () => {
    const retire = async (arenaId: string) => {
      const response = await signed(`${COCKFIGHT_OPERATOR_PATH}/${arenaId}/retire`, {});
      return { status: response.status, json: (await response.json()) as { arena?: ArenaView; code?: string } };
    };
    // a2 is taking bets: refused with a code, nothing changes.
    expect(await retire('a2')).toMatchObject({ status: 409, json: { code: 'ARENA_BUSY' } });
    expect(house.cockfight.get('a2')?.isClosed()).toBe(false);
    // a1 (fight 1 settled) closes; again answers it as it is.
    const closed = await retire('a1');
    expect(closed).toMatchObject({ status: 200, json: { arena: { arenaId: 'a1', closedAt: expect.any(Number) } } });
    expect((await retire('a1')).json.arena?.closedAt).toBe(closed.json.arena?.closedAt);
    expect(await action('open')).toMatchObject({ status: 409, json: { code: 'ARENA_CLOSED' } });
    expect(await action('settings', { name: 'Again' })).toMatchObject({ status: 409, json: { code: 'ARENA_CLOSED' } });
    // A closed arena no longer counts towards the maximum: there is room for one more.
    const room = (await (await signed(COCKFIGHT_CREATE_PATH, { name: 'In its place' })).json()) as { arena: ArenaView };
    expect(room.arena.arenaId).toBe(`a${ARENAS_MAX + 1}`);

    const memberList = async () => {
      const params: Record<string, string> = { token: 'tok', user: 'carol', currency: 'VND', lang: 'en', exp: String(Date.now() + 60_000) };
      params.sig = signLaunchParams(SECRET, 'HOUSE', 'cockfight', params);
      const page = await (await fetch(`${base}/game/cockfight?${new URLSearchParams(params)}`)).text();
      const session = /data-session="([^"]+)"/.exec(page)?.[1];
      const answer = await fetch(`${base}/game/cockfight/arenas`, { method: 'POST', body: JSON.stringify({ session }) });
      return ((await answer.json()) as { arenas: ArenaSummary[] }).arenas.map((a) => a.arenaId);
    };
    const operatorList = async () =>
      ((await (await signed(COCKFIGHT_OPERATOR_PATH, {})).json()) as { arenas: ArenaView[] }).arenas.map((a) => [
        a.arenaId,
        a.closedAt !== null,
      ]);
    expect(await memberList()).not.toContain('a1');
    expect(await memberList()).toContain('a2');
    expect((await operatorList())[0]).toEqual(['a1', true]);
    // Its history and the fight's public result page stay.
    const result = await (await fetch(`${base}/verify/cockfight?arena=a1&fight=1&lang=en`)).text();
    expect(result).toContain('Arena 1, fight 1');
    expect(result).toContain('Cancelled');
    const fights = (await (await fetch(`${base}/api/cockfight/fights?arena=a1`)).json()) as { fights: { fight: number }[] };
    expect(fights.fights.map((f) => f.fight)).toEqual([1]);

    await house.close();
    house = createHouseGames({
      platformUrl: 'http://127.0.0.1:9',
      secret: SECRET,
      dataDir,
      siteOrigins: [],
      fetchImpl: () => Promise.reject(new Error('no platform in this test')),
    });
    base = await house.listen(0);
    await house.cockfight.recover();
    expect(house.cockfight.get('a1')?.isClosed()).toBe(true);
    expect(await memberList()).not.toContain('a1');
    expect((await operatorList())[0]).toEqual(['a1', true]);
  });

  it('never closes the last arena open', async () => {
    const lone = mkdtempSync(join(tmpdir(), 'house-cockfight-lone-'));
    const only = createHouseGames({
      platformUrl: 'http://127.0.0.1:9',
      secret: SECRET,
      dataDir: lone,
      siteOrigins: [],
      fetchImpl: () => Promise.reject(new Error('no platform in this test')),
    });
    try {
      await only.cockfight.recover();
      const a1 = only.cockfight.get('a1');
      expect(() => a1 && only.cockfight.retire(a1)).toThrow('LAST_ARENA');
      expect(a1?.isClosed()).toBe(false);
    } finally {
      await only.close();
      rmSync(lone, { recursive: true, force: true });
    }
  });
});
