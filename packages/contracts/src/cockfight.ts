import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/**
 * The house cockfight (đá gà) arenas: the operator runs the fights, the members bet on Meron, Wala
 * or Draw. The house game server keeps the arenas in its journal and takes signed operator calls
 * (HMAC-SHA256 of `<timestamp>.<raw body>` with the HOUSE integration's secret, the headers of the
 * vendor protocol), which the platform's operator calls proxy for the console:
 *
 *   POST <launch base>/api/operator/cockfight                        body {}        → { arenas }
 *   POST <launch base>/api/operator/cockfight/<arena>/<action>       body (below)   → { arena }
 *
 * Actions: `open` (betting opens for the next fight, optionally with its own mode), `close`,
 * `result` { result }, `settings` { mode?, commissionBp?, odds?, streamUrl?, limits? }.
 * Refusals answer 409 { code } (`FIGHT_OPEN`, `NO_FIGHT`, `NOT_CLOSED`, `ALREADY_DECLARED`) or
 * 400 { code: 'cockfight_invalid', problem } with the field at fault.
 */
export const COCKFIGHT_OPERATOR_PATH = '/api/operator/cockfight';
export const FIGHT_SIDES = ['meron', 'wala', 'draw'] as const;
export const FIGHT_RESULTS = ['meron', 'wala', 'draw', 'cancelled'] as const;
export const FIGHT_MODES = ['pari-mutuel', 'fixed'] as const;
export const COCKFIGHT_ACTIONS = ['open', 'close', 'result', 'settings'] as const;
export const FIGHT_PHASES = ['idle', 'betting', 'closed', 'settling', 'settled'] as const;
/** Commission on the winning side, basis points: at most 20%. */
export const COMMISSION_BP_MAX = 2_000;
/** Fixed odds are decimal odds in thousandths (1.95 is 1950), from 1.01 to 100. */
export const FIXED_ODDS_MIN = 1_010;
export const FIXED_ODDS_MAX = 100_000;
/** A stream address: https only (the page frames it), at most this long. */
export const STREAM_URL_LENGTH_MAX = 500;
const AMOUNT_MAX = 100_000_000_000;

const amount = z.number().int().positive().max(AMOUNT_MAX);
const odds = z.number().int().min(FIXED_ODDS_MIN).max(FIXED_ODDS_MAX);

export const fightOddsSchema = z.object({ meron: odds, wala: odds });
export const arenaLimitsSchema = z.object({ min: amount, max: amount, drawMax: amount });
export type ArenaLimits = z.infer<typeof arenaLimitsSchema>;

/** A fight's terms: the mode and, per mode, the commission or the fixed prices. */
export const fightTermsSchema = z.object({
  mode: z.enum(FIGHT_MODES),
  commissionBp: z.number().int().min(0).max(COMMISSION_BP_MAX),
  odds: fightOddsSchema,
});
export type FightTerms = z.infer<typeof fightTermsSchema>;

export const arenaSettingsSchema = fightTermsSchema.extend({
  /** https address of the arena's live video, or '' for none. */
  streamUrl: z.string().max(STREAM_URL_LENGTH_MAX),
  limits: arenaLimitsSchema,
});
export type ArenaSettings = z.infer<typeof arenaSettingsSchema>;

/** Whether an address can be shown in the stream slot (https, no credentials); '' clears it. */
export function isStreamUrl(value: string): boolean {
  if (value === '') return true;
  if (value.length > STREAM_URL_LENGTH_MAX) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const settingsChangeSchema = z
  .object({
    mode: z.enum(FIGHT_MODES),
    commissionBp: z.number().int().min(0).max(COMMISSION_BP_MAX),
    odds: fightOddsSchema,
    streamUrl: z.string().max(STREAM_URL_LENGTH_MAX).refine(isStreamUrl, 'an https address'),
    limits: arenaLimitsSchema.refine((l) => l.max >= l.min && l.drawMax >= l.min, 'no maximum below the minimum'),
  })
  .partial()
  .strict();
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

export const openFightSchema = z
  .object({ mode: z.enum(FIGHT_MODES), commissionBp: z.number().int().min(0).max(COMMISSION_BP_MAX), odds: fightOddsSchema })
  .partial()
  .strict();
export const declareSchema = z.object({ result: z.enum(FIGHT_RESULTS) }).strict();

export const fightViewSchema = z.object({
  fight: z.number().int().min(1),
  phase: z.enum(FIGHT_PHASES),
  terms: fightTermsSchema,
  pools: z.object({ meron: z.number().int(), wala: z.number().int(), draw: z.number().int() }),
  betCount: z.number().int(),
  /** Pari-mutuel: the return per 100 on each side in hundredths (null: no stake on it yet). */
  per100: z.object({ meron: z.number().int().nullable(), wala: z.number().int().nullable() }),
  /** The result declared (the effective one: a pari-mutuel fight failing the 107 rule is `cancelled`). */
  result: z.enum(FIGHT_RESULTS).nullable(),
  declared: z.enum(FIGHT_RESULTS).nullable(),
  openedAt: z.number(),
  closedAt: z.number().nullable(),
  settledAt: z.number().nullable(),
  staked: z.number().int(),
  paid: z.number().int(),
});
export type FightView = z.infer<typeof fightViewSchema>;

export const arenaViewSchema = z.object({
  arenaId: z.string().min(1).max(8),
  gameCode: z.string().min(1).max(64),
  settings: arenaSettingsSchema,
  fight: fightViewSchema.nullable(),
  history: z.array(fightViewSchema).max(200),
});
export type ArenaView = z.infer<typeof arenaViewSchema>;

export const arenaListSchema = z.object({ arenas: z.array(arenaViewSchema).max(20) });
export const arenaAnswerSchema = z.object({ arena: arenaViewSchema });
export const arenaListResponseSchema = okEnvelope(arenaListSchema);
export const arenaResponseSchema = okEnvelope(arenaViewSchema);
export const arenaIdParamSchema = z.string().regex(/^[a-z0-9]{1,8}$/);
