import {
  adminOperator,
  adminOperatorCreateBody,
  adminOperatorResetValue,
  adminOperatorUpdateBody,
  adminRoleItem,
  adminRolesValue,
  adminRoleUpdateBody,
} from '@platform/contracts/admin';
import { commonErrorResponses, errorEnvelope, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { AdminService } from './admin.service.ts';

const schemaBase = { tags: ['admin'], security: [{ session: [] }] };
const errors = { 400: errorEnvelope, 401: commonErrorResponses[401], 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** The merchant's operators and what each role may do (docs/admin-api.md). Permission `operator:manage`. */
export function operatorRoutes(admins: AdminService): FastifyPluginAsyncZod {
  return async (app) => {
    const guard = requirePermission('operator:manage');

    app.get(
      '/admin-api/operators',
      {
        preHandler: guard,
        schema: { ...schemaBase, summary: "The merchant's operators", response: { 200: okEnvelope(z.array(adminOperator)), ...errors } },
      },
      async (request) => ok(await admins.listOperators(adminOf(request))),
    );

    app.post(
      '/admin-api/operators',
      {
        preHandler: guard,
        schema: {
          ...schemaBase,
          summary: 'A new operator; it enrols an authenticator at its first login',
          body: adminOperatorCreateBody,
          response: { 200: okEnvelope(adminOperator), ...errors },
        },
      },
      async (request) => ok(await admins.createOperator(adminOf(request), request.body, request.ip)),
    );

    app.patch(
      '/admin-api/operators/:id',
      {
        preHandler: guard,
        schema: {
          ...schemaBase,
          summary: "Changes an operator's role or switches it off (its sessions end); not one's own",
          params: idParams,
          body: adminOperatorUpdateBody,
          response: { 200: okEnvelope(adminOperator), ...errors },
        },
      },
      async (request) => ok(await admins.updateOperator(adminOf(request), request.params.id, request.body, request.ip)),
    );

    app.post(
      '/admin-api/operators/:id/reset',
      {
        preHandler: guard,
        schema: {
          ...schemaBase,
          summary: 'A new temporary password, shown once; the authenticator is forgotten and the sessions end',
          params: idParams,
          response: { 200: okEnvelope(adminOperatorResetValue), ...errors },
        },
      },
      async (request) => ok(await admins.resetOperator(adminOf(request), request.params.id, request.ip)),
    );

    app.get(
      '/admin-api/roles',
      {
        preHandler: guard,
        schema: {
          ...schemaBase,
          summary: 'The roles with their permissions, and every permission',
          response: { 200: okEnvelope(adminRolesValue), ...errors },
        },
      },
      async (request) => ok(await admins.listRoles(adminOf(request))),
    );

    app.put(
      '/admin-api/roles/:code',
      {
        preHandler: guard,
        schema: {
          ...schemaBase,
          summary: 'Sets what a role may do (not the administrator)',
          params: z.object({ code: z.string().max(32) }),
          body: adminRoleUpdateBody,
          response: { 200: okEnvelope(adminRoleItem), ...errors },
        },
      },
      async (request) => {
        const role = await admins.setRolePermissions(adminOf(request), request.params.code, request.body.permissions, request.ip);
        return ok(role as z.infer<typeof adminRoleItem>);
      },
    );
  };
}
