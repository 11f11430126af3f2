import type { RebatePeriod, VipWindow } from '@platform/contracts/vip';
import { addDays } from '../../lib/time-zone.ts';
import { dividendPeriodOf } from '../agent-contracts/agent-contracts.periods.ts';

/** Days of the merchant's calendar, both ends included. */
export type DayRange = { start: string; end: string };

/**
 * The rebate period of this length holding the day: D the day, W Monday to Sunday, H the 1st to the
 * 15th or the 16th to the month's end, M the month (the same calendar as the agents' dividends).
 */
export function rebatePeriodOf(period: RebatePeriod, day: string): DayRange {
  if (period === 'D') return { start: day, end: day };
  return dividendPeriodOf(period === 'W' ? 'week' : period === 'H' ? 'halfMonth' : 'month', day);
}

/** The `count` periods of this length before the one holding the day, the oldest first. */
export function rebatePeriodsBefore(period: RebatePeriod, day: string, count: number): DayRange[] {
  const periods: DayRange[] = [];
  let cursor = rebatePeriodOf(period, day);
  for (let n = 0; n < count; n += 1) {
    cursor = rebatePeriodOf(period, addDays(cursor.start, -1));
    periods.unshift(cursor);
  }
  return periods;
}

/** The VIP window ending on the day: the 30 days up to it, or its calendar month up to it. */
export function vipWindowOf(window: VipWindow, day: string): DayRange {
  return window === 'rolling30' ? { start: addDays(day, -29), end: day } : { start: `${day.slice(0, 8)}01`, end: day };
}

/** Whether the day closes a whole window (a downgrade is judged only then): every day for 30 days, the month's last day. */
export function closesWindow(window: VipWindow, day: string): boolean {
  return window === 'rolling30' || addDays(day, 1).endsWith('-01');
}
