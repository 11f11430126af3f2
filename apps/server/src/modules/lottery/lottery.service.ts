import { randomBytes } from 'node:crypto';
import type { LotteryTicket, PlaceTicketBody } from '@platform/contracts/lottery';
import type { RealtimeServerMessage } from '@platform/contracts/realtime';
import {
  comboWins,
  type DrawResult,
  drawFromSeed,
  isSingleNumberBetType,
  type LotteryBetType,
  type LotteryRegion,
  seedCommitment,
  singleNumberHitTable,
  validateDrawResult,
  validateSelection,
} from '@platform/games/lottery';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Principal } from '../session/session.service.ts';
import type { ResultsSource } from './lottery.import.ts';
import { plannedPeriods, vietnamDateOf } from './lottery.schedule.ts';
import { LOTTERY_VENDOR_CODE } from './lottery.seed-data.ts';
import type { LotteryGamesTable, LotteryPeriodsTable } from './lottery.tables.ts';

type Trx = Transaction<DB>;
type Selectable<T> = { [K in keyof T]: T[K] extends import('kysely').ColumnType<infer S, unknown, unknown> ? S : T[K] };
export type LotteryGameRow = Selectable<LotteryGamesTable>;
export type LotteryPeriodRow = Selectable<LotteryPeriodsTable>;

/** Tickets settled per batch read; each ticket's money moves in its own short transaction. */
/** Tickets settled per transaction. */
const SETTLE_BATCH = 5_000;

/** The responsible-gaming check of a new stake, inside the bet's transaction. */
export type LotteryStakeGuard = (memberId: number, amountMinor: number, trx: Trx) => Promise<void>;

export type LotteryService = ReturnType<typeof createLotteryService>;

function ticketKey(ticketId: number): string {
  return `lottery:ticket:${ticketId}`;
}

export function createLotteryService(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  betRecords: BetRecordService;
  now: () => Date;
  stakeGuard?: LotteryStakeGuard | undefined;
  publish?: ((memberId: number, message: RealtimeServerMessage) => Promise<void> | void) | undefined;
  /** Seed bytes for house draws; tests may pass their own. */
  randomSeed?: () => string;
  /** Tickets settled per transaction (default 5,000). */
  settleChunkSize?: number;
  /** A feed of official results, asked once an official draw's time has passed. */
  resultsSource?: ResultsSource | undefined;
  /** Told about feed results that were refused (wrong date, invalid, or conflicting with the draw's result). */
  onRefusedResults?: ((refused: { gameId: string; numero: string | null; reason: string }[]) => void) | undefined;
}) {
  const { db, ledger, betRecords, now } = deps;
  const randomSeed = deps.randomSeed ?? (() => randomBytes(32).toString('hex'));
  const settleChunkSize = deps.settleChunkSize ?? SETTLE_BATCH;

  async function gameByCode(executor: Kysely<DB>, merchantId: number, code: string): Promise<LotteryGameRow> {
    const game = await executor
      .selectFrom('lottery_games')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('code', '=', code)
      .executeTakeFirst();
    if (!game) throw new DomainError('not_found', 'gameId');
    return game as LotteryGameRow;
  }

  async function periodOf(executor: Kysely<DB>, gameId: number, numero: string, lock?: 'update' | 'share') {
    let query = executor.selectFrom('lottery_periods').selectAll().where('game_id', '=', gameId).where('numero', '=', numero);
    if (lock === 'update') query = query.forUpdate();
    if (lock === 'share') query = query.forShare();
    const period = await query.executeTakeFirst();
    if (!period) throw new DomainError('not_found', 'numero');
    return period as LotteryPeriodRow;
  }

  // ---------------------------------------------------------------- periods and house draws

  /** Creates the periods each enabled game should have ahead; a house draw gets its seed and commitment. */
  async function ensurePeriods(): Promise<number> {
    const at = now();
    const games = (await db.selectFrom('lottery_games').selectAll().where('is_enabled', '=', true).execute()) as LotteryGameRow[];
    let created = 0;
    for (const game of games) {
      const planned = plannedPeriods(
        { drawDays: game.draw_days, drawTime: game.draw_time, intervalSeconds: game.interval_seconds, lockSeconds: game.lock_seconds },
        at,
      );
      if (planned.length === 0) continue;
      const rows = planned.map((p) => {
        const seed = game.result_source === 'rng' ? randomSeed() : null;
        return {
          game_id: game.id,
          numero: p.numero,
          draw_date: p.drawDate,
          opens_at: p.opensAt,
          locks_at: p.locksAt,
          draw_at: p.drawAt,
          seed,
          seed_commitment: seed ? seedCommitment(seed) : null,
          result_source: game.result_source,
          status: 'open' as const,
        };
      });
      const inserted = await db
        .insertInto('lottery_periods')
        .values(rows)
        .onConflict((oc) => oc.columns(['game_id', 'numero']).doNothing())
        .returning('id')
        .execute();
      created += inserted.length;
    }
    return created;
  }

  /** Reveals the seed and the result of every house draw that is due. */
  async function drawDue(): Promise<number> {
    const due = await db
      .selectFrom('lottery_periods as p')
      .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
      .select(['p.id', 'p.seed', 'g.region'])
      .where('p.status', '=', 'open')
      .where('p.result_source', '=', 'rng')
      .where('p.draw_at', '<=', now())
      .orderBy('p.draw_at')
      .execute();
    let drawn = 0;
    for (const period of due) {
      if (!period.seed) continue;
      const result = drawFromSeed(period.region, period.seed);
      const updated = await db
        .updateTable('lottery_periods')
        .set({ result: JSON.stringify(result), status: 'drawn', drawn_at: now() })
        .where('id', '=', period.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      drawn += Number(updated.numUpdatedRows);
    }
    return drawn;
  }

  // ---------------------------------------------------------------- betting

  async function placeTicket(principal: Principal, body: PlaceTicketBody): Promise<LotteryTicket> {
    const game = await gameByCode(db, principal.merchantId, body.gameId);
    if (!game.is_enabled) throw new DomainError('not_found', 'gameId');
    const region = game.region as LotteryRegion;
    const odds = await db
      .selectFrom('lottery_odds')
      .selectAll()
      .where('merchant_id', '=', principal.merchantId)
      .where('region', '=', game.region)
      .where('is_enabled', '=', true)
      .execute();
    const oddsByType = new Map(odds.map((o) => [o.bet_type, o]));
    const lines = body.lines.map((line, index) => {
      const issues = validateSelection(region, { type: line.betType, numbers: line.numbers });
      const rate = oddsByType.get(line.betType);
      if (issues.length > 0 || !rate) {
        throw new DomainError('lottery_selection_invalid', `lines.${index}: ${issues.join(', ') || 'bet type not offered'}`);
      }
      if (line.stakePerUnit < game.min_stake || line.stakePerUnit > game.max_stake) {
        throw new DomainError('lottery_stake_out_of_range', `lines.${index}.stakePerUnit`);
      }
      const stake = line.stakePerUnit * rate.stake_multiplier;
      if (!Number.isSafeInteger(stake)) throw new DomainError('lottery_stake_out_of_range', `lines.${index}.stakePerUnit`);
      const single = isSingleNumberBetType(line.betType);
      const numbers = single ? line.numbers : [...line.numbers].sort();
      const payoutPerHit = Number((BigInt(line.stakePerUnit) * BigInt(rate.odds_milli)) / 1000n);
      return { ...line, numbers, single, stake, rate, payoutPerHit };
    });
    const totalStake = lines.reduce((sum, l) => sum + l.stake, 0);
    if (!Number.isSafeInteger(totalStake)) throw new DomainError('lottery_stake_out_of_range', 'lines');

    const ticketId = await db.transaction().execute(async (trx) => {
      const period = await periodOf(trx, game.id, body.numero, 'share');
      // The server's clock decides: a ticket after lockTime is refused whatever the client showed.
      if (period.status !== 'open' || now() >= period.locks_at) throw new DomainError('lottery_betting_closed');
      await deps.stakeGuard?.(principal.memberId, totalStake, trx);
      const ticket = await trx
        .insertInto('lottery_tickets')
        .values({
          merchant_id: principal.merchantId,
          member_id: principal.memberId,
          period_id: period.id,
          game_id: game.id,
          currency: principal.currency,
          total_stake: totalStake,
          status: 'open',
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('lottery_ticket_lines')
        .values(
          lines.map((l, index) => ({
            ticket_id: ticket.id,
            period_id: period.id,
            line_no: index + 1,
            bet_type: l.betType,
            numbers: l.numbers.join(','),
            is_single: l.single,
            stake_per_unit: l.stakePerUnit,
            stake_multiplier: l.rate.stake_multiplier,
            stake: l.stake,
            odds_milli: l.rate.odds_milli,
          })),
        )
        .execute();
      // Risk limit: what one hit of a number (or a combination) would pay across the draw.
      for (const [index, l] of lines.entries()) {
        if (l.payoutPerHit > game.max_payout_per_number) throw new DomainError('lottery_risk_limit', `lines.${index}`);
        const row = await sql<{ payout_per_hit: number }>`
          INSERT INTO lottery_exposure (period_id, bet_type, number, payout_per_hit)
          VALUES (${period.id}, ${l.betType}, ${l.numbers.join(',')}, ${l.payoutPerHit})
          ON CONFLICT (period_id, bet_type, number) DO UPDATE
            SET payout_per_hit = lottery_exposure.payout_per_hit + excluded.payout_per_hit
            WHERE lottery_exposure.payout_per_hit + excluded.payout_per_hit <= ${game.max_payout_per_number}
          RETURNING payout_per_hit`.execute(trx);
        if (row.rows.length === 0) throw new DomainError('lottery_risk_limit', `lines.${index}`);
      }
      const accounts = await ledger.ensureMemberAccounts(
        { merchantId: principal.merchantId, memberId: principal.memberId, currency: principal.currency, kinds: ['player_main'] },
        trx,
      );
      const main = accounts.player_main;
      if (!main) throw new Error('member account missing after ensure');
      const reservation = await ledger.reserve(
        {
          accountId: main.id,
          amount: totalStake,
          code: 'bet',
          idempotencyKey: ticketKey(ticket.id),
          reference: { type: `round:${game.category}`, id: String(ticket.id) },
        },
        trx,
      );
      const record = await betRecords.openRound(trx, {
        merchantId: principal.merchantId,
        memberId: principal.memberId,
        username: principal.username,
        vendorCode: LOTTERY_VENDOR_CODE,
        gameCode: game.code,
        gameCategory: game.category,
        roundId: String(ticket.id),
        currency: principal.currency,
        isTrial: false,
      });
      await betRecords.addStake(trx, record, totalStake);
      await trx
        .updateTable('lottery_tickets')
        .set({ reservation_id: reservation.reservationId, bet_record_id: record.id })
        .where('id', '=', ticket.id)
        .execute();
      return ticket.id;
    });
    const ticket = await ticketById(ticketId);
    if (!ticket) throw new Error('ticket vanished after insert');
    return ticket;
  }

  async function ticketsOf(filter: { memberId?: number; ids?: number[]; gameId?: number; limit: number }): Promise<LotteryTicket[]> {
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
    const tickets = await query.execute();
    if (tickets.length === 0) return [];
    const lines = await db
      .selectFrom('lottery_ticket_lines')
      .selectAll()
      .where(
        'ticket_id',
        'in',
        tickets.map((t) => t.id),
      )
      .orderBy('ticket_id')
      .orderBy('line_no')
      .execute();
    return tickets.map((t) => ({
      ticketId: String(t.id),
      gameId: t.code,
      numero: t.numero,
      currency: t.currency,
      totalStake: Number(t.total_stake),
      payout: t.payout === null ? null : Number(t.payout),
      status: t.status,
      createdAt: t.created_at.toISOString(),
      settledAt: t.settled_at ? t.settled_at.toISOString() : null,
      lines: lines
        .filter((l) => Number(l.ticket_id) === Number(t.id))
        .map((l) => ({
          lineNo: l.line_no,
          betType: l.bet_type as LotteryBetType,
          numbers: l.numbers.split(','),
          stakePerUnit: Number(l.stake_per_unit),
          stakeMultiplier: l.stake_multiplier,
          stake: Number(l.stake),
          oddsMilli: Number(l.odds_milli),
          hits: l.hits,
          payout: l.payout === null ? null : Number(l.payout),
        })),
    })) as LotteryTicket[];
  }

  async function ticketById(id: number): Promise<LotteryTicket | undefined> {
    return (await ticketsOf({ ids: [id], limit: 1 }))[0];
  }

  // ---------------------------------------------------------------- settlement

  /** Scores every line of a drawn period: one UPDATE for single-number lines, one per distinct combination. */
  async function scoreLines(period: LotteryPeriodRow, region: LotteryRegion): Promise<void> {
    const result = period.result as DrawResult;
    const table = singleNumberHitTable(region, result);
    const hitRows = [...table.entries()].flatMap(([betType, hits]) =>
      [...hits.entries()].map(([number, count]) => ({ period_id: period.id, bet_type: betType, number, hits: count })),
    );
    if (hitRows.length > 0) {
      await db
        .insertInto('lottery_draw_hits')
        .values(hitRows)
        .onConflict((oc) => oc.columns(['period_id', 'bet_type', 'number']).doNothing())
        .execute();
    }
    await sql`
      UPDATE lottery_ticket_lines AS l
      SET hits = x.hits, payout = floor(l.stake_per_unit::numeric * x.hits * l.odds_milli / 1000)::bigint
      FROM (
        SELECT l2.id, COALESCE(h.hits, 0) AS hits
        FROM lottery_ticket_lines l2
        LEFT JOIN lottery_draw_hits h ON h.period_id = l2.period_id AND h.bet_type = l2.bet_type AND h.number = l2.numbers
        WHERE l2.period_id = ${period.id} AND l2.is_single AND l2.hits IS NULL
      ) AS x
      WHERE l.id = x.id`.execute(db);
    const lo2 = table.get('lo2') ?? new Map<string, number>();
    const combos = await db
      .selectFrom('lottery_ticket_lines')
      .select(['bet_type', 'numbers'])
      .distinct()
      .where('period_id', '=', period.id)
      .where('is_single', '=', false)
      .where('hits', 'is', null)
      .execute();
    for (const combo of combos) {
      const hits = comboWins(combo.bet_type as LotteryBetType, combo.numbers.split(','), lo2);
      await sql`
        UPDATE lottery_ticket_lines
        SET hits = ${hits}, payout = floor(stake_per_unit::numeric * ${hits} * odds_milli / 1000)::bigint
        WHERE period_id = ${period.id} AND bet_type = ${combo.bet_type} AND numbers = ${combo.numbers} AND hits IS NULL`.execute(db);
    }
  }

  /**
   * Settles one chunk of a drawn period's open tickets in one transaction, set-based: the tickets
   * are locked (those another runner holds are skipped), their wins summed from the scored lines,
   * the stakes posted and wins paid by `ledger.settleMany`, the bet records and tickets updated with
   * one statement each. Returns the tickets settled and their members; none when nothing is left.
   */
  async function settleChunk(
    period: { id: number },
    houses: ReadonlyMap<string, number>,
    afterId: number,
  ): Promise<{ lastId: number; settled: number; members: number[] } | null> {
    return db.transaction().execute(async (trx) => {
      const state = await trx
        .selectFrom('lottery_periods')
        .select('status')
        .where('id', '=', period.id)
        .forShare()
        .executeTakeFirstOrThrow();
      if (state.status !== 'drawn') return null;
      const tickets = await sql<{
        id: string;
        member_id: string;
        reservation_id: string | null;
        bet_record_id: string | null;
        currency: string;
        payout: string;
        unscored: string;
      }>`
        WITH chosen AS (
          SELECT id, member_id, reservation_id, bet_record_id, currency FROM lottery_tickets
           WHERE period_id = ${period.id} AND status = 'open' AND id > ${afterId}
           ORDER BY id LIMIT ${settleChunkSize}
             FOR UPDATE SKIP LOCKED
        )
        SELECT c.*, coalesce(sum(l.payout), 0)::text AS payout, count(*) FILTER (WHERE l.hits IS NULL)::text AS unscored
          FROM chosen c LEFT JOIN lottery_ticket_lines l ON l.ticket_id = c.id
         GROUP BY c.id, c.member_id, c.reservation_id, c.bet_record_id, c.currency
         ORDER BY c.id`.execute(trx);
      if (tickets.rows.length === 0) return null;
      const ready = tickets.rows.filter((t) => Number(t.unscored) === 0 && t.reservation_id !== null && t.bet_record_id !== null);
      const byCurrency = new Map<string, typeof ready>();
      for (const ticket of ready) byCurrency.set(ticket.currency, [...(byCurrency.get(ticket.currency) ?? []), ticket]);
      for (const [currency, group] of byCurrency) {
        const house = houses.get(currency);
        if (house === undefined) throw new Error(`no house account in ${currency} for lottery period ${period.id}`);
        await ledger.settleMany(
          {
            toAccountId: house,
            items: group.map((t) => ({
              reservationId: Number(t.reservation_id),
              payout: Number(t.payout),
              idempotencyKey: `${ticketKey(Number(t.id))}:settle`,
            })),
          },
          trx,
        );
      }
      await betRecords.addPayouts(
        trx,
        ready.map((t) => ({ id: Number(t.bet_record_id), amount: Number(t.payout) })),
      );
      if (ready.length > 0) {
        await sql`
          UPDATE lottery_tickets t SET status = 'settled', payout = x.payout, settled_at = ${now()}::timestamptz
            FROM unnest(${sql.val(ready.map((r) => Number(r.id)))}::bigint[], ${sql.val(ready.map((r) => Number(r.payout)))}::bigint[]) AS x(id, payout)
           WHERE t.id = x.id`.execute(trx);
      }
      return {
        lastId: Number(tickets.rows[tickets.rows.length - 1]?.id ?? afterId),
        settled: ready.length,
        members: [...new Set(ready.map((t) => Number(t.member_id)))],
      };
    });
  }

  const houseAccounts = new Map<string, number>();
  /** The merchant's house account of each currency the period's open tickets are in (looked up before any chunk's transaction). */
  async function houseAccountsOf(periodId: number, merchantId: number): Promise<Map<string, number>> {
    const currencies = await db
      .selectFrom('lottery_tickets')
      .select('currency')
      .distinct()
      .where('period_id', '=', periodId)
      .where('status', '=', 'open')
      .execute();
    const houses = new Map<string, number>();
    for (const { currency } of currencies) {
      const cacheKey = `${merchantId}:${currency}`;
      let id = houseAccounts.get(cacheKey);
      if (id === undefined) {
        id = (await ledger.ensureSystemAccount({ merchantId, kind: 'house_revenue', currency })).id;
        houseAccounts.set(cacheKey, id);
      }
      houses.set(currency, id);
    }
    return houses;
  }

  /**
   * Settles a drawn period; safe to run again at any point (after a crash, or twice at once): lines
   * are scored only while unscored, tickets are settled in chunks of one transaction each, and a
   * ticket moves money only while it is open.
   */
  async function settlePeriod(periodId: number): Promise<{ settled: number }> {
    const row = await db
      .selectFrom('lottery_periods as p')
      .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
      .selectAll('p')
      .select(['g.region', 'g.merchant_id', 'g.code'])
      .where('p.id', '=', periodId)
      .executeTakeFirst();
    if (row?.status !== 'drawn') return { settled: 0 };
    const period = row as unknown as LotteryPeriodRow & { region: LotteryRegion; merchant_id: number; code: string };
    await scoreLines(period, period.region);
    const members = new Set<number>();
    let settled = 0;
    let afterId = 0;
    const houses = await houseAccountsOf(period.id, Number(period.merchant_id));
    for (;;) {
      const chunk = await settleChunk({ id: period.id }, houses, afterId);
      if (!chunk) break;
      afterId = chunk.lastId;
      settled += chunk.settled;
      for (const memberId of chunk.members) members.add(memberId);
    }
    await sql`
      UPDATE lottery_periods SET status = 'settled', settled_at = ${now()}
      WHERE id = ${periodId} AND status = 'drawn'
        AND NOT EXISTS (SELECT 1 FROM lottery_tickets WHERE period_id = ${periodId} AND status = 'open')`.execute(db);
    for (const memberId of members)
      await deps.publish?.(memberId, { type: 'lottery', gameId: period.code, numero: period.numero, status: 'settled' });
    return { settled };
  }

  /** Voids the open tickets of a voided period (each once); resumable like settlement. */
  async function refundVoided(periodId: number): Promise<number> {
    const info = await db
      .selectFrom('lottery_periods as p')
      .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
      .select(['p.numero', 'p.status', 'g.code'])
      .where('p.id', '=', periodId)
      .executeTakeFirstOrThrow();
    if (info.status !== 'voided') return 0;
    const tickets = await db
      .selectFrom('lottery_tickets')
      .select('id')
      .where('period_id', '=', periodId)
      .where('status', '=', 'open')
      .orderBy('id')
      .execute();
    const members = new Set<number>();
    let voided = 0;
    for (const { id } of tickets) {
      const memberId = await db.transaction().execute(async (trx) => {
        const ticket = await trx
          .selectFrom('lottery_tickets')
          .selectAll()
          .where('id', '=', id)
          .where('status', '=', 'open')
          .forUpdate()
          .executeTakeFirst();
        if (!ticket || ticket.reservation_id === null || ticket.bet_record_id === null) return null;
        await ledger.voidReservation({ reservationId: ticket.reservation_id, idempotencyKey: `${ticketKey(id)}:void` }, trx);
        const record = await betRecords.findById(trx, ticket.bet_record_id, { isForUpdate: true });
        if (record) await betRecords.removeStake(trx, record, Number(ticket.total_stake));
        await trx.updateTable('lottery_tickets').set({ status: 'voided', settled_at: now() }).where('id', '=', id).execute();
        return Number(ticket.member_id);
      });
      if (memberId !== null) {
        voided += 1;
        members.add(memberId);
      }
    }
    for (const memberId of members)
      await deps.publish?.(memberId, { type: 'lottery', gameId: info.code, numero: info.numero, status: 'voided' });
    return voided;
  }

  /** Voids a draw that has not settled: the period closes and every stake goes back, once. */
  async function voidPeriod(admin: AdminPrincipal, input: { gameId: string; numero: string }): Promise<{ voidedTickets: number }> {
    const game = await gameByCode(db, admin.merchantId, input.gameId);
    const periodId = await db.transaction().execute(async (trx) => {
      const period = await periodOf(trx, game.id, input.numero, 'update');
      if (period.status === 'voided') return period.id;
      if (period.status === 'settled') throw new DomainError('lottery_period_not_open', 'settled');
      const settled = await trx
        .selectFrom('lottery_tickets')
        .select('id')
        .where('period_id', '=', period.id)
        .where('status', '=', 'settled')
        .executeTakeFirst();
      if (settled) throw new DomainError('lottery_period_not_open', 'settling');
      await trx.updateTable('lottery_periods').set({ status: 'voided', voided_at: now() }).where('id', '=', period.id).execute();
      return period.id;
    });
    return { voidedTickets: await refundVoided(periodId) };
  }

  // ---------------------------------------------------------------- official results

  async function enterResult(admin: AdminPrincipal, input: { gameId: string; numero: string; result: DrawResult }) {
    const game = await gameByCode(db, admin.merchantId, input.gameId);
    if (game.result_source !== 'official') throw new DomainError('lottery_period_not_open', 'house draw');
    const period = await periodOf(db, game.id, input.numero);
    if (period.draw_date !== vietnamDateOf(now())) throw new DomainError('lottery_draw_not_today');
    if (period.status !== 'open') throw new DomainError('lottery_period_not_open');
    const issues = validateDrawResult(game.region as LotteryRegion, input.result);
    if (issues.length > 0) throw new DomainError('lottery_result_invalid', issues.join(', '));
    const inserted = await db
      .insertInto('lottery_result_entries')
      .values({
        period_id: period.id,
        result: JSON.stringify(input.result),
        status: 'pending',
        entered_by_admin_id: admin.adminId,
        created_at: now(),
      })
      .onConflict((oc) => oc.column('period_id').where('status', '=', 'pending').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new DomainError('conflict', 'a result for this draw awaits confirmation');
    return resultEntry(inserted.id);
  }

  async function resultEntry(id: number) {
    const row = await db
      .selectFrom('lottery_result_entries as e')
      .innerJoin('lottery_periods as p', 'p.id', 'e.period_id')
      .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
      .select(['e.id', 'e.result', 'e.status', 'e.entered_by_admin_id', 'e.decided_by_admin_id', 'p.numero', 'g.code', 'g.merchant_id'])
      .where('e.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new DomainError('not_found');
    return {
      id: Number(row.id),
      gameId: row.code,
      numero: row.numero,
      result: row.result,
      status: row.status,
      enteredBy: Number(row.entered_by_admin_id),
      decidedBy: row.decided_by_admin_id === null ? null : Number(row.decided_by_admin_id),
      merchantId: Number(row.merchant_id),
    };
  }

  /** A second operator confirms a manual entry: the result is published and the draw settles. */
  async function confirmResult(admin: AdminPrincipal, entryId: number) {
    const periodId = await db.transaction().execute(async (trx) => {
      const entry = await trx.selectFrom('lottery_result_entries').selectAll().where('id', '=', entryId).forUpdate().executeTakeFirst();
      if (!entry) throw new DomainError('not_found');
      const period = await trx
        .selectFrom('lottery_periods as p')
        .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
        .select(['p.id', 'p.status', 'p.draw_date', 'p.locks_at', 'g.merchant_id'])
        .where('p.id', '=', entry.period_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (Number(period.merchant_id) !== admin.merchantId) throw new DomainError('not_found');
      if (entry.status !== 'pending') throw new DomainError('admin_request_not_pending');
      if (Number(entry.entered_by_admin_id) === admin.adminId) throw new DomainError('admin_self_approval');
      if (period.draw_date !== vietnamDateOf(now())) throw new DomainError('lottery_draw_not_today');
      if (period.status !== 'open' || now() < period.locks_at) throw new DomainError('lottery_period_not_open');
      await trx
        .updateTable('lottery_result_entries')
        .set({ status: 'confirmed', decided_by_admin_id: admin.adminId, decided_at: now() })
        .where('id', '=', entryId)
        .execute();
      await trx
        .updateTable('lottery_periods')
        .set({ result: JSON.stringify(entry.result), status: 'drawn', drawn_at: now() })
        .where('id', '=', period.id)
        .execute();
      return period.id;
    });
    await settlePeriod(periodId);
    return resultEntry(entryId);
  }

  /** Two results are the same draw when every tier holds the same numbers in the same order. */
  function isSameResult(a: DrawResult, b: DrawResult): boolean {
    const tiers = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof DrawResult>;
    return [...tiers].every((tier) => JSON.stringify(a[tier] ?? null) === JSON.stringify(b[tier] ?? null));
  }

  /**
   * Takes today's official results from the feed for every official draw whose time has passed:
   * the same checks as an operator's entry (today's Vietnam date, tier counts and digits), then the
   * draw is drawn and settles with the round. A result already taken is not taken again; a feed
   * result that differs from the one a draw already has is refused and reported, never applied.
   */
  async function importOfficialResults(): Promise<{
    imported: number;
    refused: { gameId: string; numero: string | null; reason: string }[];
  }> {
    const source = deps.resultsSource;
    const refused: { gameId: string; numero: string | null; reason: string }[] = [];
    if (!source) return { imported: 0, refused };
    const today = vietnamDateOf(now());
    const due = await db
      .selectFrom('lottery_periods as p')
      .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
      .select(['p.id', 'p.numero', 'p.status', 'p.result', 'g.code', 'g.region', 'g.merchant_id'])
      .where('p.result_source', '=', 'official')
      .where('p.draw_date', '=', today)
      .where('p.draw_at', '<=', now())
      .execute();
    if (!due.some((p) => p.status === 'open')) return { imported: 0, refused };
    let imported = 0;
    for (const official of await source.resultsOf(today)) {
      if (official.drawDate !== today) {
        refused.push({ gameId: official.gameId, numero: null, reason: 'lottery_draw_not_today' });
        continue;
      }
      for (const period of due.filter((p) => p.code === official.gameId)) {
        if (period.status !== 'open') {
          if (period.result && !isSameResult(period.result as DrawResult, official.result)) {
            refused.push({ gameId: period.code, numero: period.numero, reason: 'conflict' });
          }
          continue;
        }
        const issues = validateDrawResult(period.region as LotteryRegion, official.result);
        if (issues.length > 0) {
          refused.push({ gameId: period.code, numero: period.numero, reason: `lottery_result_invalid: ${issues.join(', ')}` });
          continue;
        }
        const taken = await db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('lottery_periods')
            .set({ result: JSON.stringify(official.result), status: 'drawn', drawn_at: now() })
            .where('id', '=', period.id)
            .where('status', '=', 'open')
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) return false;
          await recordAudit(trx, {
            actorType: 'system',
            action: 'lottery.result_imported',
            subjectType: 'lottery_period',
            subjectId: period.id,
            data: { source: source.name, gameId: period.code, numero: period.numero, merchantId: Number(period.merchant_id) },
          });
          return true;
        });
        if (taken) imported += 1;
      }
    }
    return { imported, refused };
  }

  /** The job's round: create periods ahead, draw what is due, settle drawn draws, finish voided ones. */
  async function runJobRound(): Promise<{ created: number; drawn: number; imported: number; settled: number; voided: number }> {
    const created = await ensurePeriods();
    const drawn = await drawDue();
    const fromFeed = await importOfficialResults();
    if (fromFeed.refused.length > 0) deps.onRefusedResults?.(fromFeed.refused);
    let settled = 0;
    let voided = 0;
    const pending = await db
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
    for (const p of pending) {
      if (p.status === 'drawn') settled += (await settlePeriod(Number(p.id))).settled;
      else voided += await refundVoided(Number(p.id));
    }
    return { created, drawn, imported: fromFeed.imported, settled, voided };
  }

  return {
    gameByCode: (merchantId: number, code: string) => gameByCode(db, merchantId, code),
    periodOf: (gameId: number, numero: string) => periodOf(db, gameId, numero),
    ensurePeriods,
    drawDue,
    placeTicket,
    ticketsOf,
    settlePeriod,
    voidPeriod,
    enterResult,
    confirmResult,
    resultEntry,
    runJobRound,
    importOfficialResults,
  };
}
