import type { LotteryTicket, PlaceTicketBody } from '@platform/contracts/lottery';
import { isSingleNumberBetType, type LotteryBetType, type LotteryRegion, validateSelection } from '@platform/games/lottery';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type BonusWallet, bonusPartOfStake } from '../promotions/bonus-wallet.ts';
import type { Principal } from '../session/session.service.ts';
import * as repo from './lottery.repository.ts';
import { LOTTERY_VENDOR_CODE } from './lottery.seed-data.ts';

/** The responsible-gaming check of a new stake, inside the bet's transaction. */
export type LotteryStakeGuard = (memberId: number, amountMinor: number, trx: Transaction<DB>) => Promise<void>;

/** The ledger key of a ticket's stake; its settle and void keys add a suffix. */
export function ticketKey(ticketId: number): string {
  return `lottery:ticket:${ticketId}`;
}

/** Betting: a ticket's lines checked and priced, its exposure within the game's limit, its stake reserved. */
export function createLotteryPlacement(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  betRecords: BetRecordService;
  now: () => Date;
  stakeGuard?: LotteryStakeGuard | undefined;
  /** Bonus money a ticket draws on once the cash is spent (promotions, ADR 0032). */
  bonusWallet?: BonusWallet | undefined;
}) {
  const { db, ledger, betRecords, now } = deps;

  /** The ticket already bought under this key: its id when the content is the same; a conflict when not. */
  async function earlierTicket(principal: Principal, requestId: string, requestHash: string): Promise<number | undefined> {
    const earlier = await repo.findTicketByRequest(db, principal.memberId, requestId);
    if (!earlier) return undefined;
    if (earlier.requestHash !== requestHash) throw new DomainError('idempotency_conflict', 'requestId');
    return Number(earlier.id);
  }

  async function answerWith(ticketId: number): Promise<LotteryTicket> {
    const ticket = await ticketById(ticketId);
    if (!ticket) throw new Error('ticket vanished after insert');
    return ticket;
  }

  /**
   * Buys a ticket once per request id: a retry with the same id and content answers the first
   * ticket, even after the draw has closed; the same id with other content is a conflict.
   */
  async function placeTicket(principal: Principal, body: PlaceTicketBody, requestId: string): Promise<LotteryTicket> {
    const requestHash = hashRequest(['lottery-ticket', body.gameId, body.numero, body.lines]);
    const replayed = await earlierTicket(principal, requestId, requestHash);
    if (replayed !== undefined) return answerWith(replayed);
    const game = await repo.gameByCode(db, principal.merchantId, body.gameId);
    if (!game.is_enabled) throw new DomainError('not_found', 'gameId');
    const region = game.region as LotteryRegion;
    const odds = await repo.findEnabledOdds(db, principal.merchantId, game.region);
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

    const placed = await db.transaction().execute(async (trx): Promise<{ id: number; isNew: boolean }> => {
      const period = await repo.periodOf(trx, game.id, body.numero, 'share');
      // The server's clock decides: a ticket after lockTime is refused whatever the client showed.
      if (period.status !== 'open' || now() >= period.locks_at) throw new DomainError('lottery_betting_closed');
      const ticket = await repo.insertTicketOnce(trx, {
        merchantId: principal.merchantId,
        memberId: principal.memberId,
        periodId: period.id,
        gameId: game.id,
        currency: principal.currency,
        totalStake,
        createdAt: now(),
        requestId,
        requestHash,
      });
      // A copy of this purchase committed first: nothing was written here, the answer is its ticket.
      if (!ticket) return { id: 0, isNew: false };
      await deps.stakeGuard?.(principal.memberId, totalStake, trx);
      await repo.insertTicketLines(
        trx,
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
      );
      // Risk limit: what one hit of a number (or a combination) would pay across the draw.
      for (const [index, l] of lines.entries()) {
        if (l.payoutPerHit > game.max_payout_per_number) throw new DomainError('lottery_risk_limit', `lines.${index}`);
        const isWithinLimit = await repo.addExposure(trx, {
          periodId: period.id,
          betType: l.betType,
          number: l.numbers.join(','),
          payoutPerHit: l.payoutPerHit,
          maxPayoutPerNumber: game.max_payout_per_number,
        });
        if (!isWithinLimit) throw new DomainError('lottery_risk_limit', `lines.${index}`);
      }
      const accounts = await ledger.ensureMemberAccounts(
        { merchantId: principal.merchantId, memberId: principal.memberId, currency: principal.currency, kinds: ['player_main'] },
        trx,
      );
      const main = accounts.player_main;
      if (!main) throw new Error('member account missing after ensure');
      const reference = { type: `round:${game.category}`, id: String(ticket.id) };
      // Cash first, then bonus money for what the cash cannot cover (ADR 0032); the grants are locked
      // (by the bonus reservation) before the cash account, the order the grants' own closing takes.
      const available = deps.bonusWallet ? await deps.bonusWallet.available(principal.memberId, trx) : 0;
      const bonusAmount =
        available > 0 ? bonusPartOfStake({ amount: totalStake, cash: await ledger.balanceOf(main.id, trx), bonus: available }) : 0;
      const bonusReservation =
        bonusAmount > 0 && deps.bonusWallet
          ? await deps.bonusWallet.take(trx, {
              memberId: principal.memberId,
              merchantId: principal.merchantId,
              currency: principal.currency,
              amount: bonusAmount,
              idempotencyKey: `${ticketKey(ticket.id)}:bonus`,
              reference,
            })
          : undefined;
      const reservation =
        totalStake - bonusAmount > 0
          ? await ledger.reserve(
              { accountId: main.id, amount: totalStake - bonusAmount, code: 'bet', idempotencyKey: ticketKey(ticket.id), reference },
              trx,
            )
          : undefined;
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
      await repo.linkTicketMoney(trx, ticket.id, {
        reservationId: reservation?.reservationId ?? null,
        bonusReservationId: bonusReservation?.reservationId ?? null,
        bonusAmount,
        betRecordId: record.id,
      });
      return { id: ticket.id, isNew: true };
    });
    if (placed.isNew) return answerWith(placed.id);
    const first = await earlierTicket(principal, requestId, requestHash);
    if (first === undefined) throw new Error('conflicting ticket vanished');
    return answerWith(first);
  }

  async function ticketsOf(filter: { memberId?: number; ids?: number[]; gameId?: number; limit: number }): Promise<LotteryTicket[]> {
    const tickets = await repo.findTickets(db, filter);
    if (tickets.length === 0) return [];
    const lines = await repo.findTicketLines(
      db,
      tickets.map((t) => t.id),
    );
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

  return { placeTicket, ticketsOf };
}
