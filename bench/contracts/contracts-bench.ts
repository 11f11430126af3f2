import { loadavg } from 'node:os';
import { openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { createContractSettlement, type SettledPayout } from '@platform/server/modules/agent-contracts/agent-contracts.settlement';
import { createBetRecordService } from '@platform/server/modules/bet-records/bet-records.service';
import { createTeamStatsService } from '@platform/server/modules/daily-stats/team-stats.service';
import { createLedgerService } from '@platform/server/modules/ledger/ledger.service';
import { createSettingsService } from '@platform/server/modules/settings/settings.service';
import { type RootOperationNode, sql } from 'kysely';
import pg from 'pg';
import { positiveInt } from '../lib/bench-support.ts';

/**
 * Settlement of every contract of a merchant, of two kinds, as the jobs run it (the agent-contracts
 * module's `settleDailyWages` for a day, then `settleDividends` for the half-month holding it),
 * set-based: every contract's team metrics in one read (the team rollups' sums, the active members
 * from the member rollups), the differentials in memory, and one transaction per chunk of contracts
 * moving the money through the ledger's import with the payout rows and one audit row. Each is
 * timed against one plain aggregate of the 1,000,000 members' rollup rows in the same run (each
 * member's figures added up its upline path, active members counted: every figure a contract's tiers
 * need, which is the issue's reference; the goal, within 3x), and, for information, against one
 * plain aggregate of the team rollup rows (the period's pre-summed team rows per holder, without the
 * active members); the settlement's figures are checked equal to both before anything is printed.
 * The time of the team read, the ledger import and the wallets is printed apart, with the
 * statements sent and the ten that took longest.
 *
 * Data, in a scratch schema of the database (dropped first and at the end): BENCH_MEMBERS members;
 * BENCH_TOP top-level agents, each holding a contract set by an operator; BENCH_CONTRACTS − BENCH_TOP
 * sub-agents spread over them, each holding a contract its upline offered; the other members are
 * players spread over the sub-agents. Each agent holds a daily-wage contract and a half-monthly
 * dividend contract with the same tiers. One day of play (the first of the dividend's half-month): one member rollup row per player (a player
 * plays on about 3 days in 4), the team rollup rows of every ancestor and the per-day active counts,
 * built with bulk INSERT ... SELECT GROUP BY statements (the same sums the consumer keeps).
 *
 *   BENCH_DATABASE_URL  connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_SCHEMA        scratch schema (default bench_contracts_run)
 *   BENCH_MEMBERS       members in all (default 1000000)
 *   BENCH_CONTRACTS     contract holders (default 10000), each with a daily-wage and a dividend contract
 *   BENCH_TOP           top-level agents among them (default 100)
 *   BENCH_REPEAT        timed runs of the aggregate (default 5; the median is reported)
 *   BENCH_KEEP          1: keep the scratch schema at the end (to look at the queries' plans)
 *
 * Defaults are the issue's scale: `npm run bench:contracts` runs it as it stands. Each settlement
 * runs once (a second run only answers the payouts already recorded; its time is printed too). JIT and parallel workers are off for both sides, as in the other benches.
 */

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = process.env.BENCH_SCHEMA ?? 'bench_contracts_run';
if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('BENCH_SCHEMA must be a plain lower-case name');
const memberCount = positiveInt('BENCH_MEMBERS', 1_000_000);
const contractCount = positiveInt('BENCH_CONTRACTS', 10_000);
const topCount = positiveInt('BENCH_TOP', 100);
const repeat = positiveInt('BENCH_REPEAT', 5);
const keep = process.env.BENCH_KEEP === '1';
if (topCount >= contractCount) throw new Error('BENCH_TOP must be less than BENCH_CONTRACTS');
if (contractCount >= memberCount) throw new Error('BENCH_CONTRACTS must be less than BENCH_MEMBERS');

const DAY = '2026-10-01';
/** The half-month holding DAY: the dividends' period (the merchant's default). */
const DIVIDEND_FROM = '2026-10-01';
const DIVIDEND_TO = '2026-10-15';
const SIGNED_AT = new Date('2026-09-29T05:00:00Z');
const TIME_ZONE = 'Asia/Ho_Chi_Minh';
const subCount = contractCount - topCount;

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
console.log(
  `members ${memberCount}, contracts ${contractCount} (${topCount} top-level, ${subCount} below them), day ${DAY}, schema ${schema}`,
);

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
await admin.query(`CREATE SCHEMA ${schema}`);
await admin.end();

const scoped = new URL(url);
scoped.searchParams.set(
  'options',
  `-c search_path=${schema} -c synchronous_commit=off -c jit=off -c max_parallel_workers_per_gather=0 -c maintenance_work_mem=256MB`,
);
const database = await openDatabase({ kind: 'postgres', connectionString: scoped.toString(), poolSize: 4 });
const db = database.db;

const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
};

console.log('set-up');
await timed('migrations', () => migrateToLatest(db));
const merchantId = (
  await sql<{ id: number }>`INSERT INTO merchants (code, name, currency) VALUES ('bench', 'Bench', 'VND') RETURNING id`.execute(db)
).rows[0]?.id as number;
const adminId = (
  await sql<{ id: number }>`INSERT INTO admin_users (merchant_id, username, password_hash, role)
                             VALUES (${merchantId}, 'bench', 'x', 'finance') RETURNING id`.execute(db)
).rows[0]?.id as number;

/** Runs `work` with the table's secondary indexes (those no constraint needs) dropped, then builds them again. */
async function withoutIndexes(table: string, work: () => Promise<void>): Promise<void> {
  const indexes = await sql<{ name: string; def: string }>`
    SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname = ${schema} AND i.tablename = ${table}
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(${schema}) || '.' || quote_ident(i.indexname))::regclass)`.execute(
    db,
  );
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.ref(index.name)}`.execute(db);
  await work();
  for (const index of indexes.rows) await sql.raw(index.def).execute(db);
}

// Ids 1..top are the top-level agents, top+1..contracts the sub-agents (round-robin under the tops),
// the rest players (round-robin under the sub-agents).
await timed('members', () =>
  withoutIndexes('members', async () => {
    await sql`
      INSERT INTO members (id, merchant_id, username, account_type, parent_id, upline_path, currency, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT g, ${merchantId}, 'u' || g, l.account_type, l.parent_id,
             CASE WHEN l.grandparent_id IS NOT NULL THEN '/' || l.grandparent_id || '/' || l.parent_id || '/' || g || '/'
                  WHEN l.parent_id IS NOT NULL THEN '/' || l.parent_id || '/' || g || '/'
                  ELSE '/' || g || '/' END,
             'VND', ${SIGNED_AT}::timestamptz - interval '30 days'
        FROM generate_series(1, ${memberCount}::integer) g
       CROSS JOIN LATERAL (SELECT CASE WHEN g > ${contractCount} THEN ${topCount + 1} + (g - ${contractCount + 1}) % ${subCount} END AS sub) p
       CROSS JOIN LATERAL (
         SELECT CASE WHEN g <= ${topCount} THEN 1 WHEN g <= ${contractCount} THEN 2 ELSE 0 END AS account_type,
                CASE WHEN g <= ${topCount} THEN NULL
                     WHEN g <= ${contractCount} THEN 1 + (g - ${topCount + 1}) % ${topCount}
                     ELSE p.sub END AS parent_id,
                CASE WHEN g > ${contractCount} THEN 1 + (p.sub - ${topCount + 1}) % ${topCount} END AS grandparent_id
       ) l`.execute(db);
    await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), ${memberCount})`.execute(db);
  }),
);

const tiers = (low: number, high: number) =>
  JSON.stringify([
    { minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: low },
    { minBet: 100_000_000, minActiveMembers: 5, minNetLoss: 0, rateBasisPoints: high },
  ]);
await timed('contracts', async () => {
  await sql`
    INSERT INTO agent_contracts (merchant_id, kind, holder_id, offered_by_member_id, offered_by_admin_id, tiers, period, status,
                                 created_at, signed_at)
    SELECT ${merchantId}, k.kind, m.id, m.parent_id, CASE WHEN m.parent_id IS NULL THEN ${adminId}::bigint END,
           CASE WHEN m.parent_id IS NULL THEN ${tiers(100, 150)} ELSE ${tiers(50, 100)} END::jsonb,
           k.period, 'active', ${SIGNED_AT}, ${SIGNED_AT}
      FROM members m CROSS JOIN (VALUES ('dailyWage', 'day'), ('dividend', 'halfMonth')) AS k(kind, period)
     WHERE m.id <= ${contractCount} ORDER BY k.kind, m.id`.execute(db);
});

await timed("the day's rollups (member rows, every ancestor's team rows, active counts)", async () => {
  await sql`
    INSERT INTO member_daily_game_stats (merchant_id, member_id, day, category, bet_count, stake, valid_bet, payout, win_loss)
    SELECT ${merchantId}, m.id, ${DAY}::date, 'RNG', 1 + r.h % 5, s.stake, s.stake, s.payout, s.payout - s.stake
      FROM members m
     CROSS JOIN LATERAL (SELECT hashint4(m.id::integer) & 2147483647 AS h) r
     CROSS JOIN LATERAL (SELECT 10000 * (1 + r.h % 500) AS stake, CASE WHEN r.h % 5 < 2 THEN 18000 * (1 + r.h % 500) ELSE 0 END AS payout) s
     WHERE m.account_type = 0 AND r.h % 4 <> 0`.execute(db);
  const perAncestor = sql`
    CROSS JOIN LATERAL unnest(string_to_array(trim(BOTH '/' FROM m.upline_path), '/')::bigint[]) AS a(id)
     WHERE a.id <> m.id`;
  await sql`
    INSERT INTO team_daily_game_stats (merchant_id, ancestor_id, day, category, bet_count, stake, valid_bet, payout, win_loss)
    SELECT s.merchant_id, a.id, s.day, s.category, sum(s.bet_count), sum(s.stake), sum(s.valid_bet), sum(s.payout), sum(s.win_loss)
      FROM member_daily_game_stats s JOIN members m ON m.id = s.member_id ${perAncestor}
     GROUP BY 1, 2, 3, 4`.execute(db);
  await sql`
    INSERT INTO team_daily_activity (merchant_id, ancestor_id, day, active_members)
    SELECT s.merchant_id, a.id, s.day, count(DISTINCT s.member_id)
      FROM member_daily_game_stats s JOIN members m ON m.id = s.member_id ${perAncestor} AND s.bet_count > 0
     GROUP BY 1, 2, 3`.execute(db);
});
await timed('vacuum and analyze', async () => {
  await sql`VACUUM ANALYZE members, agent_contracts, member_daily_game_stats, team_daily_game_stats, team_daily_activity`.execute(db);
});
const counts = (
  await sql<{ g: string; t: string }>`SELECT (SELECT count(*) FROM member_daily_game_stats)::text AS g,
                                             (SELECT count(*) FROM team_daily_game_stats)::text AS t`.execute(db)
).rows[0];
console.log(`  ${counts?.g} member rollup rows, ${counts?.t} team rollup rows`);

type Run = { kind: 'dailyWage' | 'dividend'; from: string; to: string };

/** The reference: the period's team rows summed per contract holder of the kind, in one statement. */
async function aggregate(run: Run): Promise<Map<number, { stake: number; validBet: number; winLoss: number }>> {
  const result = await sql<{ holder: string; stake: string; valid_bet: string; win_loss: string }>`
    SELECT s.ancestor_id::text AS holder, sum(s.stake)::text AS stake, sum(s.valid_bet)::text AS valid_bet, sum(s.win_loss)::text AS win_loss
      FROM team_daily_game_stats s
      JOIN agent_contracts c ON c.holder_id = s.ancestor_id AND c.kind = ${run.kind} AND c.status = 'active'
     WHERE s.merchant_id = ${merchantId} AND s.day >= ${run.from}::date AND s.day <= ${run.to}::date
     GROUP BY s.ancestor_id`.execute(db);
  return new Map(
    result.rows.map((r) => [Number(r.holder), { stake: Number(r.stake), validBet: Number(r.valid_bet), winLoss: Number(r.win_loss) }]),
  );
}

/**
 * The goal's reference: the same figures from the members' own rollup rows, in one plain
 * statement: each member's period (valid bet, stake, win/loss) added to every contract holder on its
 * upline path, with the members whose valid bet reaches the default active-member threshold counted
 * (the bench's members make no deposits, so the rule's deposit side adds nobody).
 */
const ACTIVE_MIN_VALID_BET = 100_000;
async function memberAggregate(run: Run): Promise<Map<number, { stake: number; winLoss: number; active: number }>> {
  const result = await sql<{ holder: string; stake: string; win_loss: string; active: string }>`
    SELECT a.id::text AS holder, sum(s.stake)::text AS stake, sum(s.win_loss)::text AS win_loss,
           count(*) FILTER (WHERE s.valid_bet >= ${ACTIVE_MIN_VALID_BET})::text AS active
      FROM (SELECT member_id, sum(stake) AS stake, sum(valid_bet) AS valid_bet, sum(win_loss) AS win_loss
              FROM member_daily_game_stats
             WHERE merchant_id = ${merchantId} AND day >= ${run.from}::date AND day <= ${run.to}::date
             GROUP BY member_id) s
      JOIN members m ON m.id = s.member_id
     CROSS JOIN LATERAL unnest(string_to_array(trim(BOTH '/' FROM m.upline_path), '/')::bigint[]) AS a(id)
      JOIN agent_contracts c ON c.holder_id = a.id AND c.kind = ${run.kind} AND c.status = 'active'
     WHERE a.id <> m.id
     GROUP BY a.id`.execute(db);
  return new Map(
    result.rows.map((r) => [Number(r.holder), { stake: Number(r.stake), winLoss: Number(r.win_loss), active: Number(r.active) }]),
  );
}

async function medianMs(work: () => Promise<unknown>): Promise<number> {
  await work(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/**
 * Statements the settlement sends (every query through `counted`, raw SQL included), by a short label
 * (the table a query reads or writes, a raw statement's first words), with the time from sending
 * each to its answer.
 */
const statements = new Map<string, { count: number; ms: number }>();
const started = new Map<unknown, { label: string; at: number }>();
let counting = false;
const labelOf = (node: RootOperationNode): string => {
  const name = (from: unknown): string => {
    const node = from as { kind?: string; node?: unknown; table?: { identifier?: { name?: string } } } | undefined;
    if (node?.kind === 'AliasNode') return name(node.node);
    if (node?.kind === 'SelectQueryNode') return 'a sub-query';
    return node?.table?.identifier?.name ?? '?';
  };
  if (node.kind === 'SelectQueryNode') return `select ${name(node.from?.froms[0])}`;
  if (node.kind === 'InsertQueryNode') return `insert ${name(node.into)}`;
  if (node.kind === 'UpdateQueryNode') return `update ${name(node.table)}`;
  if (node.kind === 'RawNode') return node.sqlFragments.join('?').replace(/\s+/g, ' ').trim().slice(0, 60);
  return node.kind;
};
const counted = db.withPlugin({
  transformQuery: (args) => {
    if (counting) started.set(args.queryId, { label: labelOf(args.node), at: performance.now() });
    return args.node;
  },
  transformResult: async (args) => {
    const start = started.get(args.queryId);
    if (start) {
      started.delete(args.queryId);
      const entry = statements.get(start.label) ?? { count: 0, ms: 0 };
      entry.count += 1;
      entry.ms += performance.now() - start.at;
      statements.set(start.label, entry);
    }
    return args.result;
  },
});
/** Where the settlement's time goes: the team metrics read and the ledger's writes, timed around the services' calls. */
const phases = { teamMetrics: 0, ledgerImport: 0, ledgerAccounts: 0 };
const timedCall =
  <A extends unknown[], R>(phase: keyof typeof phases, call: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    const start = performance.now();
    try {
      return await call(...args);
    } finally {
      phases[phase] += performance.now() - start;
    }
  };
const plainLedger = createLedgerService({ db: counted });
const ledger = {
  ...plainLedger,
  importTransfers: timedCall('ledgerImport', plainLedger.importTransfers),
  ensureMemberAccountsOfMany: timedCall('ledgerAccounts', plainLedger.ensureMemberAccountsOfMany),
  lockBalances: timedCall('ledgerAccounts', plainLedger.lockBalances),
  ensureSystemAccount: timedCall('ledgerAccounts', plainLedger.ensureSystemAccount),
};
const teamStats = createTeamStatsService({ db: counted });
const settlement = createContractSettlement({
  db: counted,
  ledger,
  teamStats: { ofTeams: timedCall('teamMetrics', teamStats.ofTeams) },
  betRecords: createBetRecordService({ db, now: () => new Date() }),
  settings: createSettingsService({ db: counted }),
  timeZoneOf: async () => TIME_ZONE,
  now: () => new Date(),
});

const ms = (value: number) => `${(value / 1000).toFixed(3).padStart(7)} s`;

/** Settles every contract of the kind for its period, checks the answers, and prints the times. */
async function settleAndTime(run: Run, settle: () => Promise<SettledPayout[]>): Promise<void> {
  console.log(`${run.kind}, period ${run.from} to ${run.to}`);
  const aggregateMs = await medianMs(() => aggregate(run));
  const memberAggregateMs = await medianMs(() => memberAggregate(run));
  for (const key of Object.keys(phases) as (keyof typeof phases)[]) phases[key] = 0;
  statements.clear();
  const start = performance.now();
  counting = true;
  const settled = await settle();
  counting = false;
  const settleMs = performance.now() - start;
  const phaseMs = { ...phases };
  const replayStart = performance.now();
  const replayed = await settle();
  const replayMs = performance.now() - replayStart;

  // The settlement's answers against the aggregates', before the times mean anything.
  if (settled.length !== contractCount || settled.some((s) => s.isReplay)) {
    throw new Error(`expected ${contractCount} new payouts, got ${settled.length}`);
  }
  if (replayed.length !== contractCount || replayed.some((s) => !s.isReplay)) throw new Error('the second run paid again');
  const reference = await aggregate(run);
  const fromMembers = await memberAggregate(run);
  for (const { payout } of settled) {
    const ref = reference.get(payout.holderId) ?? { stake: 0, validBet: 0, winLoss: 0 };
    if (payout.metrics.bet !== ref.stake || payout.metrics.netLoss !== -ref.winLoss) {
      throw new Error(`contract ${payout.contractId}: settled ${JSON.stringify(payout.metrics)}, aggregate ${JSON.stringify(ref)}`);
    }
    const own = fromMembers.get(payout.holderId) ?? { stake: 0, winLoss: 0, active: 0 };
    if (payout.metrics.bet !== own.stake || payout.metrics.activeMembers !== own.active) {
      throw new Error(
        `contract ${payout.contractId}: settled ${JSON.stringify(payout.metrics)}, from the member rows ${JSON.stringify(own)}`,
      );
    }
  }
  const paid = settled.reduce((s, p) => s + p.payout.payout, 0);
  const houseOwn = settled.filter((s) => s.payout.paidBy === 'house').reduce((s, p) => s + p.payout.ownAmount + p.payout.clampAmount, 0);
  if (paid !== houseOwn) throw new Error(`payouts ${paid} differ from what the house paid ${houseOwn}`);
  console.log(
    `  answers agree (sums with the team rows' aggregate, sums and active members with the member rows'): ${settled.length} payouts, kept in all ${paid} (what the house paid the top levels)`,
  );
  console.log(
    `  settlement of ${contractCount} contracts ${(settleMs / 1000).toFixed(1).padStart(7)} s   (${(settleMs / contractCount).toFixed(2)} ms a contract)`,
  );
  console.log(
    `    of which the team metrics read   ${ms(phaseMs.teamMetrics)}   (one grouped read of the team rows, one of the qualified members)`,
  );
  console.log(`    of which the ledger import       ${ms(phaseMs.ledgerImport)}   (the transfers, their entries and balances)`);
  console.log(`    of which the agent wallets       ${ms(phaseMs.ledgerAccounts)}   (made sure of and locked)`);
  console.log(
    `    the rest                         ${ms(settleMs - phaseMs.teamMetrics - phaseMs.ledgerImport - phaseMs.ledgerAccounts)}   (contracts in force, payouts read, locks, payout, debt and audit rows, commits)`,
  );
  console.log(`  statements sent: ${[...statements.values()].reduce((a, b) => a + b.count, 0)}; the ten that took longest in all:`);
  for (const [label, { count, ms: took }] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 10)) {
    console.log(`    ${(took / 1000).toFixed(3).padStart(7)} s  ${String(count).padStart(4)}x  ${label}`);
  }
  console.log(`  second run (replays)           ${(replayMs / 1000).toFixed(1).padStart(7)} s`);
  console.log(
    `  one aggregate of the member rows ${ms(memberAggregateMs)}   (median of ${repeat}: the same sums and the active members, each member's row added up its path)`,
  );
  console.log(`  ratio settlement / aggregate   ${(settleMs / memberAggregateMs).toFixed(1)}x   (goal: within 3x)`);
  console.log(
    `  for information: one aggregate of the team rows ${ms(aggregateMs)} (median of ${repeat}: pre-summed team rows, no active members); settlement / it ${(settleMs / aggregateMs).toFixed(1)}x`,
  );
}

console.log('timings');
await settleAndTime({ kind: 'dailyWage', from: DAY, to: DAY }, () => settlement.settleDailyWages(merchantId, DAY));
await settleAndTime({ kind: 'dividend', from: DIVIDEND_FROM, to: DIVIDEND_TO }, () =>
  settlement.settleDividends(merchantId, 'halfMonth', DAY),
);
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await database.close();
if (keep) console.log(`schema ${schema} kept (BENCH_KEEP)`);
else {
  const dropper = new pg.Client({ connectionString: url });
  await dropper.connect();
  await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
  await dropper.end();
}
