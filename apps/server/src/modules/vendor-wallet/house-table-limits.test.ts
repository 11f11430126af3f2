import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHouseGames, type HouseGames } from '@platform/house-games/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { registerHouseGames } from '../../../test/house-games-helpers.ts';
import { DEV_HOUSE_GAMES_SECRET, HOUSE_VENDOR_CODE } from './vendor-wallet.integrations.ts';

// The operator's table-limits calls against a real house game server over HTTP (issue 24).
let t: TestApp;
let house: HouseGames;
let dataDir: string;
const headers = new Map<string, Record<string, string>>();
const adminIds = new Map<string, number>();
const limitsFile = () => join(dataDir, 'table-limits.json');
const good = { min: 50_000, max: { PLAYER: 9_000_000, BANKER: 9_000_000, TIE: 900_000, PLAYER_PAIR: 600_000, BANKER_PAIR: 600_000 } };

beforeAll(async () => {
  t = await buildTestApp();
  await createMerchant(t.database.db);
  const platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dataDir = mkdtempSync(join(tmpdir(), 'house-limits-admin-'));
  house = createHouseGames({ platformUrl, secret: DEV_HOUSE_GAMES_SECRET, dataDir, siteOrigins: [] });
  await registerHouseGames(t.app, await house.listen(0));
  for (const role of ['administrator', 'risk', 'support'] as const) {
    const login = await loginAdmin(t.app, role);
    headers.set(role, login.headers);
    adminIds.set(role, login.adminId);
  }
});
afterAll(async () => {
  await house.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const put = (role: string, gameCode: string, body: unknown, language = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: `/admin-api/house/table-limits/${gameCode}`,
    headers: { ...headers.get(role), 'accept-language': language },
    payload: body as Record<string, unknown>,
  });
const auditRows = () =>
  t.database.db
    .selectFrom('audit_log')
    .select(['actor_id', 'subject_id', 'data'])
    .where('action', '=', 'games.table_limits_updated')
    .execute();

describe('the operator’s live table limits', () => {
  it('lists every table of the game server with its limits and defaults to an operator who may read games', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin-api/house/table-limits', headers: headers.get('risk') });
    expect(res.statusCode).toBe(200);
    const tables = res.json().value.tables as { gameCode: string; limits: unknown; defaults: unknown }[];
    expect(tables.map((x) => x.gameCode)).toContain('roulette-vip');
    expect(tables.find((x) => x.gameCode === 'baccarat')?.limits).toEqual(tables.find((x) => x.gameCode === 'baccarat')?.defaults);
  });

  it('refuses an operator without the games permissions, and writes nothing', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/admin-api/house/table-limits', headers: headers.get('support') });
    expect(read.statusCode).toBe(403);
    const res = await put('support', 'baccarat', good);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_forbidden');
    expect(existsSync(limitsFile())).toBe(false);
    expect(await auditRows()).toEqual([]);
  });

  it('refuses bad limits with a sentence in the operator’s language, and changes nothing', async () => {
    const below = await put('risk', 'baccarat', { ...good, max: { ...good.max, TIE: 10_000 } });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      code: 'table_limits_invalid',
      message: 'The table limits are not valid: the TIE maximum is below the minimum.',
    });
    const vi = await put('risk', 'baccarat', { ...good, min: 0 }, 'vi');
    expect(vi.json()).toMatchObject({
      code: 'table_limits_invalid',
      message: 'Giới hạn bàn chưa hợp lệ: mức tối thiểu phải là số nguyên dương.',
    });
    const unknown = await put('risk', 'baccarat', { ...good, max: { ...good.max, STRAIGHT: 100_000 } });
    expect(unknown.json().code).toBe('table_limits_invalid');
    expect((await put('risk', 'no-such-table', good)).statusCode).toBe(404);
    expect(existsSync(limitsFile())).toBe(false);
    expect(await auditRows()).toEqual([]);
  });

  it('writes the limits through the signed game-server call and audits them with before and after', async () => {
    const res = await put('risk', 'baccarat', good);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ gameCode: 'baccarat', game: 'baccarat', limits: good });
    expect(JSON.parse(readFileSync(limitsFile(), 'utf8'))).toEqual({ baccarat: good });
    const rows = await auditRows();
    expect(rows).toEqual([expect.objectContaining({ actor_id: String(adminIds.get('risk')), subject_id: 'baccarat' })]);
    expect(rows[0]?.data).toEqual({
      before: { min: 1_000, max: { PLAYER: 5_000_000, BANKER: 5_000_000, TIE: 1_000_000, PLAYER_PAIR: 500_000, BANKER_PAIR: 500_000 } },
      after: good,
    });
    const list = await t.app.inject({ method: 'GET', url: '/admin-api/house/table-limits', headers: headers.get('administrator') });
    expect(list.json().value.tables.find((x: { gameCode: string }) => x.gameCode === 'baccarat').limits).toEqual(good);
  });

  it('says the game server did not answer when it is off, and audits nothing', async () => {
    await t.app.services.vendorWallet.integrations.ensure({
      vendorCode: HOUSE_VENDOR_CODE,
      walletStyle: 'seamless',
      apiSecret: 'a-secret-the-game-server-does-not-know',
      apiBaseUrl: null,
      launchBaseUrl: 'http://127.0.0.1:9',
      isEnabled: true,
    });
    const res = await put('risk', 'baccarat', { ...good, min: 60_000 });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('house_games_unavailable');
    expect(await auditRows()).toHaveLength(1);
    expect(JSON.parse(readFileSync(limitsFile(), 'utf8'))).toEqual({ baccarat: good });
  });
});
