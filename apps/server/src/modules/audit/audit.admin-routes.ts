import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { AuditService } from './audit.service.ts';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
};
const session = [{ session: [] }];
const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);
const isoTime = z.string().datetime({ offset: true });

const auditRowSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  actor: z.object({ type: z.string(), id: z.string().nullable() }),
  action: z.string(),
  target: z.object({ type: z.string().nullable(), id: z.string().nullable() }),
  before: z.unknown(),
  after: z.unknown(),
  data: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  isSealed: z.boolean(),
});

/** The audit log for administrators: filtered and paged newest first, and a check of its hash chain. */
export function auditAdminRoutes(
  audit: AuditService,
  assertMemberOf: (merchantId: number, memberId: number) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/audit',
      {
        preHandler: requirePermission('audit:read'),
        schema: {
          tags: ['admin'],
          summary: 'Audit rows newest first, by operator, member, action and time; nextBefore pages to older ones',
          security: session,
          querystring: z.strictObject({
            operatorId: id.optional(),
            memberId: id.optional(),
            action: z.string().trim().min(1).max(100).optional(),
            from: isoTime.optional(),
            to: isoTime.optional(),
            before: id.optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          }),
          response: { 200: okEnvelope(z.object({ list: z.array(auditRowSchema), nextBefore: z.number().int().nullable() })), ...errors },
        },
      },
      async (request) => {
        const q = request.query;
        if (q.memberId !== undefined) await assertMemberOf(adminOf(request).merchantId, q.memberId);
        const page = await audit.list({
          merchantId: adminOf(request).merchantId,
          ...(q.operatorId !== undefined ? { actorType: 'admin', actorId: String(q.operatorId) } : {}),
          ...(q.memberId !== undefined ? { subjectType: 'member', subjectId: String(q.memberId) } : {}),
          action: q.action,
          from: q.from === undefined ? undefined : new Date(q.from),
          to: q.to === undefined ? undefined : new Date(q.to),
          before: q.before,
          limit: q.limit,
        });
        return ok({
          list: page.rows.map((r) => ({
            id: r.id,
            createdAt: new Date(r.created_at).toISOString(),
            actor: { type: r.actor_type, id: r.actor_id },
            action: r.action,
            target: { type: r.subject_type, id: r.subject_id },
            before: r.data.before ?? null,
            after: r.data.after ?? null,
            data: r.data,
            ip: r.ip,
            isSealed: r.hash !== null,
          })),
          nextBefore: page.nextBefore,
        });
      },
    );

    app.post(
      '/admin-api/audit/verify',
      {
        preHandler: requirePermission('audit:read'),
        schema: {
          tags: ['admin'],
          summary: "Walks the audit log's hash chain; where it breaks, the row and the hash expected there",
          security: session,
          response: {
            200: okEnvelope(
              z.object({
                ok: z.boolean(),
                checked: z.number().int(),
                brokenAt: z.object({ id: z.number().int(), expectedHash: z.string(), actualHash: z.string() }).optional(),
                /** hash_mismatch: the row's content was changed; prev_hash_mismatch: the row it links to is gone or changed. */
                reason: z.enum(['hash_mismatch', 'prev_hash_mismatch']).optional(),
              }),
            ),
            ...errors,
          },
        },
      },
      async () => {
        const result = await audit.verify();
        return ok(
          result.ok
            ? { ok: true, checked: result.checked }
            : { ok: false, checked: result.checked, brokenAt: result.brokenAt, reason: result.reason },
        );
      },
    );
  };
}
