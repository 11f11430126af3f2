import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  profitResponseSchema,
  recordsRangeQuerySchema,
  transactionHistoryQuerySchema,
  transactionHistoryResponseSchema,
} from '@platform/contracts/records';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import { presentProfit, presentTransactionHistory } from './records.presenter.ts';
import type { RecordsService } from './records.service.ts';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  500: commonErrorResponses[500],
};

export function recordsRoutes(records: RecordsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/member/records/transactions',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['records'],
          summary: "The session member's account record: every movement of their wallets, newest first",
          security: [{ session: [] }],
          querystring: transactionHistoryQuerySchema,
          response: { 200: transactionHistoryResponseSchema, ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const page = await records.transactions(principal, request.query);
        return ok(presentTransactionHistory(page));
      },
    );

    app.get(
      '/wps/member/records/profit',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['records'],
          summary: "The session member's profit and loss per day and game category",
          security: [{ session: [] }],
          querystring: recordsRangeQuerySchema,
          response: { 200: profitResponseSchema, ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return ok(presentProfit(await records.profit(principal, request.query)));
      },
    );
  };
}
