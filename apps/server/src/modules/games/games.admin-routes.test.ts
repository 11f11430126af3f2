import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { addVendorWithGames, loginAs } from '../../../test/games-helpers.ts';

describe('operator catalogue calls', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  let merchantId: number;
  let risk: { authorization: string };
  let support: { authorization: string };
  let player: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const merchant = await createMerchant(t.database.db);
    merchantId = merchant.id;
    ({ ids } = await addVendorWithGames(t.database.db, merchant.id, { code: 'ALPHA' }, [
      { code: 'a-one', name: { vi: 'Kho Báu', en: 'Treasure' } },
      { code: 'a-two', name: { vi: 'Sư Tử', en: 'Lion' } },
    ]));
    risk = (await loginAdmin(t.app, 'risk')).headers;
    support = (await loginAdmin(t.app, 'support')).headers;
    player = await loginAs(t.app, (await createMember(t.database.db, merchant)).id);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'PATCH' | 'PUT', url: string, headers: Record<string, string> = risk, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const listCodes = async (query = 'gameType=RNG') =>
    ((await t.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?${query}` })).json().value.games as { gameCode: string }[]).map(
      (g) => g.gameCode,
    );

  it('need an operator session of the risk role', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/admin-api/games'],
      ['GET', '/admin-api/games/vendors'],
      ['PATCH', `/admin-api/games/${ids['a-one']}`, { isHot: true }],
      ['PATCH', '/admin-api/games/vendors/ALPHA', { isHot: true }],
      ['GET', '/admin-api/games/jackpot'],
      ['GET', '/admin-api/games/jackpot/pools'],
      ['PUT', '/admin-api/games/jackpot', { base: 1, growthPerTick: 1, tickMs: 1000 }],
    ];
    for (const [method, url, body] of calls) {
      const none = await call(method as 'GET', url, {}, body);
      expect([none.statusCode, none.json().code], url).toEqual([401, 'admin_unauthorized']);
      const memberToken = await call(method as 'GET', url, player, body);
      expect(memberToken.statusCode, url).toBe(401);
      const wrongRole = await call(method as 'GET', url, support, body);
      expect([wrongRole.statusCode, wrongRole.json().code], url).toEqual([403, 'admin_forbidden']);
    }
  });

  it('finds games by name without accents, including switched-off ones', async () => {
    const res = await call('GET', '/admin-api/games?gameName=su%20tu');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      totalCount: 1,
      list: [{ gameCode: 'a-two', name: { vi: 'Sư Tử', en: 'Lion' }, isEnabled: true }],
    });
    const vendors = await call('GET', '/admin-api/games/vendors');
    expect(vendors.json().value).toEqual([
      expect.objectContaining({ code: 'ALPHA', gameCount: 2, walletStyle: 'seamless', isEnabled: true }),
    ]);
  });

  it('drops cached lists at once when a game is edited, and audits the edit', async () => {
    expect(await listCodes()).toEqual(['a-one', 'a-two']); // now cached
    const res = await call('PATCH', `/admin-api/games/${ids['a-one']}`, risk, { isEnabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ nodeId: ids['a-one'], isEnabled: false });
    expect(await listCodes()).toEqual(['a-two']);

    await call('PATCH', `/admin-api/games/${ids['a-one']}`, risk, { isEnabled: true, sort: 10, isHot: true });
    expect(await listCodes()).toEqual(['a-two', 'a-one']);
    const hot = (await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_hotGamesV2' })).json().value.RNG as { gameCode: string }[];
    expect(hot.map((g) => g.gameCode)).toEqual(['a-one']);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id', 'data'])
      .where('action', '=', 'games.game_updated')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ subject_id: String(ids['a-one']), data: { gameCode: 'a-one', change: { isEnabled: false } } });
  });

  it('moves a game to another category: the lists follow at once, audited with before and after; an unknown category is refused', async () => {
    expect(await listCodes('gameType=FISH')).toEqual([]); // now cached
    expect((await call('PATCH', `/admin-api/games/${ids['a-two']}`, risk, { category: 'NOPE' })).statusCode).toBe(400);
    const moved = await call('PATCH', `/admin-api/games/${ids['a-two']}`, risk, { category: 'FISH' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().value).toMatchObject({ nodeId: ids['a-two'], gameType: 'FISH' });
    expect(await listCodes('gameType=FISH')).toEqual(['a-two']);
    expect(await listCodes()).not.toContain('a-two');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['data'])
      .where('action', '=', 'games.game_updated')
      .where('subject_id', '=', String(ids['a-two']))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.data).toMatchObject({ before: { category: 'RNG' }, after: { category: 'FISH' } });
    await call('PATCH', `/admin-api/games/${ids['a-two']}`, risk, { category: 'RNG' });
    expect(await listCodes()).toContain('a-two');
  });

  it('puts a game under maintenance with a message; launch is refused with it and the list shows it', async () => {
    await call('PATCH', `/admin-api/games/${ids['a-two']}`, risk, {
      isMaintenance: true,
      maintenanceMessage: { vi: 'Đang nâng cấp', en: 'Upgrading' },
    });
    const listed = (await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?language=en' })).json().value.games as {
      gameCode: string;
      isMaintenance: boolean;
      maintenanceMessage: string;
    }[];
    expect(listed.find((g) => g.gameCode === 'a-two')).toMatchObject({ isMaintenance: true, maintenanceMessage: 'Upgrading' });
    const launch = await t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { ...player, lang: 'vi' },
      payload: { vendor: 'ALPHA', gameCode: 'a-two', gameType: 'RNG' },
    });
    expect([launch.statusCode, launch.json().code]).toEqual([503, 'game_maintenance']);
    expect(launch.json().message).toContain('Đang nâng cấp');
    await call('PATCH', `/admin-api/games/${ids['a-two']}`, risk, { isMaintenance: false });
  });

  it('switches a whole vendor into maintenance and off, audited', async () => {
    const res = await call('PATCH', '/admin-api/games/vendors/ALPHA', risk, {
      isMaintenance: true,
      maintenanceMessage: { en: 'Vendor down' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ code: 'ALPHA', isMaintenance: true, maintenanceMessage: { en: 'Vendor down' } });
    const lanes = (await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_newGameVendor?language=en' })).json().value;
    expect(lanes[0].cards[0]).toMatchObject({ vassalage: 'ALPHA', isMaintenance: true, maintenanceMessage: 'Vendor down' });

    await call('PATCH', '/admin-api/games/vendors/ALPHA', risk, { isEnabled: false });
    expect(await listCodes()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_newGameVendor' })).json().value).toEqual([]);
    await call('PATCH', '/admin-api/games/vendors/ALPHA', risk, { isEnabled: true, isMaintenance: false });
    expect(await listCodes()).toEqual(['a-two', 'a-one']);
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('action', '=', 'games.vendor_updated').execute();
    expect(audit).toHaveLength(3);
  });

  it("names a vendor per language: the lobby, the game list and the betting record's names follow the member's language", async () => {
    const res = await call('PATCH', '/admin-api/games/vendors/ALPHA', risk, { displayNames: { vi: 'Xưởng Alpha', en: 'Alpha Works' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      code: 'ALPHA',
      displayName: 'ALPHA Studio',
      displayNames: { vi: 'Xưởng Alpha', en: 'Alpha Works' },
    });
    const cardName = async (language: string) =>
      (await t.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_newGameVendor?language=${language}` })).json().value[0].cards[0]
        .displayName;
    expect(await cardName('en')).toBe('Alpha Works');
    expect(await cardName('vi')).toBe('Xưởng Alpha');
    // A language the map lacks gets English first.
    expect(await cardName('th')).toBe('Alpha Works');
    const games = (await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?gameType=RNG&language=en' })).json().value.games;
    expect(games.map((g: { vendorName: string }) => g.vendorName)).toEqual(['Alpha Works', 'Alpha Works']);
    const names = await t.app.services.games.gameNames({ merchantId, language: 'en', games: [{ vendorCode: 'ALPHA', gameCode: 'a-one' }] });
    expect([...names.values()]).toEqual([{ gameName: 'Treasure', vendorName: 'Alpha Works', category: 'RNG' }]);
    // A game takes no name map: that is the vendor's field.
    expect((await call('PATCH', `/admin-api/games/${ids['a-one']}`, risk, { displayNames: { en: 'x' } })).statusCode).toBe(400);
    await call('PATCH', '/admin-api/games/vendors/ALPHA', risk, { displayNames: {} });
    expect(await cardName('en')).toBe('ALPHA Studio');
  });

  it('answers 400 for bad edits and 404 for unknown games or vendors, changing nothing', async () => {
    const cases: [string, unknown, number][] = [
      [`/admin-api/games/${ids['a-one']}`, {}, 400],
      [`/admin-api/games/${ids['a-one']}`, { isHot: 'yes' }, 400],
      [`/admin-api/games/${ids['a-one']}`, { isHot: true, name: 'x' }, 400],
      [`/admin-api/games/${ids['a-one']}`, { sort: 1.5 }, 400],
      [`/admin-api/games/${ids['a-one']}`, { maintenanceMessage: { VI: 'x' } }, 400],
      ['/admin-api/games/abc', { isHot: true }, 400],
      ['/admin-api/games/999999', { isHot: true }, 404],
      ['/admin-api/games/vendors/NOPE', { isHot: true }, 404],
      ['/admin-api/games/vendors/ALPHA', { walletStyle: 'transfer' }, 400],
    ];
    const before = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const [url, body, status] of cases) {
      const res = await call('PATCH', url, risk, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(status);
    }
    const after = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('sets and restarts the jackpot counter; the public call follows', async () => {
    const res = await call('PUT', '/admin-api/games/jackpot', risk, {
      base: 500_000,
      growthPerTick: 100,
      tickMs: 1_000,
      isRestarted: true,
    });
    expect(res.statusCode).toBe(200);
    const pub = (await t.app.inject({ method: 'GET', url: '/lgw/games/jackpot' })).json().value;
    expect(pub).toMatchObject({ base: 500_000, growthPerTick: 100, tickMs: 1_000, startedAt: res.json().value.startedAt });
    expect(pub.value).toBe(500_000 + Math.floor((Date.parse(pub.serverTime) - Date.parse(pub.startedAt)) / 1_000) * 100);
    const audit = await t.database.db.selectFrom('audit_log').select('data').where('action', '=', 'games.jackpot_updated').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.data).toMatchObject({ after: { base: 500_000, growthPerTick: 100, tickMs: 1_000 } });
    expect((await call('PUT', '/admin-api/games/jackpot', risk, { base: -1, growthPerTick: 100, tickMs: 1_000 })).statusCode).toBe(400);
    expect((await call('PUT', '/admin-api/games/jackpot', risk, { base: 1, growthPerTick: 100, tickMs: 10 })).statusCode).toBe(400);

    // Without pools from the house game server, the console shows the counter running on its display rule.
    const view = (await call('GET', '/admin-api/games/jackpot/pools')).json().value;
    expect(view).toMatchObject({ vendorCode: 'HOUSE', isPublishing: false, pools: [], source: 'rule' });
    expect(view.rule).toMatchObject({ base: 500_000, growthPerTick: 100, tickMs: 1_000 });
    expect(view.counter.base).toBe(500_000);
    expect(view.counter.value).toBe(
      500_000 + Math.floor((Date.parse(view.counter.serverTime) - Date.parse(view.rule.startedAt)) / 1_000) * 100,
    );
  });
});
