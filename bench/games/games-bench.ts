import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { buildApp } from '@platform/server/app';
import { type Database, openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { parseEnv } from '@platform/server/env';
import { writeGeneratedCatalogue } from '@platform/server/modules/games/games.catalogue-generator';
import { sql } from 'kysely';
import pg from 'pg';
import { positiveInt, withDatabase } from '../lib/bench-support.ts';

/**
 * Game-list throughput on a generated 20,000-game catalogue, against the same server's /healthz in
 * the same run. The server runs in this process and listens on a local port; C clients send
 * requests over keep-alive HTTP for T seconds per workload:
 *
 *   healthz   GET /healthz (no database): the reference
 *   browse    the first three pages of each category and of each vendor, as players browse
 *             (served mostly from the catalogue cache)
 *   search    a name search (two words without accents), a category and a minimum bet, on one
 *             of the first pages: tens of thousands of distinct queries, so mostly cache misses
 *             that reach the database
 *
 *   BENCH_DB            postgres (default) or pglite
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_CLIENTS       concurrent clients (default 8)
 *   BENCH_SECONDS       duration of each workload (default 15)
 *   BENCH_GAMES         games in the catalogue (default 20000)
 */

const kind = process.env.BENCH_DB ?? 'postgres';
if (kind !== 'postgres' && kind !== 'pglite') throw new Error('BENCH_DB must be postgres or pglite');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const clientCount = positiveInt('BENCH_CLIENTS', 8);
const seconds = positiveInt('BENCH_SECONDS', 15);
const gameCount = positiveInt('BENCH_GAMES', 20_000);
const VENDOR_COUNT = 40;
const CATEGORIES = [
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
  'CRASH',
  'TABLE',
  'MINIGAMES',
  'ARCADE',
  'JACKPOT',
];
const SEARCH_WORDS = [
  'rong',
  'vang',
  'phuong',
  'hoang',
  'dong',
  'xu',
  'trai',
  'cay',
  'kho',
  'bau',
  'su',
  'tu',
  'ngoc',
  'dai',
  'duong',
  'gold',
  'dragon',
  'pearl',
];
const MIN_BETS = ['', '0.01', '0.05', '0.1', '0.5', '0.75'];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

const workloads: Record<string, () => string> = {
  healthz: () => '/healthz',
  browse: () => {
    const page = 1 + Math.floor(Math.random() * 3);
    return Math.random() < 0.5
      ? `/wps/relay/GCSGAME_gameList?gameType=${pick(CATEGORIES)}&pageNo=${page}&language=vi`
      : `/wps/relay/GCSGAME_gameList?vassalage=GEN${Math.floor(Math.random() * VENDOR_COUNT)}&pageNo=${page}&language=vi`;
  },
  search: () => {
    const name = encodeURIComponent(`${pick(SEARCH_WORDS)} ${pick(SEARCH_WORDS)}`.slice(0, 4 + Math.floor(Math.random() * 8)));
    return `/wps/relay/GCSGAME_gameList?gameName=${name}&gameType=${pick(['', ...CATEGORIES])}&minBet=${pick(MIN_BETS)}&pageNo=${1 + Math.floor(Math.random() * 2)}&language=vi`;
  },
};

async function drive(
  base: string,
  path: () => string,
): Promise<{ requests: number; errors: number; elapsedMs: number; p50: number; p99: number }> {
  let requests = 0;
  let errors = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clientCount }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const res = await fetch(base + path());
          await res.arrayBuffer();
          if (res.status !== 200) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - t0);
        requests += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests, errors, elapsedMs: performance.now() - started, p50: at(0.5), p99: at(0.99) };
}

async function main(): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1, 5, 15 min)`,
  );
  const databaseName = `bench_games_${randomBytes(4).toString('hex')}`;
  let database: Database;
  if (kind === 'postgres') {
    await admin((c) => c.query(`CREATE DATABASE ${databaseName}`));
    database = await openDatabase({ kind: 'postgres', connectionString: withDatabase(adminUrl, databaseName), poolSize: clientCount });
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: undefined });
  }
  try {
    await migrateToLatest(database.db);
    const merchant = await database.db
      .insertInto('merchants')
      .values({ code: 'bench', name: 'Bench', currency: 'VND' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const setupStarted = performance.now();
    await writeGeneratedCatalogue(database.db, merchant.id, { count: gameCount, vendorCount: VENDOR_COUNT, seed: 42 });
    await sql`ANALYZE`.execute(database.db);
    console.log(
      `games: ${gameCount} games of ${VENDOR_COUNT} vendors on ${kind} (written in ${Math.round(performance.now() - setupStarted)} ms)`,
    );

    const env = parseEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      JOBS_ENABLED: 'false',
      WEB_DIST_DIR: '/nonexistent',
      SEED_DEMO_DATA: 'false',
      // Production requires the key of secrets at rest; the bench signs no one in with a second factor.
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    });
    const app = await buildApp({ env, database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      // Warm-up: plans, JIT and the first cache entries.
      for (const path of Object.values(workloads)) await fetch(base + path()).then((r) => r.arrayBuffer());
      const results: Record<string, Awaited<ReturnType<typeof drive>>> = {};
      for (const [name, path] of Object.entries(workloads)) {
        results[name] = await drive(base, path);
        const r = results[name];
        const rate = (r.requests / r.elapsedMs) * 1000;
        console.log(
          `${name.padEnd(8)} ${Math.round(rate).toString().padStart(7)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}`,
        );
      }
      const rateOf = (name: string) => {
        const r = results[name];
        return r ? r.requests / r.elapsedMs : 0;
      };
      const browse = rateOf('browse') / rateOf('healthz');
      const search = rateOf('search') / rateOf('healthz');
      console.log(`ratio browse/healthz ${browse.toFixed(2)}  search/healthz ${search.toFixed(2)}`);
      // The goals of the hot-paths issue, judged on this run's ratios.
      console.log(`goal browse ≥ 0.6 of /healthz: ${browse >= 0.6 ? 'met' : 'not met'}`);
      console.log(`goal search ≥ 0.4 of /healthz: ${search >= 0.4 ? 'met' : 'not met'}`);
      if (Object.values(results).some((r) => r.errors > 0)) process.exitCode = 1;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (kind === 'postgres') await admin((c) => c.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  }
}

await main();
