import {
  type GameCategory,
  gameCategoryOfReference,
  type ProfitFigures,
  RECORDS_RANGE_DAYS_DEFAULT,
  RECORDS_RANGE_DAYS_MAX,
  type RecordType,
} from '@platform/contracts/records';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { addDays, daysBetweenInclusive, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import { isMemberAccountKind } from '../ledger/ledger.codes.ts';
import type { HistoryItem, LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  codesOfTypes,
  PROFIT_REBATE_CODES,
  PROFIT_STAKE_CODES,
  PROFIT_WIN_CODES,
  recordTypeOf,
  WALLET_OF_ACCOUNT_KIND,
} from './records.codes.ts';
import { memberTimeZoneSetting } from './records.settings.ts';

export type RecordsMember = { memberId: number; merchantId: number; currency: string };

export type DateRange = { from: string; to: string; timeZone: string; fromInstant: Date; toInstant: Date };

export type TransactionRecordItem = HistoryItem & { type: RecordType; wallet: 'main' | 'bonus' | 'agent' };

export type CategoryFigures = ProfitFigures & { gameCategory: GameCategory };
export type DayFigures = ProfitFigures & { date: string; categories: CategoryFigures[] };

export type RecordsService = ReturnType<typeof createRecordsService>;

function emptyFigures(): ProfitFigures {
  return { betAmount: 0, winAmount: 0, rebateAmount: 0, profit: 0 } as ProfitFigures;
}

function addInto(target: ProfitFigures, code: string, total: number): void {
  const t = target as { betAmount: number; winAmount: number; rebateAmount: number; profit: number };
  if ((PROFIT_STAKE_CODES as readonly string[]).includes(code)) t.betAmount -= total;
  else if ((PROFIT_WIN_CODES as readonly string[]).includes(code)) t.winAmount += total;
  else if ((PROFIT_REBATE_CODES as readonly string[]).includes(code)) t.rebateAmount += total;
  t.profit = t.winAmount + t.rebateAmount - t.betAmount;
}

/**
 * The member's records: every ledger movement of their accounts as a typed, paged list, and profit
 * and loss per day and game category. Reads go through the ledger service only.
 */
export function createRecordsService(deps: { ledger: LedgerService; settings: SettingsService; now: () => Date }) {
  const { ledger, settings, now } = deps;

  /** The time zone a member's dates are read in; `trx` when called inside a transaction. */
  async function timeZoneOf(merchantId: number, trx?: Transaction<DB>): Promise<string> {
    return settings.get(merchantId, memberTimeZoneSetting, trx);
  }

  /** The member's date range: defaults to the last seven days, at most RECORDS_RANGE_DAYS_MAX. */
  async function rangeOf(merchantId: number, query: { from?: string | undefined; to?: string | undefined }): Promise<DateRange> {
    const timeZone = await timeZoneOf(merchantId);
    const to = query.to ?? (query.from ? maxDate(query.from, localDateOf(now(), timeZone)) : localDateOf(now(), timeZone));
    const from = query.from ?? addDays(to, -(RECORDS_RANGE_DAYS_DEFAULT - 1));
    if (from > to) throw new DomainError('bad_request', 'from must not be after to');
    if (daysBetweenInclusive(from, to) > RECORDS_RANGE_DAYS_MAX)
      throw new DomainError('records_range_too_long', undefined, { days: String(RECORDS_RANGE_DAYS_MAX) });
    return { from, to, timeZone, fromInstant: startOfLocalDate(from, timeZone), toInstant: startOfLocalDate(addDays(to, 1), timeZone) };
  }

  async function transactions(
    member: RecordsMember,
    query: {
      types?: readonly RecordType[] | undefined;
      from?: string | undefined;
      to?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
  ) {
    const range = await rangeOf(member.merchantId, query);
    const codes = query.types && query.types.length > 0 ? codesOfTypes(query.types) : undefined;
    const page = await ledger.history({
      memberId: member.memberId,
      currency: member.currency,
      codes,
      from: range.fromInstant,
      to: range.toInstant,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    });
    const list: TransactionRecordItem[] = page.list.map((item) => ({
      ...item,
      type: recordTypeOf(item.code),
      wallet:
        isMemberAccountKind(item.accountKind) && item.accountKind !== 'player_points' ? WALLET_OF_ACCOUNT_KIND[item.accountKind] : 'main',
    }));
    return { ...page, list, range };
  }

  async function profit(member: RecordsMember, query: { from?: string | undefined; to?: string | undefined }) {
    const range = await rangeOf(member.merchantId, query);
    const rows = await ledger.dailyTotals({
      memberId: member.memberId,
      currency: member.currency,
      codes: [...PROFIT_STAKE_CODES, ...PROFIT_WIN_CODES, ...PROFIT_REBATE_CODES],
      from: range.fromInstant,
      to: range.toInstant,
      timeZone: range.timeZone,
    });
    const days = new Map<string, { figures: ProfitFigures; categories: Map<GameCategory, ProfitFigures> }>();
    const categories = new Map<GameCategory, ProfitFigures>();
    const total = emptyFigures();
    for (const row of rows) {
      const category = gameCategoryOfReference(row.referenceType);
      let day = days.get(row.day);
      if (!day) {
        day = { figures: emptyFigures(), categories: new Map() };
        days.set(row.day, day);
      }
      let dayCategory = day.categories.get(category);
      if (!dayCategory) {
        dayCategory = emptyFigures();
        day.categories.set(category, dayCategory);
      }
      let rangeCategory = categories.get(category);
      if (!rangeCategory) {
        rangeCategory = emptyFigures();
        categories.set(category, rangeCategory);
      }
      for (const target of [day.figures, dayCategory, rangeCategory, total]) addInto(target, row.code, row.total);
    }
    const byCategory = (map: Map<GameCategory, ProfitFigures>): CategoryFigures[] =>
      [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([gameCategory, figures]) => ({ gameCategory, ...figures }));
    const dayList: DayFigures[] = [...days.entries()]
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([date, day]) => ({ date, ...day.figures, categories: byCategory(day.categories) }));
    return { range, currency: member.currency, days: dayList, categories: byCategory(categories), total };
  }

  return { timeZoneOf, rangeOf, transactions, profit };
}

function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}
