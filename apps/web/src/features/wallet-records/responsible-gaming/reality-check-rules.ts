/**
 * When the reality-check reminder is due: every `intervalMinutes` after the session began, on the
 * server's clock. A reminder the member has already seen is not due again until the next multiple.
 */
export function nextReminderAt(sessionStartMs: number, intervalMinutes: number, afterMs: number): number {
  const interval = intervalMinutes * 60_000;
  const elapsed = Math.max(0, afterMs - sessionStartMs);
  const periods = Math.floor(elapsed / interval) + 1;
  return sessionStartMs + periods * interval;
}

/** Minutes played as hours and minutes: `{ hours, minutes }`. */
export function playedTime(sessionStartMs: number, nowMs: number): { hours: number; minutes: number } {
  const total = Math.max(0, Math.floor((nowMs - sessionStartMs) / 60_000));
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
