import { drawFromSeed, seedCommitment } from '@platform/games/lottery';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repo from './lottery.repository.ts';
import { plannedPeriods } from './lottery.schedule.ts';

/** Periods ahead of time and the house (RNG) draws: each period gets its seed and commitment when created. */
export function createLotteryDraws(deps: { db: Kysely<DB>; now: () => Date; randomSeed: () => string }) {
  const { db, now, randomSeed } = deps;

  /** Creates the periods each enabled game should have ahead; a house draw gets its seed and commitment. */
  async function ensurePeriods(): Promise<number> {
    const at = now();
    const games = await repo.findEnabledGames(db);
    let created = 0;
    for (const game of games) {
      const planned = plannedPeriods(
        { drawDays: game.draw_days, drawTime: game.draw_time, intervalSeconds: game.interval_seconds, lockSeconds: game.lock_seconds },
        at,
      );
      if (planned.length === 0) continue;
      const rows = planned.map((p) => {
        const seed = game.result_source === 'rng' ? randomSeed() : null;
        return {
          game_id: game.id,
          numero: p.numero,
          draw_date: p.drawDate,
          opens_at: p.opensAt,
          locks_at: p.locksAt,
          draw_at: p.drawAt,
          seed,
          seed_commitment: seed ? seedCommitment(seed) : null,
          result_source: game.result_source,
          status: 'open' as const,
        };
      });
      created += await repo.insertPeriodsIfMissing(db, rows);
    }
    return created;
  }

  /** Reveals the seed and the result of every house draw that is due. */
  async function drawDue(): Promise<number> {
    const due = await repo.findDueHouseDraws(db, now());
    let drawn = 0;
    for (const period of due) {
      if (!period.seed) continue;
      const result = drawFromSeed(period.region, period.seed);
      drawn += await repo.markPeriodDrawn(db, period.id, result, now());
    }
    return drawn;
  }

  return { ensurePeriods, drawDue };
}
