import { createBoundedCache } from '../../lib/bounded-cache.ts';

/** A round's game and vendor as the member reads them; null where the catalogue no longer names it. */
export type RoundNames = { gameName: string | null; vendorName: string | null };

/**
 * The catalogue's names of many games in a language, keyed `<vendorCode>\n<gameCode>` (the games
 * module's `gameNames`); bet records keep only the codes.
 */
export type GameNamesResolver = (query: {
  merchantId: number;
  language: string;
  games: readonly { vendorCode: string; gameCode: string }[];
}) => Promise<Map<string, RoundNames>>;

/** How long a name is reused before the catalogue is asked again (an operator's rename shows within it). */
const ROUND_NAMES_TTL_MS = 60_000;
const ROUND_NAMES_CACHE_MAX = 10_000;

const keyOf = (merchantId: number, language: string, vendorCode: string, gameCode: string) =>
  `${merchantId}\n${language}\n${vendorCode}\n${gameCode}`;

/** Names for many rounds in a language: a lookup of each round's names (the catalogue asked once for those not cached). */
export type RoundNamesLookup = ReturnType<typeof createRoundNames>;

/**
 * Names for the rounds of a page: the catalogue is asked once for the games the cache does not hold,
 * and each answer (a missing game included) is kept for `ROUND_NAMES_TTL_MS`.
 */
export function createRoundNames(deps: { resolve: GameNamesResolver; now: () => Date }) {
  const cache = createBoundedCache<string, RoundNames>({ max: ROUND_NAMES_CACHE_MAX, ttlMs: ROUND_NAMES_TTL_MS, now: deps.now });
  return async (
    merchantId: number,
    language: string,
    rounds: readonly { vendorCode: string; gameCode: string }[],
  ): Promise<(round: { vendorCode: string; gameCode: string }) => RoundNames> => {
    const missing = rounds.filter((r) => !cache.has(keyOf(merchantId, language, r.vendorCode, r.gameCode)));
    if (missing.length > 0) {
      const answer = await deps.resolve({ merchantId, language, games: missing });
      for (const r of missing) {
        const names = answer.get(`${r.vendorCode}\n${r.gameCode}`) ?? { gameName: null, vendorName: null };
        cache.set(keyOf(merchantId, language, r.vendorCode, r.gameCode), { gameName: names.gameName, vendorName: names.vendorName });
      }
    }
    return (round) => cache.get(keyOf(merchantId, language, round.vendorCode, round.gameCode)) ?? { gameName: null, vendorName: null };
  };
}
