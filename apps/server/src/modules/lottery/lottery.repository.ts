import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { LotteryGamesTable, LotteryPeriodsTable, LotteryResultSource } from './lottery.tables.ts';

/**
 * The lottery service's reads and writes of the lottery tables (games, odds, periods, tickets and
 * their lines, exposure, draw hits, result entries). Every function takes the db or a transaction first.
 */

type Selectable<T> = { [K in keyof T]: T[K] extends import('kysely').ColumnType<infer S, unknown, unknown> ? S : T[K] };
export type LotteryGameRow = Selectable<LotteryGamesTable>;
export type LotteryPeriodRow = Selectable<LotteryPeriodsTable>;

// ---------------------------------------------------------------- games and periods

export async function gameByCode(executor: Kysely<DB>, merchantId: number, code: string): Promise<LotteryGameRow> {
  const game = await executor
    .selectFrom('lottery_games')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!game) throw new DomainError('not_found', 'gameId');
  return game as LotteryGameRow;
}

export async function periodOf(executor: Kysely<DB>, gameId: number, numero: string, lock?: 'update' | 'share') {
  let query = executor.selectFrom('lottery_periods').selectAll().where('game_id', '=', gameId).where('numero', '=', numero);
  if (lock === 'update') query = query.forUpdate();
  if (lock === 'share') query = query.forShare();
  const period = await query.executeTakeFirst();
  if (!period) throw new DomainError('not_found', 'numero');
  return period as LotteryPeriodRow;
}

export async function findEnabledGames(db: Kysely<DB>): Promise<LotteryGameRow[]> {
  return (await db.selectFrom('lottery_games').selectAll().where('is_enabled', '=', true).execute()) as LotteryGameRow[];
}

/** The enabled stations whose draws take official results, once per code across merchants. */
export async function findOfficialStations(db: Kysely<DB>): Promise<{ gameId: string; region: LotteryGameRow['region'] }[]> {
  const rows = await db
    .selectFrom('lottery_games')
    .select(['code', 'region'])
    .distinct()
    .where('is_enabled', '=', true)
    .where('result_source', '=', 'official')
    .execute();
  return rows.map((r) => ({ gameId: r.code, region: r.region }));
}

/** Inserts the periods not there yet; returns how many were new. */
export async function insertPeriodsIfMissing(
  db: Kysely<DB>,
  rows: readonly {
    game_id: number;
    numero: string;
    draw_date: string;
    opens_at: Date;
    locks_at: Date;
    draw_at: Date;
    seed: string | null;
    seed_commitment: string | null;
    result_source: LotteryResultSource;
    status: 'open';
  }[],
): Promise<number> {
  const inserted = await db
    .insertInto('lottery_periods')
    .values([...rows])
    .onConflict((oc) => oc.columns(['game_id', 'numero']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** Open house draws whose time has come, oldest first. */
export async function findDueHouseDraws(db: Kysely<DB>, at: Date) {
  return db
    .selectFrom('lottery_periods as p')
    .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
    .select(['p.id', 'p.seed', 'g.region'])
    .where('p.status', '=', 'open')
    .where('p.result_source', '=', 'rng')
    .where('p.draw_at', '<=', at)
    .orderBy('p.draw_at')
    .execute();
}

/** Publishes a draw's result while the period is open; returns how many rows changed (0 or 1). */
export async function markPeriodDrawn(executor: Kysely<DB>, periodId: number, result: unknown, drawnAt: Date): Promise<number> {
  const updated = await executor
    .updateTable('lottery_periods')
    .set({ result: JSON.stringify(result), status: 'drawn', drawn_at: drawnAt })
    .where('id', '=', periodId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** Drawn periods, and voided ones with tickets still open, in draw order: the job's work. */
export async function findPeriodsToFinish(db: Kysely<DB>) {
  return db
    .selectFrom('lottery_periods')
    .select(['id', 'status'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'drawn'),
        eb.and([
          eb('status', '=', 'voided'),
          eb.exists(
            eb
              .selectFrom('lottery_tickets as t')
              .select('t.id')
              .whereRef('t.period_id', '=', 'lottery_periods.id')
              .where('t.status', '=', 'open'),
          ),
        ]),
      ]),
    )
    .orderBy('draw_at')
    .execute();
}

// ---------------------------------------------------------------- betting

export async function findEnabledOdds(db: Kysely<DB>, merchantId: number, region: LotteryGameRow['region']) {
  return db
    .selectFrom('lottery_odds')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('region', '=', region)
    .where('is_enabled', '=', true)
    .execute();
}

/**
 * Inserts the ticket unless the member already has one under this request id; undefined then (a
 * concurrent copy waits here for the first one's transaction and sees its row).
 */
export async function insertTicketOnce(
  trx: Kysely<DB>,
  ticket: {
    merchantId: number;
    memberId: number;
    periodId: number;
    gameId: number;
    currency: string;
    totalStake: number;
    createdAt: Date;
    requestId: string;
    requestHash: string;
  },
): Promise<{ id: number } | undefined> {
  return trx
    .insertInto('lottery_tickets')
    .values({
      merchant_id: ticket.merchantId,
      member_id: ticket.memberId,
      period_id: ticket.periodId,
      game_id: ticket.gameId,
      currency: ticket.currency,
      total_stake: ticket.totalStake,
      status: 'open',
      created_at: ticket.createdAt,
      request_id: ticket.requestId,
      request_hash: ticket.requestHash,
    })
    .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** The member's ticket bought under a request id, with the fingerprint of its content. */
export function findTicketByRequest(
  db: Kysely<DB>,
  memberId: number,
  requestId: string,
): Promise<{ id: number; requestHash: string | null } | undefined> {
  return db
    .selectFrom('lottery_tickets')
    .select(['id', 'request_hash as requestHash'])
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function insertTicketLines(
  trx: Kysely<DB>,
  lines: readonly {
    ticket_id: number;
    period_id: number;
    line_no: number;
    bet_type: string;
    numbers: string;
    is_single: boolean;
    stake_per_unit: number;
    stake_multiplier: number;
    stake: number;
    odds_milli: number;
  }[],
): Promise<void> {
  await trx
    .insertInto('lottery_ticket_lines')
    .values([...lines])
    .execute();
}

/**
 * Adds what one hit of a number (or a combination) would pay to the draw's exposure, only while the
 * total stays within the game's limit. Returns false when the limit would be passed.
 */
export async function addExposure(
  trx: Kysely<DB>,
  exposure: { periodId: number; betType: string; number: string; payoutPerHit: number; maxPayoutPerNumber: number },
): Promise<boolean> {
  const row = await sql<{ payout_per_hit: number }>`
          INSERT INTO lottery_exposure (period_id, bet_type, number, payout_per_hit)
          VALUES (${exposure.periodId}, ${exposure.betType}, ${exposure.number}, ${exposure.payoutPerHit})
          ON CONFLICT (period_id, bet_type, number) DO UPDATE
            SET payout_per_hit = lottery_exposure.payout_per_hit + excluded.payout_per_hit
            WHERE lottery_exposure.payout_per_hit + excluded.payout_per_hit <= ${exposure.maxPayoutPerNumber}
          RETURNING payout_per_hit`.execute(trx);
  return row.rows.length > 0;
}

export async function linkTicketMoney(
  trx: Kysely<DB>,
  ticketId: number,
  link: { reservationId: number | null; bonusReservationId: number | null; bonusAmount: number; betRecordId: number },
): Promise<void> {
  await trx
    .updateTable('lottery_tickets')
    .set({
      reservation_id: link.reservationId,
      bonus_reservation_id: link.bonusReservationId,
      bonus_amount: link.bonusAmount,
      bet_record_id: link.betRecordId,
    })
    .where('id', '=', ticketId)
    .execute();
}

export async function findTickets(db: Kysely<DB>, filter: { memberId?: number; ids?: number[]; gameId?: number; limit: number }) {
  let query = db
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_periods as p', 'p.id', 't.period_id')
    .innerJoin('lottery_games as g', 'g.id', 't.game_id')
    .select(['t.id', 't.currency', 't.total_stake', 't.payout', 't.status', 't.created_at', 't.settled_at', 'p.numero', 'g.code'])
    .orderBy('t.id', 'desc')
    .limit(filter.limit);
  if (filter.memberId !== undefined) query = query.where('t.member_id', '=', filter.memberId);
  if (filter.ids) query = query.where('t.id', 'in', filter.ids);
  if (filter.gameId !== undefined) query = query.where('t.game_id', '=', filter.gameId);
  return query.execute();
}

export async function findTicketLines(db: Kysely<DB>, ticketIds: readonly number[]) {
  return db
    .selectFrom('lottery_ticket_lines')
    .selectAll()
    .where('ticket_id', 'in', ticketIds)
    .orderBy('ticket_id')
    .orderBy('line_no')
    .execute();
}

// ---------------------------------------------------------------- settlement

export async function insertDrawHits(
  db: Kysely<DB>,
  hitRows: readonly { period_id: number; bet_type: string; number: string; hits: number }[],
): Promise<void> {
  await db
    .insertInto('lottery_draw_hits')
    .values([...hitRows])
    .onConflict((oc) => oc.columns(['period_id', 'bet_type', 'number']).doNothing())
    .execute();
}

/** Scores the unscored single-number lines of a period from its draw hits, in one UPDATE. */
export async function scoreSingleNumberLines(db: Kysely<DB>, periodId: number): Promise<void> {
  await sql`
      UPDATE lottery_ticket_lines AS l
      SET hits = x.hits, payout = floor(l.stake_per_unit::numeric * x.hits * l.odds_milli / 1000)::bigint
      FROM (
        SELECT l2.id, COALESCE(h.hits, 0) AS hits
        FROM lottery_ticket_lines l2
        LEFT JOIN lottery_draw_hits h ON h.period_id = l2.period_id AND h.bet_type = l2.bet_type AND h.number = l2.numbers
        WHERE l2.period_id = ${periodId} AND l2.is_single AND l2.hits IS NULL
      ) AS x
      WHERE l.id = x.id`.execute(db);
}

/** The distinct combinations of a period's unscored combination lines. */
export async function findUnscoredCombos(db: Kysely<DB>, periodId: number) {
  return db
    .selectFrom('lottery_ticket_lines')
    .select(['bet_type', 'numbers'])
    .distinct()
    .where('period_id', '=', periodId)
    .where('is_single', '=', false)
    .where('hits', 'is', null)
    .execute();
}

export async function scoreComboLines(db: Kysely<DB>, combo: { periodId: number; betType: string; numbers: string; hits: number }) {
  await sql`
        UPDATE lottery_ticket_lines
        SET hits = ${combo.hits}, payout = floor(stake_per_unit::numeric * ${combo.hits} * odds_milli / 1000)::bigint
        WHERE period_id = ${combo.periodId} AND bet_type = ${combo.betType} AND numbers = ${combo.numbers} AND hits IS NULL`.execute(db);
}

export async function sharePeriodStatus(trx: Kysely<DB>, periodId: number) {
  return trx.selectFrom('lottery_periods').select('status').where('id', '=', periodId).forShare().executeTakeFirstOrThrow();
}

/**
 * Locks the next chunk of a period's open tickets after `afterId` (skipping those another runner
 * holds) and returns each with its summed win and how many of its lines are still unscored.
 */
export async function lockTicketChunk(trx: Kysely<DB>, chunk: { periodId: number; afterId: number; size: number }) {
  return sql<{
    id: string;
    member_id: string;
    reservation_id: string | null;
    bonus_reservation_id: string | null;
    bonus_amount: string;
    total_stake: string;
    bet_record_id: string | null;
    currency: string;
    payout: string;
    unscored: string;
  }>`
        WITH chosen AS (
          SELECT id, member_id, reservation_id, bonus_reservation_id, bonus_amount, total_stake, bet_record_id, currency FROM lottery_tickets
           WHERE period_id = ${chunk.periodId} AND status = 'open' AND id > ${chunk.afterId}
           ORDER BY id LIMIT ${chunk.size}
             FOR UPDATE SKIP LOCKED
        )
        SELECT c.*, coalesce(sum(l.payout), 0)::text AS payout, count(*) FILTER (WHERE l.hits IS NULL)::text AS unscored
          FROM chosen c LEFT JOIN lottery_ticket_lines l ON l.ticket_id = c.id
         GROUP BY c.id, c.member_id, c.reservation_id, c.bonus_reservation_id, c.bonus_amount, c.total_stake, c.bet_record_id, c.currency
         ORDER BY c.id`.execute(trx);
}

export async function markTicketsSettled(trx: Kysely<DB>, tickets: readonly { id: number; payout: number }[], settledAt: Date) {
  await sql`
          UPDATE lottery_tickets t SET status = 'settled', payout = x.payout, settled_at = ${settledAt}::timestamptz
            FROM unnest(${sql.val(tickets.map((r) => r.id))}::bigint[], ${sql.val(tickets.map((r) => r.payout))}::bigint[]) AS x(id, payout)
           WHERE t.id = x.id`.execute(trx);
}

/** The currencies of a period's open tickets. */
export async function findOpenTicketCurrencies(db: Kysely<DB>, periodId: number) {
  return db
    .selectFrom('lottery_tickets')
    .select('currency')
    .distinct()
    .where('period_id', '=', periodId)
    .where('status', '=', 'open')
    .execute();
}

export async function findPeriodWithGame(db: Kysely<DB>, periodId: number) {
  return db
    .selectFrom('lottery_periods as p')
    .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
    .selectAll('p')
    .select(['g.region', 'g.merchant_id', 'g.code'])
    .where('p.id', '=', periodId)
    .executeTakeFirst();
}

/** Marks a drawn period settled once none of its tickets is open. */
export async function markPeriodSettledIfDone(db: Kysely<DB>, periodId: number, settledAt: Date): Promise<void> {
  await sql`
      UPDATE lottery_periods SET status = 'settled', settled_at = ${settledAt}
      WHERE id = ${periodId} AND status = 'drawn'
        AND NOT EXISTS (SELECT 1 FROM lottery_tickets WHERE period_id = ${periodId} AND status = 'open')`.execute(db);
}

export async function findPeriodSummary(db: Kysely<DB>, periodId: number) {
  return db
    .selectFrom('lottery_periods as p')
    .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
    .select(['p.numero', 'p.status', 'g.code'])
    .where('p.id', '=', periodId)
    .executeTakeFirstOrThrow();
}

export async function findOpenTicketIds(db: Kysely<DB>, periodId: number) {
  return db
    .selectFrom('lottery_tickets')
    .select('id')
    .where('period_id', '=', periodId)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
}

export async function lockOpenTicket(trx: Kysely<DB>, ticketId: number) {
  return trx
    .selectFrom('lottery_tickets')
    .selectAll()
    .where('id', '=', ticketId)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
}

export async function markTicketVoided(trx: Kysely<DB>, ticketId: number, at: Date): Promise<void> {
  await trx.updateTable('lottery_tickets').set({ status: 'voided', settled_at: at }).where('id', '=', ticketId).execute();
}

export async function hasSettledTicket(trx: Kysely<DB>, periodId: number): Promise<boolean> {
  const settled = await trx
    .selectFrom('lottery_tickets')
    .select('id')
    .where('period_id', '=', periodId)
    .where('status', '=', 'settled')
    .executeTakeFirst();
  return settled !== undefined;
}

export async function markPeriodVoided(trx: Kysely<DB>, periodId: number, at: Date): Promise<void> {
  await trx.updateTable('lottery_periods').set({ status: 'voided', voided_at: at }).where('id', '=', periodId).execute();
}

// ---------------------------------------------------------------- official results

/** A pending manual result, one per period at a time; undefined when one already awaits confirmation. */
export async function insertPendingResultEntry(
  db: Kysely<DB>,
  entry: { periodId: number; result: unknown; enteredByAdminId: number; createdAt: Date },
): Promise<{ id: number } | undefined> {
  return db
    .insertInto('lottery_result_entries')
    .values({
      period_id: entry.periodId,
      result: JSON.stringify(entry.result),
      status: 'pending',
      entered_by_admin_id: entry.enteredByAdminId,
      created_at: entry.createdAt,
    })
    .onConflict((oc) => oc.column('period_id').where('status', '=', 'pending').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function findResultEntry(db: Kysely<DB>, id: number) {
  return db
    .selectFrom('lottery_result_entries as e')
    .innerJoin('lottery_periods as p', 'p.id', 'e.period_id')
    .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
    .select(['e.id', 'e.result', 'e.status', 'e.entered_by_admin_id', 'e.decided_by_admin_id', 'p.numero', 'g.code', 'g.merchant_id'])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

export async function lockResultEntry(trx: Kysely<DB>, id: number) {
  return trx.selectFrom('lottery_result_entries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function lockPeriodWithMerchant(trx: Kysely<DB>, periodId: number) {
  return trx
    .selectFrom('lottery_periods as p')
    .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
    .select(['p.id', 'p.status', 'p.draw_date', 'p.locks_at', 'g.merchant_id'])
    .where('p.id', '=', periodId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function markResultEntryConfirmed(trx: Kysely<DB>, id: number, decision: { adminId: number; at: Date }): Promise<void> {
  await trx
    .updateTable('lottery_result_entries')
    .set({ status: 'confirmed', decided_by_admin_id: decision.adminId, decided_at: decision.at })
    .where('id', '=', id)
    .execute();
}

/** Publishes a confirmed result (the period is locked and checked open by the caller). */
export async function setPeriodDrawn(trx: Kysely<DB>, periodId: number, result: unknown, drawnAt: Date): Promise<void> {
  await trx
    .updateTable('lottery_periods')
    .set({ result: JSON.stringify(result), status: 'drawn', drawn_at: drawnAt })
    .where('id', '=', periodId)
    .execute();
}

/** Today's official draws whose time has passed, with their status and any result. */
/** Official draws of `fromDate`..`toDate` (Vietnam dates) whose draw time has passed by `at`. */
export async function findDueOfficialDraws(db: Kysely<DB>, fromDate: string, toDate: string, at: Date) {
  return db
    .selectFrom('lottery_periods as p')
    .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
    .select(['p.id', 'p.numero', 'p.status', 'p.result', 'p.draw_date', 'g.code', 'g.region', 'g.merchant_id'])
    .where('p.result_source', '=', 'official')
    .where('p.draw_date', '>=', fromDate)
    .where('p.draw_date', '<=', toDate)
    .where('p.draw_at', '<=', at)
    .execute();
}

/** A merchant's entered results of one status, newest first, with their draw and game. */
export async function findResultEntries(
  db: Kysely<DB>,
  merchantId: number,
  status: 'pending' | 'confirmed' | 'rejected',
  page: { limit: number; offset: number },
) {
  const base = db
    .selectFrom('lottery_result_entries as e')
    .innerJoin('lottery_periods as p', 'p.id', 'e.period_id')
    .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
    .where('g.merchant_id', '=', merchantId)
    .where('e.status', '=', status);
  const [rows, total] = await Promise.all([
    base
      .select([
        'e.id',
        'e.result',
        'e.status',
        'e.entered_by_admin_id',
        'e.decided_by_admin_id',
        'e.created_at',
        'e.decided_at',
        'p.numero',
        'p.draw_date',
        'p.draw_at',
        'p.locks_at',
        'g.code',
        'g.name',
        'g.region',
      ])
      .orderBy('e.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** A merchant's official draws of `fromDate`..`toDate` still open, with the id of a pending entry if any. */
export async function findOpenOfficialDraws(db: Kysely<DB>, merchantId: number, fromDate: string, toDate: string) {
  return db
    .selectFrom('lottery_periods as p')
    .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
    .leftJoin('lottery_result_entries as e', (join) => join.onRef('e.period_id', '=', 'p.id').on('e.status', '=', 'pending'))
    .select(['p.numero', 'p.draw_date', 'p.draw_at', 'p.locks_at', 'g.code', 'g.name', 'g.region', 'e.id as pending_entry_id'])
    .where('g.merchant_id', '=', merchantId)
    .where('p.result_source', '=', 'official')
    .where('p.status', '=', 'open')
    .where('p.draw_date', '>=', fromDate)
    .where('p.draw_date', '<=', toDate)
    .orderBy('p.draw_at', 'asc')
    .orderBy('g.code', 'asc')
    .execute();
}

export async function markResultEntryRejected(trx: Kysely<DB>, id: number, decision: { adminId: number | null; at: Date }): Promise<void> {
  await trx
    .updateTable('lottery_result_entries')
    .set({ status: 'rejected', decided_by_admin_id: decision.adminId, decided_at: decision.at })
    .where('id', '=', id)
    .execute();
}
