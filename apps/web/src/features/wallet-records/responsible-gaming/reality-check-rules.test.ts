import { describe, expect, it } from 'vitest';
import { nextReminderAt, playedTime } from './reality-check-rules.ts';

const START = Date.parse('2026-11-25T03:00:00Z');
const MIN = 60_000;

describe('the reality-check reminder', () => {
  it('is due at every whole interval after the session began', () => {
    expect(nextReminderAt(START, 15, START)).toBe(START + 15 * MIN);
    expect(nextReminderAt(START, 15, START + 14 * MIN)).toBe(START + 15 * MIN);
    expect(nextReminderAt(START, 15, START + 16 * MIN)).toBe(START + 30 * MIN);
  });

  it('is not due again right after it was shown', () => {
    expect(nextReminderAt(START, 15, START + 15 * MIN)).toBe(START + 30 * MIN);
  });

  it('treats a device clock behind the session start as the start', () => {
    expect(nextReminderAt(START, 5, START - 10 * MIN)).toBe(START + 5 * MIN);
  });

  it('tells the time played in hours and minutes', () => {
    expect(playedTime(START, START + 135 * MIN + 59_000)).toEqual({ hours: 2, minutes: 15 });
    expect(playedTime(START, START - MIN)).toEqual({ hours: 0, minutes: 0 });
  });
});
