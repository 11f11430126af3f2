import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import {
  receiptAllResponseSchema,
  receiptRequestSchema,
  withdrawalListQuerySchema,
  withdrawalPageResponseSchema,
  withdrawalParamsSchema,
  withdrawalRequestSchema,
  withdrawalResponseSchema,
  withdrawalRulesResponseSchema,
} from '@platform/contracts/withdrawals';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readImageForm } from '../../lib/image-upload.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import { paged, presentWithdrawal } from './withdrawals.presenter.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

const WITHDRAWAL_REQUEST_RATE_LIMIT = 10;
const RECEIPT_RATE_LIMIT = 20;
const memberResponses = { ...commonErrorResponses, 413: errorEnvelope, 423: errorEnvelope };

function memberOf(request: FastifyRequest) {
  const p = principalOf(request);
  return { memberId: p.memberId, merchantId: p.merchantId, currency: p.currency };
}

/** The member's withdrawal calls (the back office's are in withdrawals.admin-routes.ts). */
export function withdrawalsRoutes(withdrawals: WithdrawalsService): FastifyPluginAsyncZod {
  return async (app) => {
    const member = { preHandler: requireRealAccount };
    const session = [{ session: [] }];

    app.get(
      '/wps/member/withdrawals/rules',
      {
        ...member,
        schema: { tags: ['withdrawals'], security: session, response: { 200: withdrawalRulesResponseSchema, ...commonErrorResponses } },
      },
      async (request) => ok(await withdrawals.rules(memberOf(request))),
    );

    app.post(
      '/wps/member/withdrawals',
      {
        ...member,
        config: { rateLimit: { max: WITHDRAWAL_REQUEST_RATE_LIMIT, timeWindow: 60_000 } },
        schema: {
          tags: ['withdrawals'],
          summary: 'Asks for a withdrawal to a bound card; the amount is reserved until payout or rejection',
          security: session,
          body: withdrawalRequestSchema,
          response: { 200: withdrawalResponseSchema, ...memberResponses },
        },
      },
      async (request) => ok(presentWithdrawal(await withdrawals.request(memberOf(request), request.body, request.ip ?? null))),
    );

    app.get(
      '/wps/member/withdrawals',
      {
        ...member,
        schema: {
          tags: ['withdrawals'],
          security: session,
          querystring: withdrawalListQuerySchema,
          response: { 200: withdrawalPageResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        const found = await withdrawals.listForMember(memberOf(request), request.query);
        return ok(paged(found.list.map(presentWithdrawal), found.totalCount, request.query));
      },
    );

    app.get(
      '/wps/member/withdrawals/:withdrawalId',
      {
        ...member,
        schema: {
          tags: ['withdrawals'],
          security: session,
          params: withdrawalParamsSchema,
          response: { 200: withdrawalResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(presentWithdrawal(await withdrawals.getForMember(memberOf(request), request.params.withdrawalId))),
    );

    app.post(
      '/wps/member/withdrawals/receipts/all',
      {
        ...member,
        config: { rateLimit: { max: RECEIPT_RATE_LIMIT, timeWindow: 60_000 } },
        schema: {
          tags: ['withdrawals'],
          summary: 'All received: confirms every payout still waiting for confirmation',
          security: session,
          response: { 200: receiptAllResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok({ confirmedCount: await withdrawals.confirmAllReceived(memberOf(request), request.ip ?? null) }),
    );

    app.post(
      '/wps/member/withdrawals/:withdrawalId/receipt',
      {
        ...member,
        config: { rateLimit: { max: RECEIPT_RATE_LIMIT, timeWindow: 60_000 } },
        schema: {
          tags: ['withdrawals'],
          summary: 'Received: the member confirms the payout arrived',
          security: session,
          params: withdrawalParamsSchema,
          body: receiptRequestSchema,
          response: { 200: withdrawalResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) =>
        ok(presentWithdrawal(await withdrawals.confirmReceived(memberOf(request), request.params.withdrawalId, request.ip ?? null))),
    );

    app.post(
      '/wps/member/withdrawals/:withdrawalId/dispute',
      {
        ...member,
        config: { rateLimit: { max: RECEIPT_RATE_LIMIT, timeWindow: 60_000 } },
        schema: {
          tags: ['withdrawals'],
          summary: 'Not received: multipart with 1 to 3 proof images (field `images`, png or jpg, 5 MB each) and an optional `note`',
          consumes: ['multipart/form-data'],
          security: session,
          params: withdrawalParamsSchema,
          response: { 200: withdrawalResponseSchema, ...memberResponses },
        },
      },
      async (request) => {
        const form = await readImageForm(request, { fileFields: ['images'], textFields: ['note'] });
        const note = form.fields.note?.trim() || null;
        return ok(
          presentWithdrawal(
            await withdrawals.dispute(memberOf(request), request.params.withdrawalId, { images: form.images, note }, request.ip ?? null),
          ),
        );
      },
    );
  };
}
