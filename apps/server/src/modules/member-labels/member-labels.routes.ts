import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, operatorOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { MemberLabelsService } from './member-labels.service.ts';

const labelSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  rankLevel: z.number().int().nullable(),
  sort: z.number().int(),
  isEnabled: z.boolean(),
  memberCount: z.number().int(),
});

const labelBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/),
  name: z.string().trim().min(1).max(64),
  /** A VIP tier when set (0 to 99; the chat window gives VIP service above 4); a plain tag when null. */
  rankLevel: z.number().int().min(0).max(99).nullable().default(null),
  sort: z.number().int().min(0).max(100_000).default(0),
  isEnabled: z.boolean().default(true),
});

const memberLabelsValue = z.object({
  names: z.array(z.string()),
  club: z.object({ name: z.string(), rankLevel: z.number().int() }).nullable(),
});

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
};

/** Back-office calls for member labels and VIP tiers (docs/admin-api.md). */
export function memberLabelsRoutes(labels: MemberLabelsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/member-labels',
      {
        preHandler: requirePermission('label:read'),
        schema: {
          tags: ['admin'],
          summary: "The merchant's member labels, with how many members carry each",
          security: [{ session: [] }],
          response: { 200: okEnvelope(z.array(labelSchema)), ...errors },
        },
      },
      async (request) => ok(await labels.list(adminOf(request).merchantId)),
    );

    app.post(
      '/admin-api/member-labels',
      {
        preHandler: requirePermission('label:write'),
        schema: {
          tags: ['admin'],
          summary: 'Creates a member label (a VIP tier when it has a rank level)',
          security: [{ session: [] }],
          body: labelBody,
          response: { 200: okEnvelope(labelSchema), ...errors },
        },
      },
      async (request) => ok(await labels.create(operatorOf(request), request.body)),
    );

    app.put(
      '/admin-api/member-labels/:labelId',
      {
        preHandler: requirePermission('label:write'),
        schema: {
          tags: ['admin'],
          summary: 'Changes a member label; a disabled label stays assigned but is not shown',
          security: [{ session: [] }],
          params: z.strictObject({ labelId: z.coerce.number().int().positive() }),
          body: labelBody,
          response: { 200: okEnvelope(labelSchema), ...errors },
        },
      },
      async (request) => ok(await labels.update(operatorOf(request), request.params.labelId, request.body)),
    );

    app.put(
      '/admin-api/members/:memberId/labels',
      {
        preHandler: requirePermission('member:label'),
        schema: {
          tags: ['admin'],
          summary: "Sets a member's labels to exactly the given ones",
          security: [{ session: [] }],
          params: z.strictObject({ memberId: z.coerce.number().int().positive() }),
          body: z.strictObject({ labelIds: z.array(z.number().int().positive()).max(20) }),
          response: { 200: okEnvelope(memberLabelsValue), ...errors },
        },
      },
      async (request) => ok(await labels.setForMember(operatorOf(request), request.params.memberId, request.body.labelIds)),
    );
  };
}
