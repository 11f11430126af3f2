import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginAs } from '../../test/games-helpers.ts';
import { DEMO_GAME_VENDORS } from './demo-games.ts';
import { seedDemoData } from './demo-seed.ts';

describe('the demo catalogue', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ DEMO_VENDOR_URL: 'http://demo-vendor.test:9000', HOUSE_GAMES_URL: 'http://house-games.test:9100' });
    await seedDemoData(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the Lotus Studio and Lotus Transfer Studio games, with no picture (the site draws their artwork)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?gameType=RNG&language=en' });
    const games = res.json().value.games as { gameCode: string; vendor: string; gameClassify: string[]; imageUrl: string }[];
    expect(games.map((g) => `${g.vendor}/${g.gameCode}`)).toEqual([
      'DEMO/lucky-sevens',
      'DEMOTX/tx-lucky-wheel',
      'DEMO/fruit-spin',
      'DEMO/dragon-dice',
      'DEMO/gold-coin-flip',
    ]);
    // A fixed picture would carry one language's name; the site draws each game's in the member's language.
    for (const game of games) expect(game.imageUrl).toBe('');
    const lanes = (await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_newGameVendor' })).json().value;
    const rngLane = (lanes as { gameType: string; cards: { vassalage: string; displayName: string; walletStyle: string }[] }[]).find(
      (lane) => lane.gameType === 'RNG',
    );
    expect(rngLane?.cards.map((c) => [c.vassalage, c.displayName, c.walletStyle])).toEqual([
      ['DEMO', 'Lotus Studio', 'seamless'],
      ['DEMOTX', 'Lotus Transfer Studio', 'transfer'],
    ]);
  });

  it('lists the house crash game in the CRASH category', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?gameType=CRASH&language=vi' });
    const games = res.json().value.games as { gameCode: string; vendor: string; imageUrl: string }[];
    expect(games.map((g) => `${g.vendor}/${g.gameCode}`)).toEqual(['HOUSE/crash']);
    expect(games[0]?.imageUrl).toBe('');
  });

  it('lists the house baccarat tables in the LIVE category, under the baccarat subtype', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?gameType=LIVE&gameClassify=baccarat&language=en' });
    const games = res.json().value.games as { gameCode: string; vendor: string }[];
    expect(games.map((g) => `${g.vendor}/${g.gameCode}`).sort()).toEqual(['HOUSE/baccarat', 'HOUSE/baccarat-nc']);
  });

  it('lists two tables each of dragon tiger, sic bo and roulette in the LIVE category, each under its subtype', async () => {
    const codesOf = async (classify: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/wps/relay/GCSGAME_gameList?gameType=LIVE&gameClassify=${classify}&language=vi`,
      });
      return (res.json().value.games as { gameCode: string; vendor: string }[]).map((g) => `${g.vendor}/${g.gameCode}`).sort();
    };
    expect(await codesOf('dragontiger')).toEqual(['HOUSE/dragon-tiger', 'HOUSE/dragon-tiger-vip']);
    expect(await codesOf('sicbo')).toEqual(['HOUSE/sicbo', 'HOUSE/sicbo-vip']);
    expect(await codesOf('roulette')).toEqual(['HOUSE/roulette', 'HOUSE/roulette-vip']);
  });

  it('fills MINIGAMES, ARCADE and TABLE with the house single-player games, in the classes AC, VP and TG', async () => {
    const listOf = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?${query}&language=en` });
      return (res.json().value.games as { gameCode: string; vendor: string }[]).map((g) => `${g.vendor}/${g.gameCode}`).sort();
    };
    expect(await listOf('gameType=MINIGAMES')).toEqual(['HOUSE/dice', 'HOUSE/hi-lo', 'HOUSE/mines']);
    expect(await listOf('gameType=ARCADE')).toEqual(['HOUSE/plinko', 'HOUSE/video-poker']);
    expect(await listOf('gameType=TABLE')).toEqual(['HOUSE/blackjack']);
    expect(await listOf('gameType=ARCADE&gameClassify=VP')).toEqual(['HOUSE/video-poker']);
    expect(await listOf('gameType=MINIGAMES&gameClassify=AC')).toEqual(['HOUSE/dice', 'HOUSE/hi-lo', 'HOUSE/mines']);
    expect(await listOf('gameType=TABLE&gameClassify=TG')).toEqual(['HOUSE/blackjack']);
  });

  it('lists the house cockfight in the COCKFIGHT menu, and the vendor entry launches it without naming the game', async () => {
    const menus = await t.app.inject({ method: 'GET', url: '/lgw/games/game_menus?language=vi' });
    const cockfight = (menus.json().value as { gameType: string; vendors: { vassalage: string }[] }[]).find(
      (m) => m.gameType === 'COCKFIGHT',
    );
    expect(cockfight?.vendors.map((v) => v.vassalage)).toEqual(['HOUSE']);
    const player = await t.database.db.selectFrom('members').select('id').where('username', '=', 'player01').executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: await loginAs(t.app, player.id),
      payload: { vendor: 'HOUSE', gameType: 'COCKFIGHT', language: 'vi' },
    });
    expect(res.statusCode).toBe(200);
    expect(new URL(res.json().value.content).pathname).toBe('/game/cockfight');
  });

  it('lists the house sportsbook under SPORTS and each e-sports brand as its own ESPORTS vendor with one game', async () => {
    const listOf = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?${query}&language=en` });
      return (res.json().value.games as { gameCode: string; vendor: string }[]).map((g) => `${g.vendor}/${g.gameCode}`).sort();
    };
    expect(await listOf('gameType=SPORTS')).toEqual(['HOUSE/sportsbook']);
    expect(await listOf('gameType=ESPORTS')).toEqual([
      'AI/sportsbook-ai',
      'AV/sportsbook-av',
      'IA/sportsbook-ia',
      'IMES/sportsbook-imes',
      'TF/sportsbook-tf',
    ]);
    const lanes = (await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_newGameVendor?language=vi' })).json().value as {
      gameType: string;
      cards: { vassalage: string; displayName: string; isMaintenance: boolean }[];
    }[];
    const esports = lanes.find((lane) => lane.gameType === 'ESPORTS');
    expect(esports?.cards.map((c) => [c.vassalage, c.displayName])).toEqual([
      ['AV', 'AV E-sports'],
      ['AI', 'AI E-sports'],
      ['IMES', 'IM E-sports'],
      ['TF', 'TF Gaming'],
      ['IA', 'IA E-sports'],
    ]);
    expect(lanes.find((lane) => lane.gameType === 'SPORTS')?.cards.map((c) => c.vassalage)).toEqual(['HOUSE']);
  });

  it('launches every demo game at the demo vendor, with the token, language and return address', async () => {
    // Two members: one member may launch 30 games a minute, and the catalogue has more.
    const members = await t.database.db
      .selectFrom('members')
      .select('id')
      .where('username', 'in', ['player01', 'player02'])
      .orderBy('username')
      .execute();
    const logins = await Promise.all(members.map(async (m) => ({ id: m.id, headers: await loginAs(t.app, m.id) })));
    for (const [vendorIndex, vendor] of DEMO_GAME_VENDORS.entries()) {
      const login = logins[vendorIndex % 2];
      if (!login) throw new Error('the demo has player01 and player02');
      const { headers } = login;
      const player = { id: login.id };
      for (const game of vendor.games) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/wps/game/launchGame',
          headers,
          payload: { vendor: vendor.code, gameCode: game.code, gameType: game.category, language: 'vi' },
        });
        expect(res.statusCode, game.code).toBe(200);
        const url = new URL(res.json().value.content);
        // The house game server runs the HOUSE games and the e-sports brands' sportsbook.
        const base = vendor.code.startsWith('DEMO') ? 'http://demo-vendor.test:9000' : 'http://house-games.test:9100';
        expect(`${url.origin}${url.pathname}`).toBe(`${base}/game/${game.code}`);
        expect(url.searchParams.get('lang')).toBe('vi');
        expect(url.searchParams.get('return')).toBe('http://localhost:80/');
        const session = await t.app.services.gameSessions.findByToken(url.searchParams.get('token') ?? '');
        expect(session).toMatchObject({ memberId: player.id, vendorCode: vendor.code, gameCode: game.code, isActive: true });
      }
    }
  });
});
