import { drawResultSchema } from '@platform/contracts/lottery';
import { type DrawResult, type LotteryRegion, publishedSheets } from '@platform/games/lottery';
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

/** A station whose official results a source is asked for. */
export type OfficialStation = { gameId: string; region: LotteryRegion };

const DAY_MS = 86_400_000;

/**
 * A demo's results source that needs no network: each official station's draw of the day takes a
 * sheet that was really published in its region (packages/games, published-sheets.ts), chosen by
 * the draw date and the station's place among its region's stations, so the same day always gives
 * the same sheets and stations of one region differ as far as the sheets allow. These are past
 * results replayed, not the day's real ones: a site that takes real money sets a feed URL instead.
 */
export function createReplayResultsSource(stations: () => Promise<readonly OfficialStation[]>): ResultsSource {
  return {
    name: 'replay of published sheets',
    async resultsOf(drawDate) {
      const day = Math.floor(Date.parse(`${drawDate}T00:00:00Z`) / DAY_MS);
      const placeInRegion = new Map<LotteryRegion, number>();
      const results: OfficialResult[] = [];
      for (const station of [...(await stations())].sort((a, b) => a.gameId.localeCompare(b.gameId))) {
        const sheets = publishedSheets(station.region);
        const place = placeInRegion.get(station.region) ?? 0;
        placeInRegion.set(station.region, place + 1);
        const sheet = sheets[(day + place) % sheets.length]!;
        results.push({ gameId: station.gameId, drawDate, result: sheet.result });
      }
      return results;
    },
  };
}
