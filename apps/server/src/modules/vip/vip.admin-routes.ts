import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  adminMemberCashbackResponseSchema,
  adminMemberRebatesResponseSchema,
  adminRebateLinesQuerySchema,
  cashbackRulesResponseSchema,
  rebateRulesResponseSchema,
  rerunCashbackPeriodRequestSchema,
  rerunCashbackPeriodResponseSchema,
  rerunRebatePeriodRequestSchema,
  rerunRebatePeriodResponseSchema,
  rerunVipEvaluationRequestSchema,
  rerunVipEvaluationResponseSchema,
  setCashbackRulesRequestSchema,
  setRebateRulesRequestSchema,
  setVipLevelsRequestSchema,
  vipLevelCountsResponseSchema,
  vipLevelMembersParamsSchema,
  vipLevelMembersQuerySchema,
  vipLevelMembersResponseSchema,
  vipLevelsResponseSchema,
  vipMemberParamsSchema,
} from '@platform/contracts/vip';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { VipService } from './vip.service.ts';

const ADMIN_BASE = '/admin-api/vip';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/** Operator calls (docs/vip-and-rebates.md): the ladder, the rebate rules, a member's rebates, re-runs. */
export function vipAdminRoutes(vip: VipService): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { tags: ['admin'], security: [{ session: [] }] };

    app.get(
      `${ADMIN_BASE}/levels`,
      {
        preHandler: requirePermission('vip:read'),
        schema: { ...admin, summary: "The merchant's VIP ladder", response: { 200: vipLevelsResponseSchema, ...errors } },
      },
      async (request) => ok(await vip.levels.ladderWithVersion(adminOf(request).merchantId)),
    );

    app.put(
      `${ADMIN_BASE}/levels`,
      {
        preHandler: requirePermission('vip:write'),
        schema: {
          ...admin,
          summary:
            "Sets the merchant's whole VIP ladder (levels 0…n−1; levels above are removed) if its version is still the one sent (else vip_rules_changed); audited",
          body: setVipLevelsRequestSchema,
          response: { 200: vipLevelsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.levels.setLevels(operatorOf(request), request.body)),
    );

    app.get(
      `${ADMIN_BASE}/level-counts`,
      {
        preHandler: requirePermission('vip:read'),
        schema: {
          ...admin,
          summary: 'How many members hold each level above 0',
          response: { 200: vipLevelCountsResponseSchema, ...errors },
        },
      },
      async (request) => ok({ counts: await vip.levels.memberCounts(adminOf(request).merchantId) }),
    );

    app.get(
      `${ADMIN_BASE}/levels/:level/members`,
      {
        preHandler: requirePermission('vip:read'),
        schema: {
          ...admin,
          summary: 'A page of the members holding a level (1 and up), the latest to reach it first',
          params: vipLevelMembersParamsSchema,
          querystring: vipLevelMembersQuerySchema,
          response: { 200: vipLevelMembersResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.levels.membersAtLevel(adminOf(request).merchantId, request.params.level, request.query)),
    );

    app.get(
      `${ADMIN_BASE}/rebate-rules`,
      {
        preHandler: requirePermission('vip:read'),
        schema: {
          ...admin,
          summary: "The merchant's rebate rules, disabled ones included",
          response: { 200: rebateRulesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.rebates.rulesWithVersion(adminOf(request).merchantId)),
    );

    app.put(
      `${ADMIN_BASE}/rebate-rules`,
      {
        preHandler: requirePermission('vip:write'),
        schema: {
          ...admin,
          summary:
            'Sets the whole rebate rule set (a rule not listed is disabled, its lines stay) if its version is still the one sent; audited',
          body: setRebateRulesRequestSchema,
          response: { 200: rebateRulesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.rebates.setRules(operatorOf(request), request.body)),
    );

    app.get(
      `${ADMIN_BASE}/members/:username/rebates`,
      {
        preHandler: requirePermission('vip:read'),
        schema: {
          ...admin,
          summary: "A member's rebate lines with their inputs, newest period first, and its level",
          params: vipMemberParamsSchema,
          querystring: adminRebateLinesQuerySchema,
          response: { 200: adminMemberRebatesResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { merchantId } = adminOf(request);
        const memberId = await vip.memberIdOf(merchantId, request.params.username);
        return ok(await vip.rebates.linesOfMember(merchantId, memberId, request.query));
      },
    );

    app.post(
      `${ADMIN_BASE}/rebates/settlements`,
      {
        preHandler: requirePermission('vip:settle'),
        schema: {
          ...admin,
          summary: 'Settles (or re-runs) the rebate period of this length holding the day: lines already written stay; audited',
          body: rerunRebatePeriodRequestSchema,
          response: { 200: rerunRebatePeriodResponseSchema, ...errors },
        },
      },
      async (request) => {
        const settled = await vip.rebates.rerunPeriod(operatorOf(request), request.body.period, request.body.day);
        return ok({
          periodStart: settled.start,
          periodEnd: settled.end,
          written: settled.written,
          existing: settled.existing,
          paidAmount: settled.paidAmount,
        });
      },
    );

    app.get(
      `${ADMIN_BASE}/cashback-rules`,
      {
        preHandler: requirePermission('vip:read'),
        schema: {
          ...admin,
          summary: "The merchant's cashback rules, disabled ones included",
          response: { 200: cashbackRulesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.cashback.rulesWithVersion(adminOf(request).merchantId)),
    );

    app.put(
      `${ADMIN_BASE}/cashback-rules`,
      {
        preHandler: requirePermission('vip:write'),
        schema: {
          ...admin,
          summary:
            'Sets the whole cashback rule set (a rule not listed is disabled, its lines stay) if its version is still the one sent; audited',
          body: setCashbackRulesRequestSchema,
          response: { 200: cashbackRulesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.cashback.setRules(operatorOf(request), request.body)),
    );

    app.get(
      `${ADMIN_BASE}/members/:username/cashback`,
      {
        preHandler: requirePermission('vip:read'),
        schema: {
          ...admin,
          summary: "A member's cashback lines with their inputs, newest period first, and its level",
          params: vipMemberParamsSchema,
          querystring: adminRebateLinesQuerySchema,
          response: { 200: adminMemberCashbackResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { merchantId } = adminOf(request);
        const memberId = await vip.memberIdOf(merchantId, request.params.username);
        return ok(await vip.cashback.linesOfMember(merchantId, memberId, request.query));
      },
    );

    app.post(
      `${ADMIN_BASE}/cashback/settlements`,
      {
        preHandler: requirePermission('vip:settle'),
        schema: {
          ...admin,
          summary: 'Settles (or re-runs) the cashback period of this length holding the day: lines already written stay; audited',
          body: rerunCashbackPeriodRequestSchema,
          response: { 200: rerunCashbackPeriodResponseSchema, ...errors },
        },
      },
      async (request) => {
        const settled = await vip.cashback.rerunPeriod(operatorOf(request), request.body.period, request.body.day);
        return ok({
          periodStart: settled.start,
          periodEnd: settled.end,
          written: settled.written,
          existing: settled.existing,
          paidAmount: settled.paidAmount,
        });
      },
    );

    app.post(
      `${ADMIN_BASE}/evaluations`,
      {
        preHandler: requirePermission('vip:settle'),
        schema: {
          ...admin,
          summary: "Evaluates every member's VIP level for a day that is over (members already evaluated for it are left); audited",
          body: rerunVipEvaluationRequestSchema,
          response: { 200: rerunVipEvaluationResponseSchema, ...errors },
        },
      },
      async (request) => ok(await vip.levels.rerunDay(operatorOf(request), request.body.day)),
    );
  };
}
