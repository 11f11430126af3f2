import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  betHistoryQuerySchema,
  betHistoryResponseSchema,
  gameRecallQuerySchema,
  gameRecallResponseSchema,
  profitQuerySchema,
  profitResponseSchema,
  type RANK_PERIODS,
  rankingQuerySchema,
  rankingResponseSchema,
  rankListQuerySchema,
  rankListResponseSchema,
} from '@platform/contracts/games-wallet';
import { totalPagesOf } from '@platform/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestedLanguage } from '../../lib/request-language.ts';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { createRoundNames } from './bet-records.names.ts';
import { maskName, presentBetRecord } from './bet-records.presenter.ts';
import {
  type BetRecord,
  type BetRecordService,
  RANKING_SIZE,
  REPORT_UTC_OFFSET_MINUTES,
  reportDayOf,
  reportDayStart,
  reportRange,
} from './bet-records.service.ts';

/** The catalogue's name and icon of a game, in a language; bet records know only the codes. */
export type GameInfoResolver = (game: {
  vendorCode: string;
  gameCode: string;
  language: string | undefined;
}) => Promise<{ name: string; iconUrl: string | null } | undefined>;

const STATUS_IN = { OPEN: 'open', SETTLED: 'settled', CANCELLED: 'cancelled' } as const;
const memberErrors = { 400: commonErrorResponses[400], 401: commonErrorResponses[401], 500: commonErrorResponses[500] };
const publicErrors = { 400: commonErrorResponses[400], 500: commonErrorResponses[500], 503: commonErrorResponses[503] };

/** Start of the current day, ISO week (Monday) or month, in report time. */
export function periodStart(period: (typeof RANK_PERIODS)[number], now: Date): Date {
  const today = reportDayOf(now);
  if (period === 'DAY') return reportDayStart(today);
  if (period === 'MONTH') return reportDayStart(`${today.slice(0, 8)}01`);
  const start = reportDayStart(today);
  const weekday = new Date(start.getTime() + REPORT_UTC_OFFSET_MINUTES * 60_000).getUTCDay();
  return new Date(start.getTime() - ((weekday + 6) % 7) * 86_400_000);
}

export function betRecordRoutes(deps: {
  betRecords: BetRecordService;
  ledger: LedgerService;
  merchants: MerchantService;
  gameInfo: GameInfoResolver;
  roundNames: ReturnType<typeof createRoundNames>;
  /** Where a vendor shows a round's detail and proof (the house game server), or undefined. */
  roundDetailBase?: (vendorCode: string) => Promise<string | undefined>;
  now: () => Date;
}): FastifyPluginAsyncZod {
  const { betRecords, now } = deps;
  /** The rounds with their game and vendor names in the caller's language. */
  async function presentRounds(rows: readonly BetRecord[], merchantId: number, language: string) {
    const namesOf = await deps.roundNames(merchantId, language, rows);
    const bases = new Map<string, string | undefined>();
    for (const vendor of new Set(rows.map((r) => r.vendorCode))) bases.set(vendor, await deps.roundDetailBase?.(vendor));
    return rows.map((row) => {
      const base = bases.get(row.vendorCode);
      return presentBetRecord(row, namesOf(row), base ? { base, language } : undefined);
    });
  }
  return async (app) => {
    app.get(
      '/wps/relay/GCS_personalHistory',
      {
        preHandler: requireMember,
        schema: {
          tags: ['bet records'],
          summary: "The member's betting record, filtered and paged, with totals",
          security: [{ session: [] }],
          querystring: betHistoryQuerySchema,
          response: { 200: betHistoryResponseSchema, ...memberErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const q = request.query;
        const range = reportRange(q, now());
        const page = await betRecords.history(
          {
            memberId: principal.memberId,
            gameCategory: q.gameCategory,
            vendorCode: q.vendorCode,
            status: q.status ? STATUS_IN[q.status] : undefined,
            from: range.from,
            to: range.to,
          },
          { pageNo: q.pageNo, pageSize: q.pageSize },
        );
        return ok({
          list: await presentRounds(page.rows, principal.merchantId, requestedLanguage(request)),
          pageNo: page.pageNo,
          pageSize: page.pageSize,
          totalCount: page.totals.count,
          totalPages: totalPagesOf(page.totals.count, page.pageSize),
          totals: page.totals,
        });
      },
    );

    app.get(
      '/wps/relay/GCS_personalProfit',
      {
        preHandler: requireMember,
        schema: {
          tags: ['bet records'],
          summary: "The member's profit and loss per day and game category (settled rounds)",
          security: [{ session: [] }],
          querystring: profitQuerySchema,
          response: { 200: profitResponseSchema, ...memberErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const range = reportRange(request.query, now());
        const rows = await betRecords.profit({ memberId: principal.memberId, ...range });
        const zero = () => ({ count: 0, stake: 0, validBet: 0, payout: 0, winLoss: 0 });
        const add = (into: ReturnType<typeof zero>, row: ReturnType<typeof zero>) => {
          into.count += row.count;
          into.stake += row.stake;
          into.validBet += row.validBet;
          into.payout += row.payout;
          into.winLoss += row.winLoss;
        };
        const days = new Map<
          string,
          ReturnType<typeof zero> & { day: string; categories: (ReturnType<typeof zero> & { gameCategory: string })[] }
        >();
        const totals = zero();
        for (const row of rows) {
          let day = days.get(row.day);
          if (!day) {
            day = { day: row.day, ...zero(), categories: [] };
            days.set(row.day, day);
          }
          const { day: _day, gameCategory, ...sums } = row;
          day.categories.push({ gameCategory, ...sums });
          add(day, sums);
          add(totals, sums);
        }
        return ok({
          beginDate: reportDayOf(range.from),
          endDate: reportDayOf(new Date(range.to.getTime() - 1)),
          days: [...days.values()],
          totals,
        });
      },
    );

    app.get(
      '/wps/relay/GCS_gameRecall',
      {
        preHandler: requireMember,
        schema: {
          tags: ['bet records'],
          summary: "The member's last rounds of one game with their outcome",
          security: [{ session: [] }],
          querystring: gameRecallQuerySchema,
          response: { 200: gameRecallResponseSchema, ...memberErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const rows = await betRecords.gameRecall({
          memberId: principal.memberId,
          vendorCode: request.query.vendorCode,
          gameCode: request.query.gameCode,
          limit: request.query.limitNum,
        });
        return ok({ list: await presentRounds(rows, principal.merchantId, requestedLanguage(request)) });
      },
    );

    app.get(
      '/wps/relay/GCSGAME_getRankList',
      {
        schema: {
          tags: ['bet records'],
          summary: 'The winner board and ranking: the biggest real-money wins of the last days or of a period, names masked',
          querystring: rankListQuerySchema,
          response: { 200: rankListResponseSchema, ...publicErrors },
        },
      },
      async (request) => {
        const merchant = await deps.merchants.current();
        const q = request.query;
        const wins = await betRecords.topWins({
          merchantId: merchant.id,
          gameCategory: q.gameCategory === 'ALL' ? undefined : q.gameCategory,
          limit: q.limitNum,
          from: q.period ? periodStart(q.period, now()) : undefined,
        });
        const list = await Promise.all(
          wins.map(async (win) => {
            const info = await deps.gameInfo({ vendorCode: win.vendorCode, gameCode: win.gameCode, language: q.language });
            return {
              iconUrl: info?.iconUrl ?? null,
              customerName: maskName(win.username),
              gameName: info?.name ?? win.gameCode,
              gameCode: win.gameCode,
              vendorCode: win.vendorCode,
              winAmount: win.payout,
              currency: merchant.currency,
              winTime: new Date(win.settledAt).toISOString(),
            };
          }),
        );
        return ok({ list });
      },
    );

    async function ranking(kind: 'deposit' | 'bet', period: (typeof RANK_PERIODS)[number]) {
      const merchant = await deps.merchants.current();
      const to = now();
      const from = periodStart(period, to);
      const filter = { merchantId: merchant.id, currency: merchant.currency, from, to };
      const rows =
        kind === 'deposit'
          ? await deps.ledger.rankMembersByCredits({ ...filter, code: 'deposit', limit: RANKING_SIZE })
          : (await betRecords.validBetRanking(filter)).map((r) => ({ memberId: r.memberId, total: r.total }));
      const names = await betRecords.usernames(rows.map((r) => r.memberId));
      return ok({
        period,
        beginTime: from.toISOString(),
        endTime: to.toISOString(),
        currency: merchant.currency,
        list: rows.map((r, index) => ({ rank: index + 1, customerName: maskName(names.get(r.memberId) ?? '?'), amount: r.total })),
      });
    }

    app.get(
      '/wps/relay/MCSFE_getDepositRank',
      {
        schema: {
          tags: ['bet records'],
          summary: 'Top 20 depositors of the day, week or month (the /deposit-rank page), names masked',
          querystring: rankingQuerySchema,
          response: { 200: rankingResponseSchema, ...publicErrors },
        },
      },
      (request) => ranking('deposit', request.query.period),
    );

    app.get(
      '/wps/relay/MCSFE_getBetRank',
      {
        schema: {
          tags: ['bet records'],
          summary: 'Top 20 by valid bet of the day, week or month (the /bet-rank page), names masked',
          querystring: rankingQuerySchema,
          response: { 200: rankingResponseSchema, ...publicErrors },
        },
      },
      (request) => ranking('bet', request.query.period),
    );
  };
}
