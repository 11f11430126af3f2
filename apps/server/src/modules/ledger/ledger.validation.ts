import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { type CallerTransferCode, isCallerTransferCode } from './ledger.codes.ts';
import type { AccountMeta } from './ledger.repository.ts';
import type { Reference } from './ledger.types.ts';

/** What every ledger operation checks before it touches the database, and the keys and hashes it derives. */

/** Longest idempotency key accepted; vendors' transaction ids fit easily. */
export const IDEMPOTENCY_KEY_LENGTH_MAX = 200;
export const NOTE_LENGTH_MAX = 500;
export const REFERENCE_LENGTH_MAX = 100;
export const HISTORY_PAGE_SIZE_MAX = 100;
/**
 * Joins a settle's key and the suffix of its payout transfer's key. Caller keys may not contain
 * control characters, so no caller key can ever take the payout's key.
 */
const PAYOUT_KEY_SEPARATOR = '\u001f';

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export function assertAmount(amount: unknown): asserts amount is number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new DomainError('invalid_amount', String(amount));
  }
}

/** A win may be 0 (a lost round); otherwise an amount like any other. */
export function assertPayout(payout: unknown): asserts payout is number {
  if (payout !== 0) assertAmount(payout);
}

export function payoutKeyOf(settleKey: string): string {
  return `${settleKey}${PAYOUT_KEY_SEPARATOR}payout`;
}

/**
 * The request hash of a reserve, shared by `reserve` on both paths and by `reserveAndSettle`, so a
 * stake made through either replays through the other.
 */
export function reserveHashOf(accountId: number, amount: number, code: string, reference: Reference | undefined): string {
  return hashRequest(['reserve', accountId, amount, code, reference?.type ?? null, reference?.id ?? null]);
}

/**
 * The request hash of a settle, shared by `settle` on both paths and by `settleMany` (and built as
 * the same text in SQL by `stakeAndSettleInOneStatement`), so any of them replays the others.
 */
export function settleHashOf(settle: {
  reservationId: number;
  toAccountId: number;
  payout: number;
  code?: string | undefined;
  note?: string | undefined;
}): string {
  return hashRequest(['settle', settle.reservationId, settle.toAccountId, settle.payout, settle.code ?? null, settle.note ?? null]);
}

export function assertKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > IDEMPOTENCY_KEY_LENGTH_MAX || hasControlCharacter(key)) {
    throw new DomainError('bad_request', 'idempotencyKey');
  }
}

export function assertOptionalText(value: unknown, lengthMax: number, field: string): void {
  if (value !== undefined && (typeof value !== 'string' || value.length > lengthMax)) throw new DomainError('bad_request', field);
}

export function assertReference(reference: Reference | undefined): void {
  if (reference === undefined) return;
  assertOptionalText(reference.type, REFERENCE_LENGTH_MAX, 'reference.type');
  assertOptionalText(reference.id, REFERENCE_LENGTH_MAX, 'reference.id');
}

export function assertCallerCode(code: unknown): asserts code is CallerTransferCode {
  if (typeof code !== 'string' || !isCallerTransferCode(code)) throw new DomainError('bad_request', 'code');
}

/** Both sides of a transfer: two different accounts of one currency. */
export function assertPair(from: AccountMeta, to: AccountMeta): void {
  if (from.id === to.id) throw new DomainError('bad_request', 'the two accounts are the same');
  if (from.currency !== to.currency) throw new DomainError('currency_mismatch');
}
