import { drawResultSchema } from '@platform/contracts/lottery';
import type { DrawResult } from '@platform/games/lottery';
import { z } from 'zod';

/**
 * Where official results come from besides an operator's entry: a feed of the day's results per
 * station. The lottery job asks the source for today's results (Vietnam date) once a station's
 * draw time has passed, and each result goes through the same checks as an operator's entry.
 */
export type OfficialResult = { gameId: string; drawDate: string; result: DrawResult };

export interface ResultsSource {
  /** Names the source in the audit log and the operator's messages. */
  readonly name: string;
  /** The results the source has for a draw date (`YYYY-MM-DD`, Vietnam time). */
  resultsOf(drawDate: string): Promise<OfficialResult[]>;
}

const feedSchema = z.object({
  results: z
    .array(
      z.object({
        gameId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
        drawDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        result: drawResultSchema,
      }),
    )
    .max(200),
});

/** How long the feed may take before the round gives up on it (the next round asks again). */
const FEED_TIMEOUT_MS = 10_000;

/**
 * A JSON feed over HTTP: `GET <url>?date=YYYY-MM-DD` answers `{ results: [{ gameId, drawDate,
 * result: { DB: [...], G1: [...], ... } }] }`. An answer of another shape is an error, not an
 * empty day.
 */
export function createHttpResultsSource(url: string, fetchImpl: typeof fetch = fetch): ResultsSource {
  return {
    name: `feed ${new URL(url).host}`,
    async resultsOf(drawDate) {
      const target = new URL(url);
      target.searchParams.set('date', drawDate);
      const response = await fetchImpl(target, { signal: AbortSignal.timeout(FEED_TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`results feed answered ${response.status}`);
      const parsed = feedSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error(`results feed answered an unexpected shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      return parsed.data.results.map((r) => ({ gameId: r.gameId, drawDate: r.drawDate, result: r.result as DrawResult }));
    },
  };
}
