import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/**
 * GET /wps/relay/GCSGAME_liveTables: the house game server's live-style tables as a lobby shows
 * them (the /live page): the game, the table's limits, the round's phase and the seconds left to
 * bet, the last results (newest first) and, for baccarat, the bead plate's winners (oldest first).
 */
export const LIVE_TABLE_GAMES = ['baccarat', 'dragon-tiger', 'sic-bo', 'roulette'] as const;
export const LIVE_TABLE_PHASES = ['betting', 'closed', 'running', 'settling', 'pause'] as const;

export const liveTableSchema = z.object({
  gameCode: z.string().min(1).max(64),
  game: z.enum(LIVE_TABLE_GAMES),
  tableId: z.string().min(1).max(8),
  /** Minor units: the smallest stake on a spot and the largest maximum of any spot. */
  limits: z.object({ min: z.number().int().nonnegative(), max: z.number().int().nonnegative() }),
  round: z.number().int().nonnegative(),
  phase: z.enum(LIVE_TABLE_PHASES),
  secondsLeft: z.number().int().min(0).max(3_600),
  /** Baccarat and dragon tiger: the winner; sic bo: the three dice; roulette: the pocket. */
  results: z.array(z.string().max(40)).max(12),
  road: z.array(z.enum(['PLAYER', 'BANKER', 'TIE'])).max(60),
});
export type LiveTable = z.infer<typeof liveTableSchema>;

export const liveTablesValueSchema = z.object({
  /** False when the house game server did not answer (the list is then empty). */
  isAvailable: z.boolean(),
  tables: z.array(liveTableSchema).max(100),
});
export type LiveTables = z.infer<typeof liveTablesValueSchema>;
export const liveTablesResponseSchema = okEnvelope(liveTablesValueSchema);
