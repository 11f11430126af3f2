import { loadavg } from 'node:os';
import { openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import {
  sumDepositsByMember,
  sumNetLossByMember,
  sumValidBetByMemberAndCategory,
  validBetByMemberAndCategorySource,
} from '@platform/server/modules/daily-stats/daily-stats.repository';
import { createLedgerService } from '@platform/server/modules/ledger/ledger.service';
import { memberTimeZoneSetting } from '@platform/server/modules/records/records.settings';
import { createResponsibleGamingService } from '@platform/server/modules/responsible-gaming/responsible-gaming.service';
import { createSettingsService } from '@platform/server/modules/settings/settings.service';
import { createVipService } from '@platform/server/modules/vip/vip.service';
import { sql } from 'kysely';
import pg from 'pg';
import { positiveInt } from '../lib/bench-support.ts';

/**
 * The daily rebate settlement as the app runs it (`vip.rebates.settlePeriod`: one statement computing
 * every (member, category) due from the day's member rollups, one responsible-gaming read, then one
 * transaction per chunk of 20,000 members with one `ledger.creditMany` of its paid lines, one insert
 * of its lines and one audit row; ADR 0033) against one plain aggregate of the same rollup rows (the
 * rebate per member and category computed in one SELECT, nothing written), in the same run on the
 * same data. It prints where the settlement's time went, statement by statement, and the ratio.
 *
 * Data, in a scratch schema (dropped first and at the end): BENCH_MEMBERS members, each with a day
 * of play in two categories (slots paid automatically at 0.4 %, live casino accrued to claim at
 * 0.3 %), written straight as the day's member rollup rows, and a main wallet each.
 *
 *   BENCH_DATABASE_URL  connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_SCHEMA        scratch schema (default bench_rebates_run)
 *   BENCH_MEMBERS       members (default 100000)
 *   BENCH_REPEAT        timed runs of the plain aggregate (default 5; the median is reported)
 *   BENCH_KEEP_SCHEMA   1 keeps the scratch schema at the end (to EXPLAIN the settlement's statements)
 *
 * The settlement runs once (a second run finds every line written: it is timed too, as the cost of
 * a re-run). Both run with JIT and parallel workers off, as the other benches do.
 */

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = process.env.BENCH_SCHEMA ?? 'bench_rebates_run';
if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('BENCH_SCHEMA must be a plain lower-case name');
const memberCount = positiveInt('BENCH_MEMBERS', 100_000);
const repeat = positiveInt('BENCH_REPEAT', 5);
const DAY = '2026-10-01';

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
console.log(`members ${memberCount}, schema ${schema}`);

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
await admin.query(`CREATE SCHEMA ${schema}`);

const scoped = new URL(url);
scoped.searchParams.set('options', `-c search_path=${schema} -c synchronous_commit=off -c jit=off -c max_parallel_workers_per_gather=0`);
const database = await openDatabase({ kind: 'postgres', connectionString: scoped.toString(), poolSize: 4 });
const db = database.db;

/**
 * Where the settlement's time goes: each statement's wall time as the client sees it (the database's
 * work, the transfer of rows and parameters, and the wait for a busy CPU), summed per statement text
 * while `profile.on` is set.
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

try {
  console.log('set-up');
  await timed('migrations', () => migrateToLatest(db));
  const merchantId = (
    await sql<{ id: number }>`INSERT INTO merchants (code, name, currency) VALUES ('bench', 'Bench', 'VND') RETURNING id`.execute(db)
  ).rows[0]?.id as number;
  await timed('members and their day of play (member rollup rows)', async () => {
    await sql`
      INSERT INTO members (id, merchant_id, username, account_type, upline_path, currency)
      OVERRIDING SYSTEM VALUE
      SELECT g, ${merchantId}, 'u' || g, 0, '/' || g || '/', 'VND' FROM generate_series(1, ${memberCount}::integer) g`.execute(db);
    await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), ${memberCount})`.execute(db);
    await sql`
      INSERT INTO member_daily_game_stats (merchant_id, member_id, day, category, bet_count, stake, valid_bet, payout, win_loss)
      SELECT ${merchantId}, g, ${DAY}::date, c.category, 3, v.bet, v.bet, 0, -v.bet
        FROM generate_series(1, ${memberCount}::integer) g
       CROSS JOIN (VALUES ('RNG'), ('LIVE')) c(category)
       CROSS JOIN LATERAL (SELECT 100000 * (1 + (hashint4(g) & 2147483647) % 200) AS bet) v`.execute(db);
    await sql`ANALYZE`.execute(db);
  });

  const now = () => new Date('2026-10-03T00:00:00Z');
  const settings = createSettingsService({ db, now });
  const timeZoneOf = (id: number) => settings.get(id, memberTimeZoneSetting);
  const ledger = createLedgerService({ db, now });
  const rg = createResponsibleGamingService({ db, ledger, revokeAllSessions: async () => {}, timeZoneOf, now });
  const vip = createVipService({
    db,
    ledger,
    settings,
    timeZoneOf,
    now,
    assertNotExcluded: (memberId) => rg.assertCanLogin(memberId),
    blockedAmong: (memberIds) => rg.blockedAmong(memberIds),
    rollups: {
      validBetByMemberAndCategory: (filter) => sumValidBetByMemberAndCategory(db, filter),
      validBetSource: (filter) => validBetByMemberAndCategorySource(db, filter),
      depositsByMember: (filter) => sumDepositsByMember(db, filter),
      netLossByMember: (filter) => sumNetLossByMember(db, filter),
      gameDays: async () => [],
      moneyDays: async () => [],
    },
  });
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

  console.log('plain aggregate (the rebate per member and category in one SELECT)');
  const plain: number[] = [];
  let plainTotal = 0;
  for (let i = 0; i < repeat; i += 1) {
    const run = await timed(`run ${i + 1}`, () =>
      sql<{ total: string }>`
        SELECT coalesce(sum(a.amount), 0)::text AS total FROM (
          SELECT s.member_id, s.category, floor(sum(s.valid_bet) * r.rate_ppm / 1000000) AS amount
            FROM member_daily_game_stats s
            JOIN rebate_rules r ON r.merchant_id = s.merchant_id AND r.vip_level = 0 AND r.category = s.category AND r.period = 'D' AND r.is_enabled
           WHERE s.merchant_id = ${merchantId} AND s.day = ${DAY}::date
           GROUP BY s.member_id, s.category, r.rate_ppm) a`.execute(db),
    );
    plain.push(run.seconds);
    plainTotal = Number(run.result.rows[0]?.total ?? 0);
  }
  const median = [...plain].sort((a, b) => a - b)[Math.floor(plain.length / 2)] ?? 0;

  console.log('settlement (vip.rebates.settlePeriod, as the job runs it)');
  profile.on = true;
  const settled = await timed('first run', () => vip.rebates.settlePeriod(merchantId, 'D', DAY));
  profile.on = false;
  console.log("  where the first run's time went (statements as the client waited for them, the slowest first):");
  for (const [label, seen] of [...profile.byStatement].sort((a, b) => b[1].ms - a[1].ms).slice(0, 10))
    console.log(`    ${(seen.ms / 1000).toFixed(2).padStart(7)} s ${String(seen.calls).padStart(3)}×  ${label}`);
  const rerun = await timed('second run (every line already written)', () => vip.rebates.settlePeriod(merchantId, 'D', DAY));
  const written = await sql<{ n: string; total: string }>`
    SELECT count(*)::text AS n, coalesce(sum(amount), 0)::text AS total FROM rebate_lines WHERE merchant_id = ${merchantId}`.execute(db);
  const lineTotal = Number(written.rows[0]?.total ?? 0);
  console.log(
    `lines ${written.rows[0]?.n} (${settled.result?.written} written, re-run ${rerun.result?.existing} existing), rebates ${lineTotal} = plain ${plainTotal}: ${lineTotal === plainTotal}`,
  );
  const ratio = settled.seconds / median;
  console.log('');
  console.log(
    `RATIO settlement / plain aggregate: ${ratio.toFixed(1)} (settlement ${settled.seconds.toFixed(2)} s, aggregate median ${median.toFixed(3)} s)`,
  );
  console.log(`goal: within 2 — ${ratio <= 2 ? 'met' : 'not met'}`);
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (1, 5, 15 min)`,
  );
} finally {
  await database.close();
  if (process.env.BENCH_KEEP_SCHEMA !== '1') await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}
