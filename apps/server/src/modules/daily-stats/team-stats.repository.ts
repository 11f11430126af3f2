import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers, teamMembers } from '../accounts/member-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Team reads over the daily rollups. A team's figures come from its root's team rows
 * (`team_daily_*`, one row per day and category, ADR 0018), whatever the team's size; the tree (every
 * member whose upline path starts with the root's, one range of the path index) is read only for
 * who is in the team: its size, who joined, and who played over several days. Nothing here walks
 * the tree or reads raw bets.
 */

/** The member a team hangs from (an agent, or a member of its team when drilling down). */
export type TeamRoot = { merchantId: number; memberId: number; uplinePath: string };

/** Days `from`..`to` of the merchant's calendar, both included. */
export type DayRange = { from: string; to: string };

export type GameFigures = { betCount: number; stake: number; validBet: number; payout: number; winLoss: number };
export type MoneyFigures = {
  depositAmount: number;
  depositCount: number;
  withdrawalAmount: number;
  withdrawalCount: number;
  bonusAmount: number;
  transferInAmount: number;
  transferOutAmount: number;
};

/** Slashes in an upline path (`/1/5/` has 3): one more than the member's depth. */
function slashesOf(path: string): number {
  return path.split('/').length - 1;
}

const SLASHES_OF_MEMBERS = sql<number>`length(members.upline_path) - length(replace(members.upline_path, '/', ''))`;

/** The team's members (the member directory's team sub-query: one prefix match on the path index). */
function teamOf(db: Executor, root: TeamRoot) {
  return teamMembers(db, { id: root.memberId, merchantId: root.merchantId, uplinePath: root.uplinePath });
}

function num(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

function gameFiguresOf(row: Record<string, unknown>): GameFigures {
  return {
    betCount: num(row.bet_count),
    stake: num(row.stake),
    validBet: num(row.valid_bet),
    payout: num(row.payout),
    winLoss: num(row.win_loss),
  };
}

function moneyFiguresOf(row: Record<string, unknown>): MoneyFigures {
  return {
    depositAmount: num(row.deposit_amount),
    depositCount: num(row.deposit_count),
    withdrawalAmount: num(row.withdrawal_amount),
    withdrawalCount: num(row.withdrawal_count),
    bonusAmount: num(row.bonus_amount),
    transferInAmount: num(row.transfer_in_amount),
    transferOutAmount: num(row.transfer_out_amount),
  };
}

const GAME_SUMS = sql`
  coalesce(sum(s.bet_count), 0)::text AS bet_count,
  coalesce(sum(s.stake), 0)::text AS stake,
  coalesce(sum(s.valid_bet), 0)::text AS valid_bet,
  coalesce(sum(s.payout), 0)::text AS payout,
  coalesce(sum(s.win_loss), 0)::text AS win_loss`;

const MONEY_SUMS = sql`
  coalesce(sum(s.deposit_amount), 0)::text AS deposit_amount,
  coalesce(sum(s.deposit_count), 0)::text AS deposit_count,
  coalesce(sum(s.withdrawal_amount), 0)::text AS withdrawal_amount,
  coalesce(sum(s.withdrawal_count), 0)::text AS withdrawal_count,
  coalesce(sum(s.bonus_amount), 0)::text AS bonus_amount,
  coalesce(sum(s.transfer_in_amount), 0)::text AS transfer_in_amount,
  coalesce(sum(s.transfer_out_amount), 0)::text AS transfer_out_amount`;

/** The team's members as SQL (the sub-query compiled once, for the raw statements below). */
function teamSql(db: Executor, root: TeamRoot, memberId?: number): RawBuilder<unknown> {
  let team = teamOf(db, root);
  if (memberId !== undefined) team = team.where('members.id', '=', memberId);
  return sql`(${team})`;
}

/** Members who joined the team per day of the zone, in [from, to). */
export async function countJoinedByDay(
  db: Executor,
  root: TeamRoot,
  range: { from: Date; to: Date; timeZone: string },
): Promise<{ day: string; count: number }[]> {
  const result = await sql<{ day: string; count: string }>`
    SELECT to_char(m.created_at AT TIME ZONE ${range.timeZone}, 'YYYY-MM-DD') AS day, count(*)::text AS count
      FROM ${teamSql(db, root)} m
     WHERE m.created_at >= ${range.from}::timestamptz AND m.created_at < ${range.to}::timestamptz
     GROUP BY 1`.execute(db);
  return result.rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}

/** The team's play per day: sums of every category (its team rows), and how many members played that day. */
export async function sumGameByDay(
  db: Executor,
  root: TeamRoot,
  days: DayRange,
): Promise<(GameFigures & { day: string; activeMembers: number })[]> {
  const result = await sql<Record<string, unknown> & { day: string; active: string }>`
    SELECT to_char(g.day, 'YYYY-MM-DD') AS day, g.bet_count, g.stake, g.valid_bet, g.payout, g.win_loss,
           coalesce(a.active_members, 0)::text AS active
      FROM (SELECT s.day, ${GAME_SUMS} FROM team_daily_game_stats s
             WHERE s.ancestor_id = ${root.memberId} AND s.merchant_id = ${root.merchantId}
               AND s.day >= ${days.from}::date AND s.day <= ${days.to}::date
             GROUP BY s.day) g
      LEFT JOIN team_daily_activity a ON a.ancestor_id = ${root.memberId} AND a.day = g.day`.execute(db);
  return result.rows.map((r) => ({ day: r.day, activeMembers: Number(r.active), ...gameFiguresOf(r) }));
}

/**
 * Members of the team who played at least one round in the days (each counted once). One day is
 * the team row's count; over several days a member who played on two of them counts once, which no
 * sum of daily counts gives, so the team's member rows are read (one index probe per team member;
 * a member row exists only for a day with rounds, so the primary key alone answers it).
 */
export async function countActive(db: Executor, root: TeamRoot, days: DayRange): Promise<number> {
  if (days.from === days.to) {
    const result = await sql<{ active: string }>`
      SELECT active_members::text AS active FROM team_daily_activity
       WHERE ancestor_id = ${root.memberId} AND merchant_id = ${root.merchantId} AND day = ${days.from}::date`.execute(db);
    return Number(result.rows[0]?.active ?? 0);
  }
  const result = await sql<{ active: string }>`
    SELECT count(*)::text AS active
      FROM ${teamSql(db, root)} m
     WHERE EXISTS (SELECT 1 FROM member_daily_game_stats s
                    WHERE s.member_id = m.id AND s.day >= ${days.from}::date AND s.day <= ${days.to}::date)`.execute(db);
  return Number(result.rows[0]?.active ?? 0);
}

/**
 * Members of the team whose valid bet over the days reaches `minValidBet`, or whose deposits reach
 * `minDeposit` (a null threshold is not used): the agent contracts' active members. Each team member's
 * rows are read (one index probe per member and table), as a sum over several days needs.
 */
export async function countQualified(
  db: Executor,
  root: TeamRoot,
  days: DayRange,
  rule: { minValidBet: number | null; minDeposit: number | null },
): Promise<number> {
  const byBet =
    rule.minValidBet === null
      ? sql`false`
      : sql`(SELECT coalesce(sum(s.valid_bet), 0) FROM member_daily_game_stats s
              WHERE s.member_id = m.id AND s.day >= ${days.from}::date AND s.day <= ${days.to}::date) >= ${rule.minValidBet}`;
  const byDeposit =
    rule.minDeposit === null
      ? sql`false`
      : sql`(SELECT coalesce(sum(s.deposit_amount), 0) FROM member_daily_money_stats s
              WHERE s.member_id = m.id AND s.day >= ${days.from}::date AND s.day <= ${days.to}::date) >= ${rule.minDeposit}`;
  const result = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM ${teamSql(db, root)} m WHERE (${byBet}) OR (${byDeposit})`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The play of many teams over the days in one grouped read of their roots' team rows (ADR 0018):
 * each root's sums, by root id (a root whose team did not play is absent).
 */
export async function sumGameOfTeams(
  db: Executor,
  merchantId: number,
  rootIds: readonly number[],
  days: DayRange,
): Promise<Map<number, GameFigures>> {
  if (rootIds.length === 0) return new Map();
  const result = await sql<Record<string, unknown> & { root: string }>`
    SELECT s.ancestor_id::text AS root, ${GAME_SUMS}
      FROM unnest(${sql.val([...rootIds])}::bigint[]) AS r(id)
      JOIN team_daily_game_stats s ON s.ancestor_id = r.id
     WHERE s.merchant_id = ${merchantId} AND s.day >= ${days.from}::date AND s.day <= ${days.to}::date
     GROUP BY s.ancestor_id`.execute(db);
  return new Map(result.rows.map((r) => [Number(r.root), gameFiguresOf(r)]));
}

/**
 * `countQualified` for many teams at once, by root id (a root with none is absent). Each member's
 * valid bet and deposits over the days are summed once (one grouped scan of the days' member rows
 * of each table, joined by member), the qualifying members counted per parent (its upline path less
 * its own id: the path of its parent), and each parent's count added to every root on that path.
 * A member's strict uplines are its parent and the parent's uplines, so this is the per-member count
 * of `countQualified`, with the paths of the parents unnested rather than every member's.
 */
export async function countQualifiedOfTeams(
  db: Executor,
  merchantId: number,
  rootIds: readonly number[],
  days: DayRange,
  rule: { minValidBet: number | null; minDeposit: number | null },
): Promise<Map<number, number>> {
  if (rootIds.length === 0 || (rule.minValidBet === null && rule.minDeposit === null)) return new Map();
  // A threshold of 0 or less is reached by every member, rows or not.
  const everyone = (rule.minValidBet !== null && rule.minValidBet <= 0) || (rule.minDeposit !== null && rule.minDeposit <= 0);
  const inDays = sql`s.merchant_id = ${merchantId} AND s.day >= ${days.from}::date AND s.day <= ${days.to}::date`;
  const byBet = rule.minValidBet === null ? sql`false` : sql`coalesce(g.valid_bet, 0) >= ${rule.minValidBet}`;
  const byDeposit = rule.minDeposit === null ? sql`false` : sql`coalesce(d.deposit, 0) >= ${rule.minDeposit}`;
  const merchantMembers = sql`(${publicMembers(db).where('members.merchant_id', '=', merchantId)})`;
  const members = everyone
    ? sql`SELECT m.upline_path, m.id FROM ${merchantMembers} m`
    : sql`
      SELECT m.upline_path, m.id
        FROM (SELECT s.member_id, sum(s.valid_bet) AS valid_bet FROM member_daily_game_stats s WHERE ${inDays} GROUP BY s.member_id) g
        FULL JOIN (SELECT s.member_id, sum(s.deposit_amount) AS deposit FROM member_daily_money_stats s WHERE ${inDays} GROUP BY s.member_id) d
          ON d.member_id = g.member_id
        JOIN ${merchantMembers} m ON m.id = coalesce(g.member_id, d.member_id)
       WHERE (${byBet}) OR (${byDeposit})`;
  // `/1/5/9/` less `9/` is `/1/5/`, the path of 9's parent; a root member's is `/`.
  const result = await sql<{ root: string; n: string }>`
    SELECT a.id::text AS root, sum(p.n)::text AS n
      FROM (SELECT left(q.upline_path, length(q.upline_path) - length(q.id::text) - 1) AS parent_path, count(*) AS n
              FROM (${members}) q
             GROUP BY 1) p
     CROSS JOIN LATERAL unnest(string_to_array(trim(BOTH '/' FROM p.parent_path), '/')::bigint[]) AS a(id)
      JOIN unnest(${sql.val([...rootIds])}::bigint[]) AS r(id) ON r.id = a.id
     GROUP BY a.id`.execute(db);
  return new Map(result.rows.map((r) => [Number(r.root), Number(r.n)]));
}

/** The team's money per day (its team rows), or one team member's own. */
export async function sumMoneyByDay(
  db: Executor,
  root: TeamRoot,
  days: DayRange,
  memberId?: number,
): Promise<(MoneyFigures & { day: string })[]> {
  const rows =
    memberId === undefined
      ? sql`team_daily_money_stats s WHERE s.ancestor_id = ${root.memberId}`
      : sql`member_daily_money_stats s WHERE s.member_id = ${memberId}`;
  const result = await sql<Record<string, unknown> & { day: string }>`
    SELECT to_char(s.day, 'YYYY-MM-DD') AS day, ${MONEY_SUMS}
      FROM ${rows} AND s.merchant_id = ${root.merchantId} AND s.day >= ${days.from}::date AND s.day <= ${days.to}::date
     GROUP BY s.day`.execute(db);
  return result.rows.map((r) => ({ day: r.day, ...moneyFiguresOf(r) }));
}

/** The direct member of the root's downline each team member belongs under (itself, on level 1). */
function childIdOf(root: TeamRoot) {
  return sql<string>`split_part(substr(m.upline_path, ${root.uplinePath.length + 1}), '/', 1)::bigint`;
}

export type ChildFigures = GameFigures & MoneyFigures & { childId: number; teamSize: number };

/**
 * One row per direct downline member of the root with its whole team (itself included) rolled up
 * over the days: play, money and how many members it has. Children without any figures still have
 * a row (their team size). One statement: the team sizes from one grouped scan of the team's paths,
 * each child's figures from its own member rows and its team rows.
 */
export async function sumByChild(db: Executor, root: TeamRoot, days: DayRange): Promise<ChildFigures[]> {
  const inDays = sql`day >= ${days.from}::date AND day <= ${days.to}::date`;
  const game = sql.raw('bet_count, stake, valid_bet, payout, win_loss');
  const money = sql.raw(
    'deposit_amount, deposit_count, withdrawal_amount, withdrawal_count, bonus_amount, transfer_in_amount, transfer_out_amount',
  );
  const result = await sql<Record<string, unknown> & { child: string; size: string }>`
    SELECT c.child::text AS child, c.size::text AS size, g.*, mo.*
      FROM (SELECT ${childIdOf(root)} AS child, count(*) AS size FROM ${teamSql(db, root)} m GROUP BY 1) c
     CROSS JOIN LATERAL (
       SELECT ${GAME_SUMS}
         FROM (SELECT ${game} FROM member_daily_game_stats WHERE member_id = c.child AND ${inDays}
               UNION ALL
               SELECT ${game} FROM team_daily_game_stats WHERE ancestor_id = c.child AND ${inDays}) s) g
     CROSS JOIN LATERAL (
       SELECT ${MONEY_SUMS}
         FROM (SELECT ${money} FROM member_daily_money_stats WHERE member_id = c.child AND ${inDays}
               UNION ALL
               SELECT ${money} FROM team_daily_money_stats WHERE ancestor_id = c.child AND ${inDays}) s) mo`.execute(db);
  return result.rows.map((r) => ({
    childId: Number(r.child),
    teamSize: Number(r.size),
    ...gameFiguresOf(r),
    ...moneyFiguresOf(r),
  }));
}

/** One member's own figures over the days (not its team's). */
export async function sumOfMember(
  db: Executor,
  member: { merchantId: number; memberId: number },
  days: DayRange,
): Promise<GameFigures & MoneyFigures> {
  const [game, money] = await Promise.all([
    sql<Record<string, unknown>>`
      SELECT ${GAME_SUMS} FROM member_daily_game_stats s
       WHERE s.merchant_id = ${member.merchantId} AND s.member_id = ${member.memberId}
         AND s.day >= ${days.from}::date AND s.day <= ${days.to}::date`.execute(db),
    sql<Record<string, unknown>>`
      SELECT ${MONEY_SUMS} FROM member_daily_money_stats s
       WHERE s.merchant_id = ${member.merchantId} AND s.member_id = ${member.memberId}
         AND s.day >= ${days.from}::date AND s.day <= ${days.to}::date`.execute(db),
  ]);
  return { ...gameFiguresOf(game.rows[0] ?? {}), ...moneyFiguresOf(money.rows[0] ?? {}) };
}

/** The root's direct downline, a page ordered by username, and how many there are. */
export async function findChildren(
  db: Executor,
  root: TeamRoot,
  page: { limit: number; offset: number },
): Promise<{ rows: { id: number; username: string; accountType: number }[]; totalCount: number }> {
  const base = teamOf(db, root).where(SLASHES_OF_MEMBERS, '=', slashesOf(root.uplinePath) + 1);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(base.as('m'))
      .select(['m.id', 'm.username', 'm.account_type'])
      .orderBy('m.username')
      .orderBy('m.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db.selectFrom(base.as('m')).select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ id: Number(r.id), username: r.username, accountType: Number(r.account_type) })),
    totalCount: Number(count.total),
  };
}
