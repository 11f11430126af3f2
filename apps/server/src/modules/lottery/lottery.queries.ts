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
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import * as repo from './lottery.queries.repository.ts';
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

/** The read calls of the lottery page: menu, recent games, draw history, latest results, verification. */
export function createLotteryQueries(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  async function menu(merchantId: number, language: string, gameIds?: readonly number[]): Promise<LotteryGameEntry[]> {
    const at = now();
    const rows = await repo.findMenuRows(db, merchantId, at, gameIds);
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
      const played = await repo.findRecentlyPlayedGames(db, memberId, count);
      const ids = played.map((p) => Number(p.game_id));
      const games = await repo.findGameCodes(db, ids);
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
      const played = await repo.sumPlayedSince(db, merchantId, since);
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
      const rows = await repo.findDrawHistory(db, merchantId, gameCode, now(), count);
      return rows.map((r) => presentDraw(r as DrawRow));
    },
    /** The latest result of each game (the results board), most recent draws first. */
    async latest(merchantId: number, count: number): Promise<LotteryDraw[]> {
      const rows = await repo.findLatestDraws(db, merchantId);
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
      const game = await repo.findEnabledGameCategory(db, merchantId, launch.lottoGameCode);
      const category = launch.lottoPrizeMode === 'Elott' ? 'ELOTT' : launch.lottoPrizeMode === 'Lott' ? 'LOTT' : undefined;
      if (!game || (category && game.category !== category)) throw new DomainError('not_found', 'lottoGameCode');
      const query = new URLSearchParams({ gameCode: game.code, vendor: LOTTERY_VENDOR_CODE });
      return { content: `/lottery?${query.toString()}`, gameId: game.code };
    },
    /** The bet types a game offers with their odds and stake multipliers, in the engine's order. */
    async playTypes(merchantId: number, gameCode: string) {
      const game = await repo.findEnabledGameStakes(db, merchantId, gameCode);
      if (!game) throw new DomainError('not_found', 'gameId');
      const region = game.region as LotteryRegion;
      const odds = await repo.findEnabledOddsOf(db, merchantId, region);
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
      const row = await repo.findDraw(db, merchantId, gameCode, numero);
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
