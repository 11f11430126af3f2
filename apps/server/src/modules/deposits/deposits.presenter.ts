import type { AmountMinor } from '@platform/contracts/money';
import { localised } from '../../lib/localised-text.ts';
import type { AdminOrderRow, ChannelRow, OrderRow } from './deposits.repository.ts';

/** Only these fields leave the server. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const money = (n: number) => n as AmountMinor;

function bankOf(row: {
  bankName: string | null;
  bankAccountName: string | null;
  bankAccountNumber: string | null;
  bankBranch: string | null;
}) {
  if (!row.bankName || !row.bankAccountName || !row.bankAccountNumber) return null;
  return { bankName: row.bankName, accountName: row.bankAccountName, accountNumber: row.bankAccountNumber, branch: row.bankBranch };
}

export function presentMemberChannel(row: ChannelRow, language: 'vi' | 'en') {
  return {
    id: row.id,
    type: row.type,
    name: localised(row.names, language, row.name),
    currency: row.currency,
    minAmount: money(row.minAmount),
    maxAmount: money(row.maxAmount),
    bank: row.type === 'bank_transfer' ? bankOf(row) : null,
    tutorial: language === 'vi' ? row.tutorialVi : row.tutorialEn,
  };
}

export function presentAdminChannel(row: ChannelRow) {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    names: row.names,
    currency: row.currency,
    bankName: row.bankName,
    bankAccountName: row.bankAccountName,
    bankAccountNumber: row.bankAccountNumber,
    bankBranch: row.bankBranch,
    gatewayCode: row.gatewayCode,
    minAmount: money(row.minAmount),
    maxAmount: money(row.maxAmount),
    isEnabled: row.isEnabled,
    sort: row.sort,
    tutorial: { vi: row.tutorialVi, en: row.tutorialEn },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentMemberOrder(row: OrderRow) {
  return {
    orderNo: row.referenceCode,
    channelId: row.channelId,
    type: row.type,
    currency: row.currency,
    amount: money(row.amount),
    creditedAmount: row.creditedAmount === null ? null : money(row.creditedAmount),
    status: row.status,
    referenceCode: row.referenceCode,
    // The pay page is only worth showing while the payment can still be made.
    redirectUrl: row.status === 'pending' ? row.redirectUrl : null,
    bank: row.type === 'bank_transfer' ? bankOf(row) : null,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}

export function presentAdminOrder(row: AdminOrderRow) {
  const { bank: _bank, redirectUrl: _redirect, ...common } = presentMemberOrder(row);
  return {
    ...common,
    id: row.id,
    memberId: row.memberId,
    username: row.username,
    gatewayCode: row.gatewayCode,
    gatewayTxId: row.gatewayTxId,
    ledgerTransferId: row.ledgerTransferId,
    decidedByAdminId: row.decidedByAdminId,
  };
}
