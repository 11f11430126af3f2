import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  adminMissionListResponseSchema,
  adminMissionResponseSchema,
  adminSignInCalendarResponseSchema,
  missionIdParamsSchema,
  missionInputSchema,
  missionStateRequestSchema,
  signInCalendarInputSchema,
} from '@platform/contracts/missions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { MissionsService } from './missions.service.ts';

const ADMIN_BASE = '/admin-api/missions';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/** Operator calls (docs/loyalty.md): missions as data and the sign-in calendar; the promotion permissions. */
export function missionsAdminRoutes(missions: MissionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { tags: ['admin'], security: [{ session: [] }] };

    app.get(
      ADMIN_BASE,
      {
        preHandler: requirePermission('promotion:read'),
        schema: {
          ...admin,
          summary: "The merchant's missions, every state, with how many times each was met",
          response: { 200: adminMissionListResponseSchema, ...errors },
        },
      },
      async (request) => ok({ list: await missions.admin.list(adminOf(request).merchantId) }),
    );

    app.post(
      ADMIN_BASE,
      {
        preHandler: requirePermission('promotion:write'),
        schema: {
          ...admin,
          summary: 'Creates a mission (active at once); audited',
          body: missionInputSchema,
          response: { 200: adminMissionResponseSchema, ...errors },
        },
      },
      async (request) => ok(await missions.admin.create(operatorOf(request), request.body)),
    );

    app.put(
      `${ADMIN_BASE}/:id`,
      {
        preHandler: requirePermission('promotion:write'),
        schema: {
          ...admin,
          summary: 'Changes a mission; occurrences already met keep their reward; audited',
          params: missionIdParamsSchema,
          body: missionInputSchema,
          response: { 200: adminMissionResponseSchema, ...errors },
        },
      },
      async (request) => ok(await missions.admin.edit(operatorOf(request), request.params.id, request.body)),
    );

    app.post(
      `${ADMIN_BASE}/:id/state`,
      {
        preHandler: requirePermission('promotion:write'),
        schema: {
          ...admin,
          summary: 'Pauses, resumes or ends a mission (an ended one stays ended); audited',
          params: missionIdParamsSchema,
          body: missionStateRequestSchema,
          response: { 200: adminMissionResponseSchema, ...errors },
        },
      },
      async (request) => ok(await missions.admin.setState(operatorOf(request), request.params.id, request.body.state)),
    );

    app.get(
      `${ADMIN_BASE}/sign-in-calendar`,
      {
        preHandler: requirePermission('promotion:read'),
        schema: {
          ...admin,
          summary: 'The streak rewards of the sign-in calendar, day 1 first',
          response: { 200: adminSignInCalendarResponseSchema, ...errors },
        },
      },
      async (request) => ok(await missions.admin.calendar(adminOf(request).merchantId)),
    );

    app.put(
      `${ADMIN_BASE}/sign-in-calendar`,
      {
        preHandler: requirePermission('promotion:write'),
        schema: {
          ...admin,
          summary: 'Sets the streak rewards (the cycle repeats after the last day); audited',
          body: signInCalendarInputSchema,
          response: { 200: adminSignInCalendarResponseSchema, ...errors },
        },
      },
      async (request) => ok(await missions.admin.setCalendar(operatorOf(request), request.body)),
    );
  };
}
