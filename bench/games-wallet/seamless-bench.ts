import { execFile, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import { buildApp } from '@platform/server/app';
import { openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import type { DB } from '@platform/server/db/schema';
import { parseEnv } from '@platform/server/env';
import { DEMO_VENDOR_CODE, DEV_DEMO_VENDOR_SECRET } from '@platform/server/modules/vendor-wallet/vendor-wallet.integrations';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { inParallel, positiveInt, withDatabase } from '../lib/bench-support.ts';
import type { Played, VendorOrder, VendorSetup } from './seamless-vendor.ts';

/**
 * Seamless wallet throughput against PostgreSQL's own TPC-B (pgbench) on the same server, in the
 * same run. A round is what a vendor sends per spin: a signed debit (the bet) and a signed credit
 * (the win, closing the round), each one transaction through the whole stack: HTTP, the signature
 * check, the game token, the transaction id claim, the bet record and the ledger. Each run makes its
 * own databases and drops them at the end.
 *
 * By default (`BENCH_TRANSPORT=http`) the vendor is a process of its own (`seamless-vendor.ts`)
 * calling the listening server over HTTP on keep-alive connections, one per client, as the issue's
 * "callbacks over HTTP" says: "Node CPU" is the server's alone, real sockets and HTTP parsing
 * included, and the vendor's process shares the machine's cores as pgbench's client does.
 * `BENCH_TRANSPORT=inject` (how the issue's first figures were taken) runs the vendor in the
 * server's process through Fastify's inject: no sockets, and "Node CPU" then holds the vendor's work
 * (building and signing bodies, reading answers) and the request simulation too.
 *
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_CLIENTS       concurrent clients for both workloads (default 8)
 *   BENCH_SECONDS       duration of each workload (default 20)
 *   BENCH_PLAYERS       players the rounds are spread over (default 200)
 *   BENCH_TRANSPORT     http (default: the vendor in a process of its own) or inject (in the server's process)
 *   BENCH_CPU_PROFILE   write a CPU profile (.cpuprofile) of the timed phase only to this file (the server's process)
 *   BENCH_SHOW_STATEMENTS  print the SQL of the first round's callbacks (the count per callback is always printed)
 *   BENCH_WARMUP_ROUNDS rounds played before the timed phase, then VACUUM ANALYZE (default 1000; 0 for none)
 *   BENCH_KEEP_DATABASE  keep the seamless database after the run (its name is printed) to study its plans
 *   BENCH_WAITS         sample the bench connections' wait events every 50 ms in the timed phase, and print the
 *                       wall time per callback, the time spent waiting for statements, table counters per callback
 *                       and each SQL function's calls and time per callback (track_functions on the bench database)
 */

const run = promisify(execFile);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const clientCount = positiveInt('BENCH_CLIENTS', 8);
const seconds = positiveInt('BENCH_SECONDS', 20);
const playerCount = positiveInt('BENCH_PLAYERS', 200);
const PGBENCH_SCALE = 10;
const PLAYER_FUNDS = 1_000_000_000;
const STAKE = 100;
const PGBENCH = process.env.PGBENCH ?? 'pgbench';
const showStatements = process.env.BENCH_SHOW_STATEMENTS === '1';
const sampleWaits = process.env.BENCH_WAITS === '1';
const keepDatabase = process.env.BENCH_KEEP_DATABASE === '1';
const warmupRounds = process.env.BENCH_WARMUP_ROUNDS === '0' ? 0 : positiveInt('BENCH_WARMUP_ROUNDS', 1000);
const transport = process.env.BENCH_TRANSPORT ?? 'http';
if (transport !== 'http' && transport !== 'inject') throw new Error('BENCH_TRANSPORT must be http or inject');

/**
 * Counts what the server sends to PostgreSQL (every client query, BEGIN and COMMIT included), so
 * the run can print the round trips per callback; with `BENCH_SHOW_STATEMENTS=1` it also keeps the
 * text of the statements while `statementLog` is set.
 */
let statementCount = 0;
let statementMs = 0;
let statementLog: string[] | undefined;
/** Clients of the bench's own (the wait sampler), left out of the counts. */
const uncounted = new WeakSet<object>();
{
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: unknown, ...args: unknown[]) {
    if (uncounted.has(this as object)) return original.apply(this, args);
    statementCount += 1;
    if (statementLog) {
      const first = args[0] as string | { text: string };
      statementLog.push((typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').slice(0, 160));
    }
    const began = performance.now();
    const result = original.apply(this, args);
    if (result instanceof Promise) {
      return result.finally(() => {
        statementMs += performance.now() - began;
      });
    }
    return result;
  };
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function benchSeamless(
  databaseName: string,
): Promise<{ rounds: number; elapsedMs: number; errors: number; cpuMs: number; systemCpuMs: number; statements: number }> {
  const connectionString = withDatabase(adminUrl, databaseName);
  const database = await openDatabase({ kind: 'postgres', connectionString, poolSize: clientCount + 2 });
  const env = parseEnv({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    WEB_DIST_DIR: '/nonexistent',
    DATABASE_URL: connectionString,
  });
  await migrateToLatest(database.db);
  const app = await buildApp({ env, database, logger: false });
  try {
    await app.ready();
    const db = database.db;
    const { ledger, gameSessions } = app.services;
    const merchant = await db
      .insertInto('merchants')
      .values({ code: 'bench', name: 'Bench', currency: 'VND' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO members (merchant_id, username, account_type, upline_path, currency)
      SELECT ${merchant.id}, 'player' || g, 0, '/', 'VND' FROM generate_series(1, ${playerCount}) g`.execute(db);
    const memberIds = (await db.selectFrom('members').select('id').orderBy('id').execute()).map((m) => m.id);
    const clearing = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: 'VND' });
    const tokens: string[] = [];
    for (const memberId of memberIds) {
      const accounts = await ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId, currency: 'VND' });
      await ledger.transfer({
        fromAccountId: clearing.id,
        toAccountId: accounts.player_main!.id,
        amount: PLAYER_FUNDS,
        code: 'deposit',
        idempotencyKey: `fund-${memberId}`,
      });
      const issued = await gameSessions.issue({
        memberId,
        merchantId: merchant.id,
        currency: 'VND',
        vendorCode: DEMO_VENDOR_CODE,
        gameCode: 'lucky-sevens',
        gameCategory: 'RNG',
        isTrial: false,
      });
      tokens.push(issued.token);
    }
    await sql`VACUUM ANALYZE`.execute(db);

    async function call(path: string, body: Record<string, unknown>): Promise<string> {
      const raw = JSON.stringify(body);
      const timestamp = String(Date.now());
      const res = await app.inject({
        method: 'POST',
        url: `/vendor-api/${DEMO_VENDOR_CODE}/${path}`,
        headers: {
          'content-type': 'application/json',
          [VENDOR_TIMESTAMP_HEADER]: timestamp,
          [VENDOR_SIGNATURE_HEADER]: signVendorBody(DEV_DEMO_VENDOR_SECRET, timestamp, raw),
        },
        payload: raw,
      });
      return (res.json() as { status: string }).status;
    }

    if (showStatements) {
      // A first round warms the per-node caches; the second is the one shown.
      const warm = { token: tokens[0]!, roundId: 'round-warm', gameCode: 'lucky-sevens' };
      await call('debit', { ...warm, transactionId: 'bet-warm', amount: STAKE });
      await call('credit', { ...warm, transactionId: 'win-warm', amount: STAKE });
      const common = { token: tokens[0]!, roundId: 'round-shown', gameCode: 'lucky-sevens' };
      for (const [path, body] of [
        ['debit', { ...common, transactionId: 'bet-shown', amount: STAKE }],
        ['credit', { ...common, transactionId: 'win-shown', amount: STAKE }],
      ] as const) {
        statementLog = [];
        const status = await call(path, body);
        console.log(`${path} (${status}): ${statementLog.length} statements`);
        for (const text of statementLog) console.log(`  ${text}`);
        statementLog = undefined;
      }
    }

    /** One round of a random player: the debit, then the credit closing it. True when both answered OK. */
    let failures = 0;
    async function playRound(n: number): Promise<boolean> {
      const token = tokens[Math.floor(Math.random() * tokens.length)]!;
      const common = { token, roundId: `round-${n}`, gameCode: 'lucky-sevens' };
      const bet = await call('debit', { ...common, transactionId: `bet-${n}`, amount: STAKE });
      const win =
        bet === 'OK' ? await call('credit', { ...common, transactionId: `win-${n}`, amount: Math.floor(Math.random() * 2 * STAKE) }) : bet;
      if (win === 'OK') return true;
      failures += 1;
      if (failures <= 3) console.error('round failed:', bet, win);
      return false;
    }

    /** The vendor over HTTP, in a process of its own (BENCH_TRANSPORT=http). */
    let vendor: ((order: VendorOrder) => Promise<Played>) | undefined;
    let vendorProcess: ReturnType<typeof fork> | undefined;
    if (transport === 'http') {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const vendorSetup: VendorSetup = {
        baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
        vendorCode: DEMO_VENDOR_CODE,
        secret: DEV_DEMO_VENDOR_SECRET,
        tokens,
        clients: clientCount,
        stake: STAKE,
      };
      const child = fork(new URL('./seamless-vendor.ts', import.meta.url), [JSON.stringify(vendorSetup)], {
        execArgv: ['--import', 'tsx'],
      });
      vendorProcess = child;
      vendor = (order) =>
        new Promise<Played>((resolve, reject) => {
          child.once('message', (played) => resolve(played as Played));
          child.once('exit', (code) => reject(new Error(`the vendor process exited (${code})`)));
          child.send(order);
        });
    }

    let roundNo = 0;
    // A server that has been running has history: its tables are not a few pages, and the plans
    // each connection keeps (PL/pgSQL statements, foreign-key checks) were made for tables of that
    // size. Without this, the plans made while the tables held only the setup's rows scan them
    // whole for every key lookup, on tables that grow all through the timed phase.
    if (warmupRounds > 0) {
      if (vendor) {
        const warm = await vendor({ kind: 'play', rounds: warmupRounds });
        if (warm.errors > 0) throw new Error(`the warm-up had ${warm.errors} failed rounds: ${warm.firstError}`);
      } else {
        await inParallel(clientCount, warmupRounds, async () => {
          await playRound(++roundNo);
        });
      }
      await sql`VACUUM ANALYZE`.execute(db);
    }
    let rounds = 0;
    let errors = 0;
    const statementsBefore = statementCount;
    const profilePath = process.env.BENCH_CPU_PROFILE;
    const profiler = profilePath ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const waits = sampleWaits ? await startWaitSampler(databaseName) : undefined;
    const tablesBefore = sampleWaits ? await tableCounters(db) : undefined;
    const functionsBefore = sampleWaits ? await functionCounters(db) : undefined;
    let callbackMs = 0;
    const statementMsBefore = statementMs;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const deadline = started + seconds * 1000;
    let elapsedMs: number;
    if (vendor) {
      const played = await vendor({ kind: 'run', seconds });
      rounds = played.rounds;
      errors = played.errors;
      callbackMs = played.callbackMs;
      elapsedMs = played.elapsedMs;
      if (played.firstError) console.error('round failed:', played.firstError);
    } else {
      await Promise.all(
        Array.from({ length: clientCount }, async () => {
          while (performance.now() < deadline) {
            const t0 = performance.now();
            const isPlayed = await playRound(++roundNo);
            callbackMs += performance.now() - t0;
            if (isPlayed) rounds += 1;
            else errors += 1;
          }
        }),
      );
      elapsedMs = performance.now() - started;
    }
    const cpu = process.cpuUsage(cpuBefore);
    vendorProcess?.disconnect();
    const statements = statementCount - statementsBefore;
    if (waits) {
      const counts = await waits.stop();
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      console.log(`  waits of the bench's connections (${total} samples every 50 ms):`);
      for (const [key, count] of [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12))
        console.log(`    ${((100 * count) / total).toFixed(1).padStart(5)} %  ${key}`);
      const callbacks = Math.max(1, 2 * rounds);
      console.log(
        `  per callback: ${(callbackMs / callbacks).toFixed(2)} ms wall in the client, ` +
          `${((statementMs - statementMsBefore) / callbacks).toFixed(2)} ms waiting for statements`,
      );
      const tablesAfter = await tableCounters(db);
      console.log('  table counters per callback (seq scans, inserts, updates, HOT updates):');
      for (const [table, after] of tablesAfter) {
        const before = tablesBefore?.get(table) ?? [0, 0, 0, 0];
        const delta = after.map((v, i) => (v - before[i]!) / callbacks);
        if (delta.some((d) => d > 0.001)) console.log(`    ${table.padEnd(28)} ${delta.map((d) => d.toFixed(2).padStart(6)).join(' ')}`);
      }
      const functionsAfter = await functionCounters(db);
      console.log('  functions per callback (calls, ms in all, ms in its own statements):');
      for (const [name, after] of [...functionsAfter].sort((a, b) => b[1][2]! - a[1][2]!)) {
        const before = functionsBefore?.get(name) ?? [0, 0, 0];
        const delta = after.map((v, i) => (v - before[i]!) / callbacks);
        if (delta[0]! > 0.001)
          console.log(
            `    ${name.padEnd(30)} ${delta[0]!.toFixed(2).padStart(6)} ${delta[1]!.toFixed(3).padStart(7)} ${delta[2]!.toFixed(3).padStart(7)}`,
          );
      }
    }
    if (profiler && profilePath) {
      const { profile } = await profiler.post('Profiler.stop');
      await writeFile(profilePath, JSON.stringify(profile));
      profiler.disconnect();
    }

    // The run counts only if the books balance and every round is a settled bet record.
    const check = await sql<{ total: string; drifted: string; open: string }>`
      SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries)::text AS total,
             (SELECT count(*) FROM ledger_accounts a
                WHERE NOT a.is_system AND a.balance <> (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id))::text AS drifted,
             (SELECT count(*) FROM bet_records WHERE status <> 'settled')::text AS open`.execute(db);
    const { total, drifted, open } = check.rows[0]!;
    if (total !== '0' || drifted !== '0' || open !== '0')
      throw new Error(`invariants broken after the run: entry sum ${total}, drifted ${drifted}, open rounds ${open}`);
    return { rounds, elapsedMs, errors, cpuMs: (cpu.user + cpu.system) / 1000, systemCpuMs: cpu.system / 1000, statements };
  } finally {
    await app.close();
    await database.close();
  }
}

/** Samples what the bench database's connections are doing every 50 ms until stopped. */
async function startWaitSampler(databaseName: string): Promise<{ stop: () => Promise<Map<string, number>> }> {
  const client = new pg.Client({ connectionString: adminUrl });
  uncounted.add(client);
  await client.connect();
  const counts = new Map<string, number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ key: string }>(
        `SELECT state || ' ' || coalesce(wait_event_type || ':' || wait_event, 'on CPU') AS key
           FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
        [databaseName],
      );
      for (const { key } of rows) counts.set(key, (counts.get(key) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      return counts;
    },
  };
}

/** Each table's seq scans, inserts, updates and HOT updates so far (pg_stat_user_tables). */
async function tableCounters(db: Kysely<DB>) {
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ relname: string; seq_scan: string; n_tup_ins: string; n_tup_upd: string; n_tup_hot_upd: string }>`
    SELECT relname, seq_scan, n_tup_ins, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables`.execute(db);
  return new Map(rows.map((r) => [r.relname, [r.seq_scan, r.n_tup_ins, r.n_tup_upd, r.n_tup_hot_upd].map(Number)]));
}

/** Each function's calls, total and own milliseconds so far (pg_stat_user_functions; track_functions is set on the database). */
async function functionCounters(db: Kysely<DB>) {
  await sql`SELECT pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ funcname: string; calls: string; total_time: number; self_time: number }>`
    SELECT funcname, calls, total_time, self_time FROM pg_stat_user_functions`.execute(db);
  return new Map(rows.map((r) => [r.funcname, [Number(r.calls), r.total_time, r.self_time]]));
}

async function benchPgbench(databaseName: string): Promise<number> {
  const url = withDatabase(adminUrl, databaseName);
  await run(PGBENCH, ['-i', '-q', '-s', String(PGBENCH_SCALE), url], { maxBuffer: 16 * 1024 * 1024 });
  const { stdout } = await run(PGBENCH, ['-c', String(clientCount), '-j', '2', '-T', String(seconds), url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
  if (!match?.[1]) throw new Error(`could not read pgbench's tps from:\n${stdout}`);
  return Number(match[1]);
}

async function main(): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const walletDb = `bench_seamless_${suffix}`;
  const pgbenchDb = `bench_pgbench_${suffix}`;
  await admin(async (c) => {
    await c.query(`CREATE DATABASE "${walletDb}"`);
    await c.query(`CREATE DATABASE "${pgbenchDb}"`);
    // The time each PL/pgSQL function takes, for the waits' report.
    if (sampleWaits) await c.query(`ALTER DATABASE "${walletDb}" SET track_functions = 'all'`);
  });
  try {
    console.log(
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `seamless: ${playerCount} players, ${clientCount} clients, ${seconds} s, debit + credit rounds after ${warmupRounds} warm-up rounds, ` +
        (transport === 'http' ? 'the vendor in a process of its own over HTTP' : "the vendor in the server's process (inject)"),
    );
    const wallet = await benchSeamless(walletDb);
    const roundsPerSecond = wallet.rounds / (wallet.elapsedMs / 1000);
    console.log(
      `  ${wallet.rounds} rounds, ${wallet.errors} errors, ${transport === 'http' ? "the server's " : ''}Node CPU ${(wallet.cpuMs / Math.max(1, wallet.rounds)).toFixed(1)} ms per round ` +
        `(${(wallet.cpuMs / Math.max(1, 2 * wallet.rounds)).toFixed(2)} ms per callback, ` +
        `${(wallet.systemCpuMs / Math.max(1, 2 * wallet.rounds)).toFixed(2)} ms of it in the kernel), ` +
        `${(wallet.statements / Math.max(1, 2 * wallet.rounds)).toFixed(1)} statements per callback`,
    );
    console.log(`pgbench: scale ${PGBENCH_SCALE}, ${clientCount} clients, 2 threads, ${seconds} s`);
    const tps = await benchPgbench(pgbenchDb);
    console.log('');
    console.log(`seamless rounds/s (debit + credit, 2 callbacks): ${roundsPerSecond.toFixed(1)}`);
    console.log(`seamless callbacks/s:                            ${(roundsPerSecond * 2).toFixed(1)}`);
    console.log(`pgbench TPC-B tps:                               ${tps.toFixed(1)}`);
    console.log(`ratio rounds/s : TPC-B tps:                      ${(roundsPerSecond / tps).toFixed(3)}`);
    const callbacksPerTpcb = (roundsPerSecond * 2) / tps;
    const cpuPerCallback = wallet.cpuMs / Math.max(1, 2 * wallet.rounds);
    console.log(`ratio callbacks/s : TPC-B tps:                   ${callbacksPerTpcb.toFixed(3)}`);
    // The goals of the hot-paths issue, judged on this run.
    console.log(`goal ≥ 0.5 callbacks per TPC-B transaction: ${callbacksPerTpcb >= 0.5 ? 'met' : 'not met'}`);
    console.log(
      `goal Node CPU ≤ 0.4 ms per callback (${transport === 'http' ? "the server's alone" : "the server's and the vendor's"}): ` +
        `${cpuPerCallback <= 0.4 ? 'met' : 'not met'}`,
    );
  } finally {
    await admin(async (c) => {
      if (keepDatabase) console.log(`kept the seamless database ${walletDb}`);
      else await c.query(`DROP DATABASE IF EXISTS "${walletDb}" WITH (FORCE)`);
      await c.query(`DROP DATABASE IF EXISTS "${pgbenchDb}" WITH (FORCE)`);
    });
  }
}

await main();
