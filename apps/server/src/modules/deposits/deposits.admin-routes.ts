import {
  adminDepositChannelBodySchema,
  adminDepositChannelResponseSchema,
  adminDepositChannelsResponseSchema,
  adminDepositOrderResponseSchema,
  adminDepositOrdersQuerySchema,
  adminDepositOrdersResponseSchema,
  confirmDepositBodySchema,
  idParamsSchema,
  rejectDepositBodySchema,
} from '@platform/contracts/deposits';
import { errorEnvelope, ok, okEnvelope } from '@platform/contracts/envelope';
import { totalPagesOf } from '@platform/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import { presentAdminChannel, presentAdminOrder } from './deposits.presenter.ts';
import type { DepositsService } from './deposits.service.ts';

const adminErrors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  500: errorEnvelope,
};
const security = [{ session: [] }];

/** Back-office deposit calls: channels, and the review of bank-transfer deposits. */
export function depositsAdminRoutes(deposits: DepositsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/deposit/channels',
      {
        preHandler: requirePermission('deposit:read'),
        schema: {
          tags: ['admin'],
          summary: 'Every deposit channel of the merchant',
          security,
          response: { 200: adminDepositChannelsResponseSchema, ...adminErrors },
        },
      },
      async (request) => ok({ list: (await deposits.listChannels(adminOf(request).merchantId)).map(presentAdminChannel) }),
    );

    app.post(
      '/admin-api/deposit/channels',
      {
        preHandler: requirePermission('deposit-channel:write'),
        schema: {
          tags: ['admin'],
          summary: 'Adds a bank-transfer or gateway deposit channel',
          security,
          body: adminDepositChannelBodySchema,
          response: { 200: adminDepositChannelResponseSchema, ...adminErrors },
        },
      },
      async (request) => ok(presentAdminChannel(await deposits.createChannel(adminOf(request), request.body, request.ip))),
    );

    app.put(
      '/admin-api/deposit/channels/:id',
      {
        preHandler: requirePermission('deposit-channel:write'),
        schema: {
          tags: ['admin'],
          summary: 'Replaces a deposit channel’s settings (its type stays)',
          security,
          params: idParamsSchema,
          body: adminDepositChannelBodySchema,
          response: { 200: adminDepositChannelResponseSchema, ...adminErrors },
        },
      },
      async (request) =>
        ok(presentAdminChannel(await deposits.updateChannel(adminOf(request), request.params.id, request.body, request.ip))),
    );

    app.delete(
      '/admin-api/deposit/channels/:id',
      {
        preHandler: requirePermission('deposit-channel:write'),
        schema: {
          tags: ['admin'],
          summary: 'Deletes a channel that never had a deposit (switch it off otherwise)',
          security,
          params: idParamsSchema,
          response: { 200: okEnvelope(z.null()), ...adminErrors },
        },
      },
      async (request) => {
        await deposits.deleteChannel(adminOf(request), request.params.id, request.ip);
        return ok(null);
      },
    );

    app.get(
      '/admin-api/deposit/orders',
      {
        preHandler: requirePermission('deposit:read'),
        schema: {
          tags: ['admin'],
          summary: 'Deposit orders, newest first, filtered (status=pending for the review queue)',
          security,
          querystring: adminDepositOrdersQuerySchema,
          response: { 200: adminDepositOrdersResponseSchema, ...adminErrors },
        },
      },
      async (request) => {
        const { from, to, pageNo, pageSize, ...filter } = request.query;
        const { rows, totalCount } = await deposits.ordersForAdmin(adminOf(request), {
          ...filter,
          from: from ? new Date(from) : undefined,
          to: to ? new Date(to) : undefined,
          pageNo,
          pageSize,
        });
        return ok({ list: rows.map(presentAdminOrder), pageNo, pageSize, totalCount, totalPages: totalPagesOf(totalCount, pageSize) });
      },
    );

    app.get(
      '/admin-api/deposit/orders/:id',
      {
        preHandler: requirePermission('deposit:read'),
        schema: {
          tags: ['admin'],
          summary: 'One deposit order',
          security,
          params: idParamsSchema,
          response: { 200: adminDepositOrderResponseSchema, ...adminErrors },
        },
      },
      async (request) => ok(presentAdminOrder(await deposits.adminOrder(adminOf(request), request.params.id))),
    );

    app.post(
      '/admin-api/deposit/orders/:id/confirm',
      {
        preHandler: requirePermission('deposit:confirm'),
        schema: {
          tags: ['admin'],
          summary: 'Confirms a bank transfer arrived and credits the member once (optionally the amount that actually arrived)',
          security,
          params: idParamsSchema,
          body: confirmDepositBodySchema.nullish(),
          response: { 200: adminDepositOrderResponseSchema, ...adminErrors },
        },
      },
      async (request) =>
        ok(presentAdminOrder(await deposits.confirmOrder(adminOf(request), request.params.id, request.body ?? {}, request.ip))),
    );

    app.post(
      '/admin-api/deposit/orders/:id/reject',
      {
        preHandler: requirePermission('deposit:confirm'),
        schema: {
          tags: ['admin'],
          summary: 'Rejects a bank-transfer deposit with a reason; nothing is credited',
          security,
          params: idParamsSchema,
          body: rejectDepositBodySchema,
          response: { 200: adminDepositOrderResponseSchema, ...adminErrors },
        },
      },
      async (request) =>
        ok(presentAdminOrder(await deposits.rejectOrder(adminOf(request), request.params.id, request.body.reason, request.ip))),
    );
  };
}
