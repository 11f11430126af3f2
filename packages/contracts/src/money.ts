import { z } from 'zod';

/**
 * Money is an integer count of the currency's minor unit. It never travels as a float and never
 * exceeds Number.MAX_SAFE_INTEGER, so a JSON number carries it exactly.
 */
export type AmountMinor = number & { readonly __brand: 'AmountMinor' };

export const AMOUNT_MINOR_MAX = Number.MAX_SAFE_INTEGER;

export function isAmountMinor(value: unknown): value is AmountMinor {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Narrows a number to AmountMinor, throwing on anything that is not a safe integer. */
export function amountMinor(value: number): AmountMinor {
  if (!isAmountMinor(value)) throw new RangeError(`not a safe integer amount: ${value}`);
  return value;
}

/*
 * The amount schemas only narrow the type: a transform would make them one-way, and response
 * schemas are serialised by encoding (zod's encode refuses a one-way transform), so a response
 * carrying money would fail with a 500.
 */

/** A signed amount (balances, entries). */
export const amountMinorSchema = z.number().int().min(-AMOUNT_MINOR_MAX).max(AMOUNT_MINOR_MAX) as unknown as z.ZodType<AmountMinor, number>;

/** A strictly positive amount, as every transfer and stake must be. */
export const positiveAmountMinorSchema = z.number().int().min(1).max(AMOUNT_MINOR_MAX) as unknown as z.ZodType<AmountMinor, number>;

export const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'ISO 4217 currency code');
export type CurrencyCode = string;

/** Display scale per currency: how many minor units make a major unit (10^scale). */
export const CURRENCY_SCALE: Record<string, number> = {
  VND: 0,
  USD: 2,
  THB: 2,
  PHP: 2,
  IDR: 0,
  CNY: 2,
  MYR: 2,
  INR: 2,
};

export function currencyScale(currency: CurrencyCode): number {
  return CURRENCY_SCALE[currency] ?? 2;
}

/** Formats minor units for display with Intl, without passing through floating-point sums. */
export function formatAmount(amount: AmountMinor, currency: CurrencyCode, locale: string): string {
  const scale = currencyScale(currency);
  const major = scale === 0 ? amount : amount / 10 ** scale;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: scale,
    maximumFractionDigits: scale,
  }).format(major);
}
