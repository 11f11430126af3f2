import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  downlineTransferRequestSchema,
  memberTransferResponseSchema,
  transferPermissionsResponseSchema,
  uplineTransferRequestSchema,
} from '@platform/contracts/transfers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language.ts';
import { principalOf } from '../../plugins/auth.ts';
import { requireAgent, requireRealAccount } from '../../plugins/guards.ts';
import { presentMemberTransfer } from './transfers.presenter.ts';
import type { TransfersService } from './transfers.service.ts';

/** Money calls are limited per client; a payment password cannot be guessed faster than this. */
export const TRANSFER_REQUESTS_PER_MINUTE_MAX = 30;

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
  429: commonErrorResponses[429],
  500: commonErrorResponses[500],
};

export function transfersRoutes(transfers: TransfersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/wps/agent/transfer/downline',
      {
        preHandler: requireAgent,
        config: { rateLimit: { max: TRANSFER_REQUESTS_PER_MINUTE_MAX, timeWindow: 60_000 } },
        schema: {
          tags: ['transfers'],
          summary: 'An agent transfers money to a member of its own downline',
          security: [{ session: [] }],
          body: downlineTransferRequestSchema,
          response: { 200: memberTransferResponseSchema, ...errors },
        },
      },
      async (request) => {
        const result = await transfers.transferToDownline(principalOf(request), request.body, { ip: request.ip });
        return ok(presentMemberTransfer(result, requestLanguage(request)));
      },
    );

    app.post(
      '/wps/member/transfer/upline',
      {
        preHandler: requireRealAccount,
        config: { rateLimit: { max: TRANSFER_REQUESTS_PER_MINUTE_MAX, timeWindow: 60_000 } },
        schema: {
          tags: ['transfers'],
          summary: 'A member transfers money to its direct upline (member centre transferUpline)',
          security: [{ session: [] }],
          body: uplineTransferRequestSchema,
          response: { 200: memberTransferResponseSchema, ...errors },
        },
      },
      async (request) => {
        const result = await transfers.transferToUpline(principalOf(request), request.body, { ip: request.ip });
        return ok(presentMemberTransfer(result, requestLanguage(request)));
      },
    );

    app.get(
      '/wps/member/transfer/permissions',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['transfers'],
          summary: 'What the session member may transfer: the spec toUpline flag and the agent flags',
          security: [{ session: [] }],
          response: { 200: transferPermissionsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await transfers.myPermissions(principalOf(request))),
    );
  };
}
