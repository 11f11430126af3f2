import { loadavg } from 'node:os';
import { buildApp } from '@platform/server/app';
import { openDatabase } from '@platform/server/db/database';
import { parseEnv } from '@platform/server/env';
import { totpCode } from '@platform/server/lib/totp';
import { sql } from 'kysely';
import { positiveInt } from '../lib/bench-support.ts';
import { ensureBenchData } from './admin-data.ts';

/**
 * The back office on PostgreSQL with 10,000,000 ledger entries and 10,000,000 bet records
 * (admin-data.ts generates them once into database BENCH_ADMIN_DB and later runs reuse them):
 *
 *   member search     by username prefix, mobile number and e-mail (the member-overview calls)
 *   member records    a member's transactions with a code and time filter, unfiltered, and its bets
 *                     by status, vendor and time
 *   reference         a primary-key lookup of the same tables (members, ledger_entries, bet_records)
 *                     in the same run; each call is reported as a ratio to its table's lookup
 *   CSV export        BENCH_EXPORT_DAYS (default 6) days of settled rounds (about 1,000,000 rows),
 *                     over HTTP through /admin-api/reports/bets.csv, with the process's RSS and heap
 *                     sampled every 50 ms while it streams; the largest growth over the start is printed
 *
 *   BENCH_DATABASE_URL  server (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_ADMIN_DB      database of the generated data (default bench_admin)
 *   BENCH_MEMBERS, BENCH_ENTRIES, BENCH_BETS  sizes (defaults 200000, 10000000, 10000000)
 *   BENCH_REPEAT        calls per measured question (default 200; median and 95th percentile)
 *
 * Both sides run with JIT and parallel workers off: on the shared machine their start-up would
 * measure the machine, not the query.
 */

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const data = await ensureBenchData({
  url,
  database: process.env.BENCH_ADMIN_DB ?? 'bench_admin',
  members: positiveInt('BENCH_MEMBERS', 200_000),
  entries: positiveInt('BENCH_ENTRIES', 10_000_000),
  bets: positiveInt('BENCH_BETS', 10_000_000),
});
const repeat = positiveInt('BENCH_REPEAT', 200);
const exportDays = positiveInt('BENCH_EXPORT_DAYS', 6);

const scoped = new URL(data.url);
scoped.searchParams.set('options', '-c jit=off -c max_parallel_workers_per_gather=0');
const database = await openDatabase({ kind: 'postgres', connectionString: scoped.toString(), poolSize: 4 });
const db = database.db;
const env = parseEnv({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  JOBS_ENABLED: 'false',
  WEB_DIST_DIR: '/nonexistent',
  DATABASE_POOL_SIZE: '4',
});
const app = await buildApp({ env, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const merchantId = data.merchantId;
const overview = app.services.memberOverview;

// A deterministic spread of members, so each run asks the same questions.
const memberAt = (i: number) => 1 + ((i * 7919 + 13) % data.members);

async function measure(label: string, call: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await call(i + 100_000); // warm the pool and the plan cache
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    await call(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const p95 = times[Math.floor(times.length * 0.95)] as number;
  return { label, median, p95 };
}

const lastDay = new Date(Date.parse(`${data.firstDay}T00:00:00Z`) + (data.days - 1) * 86_400_000).toISOString().slice(0, 10);
const from = new Date(`${data.firstDay}T00:00:00+07:00`);
const to = new Date(Date.parse(`${lastDay}T00:00:00+07:00`) + 86_400_000);

console.log('\nreference: primary-key lookups');
const pkMembers = await measure('members by id', (i) =>
  db.selectFrom('members').select(['id', 'username', 'status']).where('id', '=', memberAt(i)).executeTakeFirst(),
);
const pkEntries = await measure('ledger_entries by id', (i) =>
  db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('id', '=', 1 + ((i * 104_729) % data.entries))
    .executeTakeFirst(),
);
const pkBets = await measure('bet_records by id', (i) =>
  db
    .selectFrom('bet_records')
    .selectAll()
    .where('id', '=', 1 + ((i * 104_729) % data.bets))
    .executeTakeFirst(),
);
const rows = [pkMembers, pkEntries, pkBets].map((r) => ({ ...r, ratio: 1 }));
const against = (reference: { median: number }, r: { label: string; median: number; p95: number }) => ({
  ...r,
  ratio: r.median / reference.median,
});

console.log('member search and member records (member-overview service)');
rows.push(
  against(
    pkMembers,
    await measure('search: username prefix', (i) =>
      overview.search(merchantId, { q: `player${memberAt(i)}`, by: 'username', pageNo: 1, pageSize: 20 }),
    ),
  ),
  against(
    pkMembers,
    await measure('search: mobile number', (i) =>
      overview.search(merchantId, { q: `09${String(memberAt(i)).padStart(8, '0')}`, by: 'phone', pageNo: 1, pageSize: 20 }),
    ),
  ),
  against(
    pkMembers,
    await measure('search: e-mail', (i) =>
      overview.search(merchantId, { q: `p${memberAt(i)}@bench.test`, by: 'email', pageNo: 1, pageSize: 20 }),
    ),
  ),
  against(
    pkEntries,
    await measure('transactions: first page', (i) => overview.transactions(merchantId, memberAt(i), { pageNo: 1, pageSize: 20 })),
  ),
  against(
    pkEntries,
    await measure('transactions: two codes + 30 days', (i) =>
      overview.transactions(merchantId, memberAt(i), {
        codes: ['deposit', 'withdrawal'],
        from,
        to: new Date(from.getTime() + 30 * 86_400_000),
        pageNo: 1,
        pageSize: 20,
      }),
    ),
  ),
  against(
    pkBets,
    await measure('bets: settled, one vendor, all days', (i) =>
      overview.bets(merchantId, memberAt(i), { status: 'settled', vendorCode: 'PG', from, to, pageNo: 1, pageSize: 20 }),
    ),
  ),
);
console.log('\n| call | median ms | p95 ms | × primary-key lookup |\n|---|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.label} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.ratio.toFixed(1)} |`);

// The export, over HTTP as the console fetches it, with an operator signed in through the real calls.
const username = `benchops${Date.now()}`;
await app.services.admins.createAdmin({ merchantId, username, password: 'Bench@2026x', role: 'finance' });
const login = (await (
  await fetch(`${base}/admin-api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Bench@2026x' }),
  })
).json()) as { value: { challenge: string; secret: string } };
const second = (await (
  await fetch(`${base}/admin-api/session/totp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ challenge: login.value.challenge, code: totpCode(login.value.secret, new Date()) }),
  })
).json()) as { value: { token: string } };
const exportFrom = new Date(Date.parse(`${lastDay}T00:00:00Z`) - (exportDays - 1) * 86_400_000).toISOString().slice(0, 10);
const expected = await sql<{ n: string }>`
  SELECT count(*)::text AS n FROM bet_records
   WHERE merchant_id = ${merchantId} AND status = 'settled'
     AND settled_at >= ${`${exportFrom}T00:00:00+07:00`}::timestamptz AND settled_at < ${to}::timestamptz`.execute(db);
console.log(`\nCSV export: settled rounds ${exportFrom}..${lastDay}, ${expected.rows[0]?.n} rows expected`);

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const startMemory = process.memoryUsage();
let maxRss = startMemory.rss;
let maxHeap = startMemory.heapUsed;
let maxLiveHeap = startMemory.heapUsed;
let ticks = 0;
const sampler = setInterval(() => {
  // Every second, a full collection first: what the heap still holds then is what the export keeps
  // alive (the other samples include garbage the collector has not reached yet).
  if (++ticks % 20 === 0 && gc) {
    gc();
    maxLiveHeap = Math.max(maxLiveHeap, process.memoryUsage().heapUsed);
  }
  const m = process.memoryUsage();
  maxRss = Math.max(maxRss, m.rss);
  maxHeap = Math.max(maxHeap, m.heapUsed);
}, 50);
const started = performance.now();
const response = await fetch(`${base}/admin-api/reports/bets.csv?from=${exportFrom}&to=${lastDay}`, {
  headers: { authorization: `Bearer ${second.value.token}`, 'accept-encoding': 'identity' },
});
if (!response.ok || !response.body) throw new Error(`export failed: ${response.status}`);
let bytes = 0;
let lines = 0;
let firstByteMs = 0;
const reader = response.body.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  if (bytes === 0) firstByteMs = performance.now() - started;
  bytes += value.length;
  for (const byte of value) if (byte === 10) lines++;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(
  `  ${lines - 1} rows, ${mb(bytes)} MB in ${seconds.toFixed(1)} s (${Math.round((lines - 1) / seconds)} rows/s), first byte after ${firstByteMs.toFixed(0)} ms`,
);
console.log(
  `  memory at start: RSS ${mb(startMemory.rss)} MB, heap ${mb(startMemory.heapUsed)} MB; largest growth while streaming: RSS +${mb(maxRss - startMemory.rss)} MB, heap +${mb(maxHeap - startMemory.heapUsed)} MB` +
    (gc ? `, heap after a full collection +${mb(maxLiveHeap - startMemory.heapUsed)} MB` : ' (run with --expose-gc for the live heap)'),
);
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await app.close();
await database.close();
