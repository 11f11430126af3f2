import { DIVIDEND_PERIODS } from '@platform/contracts/agents/agent-contracts';
import { addDays, offsetMsAt } from '../../lib/time-zone.ts';
import type { ContractPolicy } from './agent-contracts.settings.ts';

type DividendPeriod = ContractPolicy['dividendPeriod'];

/** Whether a contract's stored period is one a dividend is paid on. */
export const isDividendPeriod = (period: string): period is DividendPeriod => (DIVIDEND_PERIODS as readonly string[]).includes(period);

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The dividend period of the merchant's calendar that holds a day (docs/agent-contracts.md): a week
 * from Monday to Sunday, a half-month (the 1st to the 15th, the 16th to the month's last day) or a
 * month; both ends included.
 */
export function dividendPeriodOf(length: DividendPeriod, day: string): { start: string; end: string } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const ym = `${year}-${pad(month)}`;
  if (length === 'week') {
    const daysSinceMonday = (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
    const start = addDays(day, -daysSinceMonday);
    return { start, end: addDays(start, 6) };
  }
  const last = lastDayOfMonth(year, month);
  if (length === 'month') return { start: `${ym}-01`, end: `${ym}-${pad(last)}` };
  return date <= 15 ? { start: `${ym}-01`, end: `${ym}-15` } : { start: `${ym}-16`, end: `${ym}-${pad(last)}` };
}

/** The `count` periods of this length before the one holding the day, the oldest first. */
export function dividendPeriodsBefore(length: DividendPeriod, day: string, count: number): { start: string; end: string }[] {
  const periods: { start: string; end: string }[] = [];
  let cursor = dividendPeriodOf(length, day);
  for (let n = 0; n < count; n += 1) {
    cursor = dividendPeriodOf(length, addDays(cursor.start, -1));
    periods.unshift(cursor);
  }
  return periods;
}

/** The kinds paid on a slot of the merchant's clock, and its length in minutes: an hour, 5 minutes. */
export const SLOT_MINUTES = { hourlyWage: 60, realtimeSalary: 5 } as const;
export type SlotKind = keyof typeof SLOT_MINUTES;

export const isSlotKind = (kind: string): kind is SlotKind => Object.hasOwn(SLOT_MINUTES, kind);

const slotMsOf = (kind: SlotKind) => SLOT_MINUTES[kind] * 60_000;

/**
 * Whether an instant starts a slot of the kind on the merchant's clock: an hourly wage's hour starts
 * at minute 0 of the zone's clock (in a zone half an hour off UTC, at :30 UTC), a real-time salary's
 * slot at a multiple of 5 minutes (every zone's offset is a whole number of quarter hours).
 */
export function isSlotStart(kind: SlotKind, at: Date, timeZone: string): boolean {
  const ms = at.getTime();
  return Number.isFinite(ms) && (ms + offsetMsAt(at, timeZone)) % slotMsOf(kind) === 0;
}

/** The slot of the kind that starts at an instant: [from, to). */
export function slotFrom(kind: SlotKind, from: Date): { from: Date; to: Date } {
  return { from, to: new Date(from.getTime() + slotMsOf(kind)) };
}

/**
 * The `count` complete slots of the kind that end at or before an instant, the oldest first (the
 * jobs' catch-up window).
 */
export function slotsBefore(kind: SlotKind, at: Date, timeZone: string, count: number): { from: Date; to: Date }[] {
  const ms = slotMsOf(kind);
  const offset = offsetMsAt(at, timeZone);
  const end = Math.floor((at.getTime() + offset) / ms) * ms - offset;
  const slots: { from: Date; to: Date }[] = [];
  for (let n = count; n >= 1; n -= 1) slots.push(slotFrom(kind, new Date(end - n * ms)));
  return slots;
}
