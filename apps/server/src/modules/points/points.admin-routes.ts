import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  adminEarningRuleResponseSchema,
  adminEarningRulesResponseSchema,
  adminMallItemResponseSchema,
  adminMallItemsResponseSchema,
  adminMallOrderResponseSchema,
  adminMallOrdersQuerySchema,
  adminMallOrdersResponseSchema,
  decideMallOrderRequestSchema,
  earningRuleIdParamsSchema,
  earningRuleInputSchema,
  mallItemIdParamsSchema,
  mallItemInputSchema,
  mallOrderIdParamsSchema,
  mallStockRequestSchema,
} from '@platform/contracts/points';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { PointsService } from './points.service.ts';

const MALL_BASE = '/admin-api/point-mall';
const RULES_BASE = '/admin-api/points/rules';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/** Operator calls (docs/loyalty.md): the mall's items and stock, its orders, the earning rules. */
export function pointsAdminRoutes(points: PointsService): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { tags: ['admin'], security: [{ session: [] }] };

    app.get(
      `${MALL_BASE}/items`,
      {
        preHandler: requirePermission('point-mall:read'),
        schema: {
          ...admin,
          summary: "The points mall's items, enabled or not, with units redeemed",
          response: { 200: adminMallItemsResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await points.admin.items(adminOf(request).merchantId) }),
    );

    app.post(
      `${MALL_BASE}/items`,
      {
        preHandler: requirePermission('point-mall:write'),
        schema: {
          ...admin,
          summary: 'Adds an item to the points mall; audited',
          body: mallItemInputSchema,
          response: { 200: adminMallItemResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.admin.createItem(operatorOf(request), request.body)),
    );

    app.put(
      `${MALL_BASE}/items/:id`,
      {
        preHandler: requirePermission('point-mall:write'),
        schema: {
          ...admin,
          summary: 'Edits an item (orders already placed keep their terms); audited',
          params: mallItemIdParamsSchema,
          body: mallItemInputSchema,
          response: { 200: adminMallItemResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.admin.editItem(operatorOf(request), request.params.id, request.body)),
    );

    app.post(
      `${MALL_BASE}/items/:id/stock`,
      {
        preHandler: requirePermission('point-mall:write'),
        schema: {
          ...admin,
          summary: "Adds units to an item's stock or takes them away (never below zero); audited",
          params: mallItemIdParamsSchema,
          body: mallStockRequestSchema,
          response: { 200: adminMallItemResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.admin.adjustStock(operatorOf(request), request.params.id, request.body.delta)),
    );

    app.get(
      `${MALL_BASE}/orders`,
      {
        preHandler: requirePermission('point-mall:read'),
        schema: {
          ...admin,
          summary: 'Exchange orders, newest first, by status',
          querystring: adminMallOrdersQuerySchema,
          response: { 200: adminMallOrdersResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.admin.orders(adminOf(request).merchantId, request.query)),
    );

    for (const decision of ['fulfil', 'reject'] as const) {
      app.post(
        `${MALL_BASE}/orders/:id/${decision}`,
        {
          preHandler: requirePermission('point-mall:fulfil'),
          schema: {
            ...admin,
            summary:
              decision === 'fulfil'
                ? 'Completes a processing gift order (the gift was sent); audited'
                : 'Rejects a processing gift order: its points go back to the member and its units to the stock; audited',
            params: mallOrderIdParamsSchema,
            body: decideMallOrderRequestSchema,
            response: { 200: adminMallOrderResponseSchema, ...errors },
          },
        },
        async (request) => ok(await points.admin.decide(operatorOf(request), request.params.id, decision, request.body.remark)),
      );
    }

    app.get(
      RULES_BASE,
      {
        preHandler: requirePermission('point-mall:read'),
        schema: {
          ...admin,
          summary: 'The earning rules: which events pay how many points',
          response: { 200: adminEarningRulesResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await points.admin.rules.list(adminOf(request).merchantId) }),
    );

    app.post(
      RULES_BASE,
      {
        preHandler: requirePermission('point-mall:write'),
        schema: {
          ...admin,
          summary: 'Adds an earning rule; audited',
          body: earningRuleInputSchema,
          response: { 200: adminEarningRuleResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.admin.rules.create(operatorOf(request), request.body)),
    );

    app.put(
      `${RULES_BASE}/:id`,
      {
        preHandler: requirePermission('point-mall:write'),
        schema: {
          ...admin,
          summary: 'Edits an earning rule (its key stays); audited',
          params: earningRuleIdParamsSchema,
          body: earningRuleInputSchema,
          response: { 200: adminEarningRuleResponseSchema, ...errors },
        },
      },
      async (request) => ok(await points.admin.rules.edit(operatorOf(request), request.params.id, request.body)),
    );
  };
}
