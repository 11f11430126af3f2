import type { AdjustmentValue } from '@platform/contracts/admin-money';
import type { AmountMinor } from '@platform/contracts/money';
import { type Page, totalPagesOf } from '@platform/contracts/pagination';
import type { AdjustmentRow } from './admin-money.repository.ts';

export function presentAdjustment(row: AdjustmentRow): AdjustmentValue {
  return {
    id: row.id,
    memberId: row.memberId,
    memberUsername: row.memberUsername,
    wallet: row.wallet,
    direction: row.direction,
    amount: row.amount as AmountMinor,
    currency: row.currency,
    reason: row.reason,
    status: row.status,
    needsApproval: row.needsApproval,
    requestedBy: row.requestedBy,
    decidedBy: row.decidedBy,
    decisionNote: row.decisionNote,
    ledgerTransferId: row.ledgerTransferId,
    balanceAfter: row.balanceAfter as AmountMinor | null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function presentAdjustmentPage(page: {
  rows: AdjustmentRow[];
  totalCount: number;
  pageNo: number;
  pageSize: number;
}): Page<AdjustmentValue> {
  return {
    list: page.rows.map(presentAdjustment),
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    totalCount: page.totalCount,
    totalPages: totalPagesOf(page.totalCount, page.pageSize),
  };
}
