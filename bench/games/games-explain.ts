import { type Database, openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { writeGeneratedCatalogue } from '@platform/server/modules/games/games.catalogue-generator';
import * as repo from '@platform/server/modules/games/games.repository';
import { type Compilable, sql } from 'kysely';

/**
 * Prints the plans of the game-list queries on a generated catalogue (BENCH_GAMES, default 20000),
 * on PGlite (BENCH_DB=pglite, default) or on a PostgreSQL database given by BENCH_DATABASE_URL.
 * Run from bench/: node --import tsx games/games-explain.ts
 */
const gameCount = Number(process.env.BENCH_GAMES ?? 20_000);
const url = process.env.BENCH_DATABASE_URL;
const database: Database = url
  ? await openDatabase({ kind: 'postgres', connectionString: url, poolSize: 2 })
  : await openDatabase({ kind: 'pglite', dataDir: undefined });
try {
  await migrateToLatest(database.db);
  const merchant = await database.db
    .insertInto('merchants')
    .values({ code: `explain${Date.now()}`, name: 'Explain', currency: 'VND' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeGeneratedCatalogue(database.db, merchant.id, { count: gameCount, vendorCount: 40, seed: 42 });
  await sql`ANALYZE`.execute(database.db);
  const cases: [string, repo.GameFilter][] = [
    ['category page', { category: 'LIVE' }],
    ['vendor page', { vendorCode: 'GEN3' }],
    ['hot', { category: 'RNG', isHot: true }],
    ['classify', { classify: 'TG' }],
    ['name search', { nameContains: 'rong vang' }],
  ];
  for (const [label, filter] of cases) {
    for (const [part, query] of Object.entries(repo.explainGameQueries(database.db, merchant.id, filter, { limit: 21, offset: 21 }))) {
      const compiled = (query as Compilable).compile();
      const plan = await sql.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${inline(compiled.sql, compiled.parameters)}`).execute(database.db);
      console.log(`\n== ${label}: ${part}`);
      for (const row of plan.rows as Record<string, string>[]) console.log(Object.values(row)[0]);
    }
  }
} finally {
  await database.close();
}

function inline(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = parameters[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}
