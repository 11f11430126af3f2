import { LOTTERY_VENDOR_CODE, type LotteryDraw, type LotteryGameEntry } from '@platform/contracts/lottery';
import { amountMinor } from '@platform/contracts/money-format';
import {
  betTypesOf,
  type DrawResult,
  drawFromSeed,
  type LotteryBetType,
  type LotteryRegion,
  seedCommitment,
  selectionShape,
} from '@platform/games/lottery';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { LotteryPeriodStatus, LotteryResultSource, StoredDrawResult } from './lottery.tables.ts';

export type LotteryQueries = ReturnType<typeof createLotteryQueries>;

type DrawRow = {
  code: string;
  numero: string;
  draw_date: string;
  draw_at: Date;
  status: LotteryPeriodStatus;
  result: StoredDrawResult | null;
  seed_commitment: string | null;
  seed: string | null;
  result_source: LotteryResultSource;
};

/** The seed stays secret until the draw: only a drawn, settled or voided-after-draw period shows it. */
function presentDraw(row: DrawRow): LotteryDraw {
  const isRevealed = row.result !== null;
  return {
    gameId: row.code,
    numero: row.numero,
    drawDate: row.draw_date,
    winningTime: row.draw_at.getTime(),
    status: row.status,
    result: row.result,
    seedCommitment: row.seed_commitment,
    seed: isRevealed ? row.seed : null,
    resultSource: row.result_source,
  };
}

const drawColumns = [
  'g.code',
  'p.numero',
  'p.draw_date',
  'p.draw_at',
  'p.status',
  'p.result',
  'p.seed_commitment',
  'p.seed',
  'p.result_source',
] as const;

/** The read calls of the lottery page: menu, recent games, draw history, latest results, verification. */
export function createLotteryQueries(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  async function menu(merchantId: number, language: string, gameIds?: readonly number[]): Promise<LotteryGameEntry[]> {
    const at = now();
    let query = db
      .selectFrom('lottery_games as g')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('lottery_periods')
            .distinctOn('game_id')
            .select(['game_id', 'numero', 'draw_at', 'seed_commitment'])
            .where('status', '=', 'open')
            .where('locks_at', '>', at)
            .orderBy('game_id')
            .orderBy('draw_at')
            .as('p'),
        (join) => join.onRef('p.game_id', '=', 'g.id'),
      )
      .select(['g.id', 'g.code', 'g.name', 'g.menu_tag', 'g.category', 'g.region', 'g.draw_days', 'g.draw_time', 'g.interval_seconds'])
      .select(['g.lock_seconds', 'p.numero', 'p.draw_at', 'p.seed_commitment'])
      .where('g.merchant_id', '=', merchantId)
      .where('g.is_enabled', '=', true)
      .orderBy('g.sort')
      .orderBy('g.id');
    if (gameIds) query = query.where('g.id', 'in', gameIds.length > 0 ? gameIds : [0]);
    const rows = await query.execute();
    return rows.map((g) => ({
      gameId: g.code,
      remark: (g.name as Record<string, string>)[language] ?? (g.name as Record<string, string>).vi ?? g.code,
      gameMenuTag: g.menu_tag,
      gameType: g.category,
      region: g.region,
      drawDayOfWeek: (g.draw_days as number[]).join(','),
      drawTime: g.draw_time,
      intervalSeconds: g.interval_seconds,
      numero: g.numero ?? null,
      remainTime: g.draw_at ? Math.max(0, g.draw_at.getTime() - at.getTime()) : 0,
      lockTime: g.lock_seconds,
      winningTime: g.draw_at ? g.draw_at.getTime() : 0,
      seedCommitment: g.seed_commitment ?? null,
      accountTypeName: LOTTERY_VENDOR_CODE,
    }));
  }

  return {
    /** Every enabled game with its open draw; names in the caller's language. */
    async menu(merchantId: number, language: string) {
      const list = await menu(merchantId, language);
      return { tags: [...new Set(list.map((g) => g.gameMenuTag))], list, serverTime: now().getTime() };
    },
    /** The games the member bet on most recently, newest first. */
    async recent(merchantId: number, memberId: number, count: number, language: string) {
      const played = await db
        .selectFrom('lottery_tickets')
        .select(['game_id', sql<Date>`max(created_at)`.as('last')])
        .where('member_id', '=', memberId)
        .groupBy('game_id')
        .orderBy('last', 'desc')
        .limit(count)
        .execute();
      const ids = played.map((p) => Number(p.game_id));
      const games = await db
        .selectFrom('lottery_games')
        .select(['id', 'code'])
        .where('id', 'in', ids.length > 0 ? ids : [0])
        .execute();
      const rank = new Map(games.map((g) => [g.code, ids.indexOf(Number(g.id))]));
      const list = await menu(merchantId, language, ids);
      return list.sort((a, b) => (rank.get(a.gameId) ?? 0) - (rank.get(b.gameId) ?? 0));
    },
    /**
     * The games most bet on over the last seven days (tickets, then stake), then the rest in the
     * operator's order, so the list is full even before anyone has played.
     */
    async popular(merchantId: number, count: number, language: string) {
      const since = new Date(now().getTime() - 7 * 24 * 3600 * 1000);
      const played = await db
        .selectFrom('lottery_tickets as t')
        .innerJoin('lottery_games as g', 'g.id', 't.game_id')
        .select(['g.code', sql<string>`count(*)`.as('tickets'), sql<string>`sum(t.total_stake)`.as('stake')])
        .where('g.merchant_id', '=', merchantId)
        .where('t.created_at', '>=', since)
        .groupBy('g.code')
        .execute();
      const weight = new Map(played.map((p) => [p.code, [Number(p.tickets), Number(p.stake)] as const]));
      const list = await menu(merchantId, language);
      const ranked = list
        .map((game, order) => ({ game, order, w: weight.get(game.gameId) ?? ([0, 0] as const) }))
        .sort((a, b) => b.w[0] - a.w[0] || b.w[1] - a.w[1] || a.order - b.order)
        .map((entry) => entry.game)
        .slice(0, count);
      return { tags: [...new Set(ranked.map((g) => g.gameMenuTag))], list: ranked, serverTime: now().getTime() };
    },
    /** The drawn (or voided) periods of a game, newest first. */
    async history(merchantId: number, gameCode: string, count: number): Promise<LotteryDraw[]> {
      const rows = await db
        .selectFrom('lottery_periods as p')
        .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
        .select(drawColumns)
        .where('g.merchant_id', '=', merchantId)
        .where('g.code', '=', gameCode)
        .where('p.status', 'in', ['drawn', 'settled', 'voided'])
        .where('p.draw_at', '<=', now())
        .orderBy('p.draw_at', 'desc')
        .limit(count)
        .execute();
      return rows.map((r) => presentDraw(r as DrawRow));
    },
    /** The latest result of each game (the results board), most recent draws first. */
    async latest(merchantId: number, count: number): Promise<LotteryDraw[]> {
      const rows = await db
        .selectFrom('lottery_periods as p')
        .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
        .distinctOn('p.game_id')
        .select(drawColumns)
        .where('g.merchant_id', '=', merchantId)
        .where('g.is_enabled', '=', true)
        .where('p.result', 'is not', null)
        .orderBy('p.game_id')
        .orderBy('p.draw_at', 'desc')
        .execute();
      return rows
        .map((r) => presentDraw(r as DrawRow))
        .sort((a, b) => b.winningTime - a.winningTime)
        .slice(0, count);
    },
    /**
     * Where the lobby's lottery launch goes: this site's lottery page, on the game for the betting
     * view, on the list for the lobby view. A game that is unknown, switched off or of another prize
     * mode (Lott: stations, Elott: fast games) is not found.
     */
    async launchTarget(
      merchantId: number,
      launch: { lottoGameCode?: string | undefined; lottoPrizeMode?: string | undefined; lottoView: 'betting' | 'lobby' },
    ): Promise<{ content: string; gameId: string | null }> {
      if (launch.lottoPrizeMode === 'ZY' || launch.lottoPrizeMode === 'SEA') throw new DomainError('not_found', 'lottoPrizeMode');
      if (!launch.lottoGameCode) {
        if (launch.lottoView === 'betting') throw new DomainError('bad_request', 'lottoGameCode');
        return { content: '/lottery', gameId: null };
      }
      const game = await db
        .selectFrom('lottery_games')
        .select(['code', 'category'])
        .where('merchant_id', '=', merchantId)
        .where('code', '=', launch.lottoGameCode)
        .where('is_enabled', '=', true)
        .executeTakeFirst();
      const category = launch.lottoPrizeMode === 'Elott' ? 'ELOTT' : launch.lottoPrizeMode === 'Lott' ? 'LOTT' : undefined;
      if (!game || (category && game.category !== category)) throw new DomainError('not_found', 'lottoGameCode');
      const query = new URLSearchParams({ gameCode: game.code, vendor: LOTTERY_VENDOR_CODE });
      return { content: `/lottery?${query.toString()}`, gameId: game.code };
    },
    /** The bet types a game offers with their odds and stake multipliers, in the engine's order. */
    async playTypes(merchantId: number, gameCode: string) {
      const game = await db
        .selectFrom('lottery_games')
        .select(['code', 'region', 'min_stake', 'max_stake'])
        .where('merchant_id', '=', merchantId)
        .where('code', '=', gameCode)
        .where('is_enabled', '=', true)
        .executeTakeFirst();
      if (!game) throw new DomainError('not_found', 'gameId');
      const region = game.region as LotteryRegion;
      const odds = await db
        .selectFrom('lottery_odds')
        .select(['bet_type', 'odds_milli', 'stake_multiplier'])
        .where('merchant_id', '=', merchantId)
        .where('region', '=', region)
        .where('is_enabled', '=', true)
        .execute();
      const byType = new Map(odds.map((o) => [o.bet_type as LotteryBetType, o]));
      const list = betTypesOf(region).flatMap((betType) => {
        const rate = byType.get(betType);
        if (!rate) return [];
        return [
          { betType, ...selectionShape(betType), stakeMultiplier: Number(rate.stake_multiplier), oddsMilli: Number(rate.odds_milli) },
        ];
      });
      return {
        gameId: game.code,
        region,
        minStake: amountMinor(Number(game.min_stake)),
        maxStake: amountMinor(Number(game.max_stake)),
        list,
      };
    },
    /** Checks a house draw: the seed matches the commitment published at open, and draws the result. */
    async verify(merchantId: number, gameCode: string, numero: string) {
      const row = await db
        .selectFrom('lottery_periods as p')
        .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
        .select([...drawColumns, 'g.region'])
        .where('g.merchant_id', '=', merchantId)
        .where('g.code', '=', gameCode)
        .where('p.numero', '=', numero)
        .executeTakeFirst();
      if (row?.result_source !== 'rng' || !row.seed || !row.seed_commitment || !row.result) throw new DomainError('not_found');
      const result = row.result as DrawResult;
      const expected = drawFromSeed(row.region as LotteryRegion, row.seed);
      return {
        gameId: row.code,
        numero: row.numero,
        seedCommitment: row.seed_commitment,
        seed: row.seed,
        result,
        isCommitmentValid: seedCommitment(row.seed) === row.seed_commitment,
        isResultValid: JSON.stringify(expected) === JSON.stringify(result),
      };
    },
  };
}
