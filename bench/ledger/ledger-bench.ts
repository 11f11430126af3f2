import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { type Database, openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { createLedgerService } from '@platform/server/modules/ledger/ledger.service';
import { sql } from 'kysely';
import pg from 'pg';
import { inParallel, positiveInt, withDatabase } from '../lib/bench-support.ts';

/**
 * Ledger throughput against PostgreSQL's own TPC-B (pgbench) on the same server, in the same run.
 * A round is what a seamless game wallet does per spin: reserve the stake, then settle it (post the
 * stake to the house and credit the win back to the player in one transaction): two ledger
 * transactions, the same money movement as reserve, post and a separate payout. Each run makes its
 * own databases and drops them at the end.
 *
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_CLIENTS       concurrent clients for both workloads (default 8)
 *   BENCH_SECONDS       duration of each workload (default 20)
 *   BENCH_SLICES        the workloads alternate in this many slices each (default 4), so the machine's
 *                       other load reaches both alike; the ratio is printed overall and per slice
 *   BENCH_PLAYERS       players the rounds are spread over (default 1000)
 *   BENCH_ROUND         round kinds, comma-separated, each measured in every slice (default
 *                       bet-win,settle). bet-win: reserveAndSettle, a vendor's bet-and-win call, in
 *                       1 transaction; bet-win-trx: the same inside a caller's transaction, as the
 *                       seamless wallet's bet-win runs it; settle: reserve, then settle, 2
 *                       transactions (a vendor's debit call, then its credit call); three-step: the
 *                       former round, reserve + post + payout transfer, 3 transactions
 */

const run = promisify(execFile);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const clientCount = positiveInt('BENCH_CLIENTS', 8);
const seconds = positiveInt('BENCH_SECONDS', 20);
const playerCount = positiveInt('BENCH_PLAYERS', 1000);
const slices = positiveInt('BENCH_SLICES', 4);
const ROUND_KINDS = ['bet-win', 'bet-win-trx', 'settle', 'three-step'] as const;
type RoundKind = (typeof ROUND_KINDS)[number];
const roundKinds = (process.env.BENCH_ROUND ?? 'bet-win,settle').split(',').map((k) => k.trim());
for (const kind of roundKinds) {
  if (!(ROUND_KINDS as readonly string[]).includes(kind)) throw new Error(`BENCH_ROUND: each of ${ROUND_KINDS.join(', ')}`);
}
const transactionsPerRound = (kind: RoundKind) => (kind.startsWith('bet-win') ? 1 : kind === 'settle' ? 2 : 3);
const roundLabels: Record<RoundKind, string> = {
  'bet-win': 'reserveAndSettle, 1 transaction',
  'bet-win-trx': 'reserveAndSettle in a caller transaction, 1 transaction',
  settle: 'reserve, then settle with win, 2 transactions',
  'three-step': 'reserve, post, then win transfer, 3 transactions',
};
const PGBENCH_SCALE = 10;
const PLAYER_FUNDS = 1_000_000_000;
const STAKE = 100;
const SETUP_CONCURRENCY = 8;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** WAL written by the whole server since `from`; the server is shared, so other work adds to it. */
async function walBytesSince(from: string | undefined): Promise<{ lsn: string; bytes: number }> {
  return admin(async (c) => {
    const result = await c.query<{ lsn: string; bytes: string | null }>(
      'SELECT pg_current_wal_lsn()::text AS lsn, pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text AS bytes',
      [from ?? '0/0'],
    );
    const row = result.rows[0]!;
    return { lsn: row.lsn, bytes: Number(row.bytes ?? 0) };
  });
}

type Slice = { count: number; elapsedMs: number; walBytes: number };
type LedgerSlice = Slice & { errors: number; clientCpuMs: number };

/**
 * Opens the ledger database, makes the players and funds them, and returns a function that runs
 * rounds for a given time (a slice), and one that checks the books and closes.
 */
async function openLedgerBench(databaseName: string): Promise<{
  runSlice: (ms: number, roundKind: RoundKind) => Promise<LedgerSlice>;
  finish: () => Promise<void>;
}> {
  const database: Database = await openDatabase({
    kind: 'postgres',
    connectionString: withDatabase(adminUrl, databaseName),
    poolSize: clientCount,
  });
  {
    await migrateToLatest(database.db);
    const db = database.db;
    const ledger = createLedgerService({ db });
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
    const house = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'house_revenue', currency: 'VND' });
    await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'stake_escrow', currency: 'VND' });
    const wallets: number[] = [];
    await inParallel(SETUP_CONCURRENCY, memberIds.length, async (i) => {
      const accounts = await ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId: memberIds[i]!, currency: 'VND' });
      const main = accounts.player_main!.id;
      await ledger.transfer({
        fromAccountId: clearing.id,
        toAccountId: main,
        amount: PLAYER_FUNDS,
        code: 'deposit',
        idempotencyKey: `fund-${main}`,
      });
      wallets[i] = main;
    });
    await sql`VACUUM ANALYZE`.execute(db);

    let roundNo = 0;

    const runSlice = async (ms: number, roundKind: RoundKind): Promise<LedgerSlice> => {
      let rounds = 0;
      let errors = 0;
      const walBefore = await walBytesSince(undefined);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const deadline = started + ms;
      await Promise.all(
        Array.from({ length: clientCount }, async () => {
          while (performance.now() < deadline) {
            const n = ++roundNo;
            const wallet = wallets[Math.floor(Math.random() * wallets.length)]!;
            try {
              if (roundKind === 'bet-win' || roundKind === 'bet-win-trx') {
                // One commit: the stake reserved and posted and the win paid, as one ledger call; the
                // -trx form makes it inside a caller's transaction, as the seamless bet-win callback does.
                const input = {
                  accountId: wallet,
                  amount: STAKE,
                  idempotencyKey: `r${n}`,
                  reference: { type: 'round', id: String(n) },
                  toAccountId: house.id,
                  payout: Math.floor(Math.random() * 2 * STAKE),
                  settleIdempotencyKey: `s${n}`,
                };
                if (roundKind === 'bet-win') await ledger.reserveAndSettle(input);
                else await db.transaction().execute((trx) => ledger.reserveAndSettle(input, trx));
                rounds += 1;
                continue;
              }
              const stake = await ledger.reserve({
                accountId: wallet,
                amount: STAKE,
                idempotencyKey: `r${n}`,
                reference: { type: 'round', id: String(n) },
              });
              const win = 1 + Math.floor(Math.random() * 2 * STAKE);
              if (roundKind === 'settle') {
                await ledger.settle({ reservationId: stake.reservationId, toAccountId: house.id, payout: win, idempotencyKey: `s${n}` });
              } else {
                await ledger.post({ reservationId: stake.reservationId, toAccountId: house.id, idempotencyKey: `p${n}` });
                await ledger.transfer({
                  fromAccountId: house.id,
                  toAccountId: wallet,
                  amount: win,
                  code: 'payout',
                  idempotencyKey: `w${n}`,
                });
              }
              rounds += 1;
            } catch (err) {
              errors += 1;
              if (errors <= 3) console.error('round failed:', err);
            }
          }
        }),
      );
      const elapsedMs = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const walBytes = (await walBytesSince(walBefore.lsn)).bytes;
      return { count: rounds, elapsedMs, errors, clientCpuMs: (cpu.user + cpu.system) / 1000, walBytes };
    };

    const finish = async (): Promise<void> => {
      try {
        // The run counts only if the books still balance.
        const check = await sql<{ total: string; drifted: string }>`
          SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries)::text AS total,
                 (SELECT count(*) FROM ledger_accounts a
                    WHERE NOT a.is_system AND a.balance <> (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id))::text AS drifted`.execute(
          db,
        );
        const { total, drifted } = check.rows[0]!;
        if (total !== '0' || drifted !== '0')
          throw new Error(`ledger invariants broken after the run: entry sum ${total}, drifted accounts ${drifted}`);
      } finally {
        await database.close();
      }
    };
    return { runSlice, finish };
  }
}

async function initPgbench(databaseName: string): Promise<void> {
  await run('pgbench', ['-i', '-q', '-s', String(PGBENCH_SCALE), withDatabase(adminUrl, databaseName)], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** One slice of TPC-B with the same client count; the rate counts from the first connection. */
async function pgbenchSlice(databaseName: string, ms: number): Promise<Slice> {
  const walBefore = await walBytesSince(undefined);
  const { stdout } = await run(
    'pgbench',
    ['-c', String(clientCount), '-j', '2', '-T', String(Math.max(1, Math.round(ms / 1000))), withDatabase(adminUrl, databaseName)],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
  if (!match?.[1]) throw new Error(`could not read pgbench's tps from:\n${stdout}`);
  const walBytes = (await walBytesSince(walBefore.lsn)).bytes;
  const processed = /number of transactions actually processed: (\d+)/.exec(stdout);
  const count = Number(processed?.[1] ?? 0);
  // pgbench's own tps excludes connection set-up; the elapsed time is taken back from it.
  return { count, elapsedMs: (count / Number(match[1])) * 1000, walBytes };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const rate = (slice: Slice): number => slice.count / (slice.elapsedMs / 1000);
const load = (): string => loadavg()[0]!.toFixed(1);

async function main(): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const ledgerDb = `bench_ledger_${suffix}`;
  const pgbenchDb = `bench_pgbench_${suffix}`;
  await admin(async (c) => {
    await c.query(`CREATE DATABASE "${ledgerDb}"`);
    await c.query(`CREATE DATABASE "${pgbenchDb}"`);
  });
  try {
    const sliceMs = (seconds * 1000) / slices;
    console.log(
      `${playerCount} players, ${clientCount} clients, rounds ${roundKinds.join(' and ')}; ${seconds} s of each workload in ${slices} alternating slices`,
    );
    const kinds = roundKinds as RoundKind[];
    const ledger = await openLedgerBench(ledgerDb);
    await initPgbench(pgbenchDb);
    const ledgerSlices = new Map<RoundKind, LedgerSlice[]>(kinds.map((k) => [k, []]));
    const pgbenchSlices: Slice[] = [];
    try {
      // The workloads take turns, so a change in the machine's other load reaches them alike.
      for (let i = 0; i < slices; i += 1) {
        const loadBefore = load();
        const taken: string[] = [];
        for (const kind of kinds) {
          const l = await ledger.runSlice(sliceMs, kind);
          ledgerSlices.get(kind)!.push(l);
          taken.push(`${kind} ${rate(l).toFixed(0)} rounds/s${l.errors > 0 ? ` (${l.errors} failed)` : ''}`);
        }
        const p = await pgbenchSlice(pgbenchDb, sliceMs);
        pgbenchSlices.push(p);
        console.log(`slice ${i + 1}: ${taken.join(', ')}; TPC-B ${rate(p).toFixed(0)} tps; load ${loadBefore}`);
      }
    } finally {
      await ledger.finish();
    }
    const sum = (list: readonly Slice[], pick: (s: Slice) => number) => list.reduce((acc, s) => acc + pick(s), 0);
    const tps = sum(pgbenchSlices, (s) => s.count) / (sum(pgbenchSlices, (s) => s.elapsedMs) / 1000);
    const perTpcb =
      sum(pgbenchSlices, (s) => s.walBytes) /
      Math.max(
        1,
        sum(pgbenchSlices, (s) => s.count),
      );
    console.log('');
    console.log(`pgbench TPC-B tps: ${tps.toFixed(1)} (WAL ${perTpcb.toFixed(0)} bytes per transaction)`);
    for (const kind of kinds) {
      const list = ledgerSlices.get(kind)!;
      const rounds = sum(list, (s) => s.count);
      const roundsPerSecond = rounds / (sum(list, (s) => s.elapsedMs) / 1000);
      // The benchmark's own process is a client of the database: its CPU is CPU the server did not get.
      const clientCpuMs = list.reduce((acc, s) => acc + (s as LedgerSlice).clientCpuMs, 0);
      const perRound = sum(list, (s) => s.walBytes) / Math.max(1, rounds);
      const ratios = list.map((l, i) => rate(l) / rate(pgbenchSlices[i]!));
      console.log('');
      console.log(`${kind}: ${roundLabels[kind]}`);
      console.log(`  ledger rounds/s:            ${roundsPerSecond.toFixed(1)}`);
      console.log(`  ledger transactions/s:      ${(roundsPerSecond * transactionsPerRound(kind)).toFixed(1)}`);
      console.log(
        `  ratio rounds/s : TPC-B tps: ${(roundsPerSecond / tps).toFixed(2)} (median of the slices ${median(ratios).toFixed(2)})`,
      );
      console.log(`  WAL per round:              ${perRound.toFixed(0)} bytes`);
      console.log(`  client process CPU:         ${(clientCpuMs / Math.max(1, rounds)).toFixed(3)} ms per round`);
    }
  } finally {
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${ledgerDb}" WITH (FORCE)`);
      await c.query(`DROP DATABASE IF EXISTS "${pgbenchDb}" WITH (FORCE)`);
    });
  }
}

await main();
