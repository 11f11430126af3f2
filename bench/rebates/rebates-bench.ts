import { loadavg } from 'node:os';
import { openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { addDays, startOfLocalDate } from '@platform/server/lib/time-zone';
import { createBetRecordService } from '@platform/server/modules/bet-records/bet-records.service';
import { createDailyStatsService } from '@platform/server/modules/daily-stats/daily-stats.service';
import { createLedgerService } from '@platform/server/modules/ledger/ledger.service';
import { DEFAULT_MEMBER_TIME_ZONE, memberTimeZoneSetting } from '@platform/server/modules/records/records.settings';
import { createResponsibleGamingService } from '@platform/server/modules/responsible-gaming/responsible-gaming.service';
import { createSettingsService } from '@platform/server/modules/settings/settings.service';
import { createVipService } from '@platform/server/modules/vip/vip.service';
import { sql } from 'kysely';
import pg from 'pg';
import { positiveInt } from '../lib/bench-support.ts';

/**
 * The daily rebate job for a day as the product runs it, against one plain aggregate of the same bet
 * records, in the same run on the same data (issue 19: "daily rebate for 100,000 members over
 * 10,000,000 bet records … against one plain aggregate of the same rows: goal within 2 times").
 *
 * The day's job, timed step by step:
 *   1. the rollup: the daily-stats consumer (`dailyStats.refresh()`, the job that runs every minute)
 *      brings the member rollups up to the day's bet records, here all of them at once (the records
 *      were written as one day of play, time-ordered, members interleaved);
 *   2. the settlement (`vip.rebates.settlePeriod`): one statement computing every (member, category)
 *      due from the day's rollups, one responsible-gaming read, then one transaction per chunk of
 *      20,000 members with one `ledger.creditMany` of its paid lines, one insert of its lines and one
 *      audit row (ADR 0033).
 * The reference: one plain aggregate of the same bet records (the rebate per member and category of
 * the day's settled real-money rounds in one SELECT, nothing written). The goal is judged on the
 * settlement, the daily rebate job proper: it reads the rollups, which the consumer keeps through the
 * day. For information the bench also prints the settlement against a plain aggregate of the rollup
 * rows it reads, and the day's job with the whole day rolled up at once (steps 1 and 2).
 *
 * In production the consumer follows the records through the day, a step a minute; each step
 * recomputes the (member, day, category) rows it touched from all their rounds so far, so its work
 * over a day is spread out and larger than one catch-up of the whole day; at the day's end the job is
 * the last minute's catch-up plus the settlement. `BENCH_WRITES` > 1 writes the day in that many
 * transactions (time slices) and lets the consumer catch up after each, to show that cost.
 *
 * Data, in a scratch schema (dropped first and at the end): BENCH_MEMBERS members, BENCH_BETS settled
 * real-money rounds over the day (each member the same number, half slots paid automatically at
 * 0.4 %, half live casino accrued to claim at 0.3 %), generated in SQL, and a main wallet per member.
 *
 *   BENCH_DATABASE_URL  connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_SCHEMA        scratch schema (default bench_rebates_run)
 *   BENCH_MEMBERS       members (default 100000)
 *   BENCH_BETS          bet records of the day (default 10000000)
 *   BENCH_WRITES        transactions the day's records are written in (default 1)
 *   BENCH_REPEAT        timed runs of each plain aggregate (default 3; the median is reported)
 *   BENCH_KEEP_SCHEMA   1 keeps the scratch schema at the end (to EXPLAIN the statements)
 *
 * The settlement runs once more at the end (every line found written: the cost of a re-run). All
 * run with JIT and parallel workers off, as the other benches do.
 */

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = process.env.BENCH_SCHEMA ?? 'bench_rebates_run';
if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('BENCH_SCHEMA must be a plain lower-case name');
const memberCount = positiveInt('BENCH_MEMBERS', 100_000);
const betCount = positiveInt('BENCH_BETS', 10_000_000);
const writes = positiveInt('BENCH_WRITES', 1);
const repeat = positiveInt('BENCH_REPEAT', 3);
const DAY = '2026-10-01';
const ZONE = DEFAULT_MEMBER_TIME_ZONE;
const dayFrom = startOfLocalDate(DAY, ZONE);
const dayTo = startOfLocalDate(addDays(DAY, 1), ZONE);

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`load average at start: ${loads()} (1, 5, 15 min)`);
console.log(`members ${memberCount}, bet records ${betCount} in ${writes} transaction(s), schema ${schema}`);

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
await admin.query(`CREATE SCHEMA ${schema}`);

const scoped = new URL(url);
scoped.searchParams.set('options', `-c search_path=${schema} -c synchronous_commit=off -c jit=off -c max_parallel_workers_per_gather=0`);
const database = await openDatabase({ kind: 'postgres', connectionString: scoped.toString(), poolSize: 4 });
const db = database.db;

/**
 * Where a step's time goes: each statement's wall time as the client sees it (the database's work,
 * the transfer of rows and parameters, and the wait for a busy CPU), summed per statement text while
 * `profile.on` is set.
 */
const profile = { on: false, byStatement: new Map<string, { calls: number; ms: number }>() };
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const config = args[0] as string | { text?: string };
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const start = performance.now();
  const pending = (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  if (profile.on && pending instanceof Promise) {
    const label = text.replace(/\s+/g, ' ').trim().slice(0, 80);
    void pending.then(
      () => {
        const seen = profile.byStatement.get(label) ?? { calls: 0, ms: 0 };
        seen.calls += 1;
        seen.ms += performance.now() - start;
        profile.byStatement.set(label, seen);
      },
      () => {},
    );
  }
  return pending;
} as typeof pg.Client.prototype.query;

const timed = async <T>(label: string, work: () => Promise<T>): Promise<{ result: T; seconds: number }> => {
  const start = performance.now();
  const result = await work();
  const seconds = (performance.now() - start) / 1000;
  console.log(`  ${label}: ${seconds.toFixed(2)} s`);
  return { result, seconds };
};

/** Runs `work` with the statement profile on, then prints where its time went. */
const profiled = async <T>(label: string, work: () => Promise<T>): Promise<{ result: T; seconds: number }> => {
  profile.byStatement.clear();
  profile.on = true;
  const run = await timed(label, work);
  profile.on = false;
  console.log(`  where it went (statements as the client waited for them, the slowest first):`);
  for (const [text, seen] of [...profile.byStatement].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8))
    console.log(`    ${(seen.ms / 1000).toFixed(2).padStart(7)} s ${String(seen.calls).padStart(4)}×  ${text}`);
  return run;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  console.log('set-up');
  await timed('migrations', () => migrateToLatest(db));
  const merchantId = (
    await sql<{ id: number }>`INSERT INTO merchants (code, name, currency) VALUES ('bench', 'Bench', 'VND') RETURNING id`.execute(db)
  ).rows[0]?.id as number;
  await timed('members', async () => {
    await sql`
      INSERT INTO members (id, merchant_id, username, account_type, upline_path, currency)
      OVERRIDING SYSTEM VALUE
      SELECT g, ${merchantId}, 'u' || g, 0, '/' || g || '/', 'VND' FROM generate_series(1, ${memberCount}::integer) g`.execute(db);
    await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), ${memberCount})`.execute(db);
  });

  const now = () => new Date(dayTo.getTime() + 3_600_000);
  const settings = createSettingsService({ db, now });
  const timeZoneOf = (id: number) => settings.get(id, memberTimeZoneSetting);
  const ledger = createLedgerService({ db, now });
  const betRecords = createBetRecordService({ db, now });
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const dailyStats = createDailyStatsService({ db, now, logger: quiet, betRecords, ledger, timeZoneOf });
  const rg = createResponsibleGamingService({ db, ledger, revokeAllSessions: async () => {}, timeZoneOf, now });
  const vip = createVipService({
    db,
    ledger,
    settings,
    timeZoneOf,
    now,
    assertNotExcluded: (memberId) => rg.assertCanLogin(memberId),
    blockedAmong: (memberIds) => rg.blockedAmong(memberIds),
    rollups: dailyStats,
  });

  /**
   * The day's settled real-money rounds, time-ordered over the merchant's day with the members
   * interleaved (round i is member i mod M's), in `writes` transactions (slices of the day). Every
   * member has the same number of rounds, half slots, half live casino; a round wins double or
   * loses, so its valid bet is its stake (`validBetOf`). Foreign-key triggers are off for the
   * load only (the rows are valid by construction).
   */
  const writeSlice = async (slice: number) => {
    const first = Math.floor((betCount * slice) / writes);
    const last = Math.floor((betCount * (slice + 1)) / writes);
    const loader = new pg.Client({ connectionString: scoped.toString() });
    await loader.connect();
    try {
      await loader.query('SET session_replication_role = replica');
      await loader.query(
        `INSERT INTO bet_records (merchant_id, member_id, username, vendor_code, game_code, game_category, round_id, currency,
                                  is_trial, status, stake, rolled_back_stake, payout, valid_bet, win_loss, bet_count,
                                  opened_at, settled_at, updated_at)
         SELECT $1::bigint, m, 'u' || m, 'BENCH', CASE WHEN c = 'RNG' THEN 'slot-1' ELSE 'baccarat-1' END, c, i::text, 'VND',
                false, 'settled', s, 0, p, s, p - s, 1, t - interval '30 seconds', t, t
           FROM generate_series($2::bigint, $3::bigint) i
          CROSS JOIN LATERAL (SELECT 1 + (i % $4::bigint) AS m,
                                     CASE WHEN (i / $4::bigint) % 2 = 0 THEN 'RNG' ELSE 'LIVE' END AS c,
                                     1000 * (1 + (hashint8(i) & 2147483647) % 200) AS s,
                                     $5::timestamptz + (i * (86399.0 / $6::float8)) * interval '1 second' AS t) r
          CROSS JOIN LATERAL (SELECT CASE WHEN hashint8(i + 7) % 2 = 0 THEN 2 * r.s ELSE 0 END AS p) w`,
        [merchantId, first, last - 1, memberCount, dayFrom.toISOString(), betCount],
      );
    } finally {
      await loader.end();
    }
  };

  await timed('main wallets (every member who has played has one)', () =>
    db
      .transaction()
      .execute((trx) =>
        ledger.ensureMemberAccountsOfMany(
          { merchantId, currency: 'VND', memberIds: Array.from({ length: memberCount }, (_, i) => i + 1), kinds: ['player_main'] },
          trx,
        ),
      ),
  );
  const op = { adminId: 0, merchantId, ip: null };
  await vip.levels.setLevels(op, {
    levels: [
      {
        level: 0,
        code: 'VIP0',
        names: { vi: 'Thành viên', en: 'Member' },
        minDeposit: 0,
        minValidBet: 0,
        keepDeposit: 0,
        keepValidBet: 0,
        upgradeBonus: 0,
        periodicBonus: 0,
        periodicPeriod: null,
      },
    ],
  });
  await vip.rebates.setRules(op, {
    rules: [
      { vipLevel: 0, category: 'RNG', period: 'D', mode: 'auto', ratePpm: 4_000, maxAmount: null },
      { vipLevel: 0, category: 'LIVE', period: 'D', mode: 'claim', ratePpm: 3_000, maxAmount: null },
    ],
  });
  // The consumer's cursors start at the present: what it reads is the day's records only.
  await dailyStats.refresh();

  let rollupSeconds = 0;
  if (writes === 1) {
    await timed(`the day's ${betCount} bet records (one transaction)`, () => writeSlice(0));
    await timed('ANALYZE', () => sql`ANALYZE`.execute(db));
  } else {
    console.log(`the day written in ${writes} transactions, the consumer catching up after each (as it follows the day)`);
    for (let slice = 0; slice < writes - 1; slice += 1) {
      await writeSlice(slice);
      if (slice === 0) await sql`ANALYZE`.execute(db);
      const step = await timed(`slice ${slice + 1}: rollup catch-up`, () => dailyStats.refresh());
      rollupSeconds += step.seconds;
    }
    await writeSlice(writes - 1);
    await sql`ANALYZE`.execute(db);
  }

  // What writing the day at once leaves behind (hint bits set by the first reads, a gigabyte of dirty
  // pages for the checkpointer) is done before anything is timed: in production the day's records
  // are written, read and checkpointed through the day, not a minute before the job.
  await timed("VACUUM ANALYZE and CHECKPOINT (the day's pages settled)", async () => {
    await sql`VACUUM (ANALYZE) bet_records`.execute(db);
    await sql`CHECKPOINT`.execute(db);
  });

  const ruleJoin = sql`JOIN rebate_rules r ON r.merchant_id = b.merchant_id AND r.vip_level = 0 AND r.category = b.game_category AND r.period = 'D' AND r.is_enabled`;
  console.log('plain aggregate of the bet records (the rebate per member and category of the day in one SELECT)');
  const plainBets: number[] = [];
  let plainBetsTotal = 0;
  for (let i = 0; i < repeat; i += 1) {
    const run = await timed(`run ${i + 1}`, () =>
      sql<{ total: string }>`
        SELECT coalesce(sum(a.amount), 0)::text AS total FROM (
          SELECT b.member_id, b.game_category, floor(sum(b.valid_bet) * r.rate_ppm / 1000000) AS amount
            FROM bet_records b ${ruleJoin}
           WHERE b.merchant_id = ${merchantId} AND b.status = 'settled' AND NOT b.is_trial
             AND b.settled_at >= ${dayFrom} AND b.settled_at < ${dayTo}
           GROUP BY b.member_id, b.game_category, r.rate_ppm) a`.execute(db),
    );
    plainBets.push(run.seconds);
    plainBetsTotal = Number(run.result.rows[0]?.total ?? 0);
  }
  const plainBetsMedian = median(plainBets);

  console.log("the day's job");
  const rollup = await profiled('1. rollup of the bet records into the member rollups (dailyStats.refresh)', () => dailyStats.refresh());
  rollupSeconds += rollup.seconds;
  const rolled = await sql<{ n: string; valid: string }>`
    SELECT coalesce(sum(bet_count), 0)::text AS n, coalesce(sum(valid_bet), 0)::text AS valid
      FROM member_daily_game_stats WHERE merchant_id = ${merchantId} AND day = ${DAY}::date`.execute(db);
  const rolledRounds = Number(rolled.rows[0]?.n ?? 0);
  if (rolledRounds !== betCount)
    console.log(`  WARNING: the rollups hold ${rolledRounds} rounds of ${betCount} (a long transaction elsewhere held the consumer back)`);
  const settled = await profiled('2. settlement (vip.rebates.settlePeriod)', () => vip.rebates.settlePeriod(merchantId, 'D', DAY));
  const jobSeconds = rollupSeconds + settled.seconds;
  console.log(`  the day's job: ${jobSeconds.toFixed(2)} s`);

  console.log('plain aggregate of the rollup rows the settlement reads (the reference this bench used before)');
  const plainRollups: number[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const run = await timed(`run ${i + 1}`, () =>
      sql<{ total: string }>`
        SELECT coalesce(sum(a.amount), 0)::text AS total FROM (
          SELECT b.member_id, b.category, floor(sum(b.valid_bet) * r.rate_ppm / 1000000) AS amount
            FROM member_daily_game_stats b
            JOIN rebate_rules r ON r.merchant_id = b.merchant_id AND r.vip_level = 0 AND r.category = b.category AND r.period = 'D' AND r.is_enabled
           WHERE b.merchant_id = ${merchantId} AND b.day = ${DAY}::date
           GROUP BY b.member_id, b.category, r.rate_ppm) a`.execute(db),
    );
    plainRollups.push(run.seconds);
  }
  const plainRollupsMedian = median(plainRollups);

  const rerun = await timed('settlement again (every line already written)', () => vip.rebates.settlePeriod(merchantId, 'D', DAY));
  const written = await sql<{ n: string; total: string }>`
    SELECT count(*)::text AS n, coalesce(sum(amount), 0)::text AS total FROM rebate_lines WHERE merchant_id = ${merchantId}`.execute(db);
  const lineTotal = Number(written.rows[0]?.total ?? 0);
  console.log(
    `rollups ${rolledRounds} rounds; lines ${written.rows[0]?.n} (${settled.result?.written} written, re-run ${rerun.result?.existing} existing); rebates ${lineTotal} = plain aggregate of the bet records ${plainBetsTotal}: ${lineTotal === plainBetsTotal}`,
  );
  const ratio = settled.seconds / plainBetsMedian;
  console.log('');
  console.log(
    `for information: settlement ${(settled.seconds / plainRollupsMedian).toFixed(1)} times the plain aggregate of the rollup rows it reads (${plainRollupsMedian.toFixed(3)} s); the day's job with the whole day rolled up at its end ${(jobSeconds / plainBetsMedian).toFixed(1)} times the plain aggregate of the bet records (rollup ${rollupSeconds.toFixed(2)} s + settlement ${settled.seconds.toFixed(2)} s)`,
  );
  // The goal's figure: the daily rebate job is the settlement over the rollups (the issue's "or their
  // rollups"), which the daily-stats consumer keeps up with the bet records a minute at a time through
  // the day; a round it has not rolled up yet is paid by the period's correction line.
  console.log(
    `RATIO daily rebate (settlement over the rollups) / plain aggregate of the bet records: ${ratio.toFixed(1)} (settlement ${settled.seconds.toFixed(2)} s, aggregate median ${plainBetsMedian.toFixed(2)} s)`,
  );
  console.log(`goal: within 2 — ${ratio <= 2 ? 'met' : 'not met'}`);
  console.log(`load average at the end: ${loads()} (1, 5, 15 min)`);
} finally {
  await database.close();
  if (process.env.BENCH_KEEP_SCHEMA !== '1') await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}
