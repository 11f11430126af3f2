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

/**
 * Formatters by locale and currency: building an `Intl.NumberFormat` costs far more than using one (the
 * first one of a locale loads its data), and a page formats amounts on every tick of the jackpot and
 * for every row of a list. A handful of pairs in practice; emptied past 64 so odd input cannot grow it.
 */
const formatters = new Map<string, Intl.NumberFormat>();

/** Formats minor units for display with Intl, without passing through floating-point sums. */
export function formatAmount(amount: AmountMinor, currency: CurrencyCode, locale: string): string {
  const scale = currencyScale(currency);
  const major = scale === 0 ? amount : amount / 10 ** scale;
  const key = `${locale} ${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: scale,
      maximumFractionDigits: scale,
    });
    if (formatters.size >= 64) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter.format(major);
}

/**
 * Bet units. The spec's minimum-bet choices (0.01, 0.05, 0.1, 0.5, 0.75) and the game catalogue's
 * minimum bets are written in a bet unit with two decimals (the catalogue keeps hundredths). One bet
 * unit is this many minor units of the merchant's currency: the spec's figures are dollar-sized, so
 * in VND they read 1.000 ₫ to 75.000 ₫ (a VND bet is counted in thousands), and in a currency with
 * cents the spec's literal $0.01 to $0.75.
 */
export const BET_UNIT_MINOR: Readonly<Record<string, number>> = { VND: 100_000 };

export function betUnitMinor(currency: CurrencyCode): number {
  return BET_UNIT_MINOR[currency] ?? 10 ** currencyScale(currency);
}

/** A catalogue or filter minimum bet (bet units, e.g. 0.01) as an amount of the currency. */
export function betUnitsToMinor(units: number, currency: CurrencyCode): AmountMinor {
  return amountMinor(Math.round(units * betUnitMinor(currency)));
}

/** An amount of the currency (a lottery's minimum stake) as the catalogue's hundredths of a bet unit, at least 1. */
export function minorToBetHundredths(amount: AmountMinor, currency: CurrencyCode): number {
  return Math.max(1, Math.round((amount * 100) / betUnitMinor(currency)));
}
