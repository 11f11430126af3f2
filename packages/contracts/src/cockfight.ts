import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/**
 * The house cockfight (đá gà) arenas: the operator runs the fights, the members bet on Meron, Wala
 * or Draw. The house game server keeps the arenas in its journal and takes signed operator calls
 * (HMAC-SHA256 of `<timestamp>.<raw body>` with the HOUSE integration's secret, the headers of the
 * vendor protocol), which the platform's operator calls proxy for the console:
 *
 *   POST <launch base>/api/operator/cockfight                        body {}        → { arenas }
 *   POST <launch base>/api/operator/cockfight/create                 body (below)   → { arena }
 *   POST <launch base>/api/operator/cockfight/<arena>/<action>       body (below)   → { arena }
 *
 * `create` { name, mode?, commissionBp?, odds?, streamUrl?, limits? } adds an arena (ids `a1`,
 * `a2`, … in order; at most ARENAS_MAX). Actions: `open` (betting opens for the next fight,
 * optionally with its own mode), `close`, `result` { result, fight? } (the same result again, even
 * after a restart, answers the arena as it is), `settings` { name?, mode?, commissionBp?, odds?,
 * streamUrl?, limits? }, `retire` {} (closes the arena for good: hidden from the members, its
 * history and result pages kept; again answers the arena as it is). Refusals answer 409 { code }
 * (`FIGHT_OPEN`, `NO_FIGHT`, `NOT_CLOSED`, `ALREADY_DECLARED`, `ARENAS_FULL`, `ARENA_BUSY` a fight
 * under way, `ARENA_CLOSED`, `LAST_ARENA`) or 400 { code: 'cockfight_invalid', problem } with the
 * field at fault.
 *
 * The members' game is one game code (`cockfight`): its page lists the arenas, or opens the only one.
 */
export const COCKFIGHT_OPERATOR_PATH = '/api/operator/cockfight';
export const COCKFIGHT_CREATE_PATH = `${COCKFIGHT_OPERATOR_PATH}/create`;
/** Arenas a game server runs at most. */
export const ARENAS_MAX = 20;
/** An arena's name as the members read it: 1 to this many characters ('' in settings: "Arena <n>"). */
const ARENA_NAME_LENGTH_MAX = 60;
export const FIGHT_SIDES = ['meron', 'wala', 'draw'] as const;
export const FIGHT_RESULTS = ['meron', 'wala', 'draw', 'cancelled'] as const;
export const FIGHT_MODES = ['pari-mutuel', 'fixed'] as const;
export const COCKFIGHT_ACTIONS = ['open', 'close', 'result', 'settings', 'retire'] as const;
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

/** An arena's name: printable text, no line breaks, at most ARENA_NAME_LENGTH_MAX characters. */
const arenaName = z
  .string()
  .max(ARENA_NAME_LENGTH_MAX)
  .refine((v) => !/\p{Cc}/u.test(v) && v.trim() === v, 'a name of one line without spaces around it');

export const arenaSettingsSchema = fightTermsSchema.extend({
  /** The name members see ('' before the operator names it: the page writes "Arena <n>"). */
  name: arenaName.default(''),
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
    name: arenaName.min(1),
    mode: z.enum(FIGHT_MODES),
    commissionBp: z.number().int().min(0).max(COMMISSION_BP_MAX),
    odds: fightOddsSchema,
    streamUrl: z.string().max(STREAM_URL_LENGTH_MAX).refine(isStreamUrl, 'an https address'),
    limits: arenaLimitsSchema.refine((l) => l.max >= l.min && l.drawMax >= l.min, 'no maximum below the minimum'),
  })
  .partial()
  .strict();
export type SettingsChange = z.infer<typeof settingsChangeSchema>;
/** A new arena: its name, and any settings that differ from the defaults. */
export const createArenaSchema = settingsChangeSchema.required({ name: true });
export type ArenaCreate = z.infer<typeof createArenaSchema>;

export const openFightSchema = z
  .object({ mode: z.enum(FIGHT_MODES), commissionBp: z.number().int().min(0).max(COMMISSION_BP_MAX), odds: fightOddsSchema })
  .partial()
  .strict();
/** The result of the current fight, or of the fight named (a repeat after a restart finds it in the history). */
export const declareSchema = z.object({ result: z.enum(FIGHT_RESULTS), fight: z.number().int().min(1).optional() }).strict();

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
  /** When the operator closed the arena (unix ms): hidden from the members, no fight opens in it again. */
  closedAt: z.number().nullable(),
  fight: fightViewSchema.nullable(),
  history: z.array(fightViewSchema).max(200),
});
export type ArenaView = z.infer<typeof arenaViewSchema>;

/** The open arenas (at most ARENAS_MAX) and the closed ones, which stay listed for their history. */
export const arenaListSchema = z.object({ arenas: z.array(arenaViewSchema).max(200) });
export const arenaAnswerSchema = z.object({ arena: arenaViewSchema });
export const arenaListResponseSchema = okEnvelope(arenaListSchema);
export const arenaResponseSchema = okEnvelope(arenaViewSchema);
export const arenaIdParamSchema = z.string().regex(/^[a-z0-9]{1,8}$/);

/** What the members' arena list shows of an arena (the game's page, several arenas). */
export type ArenaSummary = {
  arenaId: string;
  name: string;
  hasStream: boolean;
  mode: FightTerms['mode'];
  fight: { fight: number; phase: FightView['phase']; betCount: number } | null;
  /** The last results, newest first. */
  results: (FightView['result'] | null)[];
};
