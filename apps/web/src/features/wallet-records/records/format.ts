import { type AmountMinor, currencyScale, formatAmount } from '@platform/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addDays, todayIn } from '../../../lib/time-format.ts';

/**
 * The member's time zone. Members have no time zone of their own yet: the server reads records,
 * report days and limit periods in the merchant's (Vietnam by default) and names it in its answers;
 * this is used until an answer has named it.
 */
export const MEMBER_TIME_ZONE_DEFAULT = 'Asia/Ho_Chi_Minh';

export { addDays, formatInZone, todayIn } from '../../../lib/time-format.ts';

/** Formats minor units for the page's language. */
export function useMoney(): (amount: number, currency: string) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'vi' ? 'vi-VN' : 'en-GB';
  return (amount, currency) => formatAmount(amount as AmountMinor, currency, locale);
}

/**
 * A typed amount in major units (digits, at most the currency's decimals, '.' or ',' as the
 * decimal mark) as minor units; null when it is not one.
 */
export function parseAmount(text: string, currency: string): number | null {
  const scale = currencyScale(currency);
  const trimmed = text.trim().replace(/\s/g, '');
  const pattern = scale === 0 ? /^\d+$/ : new RegExp(`^\\d+([.,]\\d{1,${scale}})?$`);
  if (!pattern.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split(/[.,]/);
  const minor = Number(whole) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the plain number a member types (no grouping, no symbol). */
export function amountInputOf(amount: number, currency: string): string {
  const scale = currencyScale(currency);
  if (scale === 0) return String(amount);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 10 ** scale)}.${String(abs % 10 ** scale).padStart(scale, '0')}`;
}

export const DATE_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The range of a preset, both ends included, in the member's time zone. */
export function presetRange(preset: Exclude<DatePreset, 'custom'>, timeZone: string, now = new Date()): { from: string; to: string } {
  const today = todayIn(timeZone, now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
  }
}

/** An amount field that must be a positive amount in the currency (a zod schema): its output is minor units. */
export function positiveAmountSchema(currency: string, message: string) {
  return z.string().transform((text, ctx) => {
    const minor = parseAmount(text, currency);
    if (minor === null || minor <= 0) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return minor;
  });
}
