import { errorEnvelope, ok } from '@platform/contracts/envelope';
import {
  adminChangeApproveBodySchema,
  adminChangeListQuerySchema,
  adminChangeListResponseSchema,
  adminChangeRejectBodySchema,
  adminChangeRequestResponseSchema,
  adminDrawsAwaitingResponseSchema,
  adminLotteryGameCreateSchema,
  adminLotteryGameParamsSchema,
  adminLotteryGamePatchSchema,
  adminLotteryGameResponseSchema,
  adminLotteryGamesResponseSchema,
  adminLotteryOddsQuerySchema,
  adminLotteryOddsResponseSchema,
  adminOddsRequestBodySchema,
  adminResultBodySchema,
  adminResultEntryResponseSchema,
  adminResultListQuerySchema,
  adminResultListResponseSchema,
  adminResultRejectBodySchema,
  adminVoidRequestBodySchema,
  idParamsSchema,
} from '@platform/contracts/lottery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { LotteryAdmin } from './lottery.admin.ts';
import type { LotteryChanges } from './lottery.changes.ts';
import type { LotteryService } from './lottery.service.ts';

const TAGS = ['admin', 'lottery'];
const security = [{ session: [] }];
const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 500: errorEnvelope };

/** The operator's lottery games, odds, results, and the four-eyes requests for odds changes and voids (docs/lottery.md, docs/admin-api.md). */
export function lotteryAdminRoutes(deps: { admin: LotteryAdmin; changes: LotteryChanges; lottery: LotteryService }): FastifyPluginAsyncZod {
  const { admin, changes, lottery } = deps;
  return async (app) => {
    app.get(
      '/admin-api/lottery/games',
      {
        preHandler: requirePermission('lottery:read'),
        schema: {
          tags: TAGS,
          summary: 'Every lottery station and fast game, enabled or not',
          security,
          response: { 200: adminLotteryGamesResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await admin.listGames(adminOf(request)) }),
    );

    app.post(
      '/admin-api/lottery/games',
      {
        preHandler: requirePermission('lottery:config'),
        schema: {
          tags: TAGS,
          summary: 'Adds a station (weekdays and draw time) or a fast game (interval)',
          security,
          body: adminLotteryGameCreateSchema,
          response: { 200: adminLotteryGameResponseSchema, ...errors },
        },
      },
      async (request) => ok(await admin.createGame(adminOf(request), request.body, request.ip)),
    );

    app.patch(
      '/admin-api/lottery/games/:gameId',
      {
        preHandler: requirePermission('lottery:config'),
        schema: {
          tags: TAGS,
          summary: 'Changes a game: schedule, lock time, stake range, risk limit, on or off; draws already created keep theirs',
          security,
          params: adminLotteryGameParamsSchema,
          body: adminLotteryGamePatchSchema,
          response: { 200: adminLotteryGameResponseSchema, ...errors },
        },
      },
      async (request) => ok(await admin.updateGame(adminOf(request), request.params.gameId, request.body, request.ip)),
    );

    app.get(
      '/admin-api/lottery/odds',
      {
        preHandler: requirePermission('lottery:read'),
        schema: {
          tags: TAGS,
          summary: 'Odds and stake multipliers per region and bet type',
          security,
          querystring: adminLotteryOddsQuerySchema,
          response: { 200: adminLotteryOddsResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await admin.listOdds(adminOf(request), request.query.region) }),
    );

    app.post(
      '/admin-api/lottery/results',
      {
        preHandler: requirePermission('lottery:result'),
        schema: {
          tags: ['admin'],
          summary: "Enters the official result of today's draw (Vietnam time); a second operator confirms it",
          security,
          body: adminResultBodySchema,
          response: { 200: adminResultEntryResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { merchantId: _m, ...entry } = await lottery.enterResult(adminOf(request), request.body, request.ip);
        return ok(entry);
      },
    );

    app.post(
      '/admin-api/lottery/results/:id/confirm',
      {
        preHandler: requirePermission('lottery:confirm'),
        schema: {
          tags: ['admin'],
          summary: 'A second operator confirms an entered result: it is published and the draw settles',
          security,
          params: idParamsSchema,
          response: { 200: adminResultEntryResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { merchantId: _m, ...entry } = await lottery.confirmResult(adminOf(request), request.params.id, request.ip);
        return ok(entry);
      },
    );

    app.get(
      '/admin-api/lottery/results',
      {
        preHandler: requirePermission('lottery:read'),
        schema: {
          tags: TAGS,
          summary: 'Entered results of one status (pending by default), newest first, with their draw and its sheet',
          security,
          querystring: adminResultListQuerySchema,
          response: { 200: adminResultListResponseSchema, ...errors },
        },
      },
      async (request) => ok(await lottery.listResultEntries(adminOf(request), request.query)),
    );

    app.get(
      '/admin-api/lottery/draws/awaiting-result',
      {
        preHandler: requirePermission('lottery:result'),
        schema: {
          tags: TAGS,
          summary: 'Official draws still open (today and the last 7 days) that may take a result, with any entry awaiting confirmation',
          security,
          response: { 200: adminDrawsAwaitingResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await lottery.drawsAwaitingResult(adminOf(request)) }),
    );

    app.post(
      '/admin-api/lottery/results/:id/reject',
      {
        preHandler: requirePermission('lottery:confirm'),
        schema: {
          tags: TAGS,
          summary: 'Rejects a pending result (or its own operator withdraws it) with a reason; the draw stays open for a new entry',
          security,
          params: idParamsSchema,
          body: adminResultRejectBodySchema,
          response: { 200: adminResultEntryResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { merchantId: _m, ...entry } = await lottery.rejectResult(
          adminOf(request),
          request.params.id,
          request.body.reason,
          request.ip,
        );
        return ok(entry);
      },
    );

    app.post(
      '/admin-api/lottery/odds/requests',
      {
        preHandler: requirePermission('lottery:config'),
        schema: {
          tags: TAGS,
          summary: "Asks for a change of a bet type's odds, stake multiplier or availability in a region; a second operator approves it",
          security,
          body: adminOddsRequestBodySchema,
          response: { 200: adminChangeRequestResponseSchema, ...errors },
        },
      },
      async (request) => ok(await changes.requestOdds(adminOf(request), request.body, request.ip)),
    );

    app.post(
      '/admin-api/lottery/voids',
      {
        preHandler: requirePermission('lottery:result'),
        schema: {
          tags: TAGS,
          summary: 'Asks to void a draw that has not settled (every ticket refunded once); a second operator approves it',
          security,
          body: adminVoidRequestBodySchema,
          response: { 200: adminChangeRequestResponseSchema, ...errors },
        },
      },
      async (request) => ok(await changes.requestVoid(adminOf(request), request.body, request.ip)),
    );

    app.get(
      '/admin-api/lottery/change-requests',
      {
        preHandler: requirePermission('lottery:read'),
        schema: {
          tags: TAGS,
          summary: 'Odds changes and voids of one status (waiting by default), newest first',
          security,
          querystring: adminChangeListQuerySchema,
          response: { 200: adminChangeListResponseSchema, ...errors },
        },
      },
      async (request) => ok(await changes.list(adminOf(request), request.query)),
    );

    app.post(
      '/admin-api/lottery/change-requests/:id/approve',
      {
        preHandler: requirePermission('lottery:confirm'),
        schema: {
          tags: TAGS,
          summary: "Another operator approves a waiting odds change or void: it is applied now (a void's tickets are refunded)",
          security,
          params: idParamsSchema,
          body: adminChangeApproveBodySchema,
          response: { 200: adminChangeRequestResponseSchema, ...errors },
        },
      },
      async (request) => ok(await changes.approve(adminOf(request), request.params.id, request.body.note, request.ip)),
    );

    app.post(
      '/admin-api/lottery/change-requests/:id/reject',
      {
        preHandler: requirePermission('lottery:confirm'),
        schema: {
          tags: TAGS,
          summary: 'Rejects a waiting odds change or void (or its own operator withdraws it) with a reason; nothing changes',
          security,
          params: idParamsSchema,
          body: adminChangeRejectBodySchema,
          response: { 200: adminChangeRequestResponseSchema, ...errors },
        },
      },
      async (request) => ok(await changes.reject(adminOf(request), request.params.id, request.body.reason, request.ip)),
    );
  };
}
