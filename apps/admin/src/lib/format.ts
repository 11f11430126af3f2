import { type AmountMinor, formatAmount } from '@platform/contracts/money-format';

const LOCALES: Record<string, string> = { vi: 'vi-VN', en: 'en-GB', zh: 'zh-CN' };

function localeOf(language: string): string {
  return LOCALES[language] ?? 'vi-VN';
}

/** An amount in minor units, in the operator's language (packages/contracts money formatting). */
export function money(amount: number, currency: string, language: string): string {
  return formatAmount(amount as AmountMinor, currency, localeOf(language));
}

export function dateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

/** The age of an item since it was created, split for the SLA column: whole days, hours and minutes. */
export function ageParts(createdAt: string, now: number): { days: number; hours: number; minutes: number; totalMinutes: number } {
  const totalMinutes = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 60_000));
  return { days: Math.floor(totalMinutes / 1440), hours: Math.floor((totalMinutes % 1440) / 60), minutes: totalMinutes % 60, totalMinutes };
}

/** An instant as the value of a `datetime-local` field, in the operator's clock; '' for none. */
export function localInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value (the operator's clock) as an instant; null when empty or not a time. */
export function instantOf(local: string): string | null {
  if (!local) return null;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** A typed amount: digits only (spaces and group separators the operator types are ignored); NaN otherwise. */
export function amountOf(text: string): number {
  const digits = text.replace(/[\s.,_]/g, '');
  return /^[0-9]{1,15}$/.test(digits) ? Number(digits) : Number.NaN;
}

/** Odds typed as 1.95 (or 1,95) in thousandths; NaN when not a decimal number. */
export function oddsOf(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^[0-9]{1,3}(\.[0-9]{1,3})?$/.test(t) ? Math.round(Number(t) * 1000) : Number.NaN;
}
