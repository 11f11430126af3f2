import { DIVIDEND_PERIODS } from '@platform/contracts/agents/agent-contracts';
import { addDays } from '../../lib/time-zone.ts';
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
