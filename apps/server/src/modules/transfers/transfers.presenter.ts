import type { MessageLanguage } from '@platform/contracts/errors';
import { type AmountMinor, formatAmount } from '@platform/contracts/money';
import { type MemberTransferValue, transferSuccessMessage } from '@platform/contracts/transfers';
import type { MemberTransferResult } from './transfers.service.ts';

const LOCALE_OF: Record<MessageLanguage, string> = { vi: 'vi-VN', en: 'en-US' };

export function presentMemberTransfer(result: MemberTransferResult, language: MessageLanguage): MemberTransferValue {
  const amount = result.amount as AmountMinor;
  return {
    transferId: result.transferId,
    direction: result.direction,
    receiverUsername: result.receiverUsername,
    amount,
    currency: result.currency,
    note: result.note,
    balanceAfter: result.balanceAfter as AmountMinor,
    createdAt: result.createdAt.toISOString(),
    message: transferSuccessMessage(language, result.direction, {
      receiver: result.receiverUsername,
      amount: formatAmount(amount, result.currency, LOCALE_OF[language]),
      note: result.note,
    }),
  };
}
