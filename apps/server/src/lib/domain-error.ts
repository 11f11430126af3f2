import type { ErrorCode, MessageParam, MessageParams } from '@platform/contracts/errors';
import { amountMinor, formatAmount } from '@platform/contracts/money-format';
import { FIELD_LABELS } from '@platform/contracts/validation-messages';
import { findPattern } from '@platform/contracts/validation-patterns';

/**
 * An error a caller can act on. It carries a stable code from the contracts; the error handler maps
 * it to the HTTP status and a translated message. `detail` may name a field; it is shown to the caller.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | undefined;
  /** Values the translated message states (a limit, a date); see `errorMessage`. */
  readonly params: MessageParams | undefined;

  constructor(code: ErrorCode, detail?: string, params?: MessageParams) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'DomainError';
    this.code = code;
    this.detail = detail;
    this.params = params;
  }
}

/** The values a field message states: the field as the form names it, and its expected format. */
export function fieldParams(
  field: string,
  format?: { patternId?: number; minLength?: number; maxLength?: number },
): MessageParams | undefined {
  const label = FIELD_LABELS[field];
  if (!label) return undefined;
  const capitalised = {
    vi: label.vi.charAt(0).toUpperCase() + label.vi.slice(1),
    en: label.en.charAt(0).toUpperCase() + label.en.slice(1),
  };
  const pattern = format?.patternId === undefined ? undefined : findPattern(format.patternId);
  const bounds = (text: string) => text.replace('{min}', String(format?.minLength ?? '')).replace('{max}', String(format?.maxLength ?? ''));
  const expected = pattern
    ? { vi: `Yêu cầu: ${bounds(pattern.message.vi).toLowerCase()}.`, en: `Expected: ${bounds(pattern.message.en).toLowerCase()}.` }
    : { vi: 'Vui lòng kiểm tra lại.', en: 'Check it and try again.' };
  return { field: label, Field: capitalised, format: expected };
}

/**
 * A field that breaks its rule (registration, passwords): the message names the field as the form
 * does and, for a format error, states the expected format with its length bounds.
 */
export function fieldError(issue: {
  code: 'field_required' | 'field_invalid';
  field: string;
  patternId?: number;
  minLength?: number;
  maxLength?: number;
}): DomainError {
  return new DomainError(issue.code, issue.field, fieldParams(issue.field, issue));
}

/** An amount in minor units as a message states it, written the way each language writes money. */
export function amountParam(amount: number, currency: string): MessageParam {
  return { vi: formatAmount(amountMinor(amount), currency, 'vi-VN'), en: formatAmount(amountMinor(amount), currency, 'en-US') };
}
