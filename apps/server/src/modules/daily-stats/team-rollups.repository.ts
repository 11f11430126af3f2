import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';
import type { GameDayRow, MoneyDayRow } from './daily-stats.repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The team rollups (ADR 0018): per ancestor and day, the sums of the member rows of its whole team
 * (`team_daily_game_stats` per category, `team_daily_money_stats`), and how many team members played
 * (`team_daily_activity`). Written only as deltas, in the transaction that writes the member rows or
 * moves a subtree, in key order (two writers never wait on each other in a cycle).
 */

export type TeamGameDelta = Omit<GameDayRow, 'memberId'> & { ancestorId: number };
export type TeamMoneyDelta = Omit<MoneyDayRow, 'memberId'> & { ancestorId: number };
export type TeamActivityDelta = { merchantId: number; ancestorId: number; day: string; activeMembers: number };

/**
 * Upline paths of the members (`/1/5/23/`: every ancestor, then the member). One array parameter,
 * whatever the count (a batch holding a whole day touches more members than a statement may bind).
 */
export async function findUplinePaths(db: Executor, memberIds: readonly number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .selectFrom(publicMembers(db).as('m'))
    .select(['m.id', 'm.upline_path'])
    .where(sql<boolean>`m.id = ANY(${sql.val([...memberIds])}::bigint[])`)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.upline_path]));
}

/** Every game row (all categories) of the given member-days, as they are now. */
export async function findGameRowsOfMemberDays(
  db: Executor,
  keys: readonly { memberId: number; day: string }[],
): Promise<Omit<GameDayRow, 'merchantId'>[]> {
  if (keys.length === 0) return [];
  const result = await sql<Record<string, string>>`
    SELECT s.member_id::text AS member_id, to_char(s.day, 'YYYY-MM-DD') AS day, s.category, s.bet_count::text AS bet_count,
           s.stake::text AS stake, s.valid_bet::text AS valid_bet, s.payout::text AS payout, s.win_loss::text AS win_loss
      FROM member_daily_game_stats s
      JOIN unnest(${sql.val(keys.map((k) => k.memberId))}::bigint[], ${sql.val(keys.map((k) => k.day))}::date[]) AS k(member_id, day)
        ON s.member_id = k.member_id AND s.day = k.day`.execute(db);
  return result.rows.map((r) => ({
    memberId: Number(r.member_id),
    day: r.day as string,
    category: r.category as string,
    betCount: Number(r.bet_count),
    stake: Number(r.stake),
    validBet: Number(r.valid_bet),
    payout: Number(r.payout),
    winLoss: Number(r.win_loss),
  }));
}

/** Adds game deltas to ancestors' team days; a team day left with no rounds is deleted. */
export async function addTeamGameDeltas(trx: Transaction<DB>, rows: readonly TeamGameDelta[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort(
    (a, b) => a.ancestorId - b.ancestorId || a.day.localeCompare(b.day) || a.category.localeCompare(b.category),
  );
  const col = <K extends keyof TeamGameDelta>(key: K) => sql.val(sorted.map((r) => r[key]));
  await sql`
    INSERT INTO team_daily_game_stats (merchant_id, ancestor_id, day, category, bet_count, stake, valid_bet, payout, win_loss)
    SELECT * FROM unnest(${col('merchantId')}::bigint[], ${col('ancestorId')}::bigint[], ${col('day')}::date[], ${col('category')}::text[],
                         ${col('betCount')}::integer[], ${col('stake')}::bigint[], ${col('validBet')}::bigint[],
                         ${col('payout')}::bigint[], ${col('winLoss')}::bigint[])
    ON CONFLICT (ancestor_id, day, category) DO UPDATE
       SET bet_count = team_daily_game_stats.bet_count + excluded.bet_count,
           stake = team_daily_game_stats.stake + excluded.stake,
           valid_bet = team_daily_game_stats.valid_bet + excluded.valid_bet,
           payout = team_daily_game_stats.payout + excluded.payout,
           win_loss = team_daily_game_stats.win_loss + excluded.win_loss`.execute(trx);
  await sql`
    DELETE FROM team_daily_game_stats s
     USING unnest(${col('ancestorId')}::bigint[], ${col('day')}::date[], ${col('category')}::text[]) AS k(ancestor_id, day, category)
     WHERE s.ancestor_id = k.ancestor_id AND s.day = k.day AND s.category = k.category
       AND s.bet_count = 0 AND s.stake = 0 AND s.valid_bet = 0 AND s.payout = 0 AND s.win_loss = 0`.execute(trx);
}

/** Adds money deltas to ancestors' team days (a row is created at zero first). */
export async function addTeamMoneyDeltas(trx: Transaction<DB>, rows: readonly TeamMoneyDelta[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => a.ancestorId - b.ancestorId || a.day.localeCompare(b.day));
  const col = <K extends keyof TeamMoneyDelta>(key: K) => sql.val(sorted.map((r) => r[key]));
  await sql`
    INSERT INTO team_daily_money_stats (merchant_id, ancestor_id, day, deposit_amount, deposit_count, withdrawal_amount,
                                        withdrawal_count, bonus_amount, transfer_in_amount, transfer_out_amount)
    SELECT * FROM unnest(${col('merchantId')}::bigint[], ${col('ancestorId')}::bigint[], ${col('day')}::date[],
                         ${col('depositAmount')}::bigint[], ${col('depositCount')}::integer[], ${col('withdrawalAmount')}::bigint[],
                         ${col('withdrawalCount')}::integer[], ${col('bonusAmount')}::bigint[], ${col('transferInAmount')}::bigint[],
                         ${col('transferOutAmount')}::bigint[])
    ON CONFLICT (ancestor_id, day) DO UPDATE
       SET deposit_amount = team_daily_money_stats.deposit_amount + excluded.deposit_amount,
           deposit_count = team_daily_money_stats.deposit_count + excluded.deposit_count,
           withdrawal_amount = team_daily_money_stats.withdrawal_amount + excluded.withdrawal_amount,
           withdrawal_count = team_daily_money_stats.withdrawal_count + excluded.withdrawal_count,
           bonus_amount = team_daily_money_stats.bonus_amount + excluded.bonus_amount,
           transfer_in_amount = team_daily_money_stats.transfer_in_amount + excluded.transfer_in_amount,
           transfer_out_amount = team_daily_money_stats.transfer_out_amount + excluded.transfer_out_amount`.execute(trx);
}

/** Adds to ancestors' counts of members who played on the day; a day left at zero is deleted. */
export async function addTeamActivityDeltas(trx: Transaction<DB>, rows: readonly TeamActivityDelta[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => a.ancestorId - b.ancestorId || a.day.localeCompare(b.day));
  const col = <K extends keyof TeamActivityDelta>(key: K) => sql.val(sorted.map((r) => r[key]));
  await sql`
    INSERT INTO team_daily_activity (merchant_id, ancestor_id, day, active_members)
    SELECT * FROM unnest(${col('merchantId')}::bigint[], ${col('ancestorId')}::bigint[], ${col('day')}::date[], ${col('activeMembers')}::integer[])
    ON CONFLICT (ancestor_id, day) DO UPDATE
       SET active_members = team_daily_activity.active_members + excluded.active_members`.execute(trx);
  await sql`
    DELETE FROM team_daily_activity a
     USING unnest(${col('ancestorId')}::bigint[], ${col('day')}::date[]) AS k(ancestor_id, day)
     WHERE a.ancestor_id = k.ancestor_id AND a.day = k.day AND a.active_members = 0`.execute(trx);
}

/**
 * A subtree moved: its totals on every day (its root's own rows plus the root's team rows) are taken
 * from the ancestors it left and added to the ones it joined. Ancestors it keeps are in neither list.
 */
export async function moveSubtreeTotals(
  trx: Transaction<DB>,
  move: { merchantId: number; rootId: number; leaving: readonly number[]; joining: readonly number[] },
): Promise<void> {
  const ids = [...move.leaving, ...move.joining];
  if (ids.length === 0) return;
  const signs = [...move.leaving.map(() => -1), ...move.joining.map(() => 1)];
  const targets = sql`unnest(${sql.val(ids)}::bigint[], ${sql.val(signs)}::integer[]) AS t(ancestor_id, sign)`;
  const root = move.rootId;
  await sql`
    INSERT INTO team_daily_game_stats (merchant_id, ancestor_id, day, category, bet_count, stake, valid_bet, payout, win_loss)
    SELECT ${move.merchantId}, t.ancestor_id, s.day, s.category, t.sign * s.bet_count, t.sign * s.stake, t.sign * s.valid_bet,
           t.sign * s.payout, t.sign * s.win_loss
      FROM ${targets}
     CROSS JOIN (SELECT day, category, sum(bet_count) AS bet_count, sum(stake) AS stake, sum(valid_bet) AS valid_bet,
                        sum(payout) AS payout, sum(win_loss) AS win_loss
                   FROM (SELECT day, category, bet_count, stake, valid_bet, payout, win_loss FROM member_daily_game_stats WHERE member_id = ${root}
                         UNION ALL
                         SELECT day, category, bet_count, stake, valid_bet, payout, win_loss FROM team_daily_game_stats WHERE ancestor_id = ${root}) u
                  GROUP BY day, category) s
     ORDER BY t.ancestor_id, s.day, s.category
    ON CONFLICT (ancestor_id, day, category) DO UPDATE
       SET bet_count = team_daily_game_stats.bet_count + excluded.bet_count,
           stake = team_daily_game_stats.stake + excluded.stake,
           valid_bet = team_daily_game_stats.valid_bet + excluded.valid_bet,
           payout = team_daily_game_stats.payout + excluded.payout,
           win_loss = team_daily_game_stats.win_loss + excluded.win_loss`.execute(trx);
  await sql`
    INSERT INTO team_daily_money_stats (merchant_id, ancestor_id, day, deposit_amount, deposit_count, withdrawal_amount,
                                        withdrawal_count, bonus_amount, transfer_in_amount, transfer_out_amount)
    SELECT ${move.merchantId}, t.ancestor_id, s.day, t.sign * s.deposit_amount, t.sign * s.deposit_count, t.sign * s.withdrawal_amount,
           t.sign * s.withdrawal_count, t.sign * s.bonus_amount, t.sign * s.transfer_in_amount, t.sign * s.transfer_out_amount
      FROM ${targets}
     CROSS JOIN (SELECT day, sum(deposit_amount) AS deposit_amount, sum(deposit_count) AS deposit_count,
                        sum(withdrawal_amount) AS withdrawal_amount, sum(withdrawal_count) AS withdrawal_count,
                        sum(bonus_amount) AS bonus_amount, sum(transfer_in_amount) AS transfer_in_amount,
                        sum(transfer_out_amount) AS transfer_out_amount
                   FROM (SELECT day, deposit_amount, deposit_count, withdrawal_amount, withdrawal_count, bonus_amount,
                                transfer_in_amount, transfer_out_amount FROM member_daily_money_stats WHERE member_id = ${root}
                         UNION ALL
                         SELECT day, deposit_amount, deposit_count, withdrawal_amount, withdrawal_count, bonus_amount,
                                transfer_in_amount, transfer_out_amount FROM team_daily_money_stats WHERE ancestor_id = ${root}) u
                  GROUP BY day) s
     ORDER BY t.ancestor_id, s.day
    ON CONFLICT (ancestor_id, day) DO UPDATE
       SET deposit_amount = team_daily_money_stats.deposit_amount + excluded.deposit_amount,
           deposit_count = team_daily_money_stats.deposit_count + excluded.deposit_count,
           withdrawal_amount = team_daily_money_stats.withdrawal_amount + excluded.withdrawal_amount,
           withdrawal_count = team_daily_money_stats.withdrawal_count + excluded.withdrawal_count,
           bonus_amount = team_daily_money_stats.bonus_amount + excluded.bonus_amount,
           transfer_in_amount = team_daily_money_stats.transfer_in_amount + excluded.transfer_in_amount,
           transfer_out_amount = team_daily_money_stats.transfer_out_amount + excluded.transfer_out_amount`.execute(trx);
  // The subtree's players of a day: its root if it played, and the root's team's count.
  await sql`
    INSERT INTO team_daily_activity (merchant_id, ancestor_id, day, active_members)
    SELECT ${move.merchantId}, t.ancestor_id, s.day, t.sign * s.active_members
      FROM ${targets}
     CROSS JOIN (SELECT day, sum(active_members) AS active_members
                   FROM (SELECT DISTINCT day, 1 AS active_members FROM member_daily_game_stats WHERE member_id = ${root} AND bet_count > 0
                         UNION ALL
                         SELECT day, active_members FROM team_daily_activity WHERE ancestor_id = ${root}) u
                  GROUP BY day) s
     ORDER BY t.ancestor_id, s.day
    ON CONFLICT (ancestor_id, day) DO UPDATE
       SET active_members = team_daily_activity.active_members + excluded.active_members`.execute(trx);
  const left = sql.val([...move.leaving]);
  await sql`
    DELETE FROM team_daily_game_stats WHERE ancestor_id = ANY(${left}::bigint[])
       AND bet_count = 0 AND stake = 0 AND valid_bet = 0 AND payout = 0 AND win_loss = 0`.execute(trx);
  await sql`DELETE FROM team_daily_activity WHERE ancestor_id = ANY(${left}::bigint[]) AND active_members = 0`.execute(trx);
}

// Reconciliation: the team rows of a merchant's day against the sums of the team's member rows.

/** The member rows of the day, each once per ancestor of its member (the member itself left out). */
function perAncestor(db: Executor, table: RawBuilder<unknown>, filter: { merchantId: number; day: string }) {
  return sql`${table} s
      JOIN (${publicMembers(db)}) m ON m.id = s.member_id
     CROSS JOIN LATERAL unnest(string_to_array(trim(BOTH '/' FROM m.upline_path), '/')::bigint[]) AS a(id)
     WHERE s.merchant_id = ${filter.merchantId} AND s.day = ${filter.day}::date AND a.id <> m.id`;
}

/** Ancestors with a team row on the day, or with a team member that has a member row on it, ascending. */
export async function findAncestorsOfDay(db: Executor, filter: { merchantId: number; day: string }): Promise<number[]> {
  const result = await sql<{ id: string }>`
    SELECT a.id::text AS id FROM ${perAncestor(db, sql`member_daily_game_stats`, filter)}
    UNION
    SELECT a.id::text FROM ${perAncestor(db, sql`member_daily_money_stats`, filter)}
    UNION
    SELECT ancestor_id::text FROM team_daily_game_stats WHERE merchant_id = ${filter.merchantId} AND day = ${filter.day}::date
    UNION
    SELECT ancestor_id::text FROM team_daily_money_stats WHERE merchant_id = ${filter.merchantId} AND day = ${filter.day}::date
    UNION
    SELECT ancestor_id::text FROM team_daily_activity WHERE merchant_id = ${filter.merchantId} AND day = ${filter.day}::date`.execute(db);
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export type AncestorRange = { merchantId: number; day: string; afterMemberId: number; uptoMemberId: number };

/** Expected (`e_*`, from the member rows) and held (`a_*`) figures of each team row of the range, in one snapshot. */
export async function compareTeamGame(db: Executor, range: AncestorRange): Promise<Record<string, string | null>[]> {
  const result = await sql<Record<string, string | null>>`
    WITH e AS (
      SELECT a.id AS ancestor_id, s.category, sum(s.bet_count) AS bet_count, sum(s.stake) AS stake, sum(s.valid_bet) AS valid_bet,
             sum(s.payout) AS payout, sum(s.win_loss) AS win_loss
        FROM ${perAncestor(db, sql`member_daily_game_stats`, range)} AND a.id > ${range.afterMemberId} AND a.id <= ${range.uptoMemberId}
       GROUP BY 1, 2
    ), h AS (
      SELECT ancestor_id, category, bet_count, stake, valid_bet, payout, win_loss FROM team_daily_game_stats
       WHERE merchant_id = ${range.merchantId} AND day = ${range.day}::date
         AND ancestor_id > ${range.afterMemberId} AND ancestor_id <= ${range.uptoMemberId}
    )
    SELECT ancestor_id::text AS ancestor_id, category,
           e.bet_count::text AS e_bet_count, e.stake::text AS e_stake, e.valid_bet::text AS e_valid_bet, e.payout::text AS e_payout,
           e.win_loss::text AS e_win_loss, h.bet_count::text AS a_bet_count, h.stake::text AS a_stake, h.valid_bet::text AS a_valid_bet,
           h.payout::text AS a_payout, h.win_loss::text AS a_win_loss
      FROM e FULL JOIN h USING (ancestor_id, category)`.execute(db);
  return result.rows;
}

export async function compareTeamMoney(db: Executor, range: AncestorRange): Promise<Record<string, string | null>[]> {
  const fields = [
    'deposit_amount',
    'deposit_count',
    'withdrawal_amount',
    'withdrawal_count',
    'bonus_amount',
    'transfer_in_amount',
    'transfer_out_amount',
  ];
  const sums = sql.raw(fields.map((f) => `sum(s.${f}) AS ${f}`).join(', '));
  const held = sql.raw(fields.join(', '));
  const pairs = sql.raw(fields.map((f) => `e.${f}::text AS e_${f}, h.${f}::text AS a_${f}`).join(', '));
  const result = await sql<Record<string, string | null>>`
    WITH e AS (
      SELECT a.id AS ancestor_id, ${sums}
        FROM ${perAncestor(db, sql`member_daily_money_stats`, range)} AND a.id > ${range.afterMemberId} AND a.id <= ${range.uptoMemberId}
       GROUP BY 1
    ), h AS (
      SELECT ancestor_id, ${held} FROM team_daily_money_stats
       WHERE merchant_id = ${range.merchantId} AND day = ${range.day}::date
         AND ancestor_id > ${range.afterMemberId} AND ancestor_id <= ${range.uptoMemberId}
    )
    SELECT ancestor_id::text AS ancestor_id, ${pairs} FROM e FULL JOIN h USING (ancestor_id)`.execute(db);
  return result.rows;
}

export async function compareTeamActivity(db: Executor, range: AncestorRange): Promise<Record<string, string | null>[]> {
  const result = await sql<Record<string, string | null>>`
    WITH e AS (
      SELECT a.id AS ancestor_id, count(DISTINCT s.member_id) AS active_members
        FROM ${perAncestor(db, sql`member_daily_game_stats`, range)} AND s.bet_count > 0
         AND a.id > ${range.afterMemberId} AND a.id <= ${range.uptoMemberId}
       GROUP BY 1
    ), h AS (
      SELECT ancestor_id, active_members FROM team_daily_activity
       WHERE merchant_id = ${range.merchantId} AND day = ${range.day}::date
         AND ancestor_id > ${range.afterMemberId} AND ancestor_id <= ${range.uptoMemberId}
    )
    SELECT ancestor_id::text AS ancestor_id, e.active_members::text AS e_active_members, h.active_members::text AS a_active_members
      FROM e FULL JOIN h USING (ancestor_id)`.execute(db);
  return result.rows;
}
