/* Money values and their display, with no schema library (the web client's first load imports these). */

export type CurrencyCode = string;

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
