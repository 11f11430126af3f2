/** The speed test's arithmetic and the lines it compares. */

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Megabits per second of `bytes` received in `ms`. */
export function throughputMbps(bytes: number, ms: number): number {
  if (ms <= 0) return 0;
  return (bytes * 8) / (ms / 1000) / 1_000_000;
}

/**
 * The lines to compare: this site's own address first, then each of the operator's domains on the
 * same scheme, once each.
 */
export function linesOf(domainList: readonly string[], current: { protocol: string; host: string; origin: string }): string[] {
  const lines = [current.origin];
  for (const domain of domainList) {
    const origin = `${current.protocol}//${domain}`;
    if (domain !== current.host && !lines.includes(origin)) lines.push(origin);
  }
  return lines;
}

export type LineResult = { origin: string; latencyMs: number | null; mbps: number | null; isReachable: boolean };

/** The reachable line with the lowest median round trip. */
export function fastestLine(results: readonly LineResult[]): string | null {
  const reachable = results.filter((r) => r.isReachable && r.latencyMs !== null);
  if (reachable.length === 0) return null;
  return reachable.reduce((best, r) => ((r.latencyMs ?? Infinity) < (best.latencyMs ?? Infinity) ? r : best)).origin;
}
