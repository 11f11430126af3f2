import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { LIVE_TABLE_GAMES } from './live-tables.ts';

/**
 * The live tables' limits (baccarat, dragon tiger, sic bo, roulette), read and changed by the
 * operator. The house game server keeps them in its settings file and exposes two signed calls
 * (HMAC-SHA256 of `<timestamp>.<raw body>` with the HOUSE integration's secret, the headers of
 * the vendor protocol):
 *
 *   POST <launch base>/api/operator/table-limits            body {}                → { tables }
 *   POST <launch base>/api/operator/table-limits/<game code> body { min, max }      → { table }
 *
 * A write takes effect when the table's next round opens. The platform's operator calls proxy
 * them: GET /admin-api/house/table-limits and PUT /admin-api/house/table-limits/:gameCode.
 */
export const TABLE_LIMITS_PATH = '/api/operator/table-limits';
/** Minor units: a limit above this is a typing mistake (one hundred billion). */
export const TABLE_LIMIT_AMOUNT_MAX = 100_000_000_000;

export const tableLimitsSchema = z.object({
  /** The smallest stake on one spot, minor units. */
  min: z.number(),
  /** The largest stake per bet kind (limit group), minor units. */
  max: z.record(z.string().min(1).max(32), z.number()),
});
export type TableLimits = z.infer<typeof tableLimitsSchema>;

export const tableLimitsEntrySchema = z.object({
  gameCode: z.string().min(1).max(64),
  game: z.enum(LIVE_TABLE_GAMES),
  tableId: z.string().min(1).max(8),
  /** The limits the next round opens with. */
  limits: tableLimitsSchema,
  /** The game server's built-in limits (what the table falls back to). */
  defaults: tableLimitsSchema,
});
export type TableLimitsEntry = z.infer<typeof tableLimitsEntrySchema>;

export const tableLimitsListSchema = z.object({ tables: z.array(tableLimitsEntrySchema).max(100) });
export const tableLimitsListResponseSchema = okEnvelope(tableLimitsListSchema);
export const tableLimitsEntryResponseSchema = okEnvelope(tableLimitsEntrySchema);
export const gameCodeParamSchema = z.string().regex(/^[a-z0-9-]{1,64}$/);

/** Why a field of a limits form is refused; the console names each in the operator's language. */
export type TableLimitProblem = { field: 'min' | `max.${string}`; reason: 'not_amount' | 'below_min' | 'unknown_kind' | 'missing_kind' };

const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= TABLE_LIMIT_AMOUNT_MAX;

/**
 * The one check of a table's new limits, on the game server, the platform and the form alike:
 * positive whole amounts of minor units, every bet kind of the table and no other, and no maximum
 * below the minimum. Empty when the limits are good.
 */
export function tableLimitProblems(input: unknown, kinds: readonly string[]): TableLimitProblem[] {
  const problems: TableLimitProblem[] = [];
  const o = input && typeof input === 'object' && !Array.isArray(input) ? (input as { min?: unknown; max?: unknown }) : {};
  const minOk = isAmount(o.min);
  if (!minOk) problems.push({ field: 'min', reason: 'not_amount' });
  const max = o.max && typeof o.max === 'object' && !Array.isArray(o.max) ? (o.max as Record<string, unknown>) : {};
  for (const kind of Object.keys(max)) if (!kinds.includes(kind)) problems.push({ field: `max.${kind}`, reason: 'unknown_kind' });
  for (const kind of kinds) {
    const value = max[kind];
    if (value === undefined) problems.push({ field: `max.${kind}`, reason: 'missing_kind' });
    else if (!isAmount(value)) problems.push({ field: `max.${kind}`, reason: 'not_amount' });
    else if (minOk && value < (o.min as number)) problems.push({ field: `max.${kind}`, reason: 'below_min' });
  }
  return problems;
}
