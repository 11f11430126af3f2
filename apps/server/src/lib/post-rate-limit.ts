/** The window a per-minute limit counts over. */
export const RATE_WINDOW_MS = 60_000;

/**
 * How long a member must wait before posting again (0: now): at most one post per `intervalMs`, and
 * at most `perMinuteMax` in any minute. `recent` holds the member's posts of the last minute, oldest
 * first (the chat room and the support chat both read them this way).
 */
export function postWaitMs(recent: readonly Date[], at: Date, limits: { intervalMs: number; perMinuteMax: number }): number {
  const last = recent.at(-1);
  let waitMs = last ? last.getTime() + limits.intervalMs - at.getTime() : 0;
  if (recent.length >= limits.perMinuteMax) {
    const oldestCounted = recent[recent.length - limits.perMinuteMax] as Date;
    waitMs = Math.max(waitMs, oldestCounted.getTime() + RATE_WINDOW_MS - at.getTime());
  }
  return Math.max(0, waitMs);
}
