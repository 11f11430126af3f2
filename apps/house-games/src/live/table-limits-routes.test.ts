import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TABLE_LIMITS_PATH, type TableLimitsEntry } from '@platform/contracts/table-limits';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHouseGames, type HouseGames } from '../house-games.ts';
import { waitUntil } from '../wallet.test-support.ts';

const SECRET = 'table-limits-test-secret';
let house: HouseGames;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'house-limits-'));
  house = createHouseGames({
    platformUrl: 'http://127.0.0.1:9',
    secret: SECRET,
    dataDir,
    siteOrigins: [],
    fetchImpl: () => Promise.reject(new Error('no platform in this test')),
    crash: { bettingMs: 600_000, pauseMs: 60_000 },
    baccarat: { bettingMs: 600_000, revealStepMs: 5, pauseMs: 60_000 },
    live: { bettingMs: 30, revealStepMs: 1, pauseMs: 1 },
  });
  base = await house.listen(0);
});
afterAll(async () => {
  await house.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function signed(path: string, body: unknown, secret = SECRET, timestamp = String(Date.now())) {
  const raw = JSON.stringify(body);
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
const list = async () => ((await (await signed(TABLE_LIMITS_PATH, {})).json()) as { tables: TableLimitsEntry[] }).tables;
const fileOf = () => JSON.parse(readFileSync(join(dataDir, 'table-limits.json'), 'utf8')) as Record<string, unknown>;
const goodDragonTiger = { min: 2_000, max: { MAIN: 3_000_000, TIE: 300_000, SUITED_TIE: 50_000 } };

describe('the operator’s table limits on the game server', () => {
  it('refuses calls without a good signature, and reads nothing for them', async () => {
    expect((await fetch(`${base}${TABLE_LIMITS_PATH}`, { method: 'POST', body: '{}' })).status).toBe(401);
    expect((await signed(TABLE_LIMITS_PATH, {}, 'another-secret')).status).toBe(401);
    expect((await signed(TABLE_LIMITS_PATH, {}, SECRET, String(Date.now() - 120_000))).status).toBe(401);
    expect((await fetch(`${base}${TABLE_LIMITS_PATH}`)).status).toBe(405);
    const refusedWrite = await fetch(`${base}${TABLE_LIMITS_PATH}/dragon-tiger`, { method: 'POST', body: JSON.stringify(goodDragonTiger) });
    expect(refusedWrite.status).toBe(401);
    expect(readdirSync(dataDir).includes('table-limits.json')).toBe(false);
  });

  it('lists every baccarat, dragon tiger, sic bo and roulette table with its limits and defaults', async () => {
    const tables = await list();
    expect(tables.map((t) => t.gameCode)).toEqual([
      'baccarat',
      'baccarat-nc',
      'dragon-tiger',
      'dragon-tiger-vip',
      'sicbo',
      'sicbo-vip',
      'roulette',
      'roulette-vip',
    ]);
    const dt = tables.find((t) => t.gameCode === 'dragon-tiger');
    expect(dt?.limits).toEqual(dt?.defaults);
    expect(Object.keys(dt?.limits.max ?? {})).toEqual(['MAIN', 'TIE', 'SUITED_TIE']);
  });

  it('refuses bad limits with the problem of each field, and writes nothing', async () => {
    const cases: [unknown, { field: string; reason: string }][] = [
      [
        { ...goodDragonTiger, min: 0 },
        { field: 'min', reason: 'not_amount' },
      ],
      [
        { ...goodDragonTiger, min: 1.5 },
        { field: 'min', reason: 'not_amount' },
      ],
      [
        { ...goodDragonTiger, min: '2000' },
        { field: 'min', reason: 'not_amount' },
      ],
      [
        { min: 2_000, max: { ...goodDragonTiger.max, TIE: 1_000 } },
        { field: 'max.TIE', reason: 'below_min' },
      ],
      [
        { min: 2_000, max: { ...goodDragonTiger.max, TIE: -5 } },
        { field: 'max.TIE', reason: 'not_amount' },
      ],
      [
        { min: 2_000, max: { MAIN: 3_000_000, TIE: 300_000 } },
        { field: 'max.SUITED_TIE', reason: 'missing_kind' },
      ],
      [
        { min: 2_000, max: { ...goodDragonTiger.max, STRAIGHT: 5_000 } },
        { field: 'max.STRAIGHT', reason: 'unknown_kind' },
      ],
    ];
    for (const [body, problem] of cases) {
      const res = await signed(`${TABLE_LIMITS_PATH}/dragon-tiger`, body);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { code: string; problems: unknown[] };
      expect(answer.code).toBe('table_limits_invalid');
      expect(answer.problems).toContainEqual(problem);
    }
    expect((await signed(`${TABLE_LIMITS_PATH}/no-such-table`, goodDragonTiger)).status).toBe(404);
    expect(readdirSync(dataDir).includes('table-limits.json')).toBe(false);
  });

  it('writes one table’s limits into the file, keeps the others, and the next round opens with them', async () => {
    const roulette = {
      min: 5_000,
      max: { EVEN_MONEY: 9_000_000, DOZEN_COLUMN: 6_000, SIX_LINE: 5_000, CORNER: 5_000, STREET: 5_000, SPLIT: 5_000, STRAIGHT: 5_000 },
    };
    expect((await signed(`${TABLE_LIMITS_PATH}/roulette`, roulette)).status).toBe(200);
    const res = await signed(`${TABLE_LIMITS_PATH}/dragon-tiger`, goodDragonTiger);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { table: TableLimitsEntry }).table.limits).toEqual(goodDragonTiger);
    expect(fileOf()).toEqual({ roulette, 'dragon-tiger': goodDragonTiger });
    // Written whole and renamed into place: no temporary file stays behind.
    expect(readdirSync(dataDir).filter((f) => f.startsWith('table-limits'))).toEqual(['table-limits.json']);
    expect((await list()).find((t) => t.gameCode === 'dragon-tiger')?.limits).toEqual(goodDragonTiger);

    const table = house.live.get('dragon-tiger');
    if (!table) throw new Error('no dragon tiger table');
    await house.start();
    await waitUntil(() => table.snapshot().round >= 1 && table.snapshot().phase === 'betting', 'a round opens');
    expect(table.snapshot().limits).toEqual(goodDragonTiger);
    const changed = { min: 3_000, max: { MAIN: 4_000_000, TIE: 400_000, SUITED_TIE: 60_000 } };
    const opened = table.snapshot().round;
    expect((await signed(`${TABLE_LIMITS_PATH}/dragon-tiger`, changed)).status).toBe(200);
    // The open round keeps its limits; the next one opens with the new ones.
    await waitUntil(() => table.snapshot().round > opened && table.snapshot().phase === 'betting', 'the next round opens');
    expect(table.snapshot().limits).toEqual(changed);
    expect(house.live.get('roulette')?.snapshot().limits).toEqual(roulette);
  });
});
