import type {
  AdminLotteryGame,
  AdminLotteryGameCreate,
  AdminLotteryGamePatch,
  AdminLotteryOddsBody,
  LotteryBetTypeCode,
} from '@platform/contracts/lottery';
import { amountMinor } from '@platform/contracts/money-format';
import { betTypesOf, type LotteryRegion } from '@platform/games/lottery';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './lottery.admin.repository.ts';
import type { LotteryGameRow } from './lottery.repository.ts';

export type LotteryAdmin = ReturnType<typeof createLotteryAdmin>;

function present(row: LotteryGameRow): AdminLotteryGame {
  return {
    gameId: row.code,
    category: row.category,
    region: row.region,
    province: row.province,
    name: row.name as Record<string, string>,
    menuTag: row.menu_tag,
    drawDays: row.draw_days as number[],
    drawTime: row.draw_time,
    intervalSeconds: row.interval_seconds,
    lockSeconds: row.lock_seconds,
    resultSource: row.result_source,
    minStake: amountMinor(Number(row.min_stake)),
    maxStake: amountMinor(Number(row.max_stake)),
    maxPayoutPerNumber: amountMinor(Number(row.max_payout_per_number)),
    isEnabled: row.is_enabled,
    sort: row.sort,
  };
}

type GameShape = {
  category: 'LOTT' | 'ELOTT';
  drawDays: number[] | null;
  drawTime: string | null;
  intervalSeconds: number | null;
  lockSeconds: number;
  minStake: number;
  maxStake: number;
};

/** The rules across fields: a station draws on weekdays at a time, a fast game every interval; betting closes before the draw. */
function assertShape(game: GameShape): void {
  if (game.category === 'LOTT') {
    if (!game.drawTime || !game.drawDays || game.drawDays.length === 0 || game.intervalSeconds !== null)
      throw new DomainError('lottery_station_schedule_required', 'drawTime');
  } else {
    if (game.intervalSeconds === null || game.drawTime !== null) throw new DomainError('lottery_fast_interval_required', 'intervalSeconds');
    if (game.lockSeconds >= game.intervalSeconds) throw new DomainError('lottery_lock_too_long', 'lockSeconds');
  }
  if (game.minStake > game.maxStake) throw new DomainError('lottery_stake_range_invalid', 'maxStake');
}

/**
 * The operator's lottery data: stations and fast games (schedules, lock time, stake range, risk
 * limit, on/off) and the odds and stake multipliers per region and bet type. Every change is audited
 * in the same transaction. Draws already created keep their times and limits; odds changes apply to
 * tickets placed afterwards (a ticket line keeps the odds it was placed at).
 */
export function createLotteryAdmin(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  return {
    async listGames(admin: AdminPrincipal): Promise<AdminLotteryGame[]> {
      const rows = await repo.findGamesOf(db, admin.merchantId);
      return rows.map(present);
    },

    async createGame(admin: AdminPrincipal, input: AdminLotteryGameCreate, ip: string): Promise<AdminLotteryGame> {
      assertShape({
        category: input.category,
        drawDays: input.drawDays ?? null,
        drawTime: input.drawTime ?? null,
        intervalSeconds: input.intervalSeconds ?? null,
        lockSeconds: input.lockSeconds,
        minStake: input.minStake,
        maxStake: input.maxStake,
      });
      return db.transaction().execute(async (trx) => {
        if (await repo.findGame(trx, admin.merchantId, input.gameId)) throw new DomainError('lottery_game_code_taken', 'gameId');
        await repo.insertGame(trx, {
          merchant_id: admin.merchantId,
          code: input.gameId,
          category: input.category,
          region: input.region,
          province: input.province,
          name: JSON.stringify(input.name),
          menu_tag: input.menuTag,
          draw_days: JSON.stringify(input.drawDays ?? [1, 2, 3, 4, 5, 6, 7]),
          draw_time: input.drawTime ?? null,
          interval_seconds: input.intervalSeconds ?? null,
          lock_seconds: input.lockSeconds,
          result_source: input.resultSource,
          min_stake: input.minStake,
          max_stake: input.maxStake,
          max_payout_per_number: input.maxPayoutPerNumber,
          sort: input.sort,
        });
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: admin.adminId,
          action: 'lottery.game_created',
          subjectType: 'lottery_game',
          subjectId: input.gameId,
          data: { game: input },
          ip,
        });
        return present((await repo.findGame(trx, admin.merchantId, input.gameId)) as LotteryGameRow);
      });
    },

    async updateGame(admin: AdminPrincipal, code: string, patch: AdminLotteryGamePatch, ip: string): Promise<AdminLotteryGame> {
      return db.transaction().execute(async (trx) => {
        const before = await repo.findGame(trx, admin.merchantId, code, 'update');
        if (!before) throw new DomainError('not_found', 'gameId');
        // A fast game's draw numbers count its draws in the day at its interval: another interval
        // would give later draws the numbers of earlier ones, so it is a new game instead.
        if (
          patch.intervalSeconds !== undefined &&
          before.interval_seconds !== null &&
          patch.intervalSeconds !== Number(before.interval_seconds)
        )
          throw new DomainError('lottery_interval_fixed', 'intervalSeconds');
        const next = { ...present(before), ...patch };
        assertShape({
          category: next.category,
          drawDays: next.drawDays,
          drawTime: next.drawTime,
          intervalSeconds: next.intervalSeconds,
          lockSeconds: next.lockSeconds,
          minStake: next.minStake,
          maxStake: next.maxStake,
        });
        await repo.updateGame(trx, before.id, {
          name: JSON.stringify(next.name),
          draw_days: JSON.stringify(next.drawDays),
          draw_time: next.drawTime,
          interval_seconds: next.intervalSeconds,
          lock_seconds: next.lockSeconds,
          result_source: next.resultSource,
          min_stake: next.minStake,
          max_stake: next.maxStake,
          max_payout_per_number: next.maxPayoutPerNumber,
          is_enabled: next.isEnabled,
          sort: next.sort,
          updated_at: now(),
        });
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: admin.adminId,
          action: 'lottery.game_updated',
          subjectType: 'lottery_game',
          subjectId: code,
          data: { change: patch },
          ip,
        });
        return present((await repo.findGame(trx, admin.merchantId, code)) as LotteryGameRow);
      });
    },

    async listOdds(admin: AdminPrincipal, region: LotteryRegion | undefined) {
      const rows = await repo.findOdds(db, admin.merchantId, region);
      return rows.map((r) => ({
        region: r.region as LotteryRegion,
        betType: r.bet_type as LotteryBetTypeCode,
        oddsMilli: Number(r.odds_milli),
        stakeMultiplier: Number(r.stake_multiplier),
        isEnabled: r.is_enabled,
      }));
    },
  };
}

/**
 * Applies an approved odds change in the approval's transaction (`lottery.changes.ts`): the bet type's
 * odds, stake multiplier or availability in the region. Tickets keep the odds they were placed at.
 */
export async function applyOdds(trx: Transaction<DB>, merchantId: number, body: AdminLotteryOddsBody, at: Date) {
  const before = await repo.lockOdds(trx, merchantId, body.region, body.betType);
  if (!before && (body.oddsMilli === undefined || body.stakeMultiplier === undefined)) throw new DomainError('bad_request', 'oddsMilli');
  const next = {
    odds_milli: body.oddsMilli ?? Number(before?.odds_milli),
    stake_multiplier: body.stakeMultiplier ?? Number(before?.stake_multiplier),
    is_enabled: body.isEnabled ?? before?.is_enabled ?? true,
  };
  await repo.upsertOdds(trx, { merchantId, region: body.region, betType: body.betType }, next, at);
  return {
    before: before ? oddsValues(before) : null,
    after: { oddsMilli: next.odds_milli, stakeMultiplier: next.stake_multiplier, isEnabled: next.is_enabled },
  };
}

/** The odds of a stored row as the operator reads them. */
export function oddsValues(row: { odds_milli: number | string; stake_multiplier: number | string; is_enabled: boolean }) {
  return { oddsMilli: Number(row.odds_milli), stakeMultiplier: Number(row.stake_multiplier), isEnabled: row.is_enabled };
}

/** Whether the region offers the bet type (the odds request's first check). */
export function assertBetTypeOf(region: LotteryRegion, betType: LotteryBetTypeCode): void {
  if (!betTypesOf(region).includes(betType)) throw new DomainError('bad_request', 'betType');
}
