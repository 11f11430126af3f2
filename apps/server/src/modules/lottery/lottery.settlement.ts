import type { RealtimeServerMessage } from '@platform/contracts/realtime';
import { comboWins, type DrawResult, type LotteryBetType, type LotteryRegion, singleNumberHitTable } from '@platform/games/lottery';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createBoundedCache } from '../../lib/bounded-cache.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type BonusWallet, bonusShareOfWin } from '../promotions/bonus-wallet.ts';
import { ticketKey } from './lottery.placement.ts';
import * as repo from './lottery.repository.ts';

/** Tickets settled per transaction. */
export const SETTLE_BATCH = 5_000;
/** House account ids by merchant and currency. */
const HOUSE_ACCOUNT_CACHE_SIZE_MAX = 1_000;

/**
 * Settlement of drawn periods (lines scored, tickets settled in chunks through `ledger.settleMany`)
 * and the refund of voided ones. Both are safe to run again at any point.
 */
export function createLotterySettlement(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  betRecords: BetRecordService;
  now: () => Date;
  publish?: ((memberId: number, message: RealtimeServerMessage) => Promise<void> | void) | undefined;
  settleChunkSize: number;
  /** Closes the bonus-funded part of tickets (promotions, ADR 0032). */
  bonusWallet?: BonusWallet | undefined;
}) {
  const { db, ledger, betRecords, now, settleChunkSize } = deps;

  /** Scores every line of a drawn period: one UPDATE for single-number lines, one per distinct combination. */
  async function scoreLines(period: repo.LotteryPeriodRow, region: LotteryRegion): Promise<void> {
    const result = period.result as DrawResult;
    const table = singleNumberHitTable(region, result);
    const hitRows = [...table.entries()].flatMap(([betType, hits]) =>
      [...hits.entries()].map(([number, count]) => ({ period_id: period.id, bet_type: betType, number, hits: count })),
    );
    if (hitRows.length > 0) await repo.insertDrawHits(db, hitRows);
    await repo.scoreSingleNumberLines(db, period.id);
    const lo2 = table.get('lo2') ?? new Map<string, number>();
    const combos = await repo.findUnscoredCombos(db, period.id);
    for (const combo of combos) {
      const hits = comboWins(combo.bet_type as LotteryBetType, combo.numbers.split(','), lo2);
      await repo.scoreComboLines(db, { periodId: period.id, betType: combo.bet_type, numbers: combo.numbers, hits });
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
      const state = await repo.sharePeriodStatus(trx, period.id);
      if (state.status !== 'drawn') return null;
      const tickets = await repo.lockTicketChunk(trx, { periodId: period.id, afterId, size: settleChunkSize });
      if (tickets.rows.length === 0) return null;
      const ready = tickets.rows.filter(
        (t) => Number(t.unscored) === 0 && (t.reservation_id !== null || t.bonus_reservation_id !== null) && t.bet_record_id !== null,
      );
      // A ticket bonus money paid part of wins back in proportion (ADR 0032): that share to the
      // grants, first (grants before cash accounts), the rest in the chunk's one settleMany.
      const bonusWinOf = (t: (typeof ready)[number]) => bonusShareOfWin(Number(t.payout), Number(t.bonus_amount), Number(t.total_stake));
      for (const t of ready) {
        if (t.bonus_reservation_id === null) continue;
        if (!deps.bonusWallet) throw new Error(`lottery ticket ${t.id} has a bonus stake but no bonus wallet is wired`);
        const house = houses.get(t.currency);
        if (house === undefined) throw new Error(`no house account in ${t.currency} for lottery period ${period.id}`);
        await deps.bonusWallet.settle(trx, {
          reservationId: Number(t.bonus_reservation_id),
          toAccountId: house,
          payout: bonusWinOf(t),
          idempotencyKey: `${ticketKey(Number(t.id))}:settle-bonus`,
        });
      }
      const byCurrency = new Map<string, typeof ready>();
      for (const ticket of ready) {
        if (ticket.reservation_id !== null) byCurrency.set(ticket.currency, [...(byCurrency.get(ticket.currency) ?? []), ticket]);
      }
      for (const [currency, group] of byCurrency) {
        const house = houses.get(currency);
        if (house === undefined) throw new Error(`no house account in ${currency} for lottery period ${period.id}`);
        await ledger.settleMany(
          {
            toAccountId: house,
            items: group.map((t) => ({
              reservationId: Number(t.reservation_id),
              payout: Number(t.payout) - bonusWinOf(t),
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
        await repo.markTicketsSettled(
          trx,
          ready.map((r) => ({ id: Number(r.id), payout: Number(r.payout) })),
          now(),
        );
      }
      return {
        lastId: Number(tickets.rows[tickets.rows.length - 1]?.id ?? afterId),
        settled: ready.length,
        members: [...new Set(ready.map((t) => Number(t.member_id)))],
      };
    });
  }

  const houseAccounts = createBoundedCache<string, number>({ max: HOUSE_ACCOUNT_CACHE_SIZE_MAX });
  /** The merchant's house account of each currency the period's open tickets are in (looked up before any chunk's transaction). */
  async function houseAccountsOf(periodId: number, merchantId: number): Promise<Map<string, number>> {
    const currencies = await repo.findOpenTicketCurrencies(db, periodId);
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
    const row = await repo.findPeriodWithGame(db, periodId);
    if (row?.status !== 'drawn') return { settled: 0 };
    const period = row as unknown as repo.LotteryPeriodRow & { region: LotteryRegion; merchant_id: number; code: string };
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
    await repo.markPeriodSettledIfDone(db, periodId, now());
    for (const memberId of members)
      await deps.publish?.(memberId, { type: 'lottery', gameId: period.code, numero: period.numero, status: 'settled' });
    return { settled };
  }

  /** Voids the open tickets of a voided period (each once); resumable like settlement. */
  async function refundVoided(periodId: number): Promise<number> {
    const info = await repo.findPeriodSummary(db, periodId);
    if (info.status !== 'voided') return 0;
    const tickets = await repo.findOpenTicketIds(db, periodId);
    const members = new Set<number>();
    let voided = 0;
    for (const { id } of tickets) {
      const memberId = await db.transaction().execute(async (trx) => {
        const ticket = await repo.lockOpenTicket(trx, id);
        if (!ticket || (ticket.reservation_id === null && ticket.bonus_reservation_id === null) || ticket.bet_record_id === null)
          return null;
        // Each part back where it came from: the bonus part to its grants (first), the rest to cash.
        if (ticket.bonus_reservation_id !== null) {
          if (!deps.bonusWallet) throw new Error(`lottery ticket ${id} has a bonus stake but no bonus wallet is wired`);
          await deps.bonusWallet.void(trx, { reservationId: ticket.bonus_reservation_id, idempotencyKey: `${ticketKey(id)}:void-bonus` });
        }
        if (ticket.reservation_id !== null)
          await ledger.voidReservation({ reservationId: ticket.reservation_id, idempotencyKey: `${ticketKey(id)}:void` }, trx);
        const record = await betRecords.findById(trx, ticket.bet_record_id, { isForUpdate: true });
        if (record) await betRecords.removeStake(trx, record, Number(ticket.total_stake));
        await repo.markTicketVoided(trx, id, now());
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
  /**
   * Marks a draw voided in the caller's transaction (an approved void request, `lottery.changes.ts`):
   * refused once it settled or began settling; a draw already voided stays so. Its tickets are then
   * refunded by `refundVoided`, once each (and by the job if that is interrupted).
   */
  async function markVoided(trx: Transaction<DB>, merchantId: number, input: { gameId: string; numero: string }): Promise<number> {
    const game = await repo.gameByCode(trx, merchantId, input.gameId);
    const period = await repo.periodOf(trx, game.id, input.numero, 'update');
    if (period.status === 'voided') return period.id;
    if (period.status === 'settled') throw new DomainError('lottery_period_not_open', 'settled');
    if (await repo.hasSettledTicket(trx, period.id)) throw new DomainError('lottery_period_not_open', 'settling');
    await repo.markPeriodVoided(trx, period.id, now());
    return period.id;
  }

  return { settlePeriod, refundVoided, markVoided };
}
