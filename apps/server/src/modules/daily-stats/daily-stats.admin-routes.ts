import {
  dailyStatsDayParamsSchema,
  dailyStatsDifferencePageSchema,
  dailyStatsDifferencesQuerySchema,
  dailyStatsReconcileSchema,
  dailyStatsReconciliationPageSchema,
  dailyStatsReconciliationSchema,
  dailyStatsReconciliationsQuerySchema,
} from '@platform/contracts/daily-stats';
import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import { totalPagesOf } from '@platform/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { ReconciliationRow } from './daily-stats.repository.ts';
import type { DailyStatsService } from './daily-stats.service.ts';

const adminErrors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
};

function present(row: ReconciliationRow) {
  return {
    day: row.day,
    status: row.status,
    membersChecked: row.membersChecked,
    differenceCount: row.differenceCount,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    node: row.node,
  };
}

/** The reconciliation of the daily rollups, for operators (docs/daily-stats.md). */
export function dailyStatsAdminRoutes(dailyStats: DailyStatsService): FastifyPluginAsyncZod {
  return async (app) => {
    const adminSchema = { tags: ['admin'], security: [{ session: [] }] };

    app.get(
      '/admin-api/daily-stats/reconciliations',
      {
        preHandler: requirePermission('report:read'),
        schema: {
          ...adminSchema,
          summary: 'The reconciliations of the daily rollups against the raw records, latest day first',
          querystring: dailyStatsReconciliationsQuerySchema,
          response: { 200: okEnvelope(dailyStatsReconciliationPageSchema), ...adminErrors },
        },
      },
      async (request) => {
        const { pageNo, pageSize } = request.query;
        const page = await dailyStats.reconciliation.list(adminOf(request).merchantId, { pageNo, pageSize });
        return ok({
          list: page.rows.map(present),
          pageNo,
          pageSize,
          totalCount: page.totalCount,
          totalPages: totalPagesOf(page.totalCount, pageSize),
        });
      },
    );

    app.post(
      '/admin-api/daily-stats/reconciliations',
      {
        preHandler: requirePermission('report:reconcile'),
        schema: {
          ...adminSchema,
          summary: 'Reconciles a day now (the merchant’s time zone): resumes an unfinished run, else starts again',
          body: dailyStatsReconcileSchema,
          response: { 200: okEnvelope(dailyStatsReconciliationSchema), ...adminErrors },
        },
      },
      async (request) =>
        ok(present(await dailyStats.reconciliation.run({ merchantId: operatorOf(request).merchantId, day: request.body.day }))),
    );

    app.get(
      '/admin-api/daily-stats/reconciliations/:day/differences',
      {
        preHandler: requirePermission('report:read'),
        schema: {
          ...adminSchema,
          summary: 'Where the day’s rollups differ from the raw records, member by member',
          params: dailyStatsDayParamsSchema,
          querystring: dailyStatsDifferencesQuerySchema,
          response: { 200: okEnvelope(dailyStatsDifferencePageSchema), ...adminErrors },
        },
      },
      async (request) => {
        const { pageNo, pageSize } = request.query;
        const page = await dailyStats.reconciliation.differences(adminOf(request).merchantId, request.params.day, { pageNo, pageSize });
        return ok({ list: page.rows, pageNo, pageSize, totalCount: page.totalCount, totalPages: totalPagesOf(page.totalCount, pageSize) });
      },
    );
  };
}
