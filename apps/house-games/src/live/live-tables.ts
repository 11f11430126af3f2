import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { replaceFileDurably } from '../durable-file.ts';
import { dragonTigerGame, type LIVE_LIMIT_GROUPS, rouletteGame, sicBoGame } from './live-games.ts';
import type { LiveGame, LiveLimits } from './live-table.ts';

/**
 * The live-style tables beside baccarat: several tables per game, one game code each, each with its
 * own limits. The limits here are the defaults; the operator overrides them in the settings file
 * `<data dir>/table-limits.json` (read again when a round opens, whenever the file has changed):
 *
 *   { "roulette-vip": { "min": 50000, "max": { "STRAIGHT": 2000000 } } }
 *
 * A group left out keeps its default; a file that is not valid leaves the limits in force as they
 * were (and says why in the log).
 */
export type LiveGameName = keyof typeof LIVE_LIMIT_GROUPS;
export type LiveTableConfig = { gameCode: string; tableId: string; game: LiveGameName; limits: LiveLimits };

// biome-ignore lint/suspicious/noExplicitAny: each table carries its own game's outcome type
export const LIVE_GAMES: Record<LiveGameName, LiveGame<any>> = {
  'dragon-tiger': dragonTigerGame,
  'sic-bo': sicBoGame,
  roulette: rouletteGame,
};

export const LIVE_TABLES: readonly LiveTableConfig[] = [
  {
    gameCode: 'dragon-tiger',
    tableId: 'dt1',
    game: 'dragon-tiger',
    limits: { min: 1_000, max: { MAIN: 5_000_000, TIE: 500_000, SUITED_TIE: 100_000 } },
  },
  {
    gameCode: 'dragon-tiger-vip',
    tableId: 'dt2',
    game: 'dragon-tiger',
    limits: { min: 20_000, max: { MAIN: 50_000_000, TIE: 5_000_000, SUITED_TIE: 1_000_000 } },
  },
  {
    gameCode: 'sicbo',
    tableId: 'sb1',
    game: 'sic-bo',
    limits: {
      min: 1_000,
      max: { EVEN_MONEY: 5_000_000, TOTAL: 500_000, TRIPLE: 100_000, DOUBLE: 500_000, SINGLE: 2_000_000, COMBO: 1_000_000 },
    },
  },
  {
    gameCode: 'sicbo-vip',
    tableId: 'sb2',
    game: 'sic-bo',
    limits: {
      min: 20_000,
      max: { EVEN_MONEY: 50_000_000, TOTAL: 5_000_000, TRIPLE: 1_000_000, DOUBLE: 5_000_000, SINGLE: 20_000_000, COMBO: 10_000_000 },
    },
  },
  {
    gameCode: 'roulette',
    tableId: 'ro1',
    game: 'roulette',
    limits: {
      min: 1_000,
      max: {
        EVEN_MONEY: 5_000_000,
        DOZEN_COLUMN: 3_000_000,
        SIX_LINE: 1_000_000,
        CORNER: 700_000,
        STREET: 500_000,
        SPLIT: 300_000,
        STRAIGHT: 150_000,
      },
    },
  },
  {
    gameCode: 'roulette-vip',
    tableId: 'ro2',
    game: 'roulette',
    limits: {
      min: 20_000,
      max: {
        EVEN_MONEY: 50_000_000,
        DOZEN_COLUMN: 30_000_000,
        SIX_LINE: 10_000_000,
        CORNER: 7_000_000,
        STREET: 5_000_000,
        SPLIT: 3_000_000,
        STRAIGHT: 1_500_000,
      },
    },
  },
];

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The defaults with a table's entry of the settings file laid over them; throws on a bad entry. */
export function mergeLimits(config: Pick<LiveTableConfig, 'gameCode' | 'limits'>, override: unknown): LiveLimits {
  if (override === undefined) return config.limits;
  if (!override || typeof override !== 'object' || Array.isArray(override)) throw new Error(`${config.gameCode}: limits must be an object`);
  const o = override as { min?: unknown; max?: unknown };
  const min = o.min === undefined ? config.limits.min : o.min;
  if (!isAmount(min)) throw new Error(`${config.gameCode}: min must be a positive whole number of minor units`);
  const max = { ...config.limits.max };
  if (o.max !== undefined) {
    if (!o.max || typeof o.max !== 'object' || Array.isArray(o.max)) throw new Error(`${config.gameCode}: max must be an object`);
    for (const [group, value] of Object.entries(o.max)) {
      if (!(group in max)) throw new Error(`${config.gameCode}: ${group} is not a limit group of this game`);
      if (!isAmount(value)) throw new Error(`${config.gameCode}: max.${group} must be a positive whole number of minor units`);
      max[group] = value;
    }
  }
  for (const [group, value] of Object.entries(max)) {
    if (value < min) throw new Error(`${config.gameCode}: max.${group} is below the minimum`);
  }
  return { min, max };
}

/**
 * Reads `table-limits.json` again only when it changed; no file means the defaults (baccarat's
 * tables too). `write` replaces one table's entry: the whole file is written beside the old one and
 * renamed over it, so a round that opens meanwhile reads the old file or the new one, never half.
 */
export function createLimitSettings(file: string) {
  let seen = '';
  let parsed: Record<string, unknown> = {};
  function load(): Record<string, unknown> {
    let stamp: string;
    try {
      const stat = statSync(file);
      stamp = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    } catch {
      seen = '';
      parsed = {};
      return parsed;
    }
    if (stamp !== seen) {
      const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('table-limits.json must hold an object');
      parsed = value as Record<string, unknown>;
      seen = stamp;
    }
    return parsed;
  }
  return {
    limitsOf: (config: Pick<LiveTableConfig, 'gameCode' | 'limits'>): LiveLimits => mergeLimits(config, load()[config.gameCode]),
    /** Writes one table's limits (already checked) into the file; the table's next round opens with them. */
    write(gameCode: string, limits: LiveLimits): void {
      let current: Record<string, unknown>;
      try {
        current = load();
      } catch {
        // A file that cannot be read is replaced by one that holds this table's entry.
        current = {};
      }
      const next = { ...current, [gameCode]: { min: limits.min, max: { ...limits.max } } };
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      replaceFileDurably(file, `${JSON.stringify(next, null, 2)}\n`, temporary);
      seen = '';
    },
  };
}
