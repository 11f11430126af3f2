import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import {
  lotteryHistoryQuerySchema,
  lotteryHistoryResponseSchema,
  lotteryLatestQuerySchema,
  lotteryLaunchQuerySchema,
  lotteryLaunchResponseSchema,
  lotteryMenuQuerySchema,
  lotteryMenuResponseSchema,
  lotteryPlayTypesQuerySchema,
  lotteryPlayTypesResponseSchema,
  lotteryPopularQuerySchema,
  lotteryRecentQuerySchema,
  lotteryVerifyQuerySchema,
  lotteryVerifyResponseSchema,
  placeTicketBodySchema,
  ticketResponseSchema,
  ticketsQuerySchema,
  ticketsResponseSchema,
} from '@platform/contracts/lottery';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestKeyOf } from '../../lib/request-hash.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { LotteryQueries } from './lottery.queries.ts';
import type { LotteryService } from './lottery.service.ts';

const publicErrors = { 400: errorEnvelope, 404: errorEnvelope, 500: errorEnvelope };
const memberErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 500: errorEnvelope };
const security = [{ session: [] }];
/** Tickets a member may place per minute. */
const TICKETS_PER_MINUTE = 60;

/** The lottery page's calls (spec "Lottery"); the operator's are in lottery.admin-routes.ts. */
export function lotteryRoutes(deps: {
  lottery: LotteryService;
  queries: LotteryQueries;
  merchants: MerchantService;
}): FastifyPluginAsyncZod {
  const { lottery, queries, merchants } = deps;
  async function merchantIdOf(request: FastifyRequest): Promise<number> {
    return request.principal?.merchantId ?? (await merchants.current()).id;
  }
  function languageOf(request: FastifyRequest, fromQuery: string | undefined): string {
    return fromQuery?.toLowerCase().startsWith('en') ? 'en' : fromQuery?.toLowerCase().startsWith('vi') ? 'vi' : requestLanguage(request);
  }

  return async (app) => {
    app.get(
      '/lgw/vn/games/game_menu',
      {
        schema: {
          tags: ['lottery'],
          summary: 'Lottery stations and fast games with their open draw: numero, remainTime (ms), lockTime (s), winningTime',
          querystring: lotteryMenuQuerySchema,
          response: { 200: lotteryMenuResponseSchema, ...publicErrors },
        },
      },
      async (request) => ok(await queries.menu(await merchantIdOf(request), languageOf(request, request.query.language))),
    );

    app.get(
      '/lgw/vn/games/game_menu/recent',
      {
        preHandler: requireMember,
        schema: {
          tags: ['lottery'],
          summary: 'The lottery games the member bet on most recently',
          security,
          querystring: lotteryRecentQuerySchema,
          response: { 200: lotteryMenuResponseSchema, ...memberErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const list = await queries.recent(
          principal.merchantId,
          principal.memberId,
          request.query.recentCount,
          languageOf(request, request.query.language),
        );
        return ok({ tags: [...new Set(list.map((g) => g.gameMenuTag))], list, serverTime: Date.now() });
      },
    );

    app.get(
      '/lgw/vn/games/launch',
      {
        preHandler: requireMember,
        schema: {
          tags: ['lottery'],
          summary: "The lobby's lottery launch (lottoArea VN, launchMode LOTT): the address of this site's lottery page on the game",
          security,
          querystring: lotteryLaunchQuerySchema,
          response: { 200: lotteryLaunchResponseSchema, ...memberErrors },
        },
      },
      async (request) => ok(await queries.launchTarget(principalOf(request).merchantId, request.query)),
    );

    app.get(
      '/lgw/vn/games/popular',
      {
        schema: {
          tags: ['lottery'],
          summary: 'The lottery games most bet on lately (count up to 20), then the rest in the operator order',
          querystring: lotteryPopularQuerySchema,
          response: { 200: lotteryMenuResponseSchema, ...publicErrors },
        },
      },
      async (request) =>
        ok(await queries.popular(await merchantIdOf(request), request.query.count, languageOf(request, request.query.language))),
    );

    app.get(
      '/lgw/vn/games/play_types',
      {
        schema: {
          tags: ['lottery'],
          summary: "A game's bet types: numbers and digits per selection, stake multiplier, odds, and the stake range",
          querystring: lotteryPlayTypesQuerySchema,
          response: { 200: lotteryPlayTypesResponseSchema, ...publicErrors },
        },
      },
      async (request) => ok(await queries.playTypes(await merchantIdOf(request), request.query.gameId)),
    );

    app.get(
      '/lgw/vn/numeros/opened/game',
      {
        schema: {
          tags: ['lottery'],
          summary: 'Draw history of one game: results by tier (DB, G1..G8), with the seed of house draws',
          querystring: lotteryHistoryQuerySchema,
          response: { 200: lotteryHistoryResponseSchema, ...publicErrors },
        },
      },
      async (request) => ok({ list: await queries.history(await merchantIdOf(request), request.query.gameId, request.query.count) }),
    );

    app.get(
      '/lotto/lgw/games/opened/numero',
      {
        schema: {
          tags: ['lottery'],
          summary: 'The latest drawn numero of every game: the results board',
          querystring: lotteryLatestQuerySchema,
          response: { 200: lotteryHistoryResponseSchema, ...publicErrors },
        },
      },
      async (request) => ok({ list: await queries.latest(await merchantIdOf(request), request.query.count) }),
    );

    app.get(
      '/lgw/vn/numeros/verify',
      {
        schema: {
          tags: ['lottery'],
          summary: 'Verifies a house draw: the revealed seed against the commitment published at open, and the result it draws',
          querystring: lotteryVerifyQuerySchema,
          response: { 200: lotteryVerifyResponseSchema, ...publicErrors },
        },
      },
      async (request) => ok(await queries.verify(await merchantIdOf(request), request.query.gameId, request.query.numero)),
    );

    app.post(
      '/lgw/vn/tickets',
      {
        preHandler: requireRealAccount,
        config: {
          rateLimit: {
            max: TICKETS_PER_MINUTE,
            timeWindow: 60_000,
            keyGenerator: (request) => (request.principal ? `lottery:member:${request.principal.memberId}` : `lottery:ip:${request.ip}`),
          },
        },
        schema: {
          tags: ['lottery'],
          summary: 'Places a ticket of one or more lines on an open draw; the stake is reserved until the draw settles',
          security,
          body: placeTicketBodySchema,
          response: { 200: ticketResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await lottery.placeTicket(principalOf(request), request.body, requestKeyOf(request, request.body.requestId))),
    );

    app.get(
      '/lgw/vn/tickets',
      {
        preHandler: requireMember,
        schema: {
          tags: ['lottery'],
          summary: "The member's tickets, newest first, with each line's hits and payout once settled",
          security,
          querystring: ticketsQuerySchema,
          response: { 200: ticketsResponseSchema, ...memberErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const gameId = request.query.gameId ? (await lottery.gameByCode(principal.merchantId, request.query.gameId)).id : undefined;
        return ok({
          list: await lottery.ticketsOf({
            memberId: principal.memberId,
            limit: request.query.limit,
            ...(gameId !== undefined ? { gameId } : {}),
          }),
        });
      },
    );
  };
}
