import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import { buildApp } from '@platform/server/app';
import { openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { parseEnv } from '@platform/server/env';
import { DEMO_VENDOR_CODE, DEV_DEMO_VENDOR_SECRET } from '@platform/server/modules/vendor-wallet/vendor-wallet.integrations';
import { sql } from 'kysely';
import pg from 'pg';
import { positiveInt, withDatabase } from '../lib/bench-support.ts';

/**
 * Seamless wallet throughput against PostgreSQL's own TPC-B (pgbench) on the same server, in the
 * same run. A round is what a vendor sends per spin: a signed debit (the bet) and a signed credit
 * (the win, closing the round), each one transaction through the whole stack in-process: HTTP
 * routing (Fastify inject), the signature check, the game token, the transaction id claim, the bet
 * record and the ledger. Each run makes its own databases and drops them at the end.
 *
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_CLIENTS       concurrent clients for both workloads (default 8)
 *   BENCH_SECONDS       duration of each workload (default 20)
 *   BENCH_PLAYERS       players the rounds are spread over (default 200)
 *   BENCH_CPU_PROFILE   write a CPU profile (.cpuprofile) of the timed phase only to this file
 *   BENCH_SHOW_STATEMENTS  print the SQL of the first round's callbacks (the count per callback is always printed)
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

/**
 * Counts what the server sends to PostgreSQL (every client query, BEGIN and COMMIT included), so
 * the run can print the round trips per callback; with `BENCH_SHOW_STATEMENTS=1` it also keeps the
 * text of the statements while `statementLog` is set.
 */
let statementCount = 0;
let statementLog: string[] | undefined;
{
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: unknown, ...args: unknown[]) {
    statementCount += 1;
    if (statementLog) {
      const first = args[0] as string | { text: string };
      statementLog.push((typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').slice(0, 160));
    }
    return original.apply(this, args);
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
): Promise<{ rounds: number; elapsedMs: number; errors: number; cpuMs: number; statements: number }> {
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

    let rounds = 0;
    let errors = 0;
    let roundNo = 0;
    const statementsBefore = statementCount;
    const profilePath = process.env.BENCH_CPU_PROFILE;
    const profiler = profilePath ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: clientCount }, async () => {
        while (performance.now() < deadline) {
          const n = ++roundNo;
          const token = tokens[Math.floor(Math.random() * tokens.length)]!;
          const common = { token, roundId: `round-${n}`, gameCode: 'lucky-sevens' };
          const bet = await call('debit', { ...common, transactionId: `bet-${n}`, amount: STAKE });
          const win =
            bet === 'OK'
              ? await call('credit', { ...common, transactionId: `win-${n}`, amount: Math.floor(Math.random() * 2 * STAKE) })
              : bet;
          if (win === 'OK') rounds += 1;
          else {
            errors += 1;
            if (errors <= 3) console.error('round failed:', bet, win);
          }
        }
      }),
    );
    const elapsedMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const statements = statementCount - statementsBefore;
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
    return { rounds, elapsedMs, errors, cpuMs: (cpu.user + cpu.system) / 1000, statements };
  } finally {
    await app.close();
    await database.close();
  }
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
  });
  try {
    console.log(
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`seamless: ${playerCount} players, ${clientCount} clients, ${seconds} s, debit + credit rounds`);
    const wallet = await benchSeamless(walletDb);
    const roundsPerSecond = wallet.rounds / (wallet.elapsedMs / 1000);
    console.log(
      `  ${wallet.rounds} rounds, ${wallet.errors} errors, Node CPU ${(wallet.cpuMs / Math.max(1, wallet.rounds)).toFixed(1)} ms per round ` +
        `(${(wallet.cpuMs / Math.max(1, 2 * wallet.rounds)).toFixed(2)} ms per callback), ` +
        `${(wallet.statements / Math.max(1, 2 * wallet.rounds)).toFixed(1)} statements per callback`,
    );
    console.log(`pgbench: scale ${PGBENCH_SCALE}, ${clientCount} clients, 2 threads, ${seconds} s`);
    const tps = await benchPgbench(pgbenchDb);
    console.log('');
    console.log(`seamless rounds/s (debit + credit, 2 callbacks): ${roundsPerSecond.toFixed(1)}`);
    console.log(`seamless callbacks/s:                            ${(roundsPerSecond * 2).toFixed(1)}`);
    console.log(`pgbench TPC-B tps:                               ${tps.toFixed(1)}`);
    console.log(`ratio rounds/s : TPC-B tps:                      ${(roundsPerSecond / tps).toFixed(3)}`);
    console.log(`ratio callbacks/s : TPC-B tps:                   ${((roundsPerSecond * 2) / tps).toFixed(3)}`);
  } finally {
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${walletDb}" WITH (FORCE)`);
      await c.query(`DROP DATABASE IF EXISTS "${pgbenchDb}" WITH (FORCE)`);
    });
  }
}

await main();
