import type {
  AdminLotteryGame,
  AdminLotteryGameCreate,
  AdminLotteryGamePatch,
  AdminLotteryOddsBody,
  LotteryBetTypeCode,
} from '@platform/contracts/lottery';
import { amountMinor } from '@platform/contracts/money-format';
import { betTypesOf, type LotteryRegion } from '@platform/games/lottery';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LotteryGameRow } from './lottery.service.ts';

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
    if (!game.drawTime || !game.drawDays || game.drawDays.length === 0) throw new DomainError('bad_request', 'drawTime');
    if (game.intervalSeconds !== null) throw new DomainError('bad_request', 'intervalSeconds');
  } else {
    if (game.intervalSeconds === null) throw new DomainError('bad_request', 'intervalSeconds');
    if (game.drawTime !== null) throw new DomainError('bad_request', 'drawTime');
    if (game.lockSeconds >= game.intervalSeconds) throw new DomainError('bad_request', 'lockSeconds');
  }
  if (game.minStake > game.maxStake) throw new DomainError('bad_request', 'maxStake');
}

/**
 * The operator's lottery data: stations and fast games (schedules, lock time, stake range, risk
 * limit, on/off) and the odds and stake multipliers per region and bet type. Every change is audited
 * in the same transaction. Draws already created keep their times and limits; odds changes apply to
 * tickets placed afterwards (a ticket line keeps the odds it was placed at).
 */
export function createLotteryAdmin(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  async function find(executor: Kysely<DB>, merchantId: number, code: string): Promise<LotteryGameRow | undefined> {
    return executor
      .selectFrom('lottery_games')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  return {
    async listGames(admin: AdminPrincipal): Promise<AdminLotteryGame[]> {
      const rows = await db
        .selectFrom('lottery_games')
        .selectAll()
        .where('merchant_id', '=', admin.merchantId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
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
        if (await find(trx, admin.merchantId, input.gameId)) throw new DomainError('conflict', 'gameId');
        await trx
          .insertInto('lottery_games')
          .values({
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
          })
          .execute();
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: admin.adminId,
          action: 'lottery.game_created',
          subjectType: 'lottery_game',
          subjectId: input.gameId,
          data: { game: input },
          ip,
        });
        return present((await find(trx, admin.merchantId, input.gameId)) as LotteryGameRow);
      });
    },

    async updateGame(admin: AdminPrincipal, code: string, patch: AdminLotteryGamePatch, ip: string): Promise<AdminLotteryGame> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('lottery_games')
          .selectAll()
          .where('merchant_id', '=', admin.merchantId)
          .where('code', '=', code)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new DomainError('not_found', 'gameId');
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
        await trx
          .updateTable('lottery_games')
          .set({
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
          })
          .where('id', '=', before.id)
          .execute();
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: admin.adminId,
          action: 'lottery.game_updated',
          subjectType: 'lottery_game',
          subjectId: code,
          data: { change: patch },
          ip,
        });
        return present((await find(trx, admin.merchantId, code)) as LotteryGameRow);
      });
    },

    async listOdds(admin: AdminPrincipal, region: LotteryRegion | undefined) {
      let query = db
        .selectFrom('lottery_odds')
        .select(['region', 'bet_type', 'odds_milli', 'stake_multiplier', 'is_enabled'])
        .where('merchant_id', '=', admin.merchantId);
      if (region) query = query.where('region', '=', region);
      const rows = await query.orderBy('region').orderBy('bet_type').execute();
      return rows.map((r) => ({
        region: r.region as LotteryRegion,
        betType: r.bet_type as LotteryBetTypeCode,
        oddsMilli: Number(r.odds_milli),
        stakeMultiplier: Number(r.stake_multiplier),
        isEnabled: r.is_enabled,
      }));
    },

    async setOdds(admin: AdminPrincipal, body: AdminLotteryOddsBody, ip: string) {
      if (!betTypesOf(body.region).includes(body.betType)) throw new DomainError('bad_request', 'betType');
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('lottery_odds')
          .selectAll()
          .where('merchant_id', '=', admin.merchantId)
          .where('region', '=', body.region)
          .where('bet_type', '=', body.betType)
          .forUpdate()
          .executeTakeFirst();
        if (!before && (body.oddsMilli === undefined || body.stakeMultiplier === undefined)) {
          throw new DomainError('bad_request', 'oddsMilli');
        }
        const next = {
          odds_milli: body.oddsMilli ?? Number(before?.odds_milli),
          stake_multiplier: body.stakeMultiplier ?? Number(before?.stake_multiplier),
          is_enabled: body.isEnabled ?? before?.is_enabled ?? true,
        };
        await trx
          .insertInto('lottery_odds')
          .values({ merchant_id: admin.merchantId, region: body.region, bet_type: body.betType, ...next, updated_at: now() })
          .onConflict((oc) => oc.columns(['merchant_id', 'region', 'bet_type']).doUpdateSet({ ...next, updated_at: now() }))
          .execute();
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: admin.adminId,
          action: 'lottery.odds_updated',
          subjectType: 'lottery_odds',
          subjectId: `${body.region}:${body.betType}`,
          data: {
            before: before
              ? { oddsMilli: Number(before.odds_milli), stakeMultiplier: Number(before.stake_multiplier), isEnabled: before.is_enabled }
              : null,
            after: { oddsMilli: next.odds_milli, stakeMultiplier: next.stake_multiplier, isEnabled: next.is_enabled },
          },
          ip,
        });
        return {
          region: body.region,
          betType: body.betType,
          oddsMilli: next.odds_milli,
          stakeMultiplier: next.stake_multiplier,
          isEnabled: next.is_enabled,
        };
      });
    },
  };
}
