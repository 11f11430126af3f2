import type { AmountMinor } from '@platform/contracts/money';
import { totalPagesOf } from '@platform/contracts/pagination';
import type { ProfitValue, TransactionHistoryValue, TransactionRecord } from '@platform/contracts/records';
import type { RecordsService, TransactionRecordItem } from './records.service.ts';

/** Notes are shown only where the member wrote them: upline and downline transfers. */
const TYPES_WITH_MEMBER_NOTES = new Set(['upline_transfer', 'downline_transfer']);

export function presentTransactionRecord(item: TransactionRecordItem): TransactionRecord {
  return {
    id: item.entryId,
    transferId: item.transferId,
    type: item.type,
    wallet: item.wallet,
    amount: item.amount as AmountMinor,
    balanceAfter: item.balanceAfter as AmountMinor | null,
    currency: item.currency,
    createdAt: item.createdAt.toISOString(),
    referenceType: item.referenceType,
    referenceId: item.referenceId,
    note: TYPES_WITH_MEMBER_NOTES.has(item.type) ? item.note : null,
  };
}

export function presentTransactionHistory(page: Awaited<ReturnType<RecordsService['transactions']>>): TransactionHistoryValue {
  return {
    list: page.list.map(presentTransactionRecord),
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    totalCount: page.totalCount,
    totalPages: totalPagesOf(page.totalCount, page.pageSize),
    from: page.range.from,
    to: page.range.to,
    timeZone: page.range.timeZone,
  };
}

export function presentProfit(profit: Awaited<ReturnType<RecordsService['profit']>>): ProfitValue {
  return {
    from: profit.range.from,
    to: profit.range.to,
    timeZone: profit.range.timeZone,
    currency: profit.currency,
    days: profit.days,
    categories: profit.categories,
    total: profit.total,
  };
}
