import { foldText } from '@platform/contracts/text-folding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { type GeneratedGame, writeGeneratedCatalogue } from './games.catalogue-generator.ts';

/**
 * Paging and search over a few thousand generated games, checked against a plain in-memory model
 * of the same rules: visible games filtered, ordered by sort then id, cut into pages.
 */
const GAME_COUNT = 3_000;

describe('game list paging and search on a generated catalogue', () => {
  let t: TestApp;
  let games: (GeneratedGame & { id: number })[];

  beforeAll(async () => {
    t = await buildTestApp();
    const merchant = await createMerchant(t.database.db);
    const generated = await writeGeneratedCatalogue(t.database.db, merchant.id, { count: GAME_COUNT, vendorCount: 6, seed: 20261122 });
    const rows = await t.database.db.selectFrom('games').select(['id', 'code']).execute();
    const idOf = new Map(rows.map((r) => [r.code, Number(r.id)]));
    games = generated.map((g) => ({ ...g, id: idOf.get(g.code) as number }));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  type Filter = {
    gameType?: string;
    vassalage?: string;
    gameClassify?: string;
    gameName?: string;
    minBetCents?: number;
    minLineNum?: number;
  };

  function model(filter: Filter): string[] {
    const needle = filter.gameName ? foldText(filter.gameName) : undefined;
    return games
      .filter((g) => !filter.gameType || g.category === filter.gameType)
      .filter((g) => !filter.vassalage || g.vendorCode === filter.vassalage)
      .filter((g) => !filter.gameClassify || g.classify.includes(filter.gameClassify))
      .filter((g) => filter.minBetCents === undefined || g.minBetCents <= filter.minBetCents)
      .filter((g) => filter.minLineNum === undefined || g.minLines <= filter.minLineNum)
      .filter((g) => !needle || Object.values(g.name).some((n) => foldText(n).includes(needle)) || g.code.includes(needle))
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((g) => g.code);
  }

  async function allPages(filter: Filter, pageSize = 21): Promise<{ codes: string[]; totalPages: number; totalCount: number }> {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) {
      if (key === 'minBetCents') params.set('minBet', (Number(value) / 100).toFixed(2));
      else params.set(key, String(value));
    }
    params.set('pageSize', String(pageSize));
    const codes: string[] = [];
    let totalPages = 1;
    let totalCount = 0;
    for (let pageNo = 1; pageNo <= totalPages; pageNo++) {
      params.set('pageNo', String(pageNo));
      const res = await t.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?${params}` });
      expect(res.statusCode).toBe(200);
      const value = res.json().value;
      totalPages = value.totalPages;
      totalCount = value.totalCount;
      expect(value.games.length).toBeLessThanOrEqual(pageSize);
      codes.push(...value.games.map((g: { gameCode: string }) => g.gameCode));
    }
    return { codes, totalPages, totalCount };
  }

  const filters: Filter[] = [
    { gameType: 'RNG', vassalage: 'GEN2' },
    { gameType: 'LIVE' },
    { gameClassify: 'TG', vassalage: 'GEN1' },
    { gameName: 'rong vang' },
    { gameName: 'PHƯỢNG HOÀNG', gameType: 'RNG' },
    { gameName: 'dong xu', minBetCents: 10 },
    { minBetCents: 5, minLineNum: 3, vassalage: 'GEN4' },
    { gameName: 'gold 12' },
    { gameName: 'no such game' },
  ];

  for (const filter of filters) {
    it(`pages ${JSON.stringify(filter)} exactly as the model orders and cuts it`, async () => {
      const expected = model(filter);
      // Every filter but the last finds games, so the comparison means something.
      if (filter.gameName !== 'no such game') expect(expected.length).toBeGreaterThan(0);
      const { codes, totalPages, totalCount } = await allPages(filter);
      expect(codes).toEqual(expected);
      expect(totalCount).toBe(expected.length);
      expect(totalPages).toBe(Math.max(1, Math.ceil(expected.length / 21)));
    });
  }

  it('has the trigram index that serves infix name search on this database', async () => {
    const index = await t.database.db
      .selectFrom('pg_indexes' as never)
      .select('indexname' as never)
      .where('indexname' as never, '=', 'games_search_trgm_idx' as never)
      .executeTakeFirst();
    expect(index).toEqual({ indexname: 'games_search_trgm_idx' });
  });

  it('gives the default page size of 21 and an empty page past the end', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameList' })).json().value;
    expect(first.games).toHaveLength(21);
    expect(first.totalCount).toBe(GAME_COUNT);
    expect(first.totalPages).toBe(Math.ceil(GAME_COUNT / 21));
    const past = (await t.app.inject({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?pageNo=${first.totalPages + 1}` })).json().value;
    expect(past.games).toEqual([]);
  });

  it('searches Vietnamese names whatever the accents and case the player types', async () => {
    const target = games.find((g) => g.name.vi?.includes('Đ'));
    expect(target).toBeDefined();
    const word = (target?.name.vi ?? '').split(' ').find((w) => w.includes('Đ')) as string;
    const variants = [word, word.toLowerCase(), foldText(word), foldText(word).toUpperCase()];
    const results = await Promise.all(variants.map(async (v) => (await allPages({ gameName: v }, 100)).codes));
    for (const result of results) expect(result).toEqual(results[0]);
    expect(results[0]).toContain(target?.code);
  });
});
