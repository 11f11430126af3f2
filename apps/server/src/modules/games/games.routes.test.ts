import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { addVendorWithGames, loginAs } from '../../../test/games-helpers.ts';
import { cdnSetting } from '../system/system.settings.ts';

/**
 * The player-facing catalogue calls: who may call them, what bad input gets, and what a caller
 * sees. Vendors: ALPHA (seamless, normal), BETA (under maintenance), GAMMA (switched off).
 */
describe('game catalogue calls', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  let betaIds: Record<string, number>;
  let gammaIds: Record<string, number>;
  let player: { authorization: string };
  let otherPlayer: { authorization: string };
  let trial: { authorization: string };
  let playerId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const merchant = await createMerchant(db);
    ({ ids } = await addVendorWithGames(db, merchant.id, { code: 'ALPHA', categories: ['RNG', 'LIVE'], sort: 1 }, [
      { code: 'a-slot', name: { vi: 'Rồng Vàng', en: 'Golden Dragon' }, isHot: true, classify: ['SC', 'slot'], minBetCents: 1 },
      { code: 'a-table', name: { vi: 'Bàn Rồng', en: 'Dragon Table' }, classify: ['TG'], isTrialSupported: false, minBetCents: 50 },
      { code: 'a-live', category: 'LIVE', classify: ['baccarat'], isHot: true, name: { vi: 'Baccarat trực tiếp', en: 'Live Baccarat' } },
      { code: 'a-off', isEnabled: false },
      { code: 'a-maint', isMaintenance: true },
    ]));
    await db
      .updateTable('games')
      .set({ maintenance_message: JSON.stringify({ vi: 'Bảo trì đến 10h', en: 'Back at 10:00' }) })
      .where('id', '=', ids['a-maint']!)
      .execute();
    ({ ids: betaIds } = await addVendorWithGames(
      db,
      merchant.id,
      { code: 'BETA', sort: 2, isMaintenance: true, maintenanceMessage: { en: 'Vendor upgrade' } },
      [{ code: 'b-slot' }],
    ));
    ({ ids: gammaIds } = await addVendorWithGames(db, merchant.id, { code: 'GAMMA', sort: 3, isEnabled: false }, [{ code: 'g-slot' }]));
    const p = await createMember(db, merchant);
    const o = await createMember(db, merchant);
    const tr = await createMember(db, merchant, { accountType: 4 });
    playerId = p.id;
    player = await loginAs(t.app, p.id);
    otherPlayer = await loginAs(t.app, o.id);
    trial = await loginAs(t.app, tr.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  describe('catalogue reads (no session needed)', () => {
    it('lists menus and vendor lanes per category, leaving out switched-off vendors', async () => {
      const menus = await get('/lgw/games/game_menus?language=en');
      expect(menus.statusCode).toBe(200);
      const menuValue = menus.json().value as { gameType: string; title: string; vendors: { vassalage: string }[] }[];
      expect(menuValue.map((m) => m.gameType)).toEqual(['LIVE', 'RNG']);
      expect(menuValue.find((m) => m.gameType === 'RNG')?.vendors.map((v) => v.vassalage)).toEqual(['ALPHA', 'BETA']);

      const lanes = await get('/wps/relay/GCSGAME_newGameVendor', { lang: 'vi' });
      expect(lanes.statusCode).toBe(200);
      const rng = (lanes.json().value as { gameType: string; title: string; cards: unknown[]; gameClassify?: unknown }[]).find(
        (l) => l.gameType === 'RNG',
      );
      expect(rng?.title).toBe('Nổ hũ');
      expect(rng?.cards[0]).toMatchObject({
        vassalage: 'ALPHA',
        displayName: 'ALPHA Studio',
        isHot: 0,
        gameType: 'RNG',
        isMaintenance: false,
      });
      expect(rng?.cards[1]).toMatchObject({ vassalage: 'BETA', isMaintenance: true, maintenanceMessage: 'Vendor upgrade' });
      expect(rng?.gameClassify).toEqual([
        { gameClassify: 'SC', vendors: ['ALPHA', 'BETA'] },
        { gameClassify: 'TG', vendors: ['ALPHA'] },
      ]);
    });

    it('pages the game list with the spec fields, names in the language asked for', async () => {
      const res = await get('/wps/relay/GCSGAME_gameList?clientType=3&platform=&gameType=RNG&language=en&pageNo=1&pageSize=21');
      expect(res.statusCode).toBe(200);
      const value = res.json().value;
      expect(value.games.map((g: { gameCode: string }) => g.gameCode)).toEqual(['a-slot', 'b-slot', 'a-table', 'a-maint']);
      expect(value).toMatchObject({ totalPages: 1, totalCount: 4, pageNo: 1, pageSize: 21 });
      expect(value.games[0]).toMatchObject({
        nodeId: ids['a-slot'],
        gameName: 'Golden Dragon',
        gameType: 'RNG',
        vendor: 'ALPHA',
        vassalage: 'ALPHA',
        isHot: 1,
        minBet: 0.01,
        gameClassify: ['SC', 'slot'],
        imageUrl: '/games/a-slot.svg',
      });
      expect(value.games[3]).toMatchObject({ gameCode: 'a-maint', isMaintenance: true, maintenanceMessage: 'Back at 10:00' });
      expect(value.games[1]).toMatchObject({ gameCode: 'b-slot', isMaintenance: true, maintenanceMessage: 'Vendor upgrade' });
    });

    it('filters by vendor, class, minimum bet and an accent-free name', async () => {
      const codes = async (query: string) =>
        ((await get(`/wps/relay/GCSGAME_gameList?${query}`)).json().value.games as { gameCode: string }[]).map((g) => g.gameCode);
      expect(await codes('vassalage=BETA')).toEqual(['b-slot']);
      expect(await codes('gameClassify=TG')).toEqual(['a-table']);
      expect(await codes('minBet=0.05&vassalage=ALPHA')).toEqual(['a-slot', 'a-live', 'a-maint']);
      expect(await codes('gameName=rong vang')).toEqual(['a-slot']);
      expect(await codes('gameName=RỒNG')).toEqual(['a-slot', 'a-table']);
      expect(await codes('gameName=dragon')).toEqual(['a-slot', 'a-table']);
      expect(await codes('gameName=100%')).toEqual([]);
    });

    it('answers 400 with a whole sentence for bad list parameters', async () => {
      for (const query of [
        'pageSize=0',
        'pageSize=101',
        'pageNo=0',
        'gameType=POKER',
        'minBet=abc',
        'minBet=0.001',
        'vassalage=a%20b',
        'minLineNum=-1',
      ]) {
        const res = await get(`/wps/relay/GCSGAME_gameList?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'bad_request' });
        // A whole sentence that names the field in words, never the parameter's name.
        expect(res.json().message, query).toMatch(/[.!?]$/);
        expect(res.json().message, query).not.toContain(query.split('=')[0]);
      }
    });

    it('answers 400 for a bad language, vendor or flag on the other catalogue calls', async () => {
      for (const url of [
        '/lgw/games/game_menus?language=v1',
        '/wps/relay/GCSGAME_newGameVendor?language=english-uk',
        '/wps/relay/GCSGAME_hotGamesV2?vassalage=a%20b',
        '/wps/relay/GCSGAME_hotGamesV2?isPlatform=x',
        '/lgw/games/popular?gameType=nope',
      ]) {
        const res = await get(url);
        expect([res.statusCode, res.json().code], url).toEqual([400, 'bad_request']);
      }
    });

    it('gives every hot game at once by type, the seven spec types always present', async () => {
      const res = await get('/wps/relay/GCSGAME_hotGamesV2?merchantCode=x&isPlatform=2&platform=web&language=en');
      expect(res.statusCode).toBe(200);
      const value = res.json().value as Record<string, { gameCode: string }[]>;
      for (const type of ['ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP']) expect(value[type], type).toBeInstanceOf(Array);
      expect(value.RNG?.map((g) => g.gameCode)).toEqual(['a-slot']);
      expect(value.LIVE?.map((g) => g.gameCode)).toEqual(['a-live']);
    });

    it("gives a vendor's game types and classes, 404 for an unknown or switched-off vendor", async () => {
      const res = await get('/wps/relay/GCSGAME_getVassGameType?vassalage=ALPHA');
      expect(res.statusCode).toBe(200);
      expect(res.json().value).toEqual({
        vassalage: 'ALPHA',
        displayName: 'ALPHA Studio',
        gameTypes: ['LIVE', 'RNG'],
        gameClassify: ['SC', 'TG', 'baccarat', 'slot'],
      });
      expect((await get('/wps/relay/GCSGAME_getVassGameType?vassalage=GAMMA')).statusCode).toBe(404);
      expect((await get('/wps/relay/GCSGAME_getVassGameType?vassalage=NOPE')).statusCode).toBe(404);
      expect((await get('/wps/relay/GCSGAME_getVassGameType')).statusCode).toBe(400);
    });

    it('gives the jackpot rule with the server time, the value following it', async () => {
      const res = await get('/lgw/games/jackpot');
      expect(res.statusCode).toBe(200);
      const v = res.json().value;
      expect(v).toMatchObject({ growthPerTick: 16_511, tickMs: 3_000, scale: 2 });
      const ticks = Math.floor((Date.parse(v.serverTime) - Date.parse(v.startedAt)) / v.tickMs);
      expect(v.value).toBe(v.base + ticks * v.growthPerTick);
    });

    it('replaces the image host placeholder with a configured image host', async () => {
      const merchant = await t.app.services.merchants.current();
      await t.app.services.settings.set(
        merchant.id,
        cdnSetting,
        { imageCDNs: ['https://img1.example/', 'https://img2.example'], launchGameCDNs: [] },
        'test',
      );
      try {
        const res = await get('/wps/relay/GCSGAME_gameList?vassalage=ALPHA&gameType=RNG');
        for (const game of res.json().value.games as { imageUrl: string; gameCode: string }[]) {
          expect(game.imageUrl).toMatch(/^https:\/\/img[12]\.example\/games\/[a-z-]+\.svg$/);
          expect(game.imageUrl.endsWith(`/games/${game.gameCode}.svg`)).toBe(true);
        }
      } finally {
        await t.app.services.settings.set(merchant.id, cdnSetting, { imageCDNs: [], launchGameCDNs: [] }, 'test');
      }
    });
  });

  describe('favourites', () => {
    const paths = [
      ['GET', '/wps/relay/MCSFE_getFavoriteGames'],
      ['GET', '/wps/relay/MCSFE_getFavoriteGamesList'],
      ['POST', '/wps/relay/MCSFE_addFavoriteGame'],
      ['POST', '/wps/relay/MCSFE_removeFavoriteGame'],
    ] as const;

    it('need a session', async () => {
      for (const [method, url] of paths) {
        const res = await t.app.inject({
          method,
          url,
          ...(method === 'POST' ? { payload: { nodeId: ids['a-slot'], vendor: 'ALPHA', gameType: 'RNG' } } : {}),
        });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().code).toBe('unauthorized');
      }
    });

    it('adds, lists and removes a favourite; adding twice changes nothing', async () => {
      const body = { nodeId: ids['a-slot'], vendor: 'ALPHA', gameType: 'RNG' };
      expect((await post('/wps/relay/MCSFE_addFavoriteGame', body, player)).json().value).toEqual({
        nodeId: ids['a-slot'],
        isFavorite: true,
      });
      expect((await post('/wps/relay/MCSFE_addFavoriteGame', body, player)).statusCode).toBe(200);
      await post('/wps/relay/MCSFE_addFavoriteGame', { nodeId: ids['a-live'], vendor: 'ALPHA', gameType: 'LIVE' }, player);

      expect((await get('/wps/relay/MCSFE_getFavoriteGames?gameType=RNG', player)).json().value).toEqual([ids['a-slot']]);
      const list = (await get('/wps/relay/MCSFE_getFavoriteGamesList?pageNo=1&pageSize=1', player)).json().value;
      expect(list).toMatchObject({ totalPages: 2, totalCount: 2 });
      expect(list.content).toHaveLength(1);

      await post('/wps/relay/MCSFE_removeFavoriteGame', { nodeId: ids['a-live'], vendor: 'ALPHA', gameType: 'LIVE' }, player);
      expect((await get('/wps/relay/MCSFE_getFavoriteGames', player)).json().value).toEqual([ids['a-slot']]);
    });

    it("never shows one member's favourites to another", async () => {
      await post('/wps/relay/MCSFE_addFavoriteGame', { nodeId: ids['a-table'], vendor: 'ALPHA', gameType: 'RNG' }, player);
      expect((await get('/wps/relay/MCSFE_getFavoriteGames', otherPlayer)).json().value).toEqual([]);
      expect((await get('/wps/relay/MCSFE_getFavoriteGamesList', otherPlayer)).json().value).toMatchObject({
        content: [],
        totalCount: 0,
        totalPages: 1,
      });
    });

    it('refuses unknown, switched-off or mismatched games and unknown fields', async () => {
      const add = (payload: unknown) => post('/wps/relay/MCSFE_addFavoriteGame', payload, player);
      expect((await add({ nodeId: 999_999, vendor: 'ALPHA', gameType: 'RNG' })).json().code).toBe('game_not_found');
      expect((await add({ nodeId: ids['a-off'], vendor: 'ALPHA', gameType: 'RNG' })).json().code).toBe('game_not_found');
      expect((await add({ nodeId: gammaIds['g-slot'], vendor: 'GAMMA', gameType: 'RNG' })).json().code).toBe('game_not_found');
      const mismatch = await add({ nodeId: ids['a-slot'], vendor: 'BETA', gameType: 'RNG' });
      expect([mismatch.statusCode, mismatch.json().code]).toEqual([400, 'bad_request']);
      expect((await add({ nodeId: ids['a-slot'], vendor: 'ALPHA', gameType: 'LIVE' })).statusCode).toBe(400);
      expect((await add({ nodeId: ids['a-slot'], vendor: 'ALPHA', gameType: 'RNG', extra: 1 })).statusCode).toBe(400);
      expect((await add({ vendor: 'ALPHA', gameType: 'RNG' })).statusCode).toBe(400);
      expect((await add({ nodeId: 'x', vendor: 'ALPHA', gameType: 'RNG' })).statusCode).toBe(400);
    });
  });

  describe('launch', () => {
    const launch = (body: unknown, headers: Record<string, string> = player) => post('/wps/game/launchGame', body, headers);

    it('needs a session', async () => {
      for (const url of ['/wps/game/launchGame', '/wps/relay/GCS_gameLaunchFB']) {
        const res = await post(url, { vendor: 'ALPHA', gameCode: 'a-slot', gameType: 'RNG' });
        expect(res.statusCode).toBe(401);
      }
    });

    it('opens the vendor URL with a game token that names the member and game, and records the play', async () => {
      const res = await launch({ vendor: 'ALPHA', gameCode: 'a-slot', gameType: 'RNG', language: 'en', returnUrl: '/rng' });
      expect(res.statusCode).toBe(200);
      const value = res.json().value;
      expect(value).toMatchObject({ nodeId: ids['a-slot'], gameCode: 'a-slot', vendor: 'ALPHA', isTrial: false });
      const url = new URL(value.content);
      expect(`${url.origin}${url.pathname}`).toBe('https://alpha.vendor.example/play/a-slot');
      expect(url.searchParams.get('lang')).toBe('en');
      expect(url.searchParams.get('return')).toBe('http://localhost:80/rng');
      const session = await t.app.services.gameSessions.findByToken(url.searchParams.get('token') ?? '');
      expect(session).toMatchObject({
        memberId: playerId,
        vendorCode: 'ALPHA',
        gameCode: 'a-slot',
        gameCategory: 'RNG',
        isTrial: false,
        isActive: true,
      });

      const recent = (await get('/wps/relay/GCS_recentGame', player)).json().value;
      expect(recent.list[0]).toMatchObject({ gameCode: 'a-slot' });
      expect(recent.totalPages).toBe(1);
      expect((await get('/wps/relay/GCS_recentGame', otherPlayer)).json().value).toMatchObject({ list: [], totalCount: 0 });
    });

    it('accepts the other spellings of vendor and game, and launches the first game of a vendor without a code', async () => {
      const aliased = await launch({ accountTypeName: 'ALPHA', code: 'a-live', gameType: 'LIVE' });
      expect(aliased.json().value.gameCode).toBe('a-live');
      const direct = await launch({ vassalage: 'ALPHA', gameType: 'RNG' });
      expect(direct.json().value.gameCode).toBe('a-slot');
    });

    it('gives an HTML page that opens the game from GCS_gameLaunchFB', async () => {
      const res = await post('/wps/relay/GCS_gameLaunchFB', { vendor: 'ALPHA', gameCode: 'a-slot', gameType: 'RNG' }, player);
      expect(res.statusCode).toBe(200);
      const html = res.json().value.content as string;
      expect(html).toMatch(/^<!DOCTYPE html>/);
      expect(html).toMatch(/http-equiv="refresh" content="0;url=https:\/\/alpha\.vendor\.example\/play\/a-slot\?token=[^"&]+&#38;lang=vi/);
    });

    it('refuses bad input, unknown, switched-off and maintained games with their codes', async () => {
      const cases: [unknown, number, string][] = [
        [{ gameCode: 'a-slot', gameType: 'RNG' }, 400, 'bad_request'],
        [{ vendor: 'ALPHA', gameCode: 'a-slot' }, 400, 'bad_request'],
        [{ vendor: 'ALPHA', gameCode: 'a-slot', gameType: 'RNG', surprise: true }, 400, 'bad_request'],
        [{ vendor: 'ALPHA', gameCode: 'a-slot', gameType: 'RNG', returnUrl: 'https://evil.example/' }, 400, 'bad_request'],
        [{ vendor: 'ALPHA', gameCode: 'nope', gameType: 'RNG' }, 404, 'game_not_found'],
        [{ vendor: 'ALPHA', gameCode: 'a-slot', gameType: 'LIVE' }, 404, 'game_not_found'],
        [{ vendor: 'ALPHA', gameCode: 'a-off', gameType: 'RNG' }, 403, 'game_disabled'],
        [{ vendor: 'GAMMA', gameCode: 'g-slot', gameType: 'RNG' }, 403, 'game_disabled'],
        [{ vendor: 'ALPHA', gameCode: 'a-maint', gameType: 'RNG' }, 503, 'game_maintenance'],
        [{ vendor: 'BETA', gameCode: 'b-slot', gameType: 'RNG' }, 503, 'game_maintenance'],
      ];
      for (const [body, status, code] of cases) {
        const res = await launch(body);
        expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([status, code]);
      }
      const maint = await launch({ vendor: 'ALPHA', gameCode: 'a-maint', gameType: 'RNG' }, { ...player, lang: 'en' });
      expect(maint.json().message).toContain('Back at 10:00');
      expect(betaIds['b-slot']).toBeGreaterThan(0);
    });

    it('lets a trial account play only games with trial play', async () => {
      const refused = await launch({ vendor: 'ALPHA', gameCode: 'a-table', gameType: 'RNG' }, trial);
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'in_need_true_account']);
      const allowed = await launch({ vendor: 'ALPHA', gameCode: 'a-slot', gameType: 'RNG' }, trial);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().value.isTrial).toBe(true);
    });

    it('refuses a member on a break (responsible gaming), issuing no token', async () => {
      const merchant = await t.app.services.merchants.current();
      const resting = await createMember(t.database.db, merchant);
      await t.app.services.responsibleGaming.takeBreak(resting.id, 1, { ip: null });
      // A break ends the member's sessions and refuses logins; a session made past those checks
      // shows that launch checks on its own.
      const headers = await loginAs(t.app, resting.id);
      const count = async () =>
        Number(
          (
            await t.database.db
              .selectFrom('game_sessions')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const res = await launch({ vendor: 'ALPHA', gameCode: 'a-slot', gameType: 'RNG' }, headers);
      expect([res.statusCode, res.json().code]).toEqual([403, 'rg_on_break']);
      expect(await count()).toBe(before);
      expect((await launch({ vendor: 'ALPHA', gameCode: 'a-slot', gameType: 'RNG' }, otherPlayer)).statusCode).toBe(200);
    });
  });

  describe('launch limit', () => {
    it('limits launches per member, not per address', async () => {
      const merchant = await t.app.services.merchants.current();
      const busy = await loginAs(t.app, (await createMember(t.database.db, merchant)).id);
      const body = { vendor: 'ALPHA', gameCode: 'a-slot', gameType: 'RNG' };
      for (let i = 0; i < 30; i++) expect((await post('/wps/game/launchGame', body, busy)).statusCode).toBe(200);
      const limited = await post('/wps/game/launchGame', body, busy);
      expect([limited.statusCode, limited.json().code]).toEqual([429, 'rate_limited']);
      // Another member from the same address still plays.
      const calm = await loginAs(t.app, (await createMember(t.database.db, merchant)).id);
      expect((await post('/wps/game/launchGame', body, calm)).statusCode).toBe(200);
    });
  });

  describe('recent, popular and rooms', () => {
    it('recent and rooms need a session; bad paging is 400', async () => {
      expect((await get('/wps/relay/GCS_recentGame')).statusCode).toBe(401);
      expect((await get('/wps/relay/GLS2_roomList')).statusCode).toBe(401);
      expect((await get('/wps/relay/GCS_recentGame?pageSize=0', player)).statusCode).toBe(400);
      expect((await get('/wps/relay/GCS_recentGame?gameType=x', player)).statusCode).toBe(400);
    });

    it('lists popular games by launches, leaving out games under maintenance', async () => {
      const res = await get('/lgw/games/popular?count=3&language=en');
      expect(res.statusCode).toBe(200);
      const codes = (res.json().value as { gameCode: string; isMaintenance: boolean }[]).map((g) => g.gameCode);
      // a-slot was launched by the most members in this file; the rest is topped up with hot games.
      expect(codes[0]).toBe('a-slot');
      expect(codes).toHaveLength(3);
      expect(codes).not.toContain('a-maint');
      expect(codes).not.toContain('b-slot');
      expect((await get('/lgw/games/popular?count=0')).statusCode).toBe(400);
      expect((await get('/lgw/games/popular?count=51')).statusCode).toBe(400);
    });

    it('gives an empty room list when no card-room game has rooms, and the rooms once they exist', async () => {
      expect((await get('/wps/relay/GLS2_roomList', player)).json()).toEqual({ success: true, value: { list: [] } });
      const merchant = await t.app.services.merchants.current();
      const { ids: pvp } = await addVendorWithGames(t.database.db, merchant.id, { code: 'CARDS', categories: ['PVP'] }, [
        { code: 'tien-len', category: 'PVP', classify: ['card'] },
      ]);
      await t.database.db
        .insertInto('game_rooms')
        .values({
          game_id: pvp['tien-len']!,
          room_code: 'R1',
          name: JSON.stringify({ vi: 'Phòng 1', en: 'Room 1' }),
          seats: 4,
          min_bet_cents: 100,
        })
        .execute();
      const res = await get('/wps/relay/GLS2_roomList?vassalage=CARDS&language=en', player);
      expect(res.json().value.list).toEqual([
        {
          roomId: expect.any(Number),
          roomCode: 'R1',
          roomName: 'Room 1',
          nodeId: pvp['tien-len'],
          gameCode: 'tien-len',
          vassalage: 'CARDS',
          minBet: 1,
          seats: 4,
          players: 0,
          isOpen: true,
        },
      ]);
    });
  });
});
