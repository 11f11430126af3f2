import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { addDays, daysBetweenInclusive, startOfLocalDate } from '../../lib/time-zone.ts';
import type { MemberFileService } from '../accounts/member-file.service.ts';
import type { AdminPrincipal, AdminService } from '../admin/admin.service.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { DailyStatsService } from '../daily-stats/daily-stats.service.ts';
import type { DepositsService } from '../deposits/deposits.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { merchantCurrencyOf } from '../merchant/merchant.service.ts';
import type { ResponsibleGamingService } from '../responsible-gaming/responsible-gaming.service.ts';
import { hashSessionToken } from '../session/session.service.ts';
import * as repo from './reports.repository.ts';

/** The longest range a report covers, in days. */
export const REPORT_RANGE_DAYS_MAX = 366;
/** Rows read from the database per chunk of a row-level export. */
export const EXPORT_CHUNK_ROWS = 2_000;
/** How long a download link may wait for its download. */
export const DOWNLOAD_LINK_SECONDS = 60;
/** The top winners and losers: at most this many each. */
export const TOP_MEMBERS_MAX = 100;

/** Ledger codes that NGR takes off GGR: bonuses (promotions) and rebates paid to members. */
const NGR_CODES = ['promotion', 'rebate'] as const;

export type DayRange = { from: string; to: string };
export type GgrGrouping = 'day' | 'vendor' | 'category';

export type GgrRow = {
  key: string;
  players: number | null;
  rounds: number;
  stake: number;
  validBet: number;
  payout: number;
  /** Gross gaming revenue: stakes less payouts of settled real-money rounds (the house's side). */
  ggr: number;
  /** Promotions paid (net of their reversals); by day only. */
  bonus: number | null;
  /** Rebates paid (net of their reversals); by day only. */
  rebate: number | null;
  /** GGR − bonus − rebate; by day only. */
  ngr: number | null;
};

export type ReportsService = ReturnType<typeof createReportsService>;

/**
 * The back office's reports: every figure read through the modules that own it (the daily rollups,
 * the bet records, the ledger, deposits, accounts, responsible gaming), over whole days of the
 * merchant's time zone. See docs/reports.md.
 */
export function createReportsService(deps: {
  db: Kysely<DB>;
  now: () => Date;
  timeZoneOf: (merchantId: number) => Promise<string>;
  dailyStats: Pick<DailyStatsService, 'merchant'>;
  ledger: Pick<LedgerService, 'merchant'>;
  betRecords: Pick<BetRecordService, 'merchant'>;
  deposits: Pick<DepositsService, 'paidByDayAndChannel'>;
  memberFile: Pick<MemberFileService, 'registrationsByDay' | 'usernames'>;
  responsibleGaming: Pick<ResponsibleGamingService, 'merchantTriggers' | 'refusalsByDay'>;
  admins: Pick<AdminService, 'resolveSessionId'>;
}) {
  const { db, now } = deps;

  /** The range's instants in the merchant's zone: from the first day's midnight to the midnight after the last. */
  async function rangeOf(merchantId: number, range: DayRange) {
    if (range.from > range.to) throw new DomainError('bad_request', 'from');
    if (daysBetweenInclusive(range.from, range.to) > REPORT_RANGE_DAYS_MAX) throw new DomainError('bad_request', 'to');
    const timeZone = await deps.timeZoneOf(merchantId);
    return {
      ...range,
      merchantId,
      timeZone,
      currency: (await merchantCurrencyOf(db, merchantId)).trim(),
      start: startOfLocalDate(range.from, timeZone),
      end: startOfLocalDate(addDays(range.to, 1), timeZone),
    };
  }

  async function ggr(merchantId: number, query: DayRange & { by: GgrGrouping }) {
    const r = await rangeOf(merchantId, query);
    const days = { merchantId, from: r.from, to: r.to };
    let rows: GgrRow[];
    if (query.by === 'vendor') {
      rows = (await deps.betRecords.merchant.byVendor({ merchantId, from: r.start, to: r.end })).map((v) => ({
        key: v.vendorCode,
        players: v.players,
        rounds: v.rounds,
        stake: v.stake,
        validBet: v.validBet,
        payout: v.payout,
        ggr: -v.winLoss,
        bonus: null,
        rebate: null,
        ngr: null,
      }));
    } else {
      const games = await deps.dailyStats.merchant.gameDays(days);
      const grouped = new Map<string, GgrRow>();
      for (const g of games) {
        const key = query.by === 'day' ? g.day : g.category;
        const row = grouped.get(key) ?? emptyRow(key);
        row.rounds += g.betCount;
        row.stake += g.stake;
        row.validBet += g.validBet;
        row.payout += g.payout;
        row.ggr -= g.winLoss;
        grouped.set(key, row);
      }
      if (query.by === 'day') {
        const players = await deps.dailyStats.merchant.activePlayersByDay(days);
        for (const p of players) {
          const row = grouped.get(p.day) ?? emptyRow(p.day);
          row.players = p.players;
          grouped.set(p.day, row);
        }
        const credits = await deps.ledger.merchant.memberCreditsByDay({
          merchantId,
          codes: NGR_CODES,
          from: r.start,
          to: r.end,
          timeZone: r.timeZone,
        });
        for (const c of credits) {
          const row = grouped.get(c.day) ?? emptyRow(c.day);
          if (c.code === 'promotion') row.bonus = (row.bonus ?? 0) + c.amount;
          else row.rebate = (row.rebate ?? 0) + c.amount;
          grouped.set(c.day, row);
        }
        for (const row of grouped.values()) {
          row.players ??= 0;
          row.bonus ??= 0;
          row.rebate ??= 0;
          row.ngr = row.ggr - row.bonus - row.rebate;
        }
      }
      rows = [...grouped.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    }
    const total = emptyRow('total');
    for (const row of rows) {
      total.rounds += row.rounds;
      total.stake += row.stake;
      total.validBet += row.validBet;
      total.payout += row.payout;
      total.ggr += row.ggr;
    }
    const credits = await deps.ledger.merchant.memberCreditsByDay({
      merchantId,
      codes: NGR_CODES,
      from: r.start,
      to: r.end,
      timeZone: r.timeZone,
    });
    total.bonus = credits.filter((c) => c.code === 'promotion').reduce((sum, c) => sum + c.amount, 0);
    total.rebate = credits.filter((c) => c.code === 'rebate').reduce((sum, c) => sum + c.amount, 0);
    total.ngr = total.ggr - total.bonus - total.rebate;
    total.players = query.by === 'category' ? null : await deps.dailyStats.merchant.activePlayers(days);
    return { timeZone: r.timeZone, currency: r.currency, by: query.by, rows, total };
  }

  async function money(merchantId: number, query: DayRange) {
    const r = await rangeOf(merchantId, query);
    const days = await deps.dailyStats.merchant.moneyDays({ merchantId, from: r.from, to: r.to });
    const channels = await deps.deposits.paidByDayAndChannel({ merchantId, from: r.start, to: r.end, timeZone: r.timeZone });
    const rows = days.map((d) => ({
      day: d.day,
      deposits: d.depositAmount,
      depositCount: d.depositCount,
      depositors: d.depositors,
      withdrawals: d.withdrawalAmount,
      withdrawalCount: d.withdrawalCount,
      net: d.depositAmount - d.withdrawalAmount,
    }));
    const byChannel = new Map<number, { channelId: number; channel: string; type: string; count: number; amount: number }>();
    for (const c of channels) {
      const row = byChannel.get(c.channelId) ?? { channelId: c.channelId, channel: c.channelName, type: c.type, count: 0, amount: 0 };
      row.count += c.count;
      row.amount += c.amount;
      byChannel.set(c.channelId, row);
    }
    const total = {
      deposits: sumOf(rows, 'deposits'),
      depositCount: sumOf(rows, 'depositCount'),
      depositors: await deps.dailyStats.merchant.depositors({ merchantId, from: r.from, to: r.to }),
      withdrawals: sumOf(rows, 'withdrawals'),
      withdrawalCount: sumOf(rows, 'withdrawalCount'),
      net: sumOf(rows, 'net'),
    };
    return {
      timeZone: r.timeZone,
      currency: r.currency,
      rows,
      total,
      channels: [...byChannel.values()],
      channelDays: channels.map((c) => ({
        day: c.day,
        channelId: c.channelId,
        channel: c.channelName,
        type: c.type,
        count: c.count,
        amount: c.amount,
      })),
    };
  }

  async function players(merchantId: number, query: DayRange) {
    const r = await rangeOf(merchantId, query);
    const days = { merchantId, from: r.from, to: r.to };
    const [registered, active, money] = await Promise.all([
      deps.memberFile.registrationsByDay({ merchantId, from: r.start, to: r.end, timeZone: r.timeZone }),
      deps.dailyStats.merchant.activePlayersByDay(days),
      deps.dailyStats.merchant.moneyDays(days),
    ]);
    const rows = new Map<string, { day: string; registered: number; active: number; depositing: number }>();
    const rowOf = (day: string) => {
      const row = rows.get(day) ?? { day, registered: 0, active: 0, depositing: 0 };
      rows.set(day, row);
      return row;
    };
    for (const x of registered) rowOf(x.day).registered = x.members;
    for (const x of active) rowOf(x.day).active = x.players;
    for (const x of money) if (x.depositors > 0) rowOf(x.day).depositing = x.depositors;
    const list = [...rows.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
    return {
      timeZone: r.timeZone,
      rows: list,
      total: {
        registered: sumOf(list, 'registered'),
        active: await deps.dailyStats.merchant.activePlayers(days),
        depositing: await deps.dailyStats.merchant.depositors(days),
      },
    };
  }

  async function liability(merchantId: number) {
    const [balances, reservations, open] = await Promise.all([
      deps.ledger.merchant.memberBalances(merchantId),
      deps.ledger.merchant.memberReservations(merchantId),
      deps.betRecords.merchant.openRounds(merchantId),
    ]);
    return { at: now(), balances, reservations, openRounds: open };
  }

  async function top(merchantId: number, query: DayRange & { limit: number }) {
    const r = await rangeOf(merchantId, query);
    const limit = Math.min(Math.max(1, query.limit), TOP_MEMBERS_MAX);
    const filter = { merchantId, from: r.from, to: r.to, limit };
    const [winners, losers] = await Promise.all([
      deps.dailyStats.merchant.memberResults({ ...filter, order: 'winners' }),
      deps.dailyStats.merchant.memberResults({ ...filter, order: 'losers' }),
    ]);
    const names = await deps.memberFile.usernames(
      merchantId,
      [...winners, ...losers].map((m) => m.memberId),
    );
    const named = (rows: typeof winners) => rows.map((m) => ({ ...m, username: names.get(m.memberId) ?? '' }));
    return { timeZone: r.timeZone, currency: r.currency, winners: named(winners), losers: named(losers) };
  }

  const responsibleGaming = (merchantId: number) => deps.responsibleGaming.merchantTriggers(merchantId);

  /** Refusals by responsible-gaming limits per day and kind over the range (counted as they happen, per member and day). */
  async function rgTriggers(merchantId: number, query: DayRange) {
    const r = await rangeOf(merchantId, query);
    return { timeZone: r.timeZone, ...(await deps.responsibleGaming.refusalsByDay(merchantId, r.from, r.to)) };
  }

  /**
   * The merchant's settled rounds of the range, newest first, read chunk by chunk as the reader pulls
   * them (the range is checked before the first row).
   */
  async function betRows(merchantId: number, query: DayRange) {
    const r = await rangeOf(merchantId, query);
    return (async function* () {
      let before: { settledAt: Date; id: number } | null = null;
      for (;;) {
        const chunk = await deps.betRecords.merchant.settledBefore({
          merchantId,
          from: r.start,
          to: r.end,
          before,
          limit: EXPORT_CHUNK_ROWS,
        });
        yield* chunk;
        const last = chunk.at(-1);
        if (chunk.length < EXPORT_CHUNK_ROWS || !last?.settledAt) return;
        before = { settledAt: last.settledAt, id: last.id };
      }
    })();
  }

  /**
   * The merchant's member ledger entries of the range, oldest first, read chunk by chunk as the reader
   * pulls them: up the primary key from the range's first entry to its last (found through the time
   * index), so a range of long ago reads its own entries, not every one written since.
   */
  async function transactionRows(merchantId: number, query: DayRange) {
    const r = await rangeOf(merchantId, query);
    const ids = await deps.ledger.merchant.entryIdRange({ from: r.start, to: r.end });
    return (async function* () {
      if (!ids) return;
      let afterId = ids.firstId - 1;
      for (;;) {
        const chunk = await deps.ledger.merchant.memberEntriesAfter({
          merchantId,
          from: r.start,
          to: r.end,
          afterId,
          lastId: ids.lastId,
          limit: EXPORT_CHUNK_ROWS,
        });
        yield* chunk;
        const last = chunk.at(-1);
        if (chunk.length < EXPORT_CHUNK_ROWS || !last) return;
        afterId = last.id;
      }
    })();
  }

  /** A one-time link for the export at `target` (its path and sorted query), good for a minute. */
  async function createDownload(admin: AdminPrincipal, target: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(24).toString('base64url');
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + DOWNLOAD_LINK_SECONDS * 1000);
    await repo.insertDownload(db, { tokenHash: hashToken(token), adminSessionId: admin.sessionId, target, createdAt, expiresAt });
    return { token, expiresAt };
  }

  /** The operator a link was made for, spending the link; undefined when it is unknown, spent, expired or for another export. */
  async function spendDownload(token: string, target: string): Promise<AdminPrincipal | undefined> {
    if (token.length === 0 || token.length > 64) return undefined;
    const at = now();
    const sessionId = await repo.spendDownload(db, { tokenHash: hashToken(token), target, at });
    if (sessionId === undefined) return undefined;
    await repo.deleteExpiredDownloads(db, new Date(at.getTime() - 86_400_000));
    return deps.admins.resolveSessionId(sessionId);
  }

  return { ggr, money, players, liability, top, responsibleGaming, rgTriggers, betRows, transactionRows, createDownload, spendDownload };
}

function emptyRow(key: string): GgrRow {
  return { key, players: null, rounds: 0, stake: 0, validBet: 0, payout: 0, ggr: 0, bonus: null, rebate: null, ngr: null };
}

function sumOf<T>(rows: readonly T[], field: { [K in keyof T]: T[K] extends number ? K : never }[keyof T]): number {
  return rows.reduce((sum, row) => sum + (row[field] as number), 0);
}

const hashToken = hashSessionToken;
