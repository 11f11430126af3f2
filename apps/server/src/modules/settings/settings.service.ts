import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { createBoundedCache } from '../../lib/bounded-cache.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './settings.repository.ts';

/**
 * An operator-editable setting. Each module declares its own beside its code:
 *   export const whitelabelSetting = defineSetting('whitelabel', schema, defaults);
 * The value is stored per merchant as JSON, validated on write and on read; a missing or invalid
 * stored value falls back to the default, so a bad edit cannot take the site down.
 */
export type SettingDefinition<S extends z.ZodType> = {
  key: string;
  schema: S;
  defaultValue: z.output<S>;
  /** For a value holding secrets: the value with them masked, as operators read it and the audit log keeps it. */
  redact?(value: z.output<S>): z.output<S>;
  /** For a value holding secrets: an operator's new value with the masked secrets put back from the stored one. */
  restore?(next: z.output<S>, stored: z.output<S>): z.output<S>;
};

export function defineSetting<S extends z.ZodType>(
  key: string,
  schema: S,
  defaultValue: z.output<S>,
  secrets?: { redact: (value: z.output<S>) => z.output<S>; restore: (next: z.output<S>, stored: z.output<S>) => z.output<S> },
): SettingDefinition<S> {
  return { key, schema, defaultValue, ...(secrets ?? {}) };
}

/** A setting's value as an operator may see it (its secrets masked). */
export function redacted<S extends z.ZodType>(def: SettingDefinition<S>, value: z.output<S>): z.output<S> {
  return def.redact ? def.redact(value) : value;
}

/** Settings are read on hot paths; a short cache keeps that off the database. */
export const SETTINGS_CACHE_TTL_MS = 5_000;
/** Values remembered per node at most (merchants times settings read). */
export const SETTINGS_CACHE_ENTRIES_MAX = 10_000;

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(deps: { db: Kysely<DB>; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const cache = createBoundedCache<string, unknown>({ max: SETTINGS_CACHE_ENTRIES_MAX, ttlMs: SETTINGS_CACHE_TTL_MS, now });

  /** Pass `executor` (a transaction) when called inside one: the database must not be used there. */
  async function get<S extends z.ZodType>(merchantId: number, def: SettingDefinition<S>, executor?: Kysely<DB>): Promise<z.output<S>> {
    const cacheKey = `${merchantId}:${def.key}`;
    const hit = cache.lookup(cacheKey);
    if (hit) return hit.value as z.output<S>;
    const stored = await repo.findValue(executor ?? deps.db, merchantId, def.key);
    const parsed = stored === undefined ? undefined : def.schema.safeParse(stored);
    const value = parsed?.success ? (parsed.data as z.output<S>) : def.defaultValue;
    cache.set(cacheKey, value);
    return value;
  }

  /** Validates and stores a value; throws the schema's error for a bad one. */
  async function set<S extends z.ZodType>(
    merchantId: number,
    def: SettingDefinition<S>,
    value: z.input<S>,
    updatedBy: string | null,
  ): Promise<void> {
    const parsed = def.schema.parse(value);
    await repo.upsertValue(deps.db, merchantId, def.key, parsed, updatedBy);
    cache.delete(`${merchantId}:${def.key}`);
  }

  /**
   * An operator's edit: stores the value and writes the audit row (value before and after) in one
   * transaction, so a change is never made without its record.
   */
  async function setByOperator<S extends z.ZodType>(
    merchantId: number,
    def: SettingDefinition<S>,
    value: z.output<S>,
    operator: { adminId: number; ip: string | null },
  ): Promise<void> {
    const before = await get(merchantId, def);
    const sent = def.schema.parse(value);
    const parsed = def.restore ? def.schema.parse(def.restore(sent, before)) : sent;
    await deps.db.transaction().execute(async (trx) => {
      await repo.upsertValue(trx, merchantId, def.key, parsed, `admin:${operator.adminId}`);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: operator.adminId,
        action: 'settings.update',
        subjectType: 'setting',
        subjectId: def.key,
        data: { merchantId, before: redacted(def, before), after: redacted(def, parsed) },
        ip: operator.ip,
      });
    });
    cache.delete(`${merchantId}:${def.key}`);
  }

  return { get, set, setByOperator, clearCache: () => cache.clear() };
}
