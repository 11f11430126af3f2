import { describe, expect, it } from 'vitest';
import { dividendPeriodOf, dividendPeriodsBefore } from './agent-contracts.periods.ts';

describe('dividend periods', () => {
  it('cuts weeks from Monday, half-months at the 15th and months at their last day', () => {
    expect(dividendPeriodOf('week', '2026-11-26')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(dividendPeriodOf('week', '2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(dividendPeriodOf('week', '2026-12-31')).toEqual({ start: '2026-12-28', end: '2027-01-03' });
    expect(dividendPeriodOf('halfMonth', '2026-11-15')).toEqual({ start: '2026-11-01', end: '2026-11-15' });
    expect(dividendPeriodOf('halfMonth', '2026-11-16')).toEqual({ start: '2026-11-16', end: '2026-11-30' });
    expect(dividendPeriodOf('halfMonth', '2028-02-20')).toEqual({ start: '2028-02-16', end: '2028-02-29' });
    expect(dividendPeriodOf('month', '2027-02-03')).toEqual({ start: '2027-02-01', end: '2027-02-28' });
  });

  it('lists the periods before the one holding a day, the oldest first', () => {
    expect(dividendPeriodsBefore('halfMonth', '2027-01-03', 2)).toEqual([
      { start: '2026-12-01', end: '2026-12-15' },
      { start: '2026-12-16', end: '2026-12-31' },
    ]);
    expect(dividendPeriodsBefore('month', '2026-03-31', 1)).toEqual([{ start: '2026-02-01', end: '2026-02-28' }]);
  });
});
