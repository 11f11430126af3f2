import {
  adjustmentApprovalSettingResponseSchema,
  adjustmentApprovalSettingSchema,
  adjustmentCreateSchema,
  adjustmentDecisionSchema,
  adjustmentIdParamsSchema,
  adjustmentListQuerySchema,
  adjustmentListResponseSchema,
  adjustmentResponseSchema,
  memberIdParamsSchema,
} from '@platform/contracts/admin-money';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import { presentAdjustment, presentAdjustmentPage } from './admin-money.presenter.ts';
import type { AdminMoneyService } from './admin-money.service.ts';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
  500: commonErrorResponses[500],
};

const schemaBase = { tags: ['admin-money'], security: [{ session: [] }] };

/** Back-office money calls: manual credits and debits with a second operator's approval above a threshold. */
export function adminMoneyRoutes(money: AdminMoneyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/admin-api/members/:memberId/adjustments',
      {
        preHandler: requirePermission('adjustment:request'),
        schema: {
          ...schemaBase,
          summary: "Credits or debits a member's wallet with a reason; over the threshold it waits for another operator's approval",
          params: memberIdParamsSchema,
          body: adjustmentCreateSchema,
          response: { 200: adjustmentResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentAdjustment(await money.create(adminOf(request), request.params.memberId, request.body, request.ip))),
    );

    app.get(
      '/admin-api/adjustments',
      {
        preHandler: requirePermission('adjustment:read'),
        schema: {
          ...schemaBase,
          summary: 'Adjustments of the merchant, newest first',
          querystring: adjustmentListQuerySchema,
          response: { 200: adjustmentListResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentAdjustmentPage(await money.list(adminOf(request), request.query))),
    );

    app.get(
      '/admin-api/adjustments/:adjustmentId',
      {
        preHandler: requirePermission('adjustment:read'),
        schema: {
          ...schemaBase,
          summary: 'One adjustment',
          params: adjustmentIdParamsSchema,
          response: { 200: adjustmentResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentAdjustment(await money.get(adminOf(request), request.params.adjustmentId))),
    );

    app.post(
      '/admin-api/adjustments/:adjustmentId/approve',
      {
        preHandler: requirePermission('adjustment:decide'),
        schema: {
          ...schemaBase,
          summary: 'Approves a waiting adjustment (not by the operator who asked for it); the money moves once',
          params: adjustmentIdParamsSchema,
          body: adjustmentDecisionSchema,
          response: { 200: adjustmentResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(presentAdjustment(await money.approve(adminOf(request), request.params.adjustmentId, request.body.note, request.ip))),
    );

    app.post(
      '/admin-api/adjustments/:adjustmentId/reject',
      {
        preHandler: requirePermission('adjustment:decide'),
        schema: {
          ...schemaBase,
          summary: 'Rejects a waiting adjustment; nothing moves',
          params: adjustmentIdParamsSchema,
          body: adjustmentDecisionSchema,
          response: { 200: adjustmentResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(presentAdjustment(await money.reject(adminOf(request), request.params.adjustmentId, request.body.note, request.ip))),
    );

    app.get(
      '/admin-api/settings/adjustment-approval',
      {
        preHandler: requirePermission('adjustment:request'),
        schema: {
          ...schemaBase,
          summary: 'The amount above which an adjustment needs approval',
          response: { 200: adjustmentApprovalSettingResponseSchema, ...errors },
        },
      },
      async (request) => ok(await money.approvalSetting(adminOf(request))),
    );

    app.put(
      '/admin-api/settings/adjustment-approval',
      {
        preHandler: requirePermission('settings:write'),
        schema: {
          ...schemaBase,
          summary: 'Sets the amount above which an adjustment needs approval (administrators only)',
          body: adjustmentApprovalSettingSchema,
          response: { 200: adjustmentApprovalSettingResponseSchema, ...errors },
        },
      },
      async (request) => ok(await money.setApprovalSetting(adminOf(request), request.body, request.ip)),
    );
  };
}
