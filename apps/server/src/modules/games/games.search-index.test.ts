import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { writeGeneratedCatalogue } from './games.catalogue-generator.ts';
import { type GameFilter, listSearchableGames, pageGames } from './games.repository.ts';
import { buildSearchIndex, type SearchIndex, searchPage } from './games.search-index.ts';

/**
 * The in-memory name search answers what the database answers: the same page and the same count
 * for any filter, compared query by query against `pageGames` on a generated catalogue.
 */
describe('name search in memory', () => {
  let t: TestApp;
  let merchantId: number;
  let index: SearchIndex;
  const words = [
    'rong',
    'vang',
    'rồng vàng',
    'phuong',
    'hoang',
    'xu',
    'x',
    'ng',
    'trai cay',
    'gold',
    'dragon',
    'GEN1',
    'gen',
    'a',
    ' ',
    '%',
    '_',
    'zzzq',
  ];

  beforeAll(async () => {
    t = await buildTestApp();
    const merchant = await createMerchant(t.database.db);
    merchantId = merchant.id;
    await writeGeneratedCatalogue(t.database.db, merchantId, { count: 1_500, vendorCount: 5, seed: 20261127 });
    index = buildSearchIndex(await listSearchableGames(t.database.db, merchantId));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const filters = fc.record(
    {
      nameContains: fc.oneof(fc.constantFrom(...words), fc.string({ minLength: 1, maxLength: 6 })),
      category: fc.constantFrom('RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS'),
      vendorCode: fc.constantFrom('GEN0', 'GEN1', 'GEN4'),
      classify: fc.constantFrom('hot', 'new', 'card', 'jackpot'),
      minBetCentsAtMost: fc.constantFrom(1, 5, 10, 50, 75),
      minLinesAtMost: fc.constantFrom(1, 9, 25, 50),
    },
    { requiredKeys: ['nameContains'] },
  );

  it('gives the same page and count as the database for any filter', async () => {
    await fc.assert(
      fc.asyncProperty(filters, fc.integer({ min: 0, max: 4 }), fc.constantFrom(5, 21), async (filter, pageIndex, limit) => {
        const page = { limit, offset: pageIndex * limit };
        const fromDatabase = await pageGames(t.database.db, merchantId, filter as GameFilter, page);
        const inMemory = searchPage(index, filter, page);
        expect(inMemory.totalCount).toBe(fromDatabase.totalCount);
        expect(inMemory.rows.map((r) => r.id)).toEqual(fromDatabase.rows.map((r) => r.id));
        expect(inMemory.rows).toEqual(fromDatabase.rows);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('finds names whatever their accents and case, and nothing for a piece no name has', () => {
    const plain = searchPage(index, { nameContains: 'rong vang' }, { limit: 5, offset: 0 });
    const accented = searchPage(index, { nameContains: 'RỒNG  Vàng' }, { limit: 5, offset: 0 });
    expect(plain.totalCount).toBeGreaterThan(0);
    expect(accented).toEqual(plain);
    expect(searchPage(index, { nameContains: 'qqqzzz' }, { limit: 5, offset: 0 })).toEqual({ rows: [], totalCount: 0 });
  });
});
