import {
  adminDebtListQuerySchema,
  adminDebtPageResponseSchema,
  adminPayoutListQuerySchema,
  adminPayoutPageResponseSchema,
  contractIdParamsSchema,
  debtIdParamsSchema,
  type RerunPeriod,
  rerunContractRequestSchema,
  rerunContractResponseSchema,
  rerunKindRequestSchema,
  rerunKindResponseSchema,
  settleDebtResponseSchema,
} from '@platform/contracts/agents/agent-contract-settlement';
import {
  adminContractListQuerySchema,
  adminContractPageResponseSchema,
  contractChangeResponseSchema,
  contractKindParamsSchema,
  contractKindPauseRequestSchema,
  contractKindPauseResponseSchema,
  setTopLevelContractRequestSchema,
} from '@platform/contracts/agents/agent-contracts';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { AgentContractsService } from './agent-contracts.service.ts';

const ADMIN_BASE = '/admin-api/agent-contracts';

/** A re-run's period as sent (the schema lets exactly one of the two through). */
const rerunPeriodOf = (body: { day?: string | undefined; periodStart?: string | undefined }): RerunPeriod =>
  body.periodStart === undefined ? { day: body.day ?? '' } : { periodStart: body.periodStart };

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/**
 * Operator calls (docs/agent-contracts.md): top-level contracts, every contract, pausing a kind; the
 * settlement's re-runs, payout records and upline debts, and settling a debt. Roles finance and administrator.
 */
export function agentContractsAdminRoutes(contracts: AgentContractsService): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { tags: ['admin'], security: [{ session: [] }] };

    app.put(
      `${ADMIN_BASE}/top-level`,
      {
        preHandler: requirePermission('agent-contract:write'),
        schema: {
          ...admin,
          summary: "Sets a top-level agent's contract of a kind, active at once; lower terms than a contract below it need confirm",
          body: setTopLevelContractRequestSchema,
          response: { 200: contractChangeResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.admin.setTopLevel(operatorOf(request), request.body)),
    );

    app.get(
      ADMIN_BASE,
      {
        preHandler: requirePermission('agent-contract:read'),
        schema: {
          ...admin,
          summary: "The merchant's contracts, newest first, by kind, status and holder",
          querystring: adminContractListQuerySchema,
          response: { 200: adminContractPageResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.admin.list(adminOf(request).merchantId, request.query)),
    );

    app.put(
      `${ADMIN_BASE}/kinds/:kind`,
      {
        preHandler: requirePermission('agent-contract:write'),
        schema: {
          ...admin,
          summary: 'Pauses or resumes a kind of contract for the merchant: offers, signatures and settlement stop meanwhile',
          params: contractKindParamsSchema,
          body: contractKindPauseRequestSchema,
          response: { 200: contractKindPauseResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.admin.pauseKind(operatorOf(request), request.params.kind, request.body.isPaused)),
    );

    app.post(
      `${ADMIN_BASE}/:contractId/settlements`,
      {
        preHandler: requirePermission('agent-contract:settle'),
        schema: {
          ...admin,
          summary:
            'Settles one contract for the period holding the day, or starting at periodStart (hourly, real-time); a period already paid answers its payout and moves nothing',
          params: contractIdParamsSchema,
          body: rerunContractRequestSchema,
          response: { 200: rerunContractResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await contracts.admin.rerunContract(operatorOf(request), request.params.contractId, rerunPeriodOf(request.body))),
    );

    app.post(
      `${ADMIN_BASE}/settlements`,
      {
        preHandler: requirePermission('agent-contract:settle'),
        schema: {
          ...admin,
          summary:
            'Settles every contract of a kind for the period holding the day, or starting at periodStart (hourly, real-time); periods already paid answer their payouts',
          body: rerunKindRequestSchema,
          response: { 200: rerunKindResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.admin.rerunKind(operatorOf(request), request.body.kind, rerunPeriodOf(request.body))),
    );

    app.get(
      `${ADMIN_BASE}/payouts`,
      {
        preHandler: requirePermission('agent-contract:read'),
        schema: {
          ...admin,
          summary: "The merchant's contract payouts with their inputs, newest period first",
          querystring: adminPayoutListQuerySchema,
          response: { 200: adminPayoutPageResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.admin.listPayouts(adminOf(request).merchantId, request.query)),
    );

    app.get(
      `${ADMIN_BASE}/debts`,
      {
        preHandler: requirePermission('agent-contract:read'),
        schema: {
          ...admin,
          summary: 'What uplines owe for downline payouts the platform made on their behalf, newest first',
          querystring: adminDebtListQuerySchema,
          response: { 200: adminDebtPageResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.admin.listDebts(adminOf(request).merchantId, request.query)),
    );

    app.post(
      `${ADMIN_BASE}/debts/:debtId/settle`,
      {
        preHandler: requirePermission('agent-contract:settle'),
        schema: {
          ...admin,
          summary: "Settles an upline's debt: its agent wallet pays the platform back; a settled debt answers as it is",
          params: debtIdParamsSchema,
          response: { 200: settleDebtResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.admin.settleDebt(operatorOf(request), request.params.debtId)),
    );
  };
}
