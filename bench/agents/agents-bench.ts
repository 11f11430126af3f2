import { loadavg } from 'node:os';
import { openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { countTeamByLevel } from '@platform/server/modules/accounts/member-directory';
import { createTeamStatsService } from '@platform/server/modules/daily-stats/team-stats.service';
import { sql } from 'kysely';
import pg from 'pg';
import { positiveInt } from '../lib/bench-support.ts';

/**
 * The agent centre's two heaviest questions, answered from the daily team rollups and the upline
 * path (the reports' team-stats reads and the member directory, as the app runs them) against the
 * same questions answered from the raw records with a recursive query over `parent_id`, in the same
 * run on the same data:
 *
 *   overview   team size by level, members who joined in the period, members who played, and the
 *              team's rounds, stake, valid bet, payout and win/loss over the period
 *   pnl        subordinate profit and loss: one row per direct downline member with its whole team
 *              rolled up (team size, rounds, stake, valid bet, payout, win/loss) over the period
 *
 * Data, in a scratch schema of the database (dropped first): BENCH_MEMBERS members, of whom one
 * agent's team is BENCH_TEAM (100 sub-agents, 10 sub-sub-agents under each, players under those:
 * three levels); a month of play, BENCH_ROUNDS_PER_DAY settled rounds per member on the days it
 * plays (team members on about a quarter of the days, the others on 3 %), written as raw bet records
 * and as the rollups the consumer would build from them: the member rows, and every ancestor's team
 * rows (here bulk INSERT ... SELECT GROUP BY statements, for speed; the same sums the consumer keeps,
 * as the daily-stats property tests check). Money figures are left out of the recursive side (they
 * would need a month of ledger history); the rollup side reads them as the app does (no rows here).
 *
 *   BENCH_DATABASE_URL  connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_SCHEMA        scratch schema (default bench_agents_run; dropped first and at the end)
 *   BENCH_MEMBERS       members in all (default 1000000)
 *   BENCH_TEAM          the agent's team (default 100000)
 *   BENCH_DAYS          days of play (default 30)
 *   BENCH_ROUNDS_PER_DAY rounds of a member on a day it plays (default 3)
 *   BENCH_REPEAT        timed runs of each question per side (default 5; the median is reported)
 *
 * The schema is migrated with the app's migrations through `search_path`; Kysely's migrator looks for
 * its lock table in any schema, so no other schema of the database may hold one. The bulk loads run
 * with the secondary indexes of `members` and `bet_records` dropped and built again afterwards, and
 * without waiting for the WAL flush. Both sides run with JIT and parallel workers off (as in the tree
 * bench, ADR 0017): on the shared 2-core machine their start-up measures the machine, not the query.
 */

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = process.env.BENCH_SCHEMA ?? 'bench_agents_run';
if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error('BENCH_SCHEMA must be a plain lower-case name');
const memberCount = positiveInt('BENCH_MEMBERS', 1_000_000);
const teamSize = positiveInt('BENCH_TEAM', 100_000);
const dayCount = positiveInt('BENCH_DAYS', 30);
const repeat = positiveInt('BENCH_REPEAT', 5);
const roundsPerDay = positiveInt('BENCH_ROUNDS_PER_DAY', 3);

const SUB_AGENTS = 100;
const SUB_SUB_AGENTS = 10;
const ROOT_ID = 1;

console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
console.log(`members ${memberCount}, team ${teamSize}, days ${dayCount}, rounds per member-day ${roundsPerDay}, schema ${schema}`);

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

// The tree. Ids 1..teamSize+1 are the agent and its team; the rest hang from 100 other agents.
const level1 = SUB_AGENTS;
const level2 = SUB_AGENTS * SUB_SUB_AGENTS;
const firstDay = '2026-10-01';
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

await timed('members', () =>
  withoutIndexes('members', async () => {
    // Parents have smaller ids than their children; each path is computed from the layout.
    await sql`
      INSERT INTO members (id, merchant_id, username, account_type, parent_id, upline_path, currency, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT g, ${merchantId}, 'u' || g, l.account_type, l.parent_id,
             CASE WHEN l.grandparent_id IS NOT NULL THEN '/' || ${ROOT_ID} || '/' || l.grandparent_id || '/' || l.parent_id || '/' || g || '/'
                  WHEN g <= ${1 + level1 + level2} AND l.parent_id = ${ROOT_ID} THEN '/' || ${ROOT_ID} || '/' || g || '/'
                  WHEN g <= ${1 + level1 + level2} AND l.parent_id IS NOT NULL THEN '/' || ${ROOT_ID} || '/' || l.parent_id || '/' || g || '/'
                  WHEN l.parent_id IS NOT NULL THEN '/' || l.parent_id || '/' || g || '/'
                  ELSE '/' || g || '/' END,
             'VND',
             (${firstDay}::date - 60 + (hashint4(g) & 2147483647) % ${60 + dayCount}::integer)::timestamptz + interval '12 hours'
        FROM generate_series(1, ${memberCount}::integer) g
       CROSS JOIN LATERAL (
         SELECT CASE WHEN g = ${ROOT_ID} THEN 1
                     WHEN g <= ${1 + level1} THEN 2
                     WHEN g <= ${1 + level1 + level2} THEN 41
                     WHEN g <= ${1 + teamSize} THEN 0
                     WHEN g <= ${1 + teamSize + 100} THEN 1
                     ELSE 0 END AS account_type,
                CASE WHEN g = ${ROOT_ID} THEN NULL
                     WHEN g <= ${1 + level1} THEN ${ROOT_ID}
                     WHEN g <= ${1 + level1 + level2} THEN 2 + (g - ${2 + level1}) / ${SUB_SUB_AGENTS}
                     WHEN g <= ${1 + teamSize} THEN ${2 + level1} + (g - ${2 + level1 + level2}) % ${level2}
                     WHEN g <= ${1 + teamSize + 100} THEN NULL
                     ELSE ${2 + teamSize} + g % 100 END AS parent_id,
                CASE WHEN g > ${1 + level1 + level2} AND g <= ${1 + teamSize}
                     THEN 2 + ((${2 + level1} + (g - ${2 + level1 + level2}) % ${level2}) - ${2 + level1}) / ${SUB_SUB_AGENTS} END AS grandparent_id
       ) l`.execute(db);
    await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), ${memberCount})`.execute(db);
  }),
);

await timed('raw bet records (a month of rounds)', () =>
  withoutIndexes('bet_records', async () => {
    await sql`
    INSERT INTO bet_records (merchant_id, member_id, username, vendor_code, game_code, game_category, round_id, currency, status,
                             stake, payout, valid_bet, win_loss, bet_count, opened_at, settled_at, updated_at)
    SELECT ${merchantId}, m.id, 'u' || m.id, 'DEMO', 'lucky-sevens', CASE WHEN x % 3 = 0 THEN 'LIVE' ELSE 'RNG' END, m.id || '-' || d || '-' || k, 'VND', 'settled',
           s.stake, s.payout, CASE WHEN s.payout = s.stake THEN 0 ELSE s.stake END, s.payout - s.stake, 1,
           t.at, t.at + interval '2 minutes', t.at + interval '2 minutes'
      FROM generate_series(0, ${dayCount - 1}::integer) d
     CROSS JOIN members m
     CROSS JOIN LATERAL (SELECT hashint4((m.id * 131 + d)::integer) & 2147483647 AS h) r
     CROSS JOIN generate_series(1, ${roundsPerDay}::integer) k
     CROSS JOIN LATERAL (SELECT hashint8(r.h::bigint * 7 + k) & 2147483647 AS x) q
     CROSS JOIN LATERAL (SELECT 1000 * (1 + q.x % 200) AS stake, CASE WHEN q.x % 5 < 2 THEN 2000 * (1 + q.x % 200) ELSE 0 END AS payout) s
     CROSS JOIN LATERAL (SELECT (${firstDay}::date + d)::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh' + (q.x % 72000) * interval '1 second' AS at) t
     WHERE m.account_type <> 1 AND r.h % 1000 < CASE WHEN m.id <= ${1 + teamSize} THEN 250 ELSE 30 END`.execute(db);
  }),
);
await timed('daily rollups from them', async () => {
  await sql`
    INSERT INTO member_daily_game_stats (merchant_id, member_id, day, category, bet_count, stake, valid_bet, payout, win_loss)
    SELECT merchant_id, member_id, (settled_at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, game_category, count(*), sum(stake), sum(valid_bet), sum(payout), sum(win_loss)
      FROM bet_records GROUP BY 1, 2, 3, 4`.execute(db);
});
await timed('team rollups from them (every ancestor of each member row)', async () => {
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
  await sql`VACUUM ANALYZE members, bet_records, member_daily_game_stats, team_daily_game_stats, team_daily_activity`.execute(db);
  await sql`ANALYZE`.execute(db);
});
const counts = (
  await sql<{
    r: string;
    g: string;
    t: string;
  }>`SELECT (SELECT count(*) FROM bet_records)::text AS r, (SELECT count(*) FROM member_daily_game_stats)::text AS g,
            (SELECT count(*) FROM team_daily_game_stats)::text AS t`.execute(db)
).rows[0];
console.log(`  ${counts?.r} raw rounds, ${counts?.g} member rollup rows, ${counts?.t} team rollup rows`);

const root = { merchantId, memberId: ROOT_ID, uplinePath: `/${ROOT_ID}/` };
const days = {
  from: firstDay,
  to: (await sql<{ d: string }>`SELECT to_char(${firstDay}::date + ${dayCount - 1}::integer, 'YYYY-MM-DD') AS d`.execute(db)).rows[0]
    ?.d as string,
};
const fromAt = new Date(`${days.from}T00:00:00+07:00`);
const toAt = new Date(new Date(`${days.to}T00:00:00+07:00`).getTime() + 86_400_000);
const team = createTeamStatsService({ db });

type Overview = {
  levels: string;
  joined: number;
  active: number;
  rounds: number;
  stake: number;
  validBet: number;
  payout: number;
  winLoss: number;
};

/** The overview's reads from the rollups side, as the app runs them (in parallel on the pool). */
const overviewParts = {
  levels: () => countTeamByLevel(db, { id: root.memberId, merchantId, uplinePath: root.uplinePath }),
  joined: () => team.joinedByDay(root, { from: fromAt, to: toAt, timeZone: 'Asia/Ho_Chi_Minh' }),
  active: () => team.activeMembers(root, days),
  game: () => team.gameByDay(root, days),
  money: () => team.moneyByDay(root, days),
};

async function overviewFromRollups(): Promise<Overview> {
  const [levels, joined, active, game] = await Promise.all([
    overviewParts.levels(),
    overviewParts.joined(),
    overviewParts.active(),
    overviewParts.game(),
    overviewParts.money(),
  ]);
  const sum = (pick: (g: (typeof game)[number]) => number) => game.reduce((t, g) => t + pick(g), 0);
  return {
    levels: levels.map((l) => `${l.level}:${l.count}`).join(' '),
    joined: joined.reduce((t, j) => t + j.count, 0),
    active,
    rounds: sum((g) => g.betCount),
    stake: sum((g) => g.stake),
    validBet: sum((g) => g.validBet),
    payout: sum((g) => g.payout),
    winLoss: sum((g) => g.winLoss),
  };
}

const TEAM_CTE = sql`
  WITH RECURSIVE team AS (
    SELECT id, 1 AS level, created_at FROM members WHERE parent_id = ${ROOT_ID}
    UNION ALL
    SELECT m.id, t.level + 1, m.created_at FROM members m JOIN team t ON m.parent_id = t.id
  )`;

async function overviewFromRaw(): Promise<Overview> {
  const [levels, joined, game] = await Promise.all([
    sql<{ level: number; n: string }>`${TEAM_CTE} SELECT level, count(*)::text AS n FROM team GROUP BY level ORDER BY level`.execute(db),
    sql<{ n: string }>`${TEAM_CTE} SELECT count(*)::text AS n FROM team WHERE created_at >= ${fromAt} AND created_at < ${toAt}`.execute(db),
    sql<Record<string, string>>`${TEAM_CTE}
      SELECT count(DISTINCT b.member_id)::text AS active, count(*)::text AS rounds, coalesce(sum(b.stake), 0)::text AS stake,
             coalesce(sum(b.valid_bet), 0)::text AS valid_bet, coalesce(sum(b.payout), 0)::text AS payout, coalesce(sum(b.win_loss), 0)::text AS win_loss
        FROM bet_records b JOIN team t ON t.id = b.member_id
       WHERE b.status = 'settled' AND NOT b.is_trial AND b.settled_at >= ${fromAt} AND b.settled_at < ${toAt}`.execute(db),
  ]);
  const g = game.rows[0] ?? {};
  return {
    levels: levels.rows.map((l) => `${l.level}:${l.n}`).join(' '),
    joined: Number(joined.rows[0]?.n ?? 0),
    active: Number(g.active),
    rounds: Number(g.rounds),
    stake: Number(g.stake),
    validBet: Number(g.valid_bet),
    payout: Number(g.payout),
    winLoss: Number(g.win_loss),
  };
}

type ChildRow = { childId: number; teamSize: number; rounds: number; validBet: number; winLoss: number };

async function pnlFromRollups(): Promise<ChildRow[]> {
  const rows = await team.byChild(root, days);
  return rows
    .map((r) => ({ childId: r.childId, teamSize: r.teamSize, rounds: r.betCount, validBet: r.validBet, winLoss: r.winLoss }))
    .sort((a, b) => a.childId - b.childId);
}

async function pnlFromRaw(): Promise<ChildRow[]> {
  const result = await sql<{ child: number; size: string; rounds: string; valid_bet: string; win_loss: string }>`
    WITH RECURSIVE t AS (
      SELECT id, id AS child FROM members WHERE parent_id = ${ROOT_ID}
      UNION ALL
      SELECT m.id, t.child FROM members m JOIN t ON m.parent_id = t.id
    ), played AS (
      SELECT b.member_id, count(*) AS rounds, sum(b.valid_bet) AS valid_bet, sum(b.win_loss) AS win_loss
        FROM bet_records b JOIN t ON t.id = b.member_id
       WHERE b.status = 'settled' AND NOT b.is_trial AND b.settled_at >= ${fromAt} AND b.settled_at < ${toAt}
       GROUP BY b.member_id
    )
    SELECT t.child, count(*)::text AS size, coalesce(sum(p.rounds), 0)::text AS rounds,
           coalesce(sum(p.valid_bet), 0)::text AS valid_bet, coalesce(sum(p.win_loss), 0)::text AS win_loss
      FROM t LEFT JOIN played p ON p.member_id = t.id
     GROUP BY t.child ORDER BY t.child`.execute(db);
  return result.rows.map((r) => ({
    childId: Number(r.child),
    teamSize: Number(r.size),
    rounds: Number(r.rounds),
    validBet: Number(r.valid_bet),
    winLoss: Number(r.win_loss),
  }));
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

// Both sides must give the same answers before their times mean anything.
const [a, b] = [await overviewFromRollups(), await overviewFromRaw()];
if (JSON.stringify(a) !== JSON.stringify(b))
  throw new Error(`overview differs:\n rollups ${JSON.stringify(a)}\n raw     ${JSON.stringify(b)}`);
const [c, d] = [await pnlFromRollups(), await pnlFromRaw()];
if (JSON.stringify(c) !== JSON.stringify(d)) throw new Error('subordinate P&L differs between rollups and raw records');
console.log(
  `answers agree: team by level ${a.levels}; joined ${a.joined}; active ${a.active}; rounds ${a.rounds}; ${c.length} direct downline rows`,
);

console.log(`timings (median of ${repeat})`);
for (const [name, fast, slow] of [
  ['team overview', overviewFromRollups, overviewFromRaw],
  ['subordinate P&L', pnlFromRollups, pnlFromRaw],
] as const) {
  const rollupMs = await medianMs(fast);
  const rawMs = await medianMs(slow);
  console.log(
    `  ${name.padEnd(16)} rollups + path ${rollupMs.toFixed(1).padStart(8)} ms   recursive over raw ${rawMs.toFixed(1).padStart(8)} ms   ratio ${(rawMs / rollupMs).toFixed(1)}x`,
  );
}
console.log('  team overview from the rollups, each read alone:');
for (const [name, work] of Object.entries(overviewParts))
  console.log(`    ${name.padEnd(8)} ${(await medianMs(work)).toFixed(1).padStart(8)} ms`);
console.log(
  `load average at end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await database.close();
const dropper = new pg.Client({ connectionString: url });
await dropper.connect();
await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
await dropper.end();
