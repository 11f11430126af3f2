import { JACKPOT_DEFAULT_GROWTH_PER_TICK_CENTS, JACKPOT_DEFAULT_TICK_MS } from '@platform/contracts/games';
import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

/**
 * The home page's jackpot counter: a display rule, not money anyone holds. Amounts are hundredths
 * of the display unit. The value at time t is base + floor((t - startedAt) / tickMs) * growthPerTick;
 * restarting sets startedAt to now.
 */
export const jackpotSetting = defineSetting(
  'games.jackpot',
  z.object({
    base: z.number().int().min(0).max(1e13),
    growthPerTick: z.number().int().min(0).max(1e9),
    tickMs: z.number().int().min(250).max(3_600_000),
    startedAt: z.iso.datetime(),
  }),
  {
    base: 123_456_789_00,
    growthPerTick: JACKPOT_DEFAULT_GROWTH_PER_TICK_CENTS,
    tickMs: JACKPOT_DEFAULT_TICK_MS,
    startedAt: '2026-11-22T00:00:00.000Z',
  },
);
export type JackpotConfig = z.infer<typeof jackpotSetting.schema>;

export function jackpotValueAt(config: JackpotConfig, at: Date): number {
  const elapsedMs = at.getTime() - Date.parse(config.startedAt);
  const ticks = elapsedMs > 0 ? Math.floor(elapsedMs / config.tickMs) : 0;
  return config.base + ticks * config.growthPerTick;
}
