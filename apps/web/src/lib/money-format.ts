import { type AmountMinor, currencyScale, formatAmount } from '@platform/contracts/money-format';
import { useTranslation } from 'react-i18next';

/** Formats minor units in the page's language. */
export function useMoneyFormat(): (amount: number, currency: string) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'vi' ? 'vi-VN' : 'en-GB';
  return (amount, currency) => formatAmount(amount as AmountMinor, currency, locale);
}

/**
 * Reads what the member typed (major units, e.g. "200000" or "200.000" in VND, "12.50" in USD) as
 * minor units; null when it is not a plain positive amount with at most the currency's decimals.
 * Group separators (spaces, commas, and dots when the currency has no decimals) are ignored.
 */
export function parseAmountInput(text: string, currency: string): number | null {
  const scale = currencyScale(currency);
  let cleaned = text.replace(/[\s,]/g, '');
  if (scale === 0) cleaned = cleaned.replace(/\./g, '');
  const match = /^(\d+)(?:\.(\d+))?$/.exec(cleaned);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > scale) return null;
  const minor = Number(whole) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}
