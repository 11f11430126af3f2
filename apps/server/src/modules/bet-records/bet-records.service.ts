import { pageOffset } from '@platform/contracts/pagination';
import type { RoundOutcome } from '@platform/contracts/round-outcome';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { dateAtOffset } from '../../lib/time-format.ts';
import { findUsernames, type TeamRoot } from '../accounts/member-directory.ts';
import * as repo from './bet-records.repository.ts';
import type { BetRecordStatus } from './bet-records.tables.ts';

export type BetRecord = repo.BetRecordRow;

/** Days of settled rounds the winner board looks back over. */
export const WINNER_BOARD_WINDOW_DAYS = 7;
export const WINNER_BOARD_SIZE_MAX = 20;
export const RANKING_SIZE = 20;
export const HISTORY_PAGE_SIZE_MAX = 100;
export const GAME_RECALL_SIZE_MAX = 50;
/** Longest range a betting-record or profit query may cover. */
export const REPORT_RANGE_DAYS_MAX = 93;
/**
 * Report days (profit and loss per day, date filters) are calendar days at this fixed offset from
 * UTC: Vietnam's, the site's home market, which keeps no daylight saving time.
 */
export const REPORT_UTC_OFFSET_MINUTES = 7 * 60;

/**
 * The valid bet of a round, the one figure rebates, missions, rankings and commission use:
 * the stake of a settled real-money round, net of rolled-back debits, and 0 when
 * - the round is not settled (open or cancelled: nothing was at risk yet, or nothing at all),
 * - it was played with play money (a trial account or a trial launch), or
 * - it carried no risk: the payout equals the stake (a push or tie returns the stake).
 */
export function validBetOf(round: { status: BetRecordStatus; stake: number; payout: number; isTrial: boolean }): number {
  if (round.status !== 'settled' || round.isTrial) return 0;
  if (round.payout === round.stake) return 0;
  return round.stake;
}

/** The member's result of a round: payout less stake once settled, 0 before. */
export function winLossOf(round: { status: BetRecordStatus; stake: number; payout: number }): number {
  return round.status === 'settled' ? round.payout - round.stake : 0;
}

export type RoundInfo = {
  merchantId: number;
  memberId: number;
  username: string;
  vendorCode: string;
  gameCode: string;
  gameCategory: string;
  roundId: string;
  currency: string;
  isTrial: boolean;
};

type Trx = Transaction<DB>;

/** A round a transfer-style vendor settled in its own wallet, as its bet feed reports it. */
export type SettledRound = Omit<RoundInfo, 'isTrial'> & {
  stake: number;
  payout: number;
  settledAt: Date;
  outcome?: RoundOutcome | undefined;
};

/** A day `YYYY-MM-DD` at the report offset, as the instant it starts. */
export function reportDayStart(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new DomainError('bad_request', 'date');
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(utc - REPORT_UTC_OFFSET_MINUTES * 60_000);
  if (Number.isNaN(date.getTime()) || new Date(utc).getUTCDate() !== Number(match[3])) throw new DomainError('bad_request', 'date');
  return date;
}

/** The report day an instant falls on. */
export function reportDayOf(at: Date): string {
  return dateAtOffset(at, REPORT_UTC_OFFSET_MINUTES);
}

export type DateRange = { from: Date; to: Date };

/** `beginDate`..`endDate` inclusive (report days); defaults to the last 7 days up to today. */
export function reportRange(input: { beginDate?: string | undefined; endDate?: string | undefined }, now: Date): DateRange {
  const endDay = input.endDate ?? reportDayOf(now);
  const to = new Date(reportDayStart(endDay).getTime() + 86_400_000);
  const from = input.beginDate ? reportDayStart(input.beginDate) : new Date(to.getTime() - 7 * 86_400_000);
  if (from >= to) throw new DomainError('bad_request', 'beginDate');
  if (to.getTime() - from.getTime() > REPORT_RANGE_DAYS_MAX * 86_400_000) throw new DomainError('bad_request', 'date range');
  return { from, to };
}

/** A member's real-money rounds since a time (a responsible-gaming reality check shows them). */
export function realRoundsSince(db: Kysely<DB>, memberId: number, since: Date) {
  return repo.sumRealRoundsSince(db, memberId, since);
}

export type BetRecordService = ReturnType<typeof createBetRecordService>;

/**
 * Bet records: one row per round of a member at a vendor, kept in step with the wallet calls that
 * move its money (they run in the caller's transaction), and the reports read from them.
 */
export function createBetRecordService(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  async function save(
    trx: Trx,
    row: BetRecord,
    changes: Partial<Pick<BetRecord, 'status' | 'stake' | 'rolledBackStake' | 'payout' | 'betCount' | 'settledAt' | 'outcome'>>,
  ) {
    const next = { ...row, ...changes, updatedAt: now() };
    next.validBet = validBetOf(next);
    next.winLoss = winLossOf(next);
    await repo.update(trx, row.id, { ...next, outcome: changes.outcome });
    return next;
  }

  return {
    /** The round's record, created open if it is new, locked for the rest of the caller's transaction. */
    async openRound(trx: Trx, round: RoundInfo): Promise<BetRecord> {
      // Most bets open a new round, so the insert comes first; a row it inserted is locked by it.
      const inserted = await repo.insertIfMissing(trx, { ...round, at: now() });
      if (inserted) return inserted;
      const row = await repo.findByKey(
        trx,
        { vendorCode: round.vendorCode, roundId: round.roundId, memberId: round.memberId },
        { isForUpdate: true },
      );
      if (!row) throw new Error('bet record vanished after insert');
      return row;
    },
    /**
     * `openRound` then `addStake`, with a new round (the usual case) inserted with its stake in one
     * statement. A settled round comes back as it is, without the stake: the caller refuses the bet.
     * `outcome`, when the bet carries one (an open sportsbook bet's legs), replaces the stored one;
     * the win's outcome replaces it in turn.
     */
    async openRoundWithStake(trx: Trx, round: RoundInfo, amount: number, outcome?: RoundOutcome): Promise<BetRecord> {
      const inserted = await repo.insertIfMissing(trx, { ...round, at: now(), stake: amount, outcome });
      if (inserted) return inserted;
      const row = await repo.findByKey(
        trx,
        { vendorCode: round.vendorCode, roundId: round.roundId, memberId: round.memberId },
        { isForUpdate: true },
      );
      if (!row) throw new Error('bet record vanished after insert');
      if (row.status === 'settled') return row;
      return save(trx, row, { status: 'open', stake: row.stake + amount, betCount: row.betCount + 1, ...(outcome ? { outcome } : {}) });
    },
    findRound(trx: Trx, key: repo.RoundKey, options: { isForUpdate: boolean }) {
      return repo.findByKey(trx, key, options);
    },
    findById(trx: Trx | Kysely<DB>, id: number, options: { isForUpdate: boolean }) {
      return repo.findById(trx, id, options);
    },
    /** A bet accepted into the round; a cancelled round opens again. */
    addStake(trx: Trx, row: BetRecord, amount: number): Promise<BetRecord> {
      if (row.status === 'settled') throw new Error('a settled round takes no further stakes');
      return save(trx, row, { status: 'open', stake: row.stake + amount, betCount: row.betCount + 1 });
    },
    /** A bet rolled back; a round left with no stake and no win is cancelled. */
    removeStake(trx: Trx, row: BetRecord, amount: number): Promise<BetRecord> {
      if (row.status === 'settled' || amount > row.stake) throw new Error('only a held stake of an open round is rolled back');
      const stake = row.stake - amount;
      return save(trx, row, { stake, rolledBackStake: row.rolledBackStake + amount, status: stake === 0 ? 'cancelled' : row.status });
    },
    /** `addStake` then `addPayout` as one write: a bet and its win in one call (a vendor's bet-win). */
    addStakeAndPayout(trx: Trx, row: BetRecord, stake: number, payout: number, outcome?: RoundOutcome): Promise<BetRecord> {
      if (row.status === 'settled') throw new Error('a settled round takes no further stakes');
      return save(trx, row, {
        status: 'settled',
        stake: row.stake + stake,
        betCount: row.betCount + 1,
        payout: row.payout + payout,
        settledAt: row.settledAt ?? now(),
        ...(outcome ? { outcome } : {}),
      });
    },
    /** A win (possibly 0) paid: the round is settled; a later win adds to its payout. */
    /** Settles the round with a payout; `outcome` is what it showed, when the vendor said (kept otherwise). */
    addPayout(trx: Trx, row: BetRecord, amount: number, outcome?: RoundOutcome): Promise<BetRecord> {
      return save(trx, row, {
        status: 'settled',
        payout: row.payout + amount,
        settledAt: row.settledAt ?? now(),
        ...(outcome ? { outcome } : {}),
      });
    },
    /**
     * Loads settled rounds of one bet each, set-based (history: the demo's weeks of play), with the
     * valid bet and result `validBetOf` and `winLossOf` give. Returns their ids by round id.
     */
    importSettledRounds(trx: Trx, rounds: readonly Omit<repo.ImportedRound, 'validBet' | 'winLoss'>[]): Promise<Map<string, number>> {
      return repo.insertSettledRounds(
        trx,
        rounds.map((r) => {
          const round = { status: 'settled' as const, stake: r.stake, payout: r.payout, isTrial: false };
          return { ...r, validBet: validBetOf(round), winLoss: winLossOf(round) };
        }),
      );
    },
    /**
     * Rounds played in a transfer-style vendor's own wallet (no money moved here), recorded settled
     * from the vendor's bet feed. A round already recorded is left as it is, so a window pulled twice
     * records each round once. Answers how many rounds were new.
     */
    recordSettledRounds(rounds: readonly SettledRound[]): Promise<number> {
      if (rounds.length === 0) return Promise.resolve(0);
      const at = now();
      return db.transaction().execute((trx) =>
        repo.insertSettledIfMissing(
          trx,
          rounds.map((round) => {
            const figures = { status: 'settled' as const, stake: round.stake, payout: round.payout, isTrial: false };
            return { ...round, validBet: validBetOf(figures), winLoss: winLossOf(figures), at };
          }),
        ),
      );
    },
    /** `addPayout` for many rounds in one statement (a lottery draw's tickets); the caller holds them. */
    addPayouts(trx: Trx, items: readonly { id: number; amount: number }[]): Promise<void> {
      return repo.addPayouts(trx, items, now());
    },

    async history(filter: repo.HistoryFilter, page: { pageNo: number; pageSize: number }) {
      const pageSize = Math.min(page.pageSize, HISTORY_PAGE_SIZE_MAX);
      const { rows, totals } = await repo.findPage(db, filter, { limit: pageSize, offset: pageOffset({ pageNo: page.pageNo, pageSize }) });
      return { rows, totals, pageNo: page.pageNo, pageSize };
    },
    /** The rounds of an agent's whole team (the agent centre's team betting), a page and the totals of all. */
    async teamHistory(filter: repo.TeamHistoryFilter, page: { pageNo: number; pageSize: number }) {
      const pageSize = Math.min(page.pageSize, HISTORY_PAGE_SIZE_MAX);
      const { rows, totals } = await repo.findTeamPage(db, filter, {
        limit: pageSize,
        offset: pageOffset({ pageNo: page.pageNo, pageSize }),
      });
      return { rows, totals, pageNo: page.pageNo, pageSize };
    },
    profit(filter: { memberId: number; from: Date; to: Date }) {
      return repo.sumByDayAndCategory(db, { ...filter, utcOffsetMinutes: REPORT_UTC_OFFSET_MINUTES });
    },
    async gameRecall(filter: { memberId: number; vendorCode: string; gameCode: string; limit: number }) {
      const { rows } = await repo.findPage(
        db,
        { memberId: filter.memberId, vendorCode: filter.vendorCode, gameCode: filter.gameCode },
        { limit: Math.min(filter.limit, GAME_RECALL_SIZE_MAX), offset: 0 },
      );
      return rows;
    },
    /** The biggest real-money wins since `from` (by default the winner board's last days). */
    topWins(filter: { merchantId: number; gameCategory?: string | undefined; limit: number; from?: Date | undefined }) {
      const from = filter.from ?? new Date(now().getTime() - WINNER_BOARD_WINDOW_DAYS * 86_400_000);
      return repo.findTopWins(db, { ...filter, from, limit: Math.min(filter.limit, WINNER_BOARD_SIZE_MAX) });
    },
    /** Merchant-wide reads for the back-office reports (modules/reports). */
    merchant: {
      byVendor: (filter: { merchantId: number; from: Date; to: Date }) => repo.sumSettledRoundsByVendor(db, filter),
      openRounds: (merchantId: number) => repo.sumOpenRounds(db, merchantId),
      settledBefore: (filter: {
        merchantId: number;
        from: Date;
        to: Date;
        before: { settledAt: Date; id: number } | null;
        limit: number;
      }) => repo.findSettledRoundsBefore(db, filter),
    },
    usernames: (memberIds: readonly number[]) => findUsernames(db, memberIds),
    /**
     * What the daily rollups (module daily-stats) read: settled real-money rounds by the transaction
     * that last wrote them, and their sums by member, category and settlement time.
     */
    rollupSource: {
      batchEnd: (trx: Trx, range: { fromXid: string; toXid: string; rows: number }) => repo.findRollupBatchEnd(trx, range),
      changedGroups: (trx: Trx, range: { fromXid: string; toXid: string }) => repo.findChangedRoundGroups(trx, range),
      sumGroups: (trx: Trx, groups: readonly { memberId: number; category: string; from: Date; to: Date }[]) =>
        repo.sumSettledRoundsOfGroups(trx, groups),
      sumByMember: (trx: Trx, filter: { merchantId: number; from: Date; to: Date; afterMemberId: number; uptoMemberId: number }) =>
        repo.sumSettledRoundsByMember(trx, filter),
      membersWithRounds: (filter: { merchantId: number; from: Date; to: Date }) => repo.findMembersWithSettledRounds(db, filter),
    },
    /**
     * What members played over a time range (an hour, a 5-minute slot: agent contracts' hourly wages
     * and real-time salaries): the settled real-money rounds by settlement time, as the daily rollups
     * count them, summed per member with its upline path; the whole merchant, or one agent's team.
     */
    playBetween(filter: { merchantId: number; from: Date; to: Date; team?: TeamRoot | undefined }) {
      return repo.sumSettledRoundsByMemberBetween(db, filter);
    },
    /**
     * A member's valid bet per category over the real-money rounds opened and settled in [from, to)
     * (promotion wagering: a grant counts the rounds settled while it is active). With
     * `maxStakePerBet`, a round whose stake per bet is above it counts nothing (a grant's maximum
     * stake, for rounds whose stakes did not pass the stake guard: transfer-style vendors; ADR 0053).
     */
    validBetByCategory(
      filter: { memberId: number; currency: string; from: Date; to: Date | null; maxStakePerBet?: number | null },
      executor?: Trx,
    ) {
      return repo.sumValidBetByCategory(executor ?? db, filter);
    },
    validBetRanking(filter: { merchantId: number; currency: string; from: Date; to: Date }) {
      return repo.sumValidBetByMember(db, { ...filter, limit: RANKING_SIZE });
    },
  };
}

/** The rounds' names lookup the module adds to this service (see bet-records.names.ts). */
export type { RoundNamesLookup } from './bet-records.names.ts';
