import type { BankCardValue } from '@platform/contracts/withdrawals';
import type { BankCardRow } from './bank-cards.repository.ts';

/** Only the last four digits leave the server: "******1234". */
export function maskAccountNumber(accountNumber: string): string {
  const visible = accountNumber.slice(-4);
  return `${'*'.repeat(Math.max(accountNumber.length - visible.length, 2))}${visible}`;
}

export function presentBankCard(row: BankCardRow): BankCardValue {
  return {
    id: row.id,
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountName: row.accountName,
    maskedAccountNumber: maskAccountNumber(row.accountNumber),
    isVerified: row.verifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
