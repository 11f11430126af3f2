import { memberIdParamsSchema } from '@platform/contracts/admin-money';
import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import { transferPermissionsUpdateSchema } from '@platform/contracts/transfers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { TransfersService } from './transfers.service.ts';

const permissionsValue = okEnvelope(
  z.object({ toUpline: z.boolean(), canTransferToDownline: z.boolean(), canReceiveFromDownline: z.boolean() }),
);

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  500: commonErrorResponses[500],
};

/** Back-office calls on a member's transfer flags (toUpline, downline transfers). */
export function transfersAdminRoutes(transfers: TransfersService): FastifyPluginAsyncZod {
  return async (app) => {
    const schemaBase = { tags: ['admin-transfers'], security: [{ session: [] }], params: memberIdParamsSchema };

    app.get(
      '/admin-api/members/:memberId/transfer-permissions',
      {
        preHandler: requirePermission('member:read'),
        schema: { ...schemaBase, summary: "A member's transfer flags", response: { 200: permissionsValue, ...errors } },
      },
      async (request) => ok(await transfers.permissionsForOperator(request.params.memberId, adminOf(request).merchantId)),
    );

    app.put(
      '/admin-api/members/:memberId/transfer-permissions',
      {
        preHandler: requirePermission('member:transfer-permissions'),
        schema: {
          ...schemaBase,
          summary: "Changes a member's transfer flags",
          body: transferPermissionsUpdateSchema,
          response: { 200: permissionsValue, ...errors },
        },
      },
      async (request) => {
        const admin = adminOf(request);
        return ok(
          await transfers.setPermissions(request.params.memberId, request.body, {
            adminId: admin.adminId,
            merchantId: admin.merchantId,
            ip: request.ip,
          }),
        );
      },
    );
  };
}
