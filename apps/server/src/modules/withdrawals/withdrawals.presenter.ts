import { totalPagesOf } from '@platform/contracts/pagination';
import type { AdminWithdrawalValue, WithdrawalValue } from '@platform/contracts/withdrawals';
import { maskAccountNumber } from '../bank-cards/bank-cards.presenter.ts';
import type { WithdrawalRow } from './withdrawals.repository.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentWithdrawal(row: WithdrawalRow): WithdrawalValue {
  return {
    id: row.id,
    status: row.status,
    currency: row.currency,
    amount: row.amount as WithdrawalValue['amount'],
    fee: row.fee as WithdrawalValue['fee'],
    netAmount: row.netAmount as WithdrawalValue['netAmount'],
    bankCard: {
      id: row.bankCardId,
      bankCode: row.bankCode,
      bankName: row.bankName,
      maskedAccountNumber: maskAccountNumber(row.accountNumber),
    },
    rejectReason: row.rejectReason,
    confirmation: row.confirmation,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    confirmedAt: iso(row.confirmedAt),
  };
}

/** Operators see the full account number: they pay into it. */
export function presentAdminWithdrawal(view: {
  row: WithdrawalRow;
  proofIds: number[];
  kycStatus: AdminWithdrawalValue['kycStatus'];
}): AdminWithdrawalValue {
  const { row } = view;
  return {
    ...presentWithdrawal(row),
    memberId: row.memberId,
    username: row.username,
    bankCard: {
      id: row.bankCardId,
      bankCode: row.bankCode,
      bankName: row.bankName,
      accountName: row.accountName,
      accountNumber: row.accountNumber,
    },
    isKycRequired: row.isKycRequired,
    kycStatus: view.kycStatus,
    disputeNote: row.disputeNote,
    proofIds: view.proofIds,
    approvedAt: iso(row.approvedAt),
    approvedBy: row.approvedBy,
    rejectedAt: iso(row.rejectedAt),
    rejectedBy: row.rejectedBy,
    paidBy: row.paidBy,
  };
}

/** One page of a list answer, with its paging fields. */
export function paged<T>(items: T[], totalCount: number, query: { pageNo: number; pageSize: number }) {
  return { list: items, pageNo: query.pageNo, pageSize: query.pageSize, totalCount, totalPages: totalPagesOf(totalCount, query.pageSize) };
}
