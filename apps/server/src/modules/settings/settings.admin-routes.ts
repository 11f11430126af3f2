import { commonErrorResponses, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error.ts';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import { redacted, type SettingDefinition, type SettingsService } from './settings.service.ts';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
};

/** A schema as JSON Schema (what a value may be), or undefined when it cannot be written as one. */
function shapeOf(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return undefined;
  }
}

/**
 * The operator's settings screen: every registered setting can be read and replaced whole. A new
 * value is checked against the setting's own schema, so a bad edit is refused with the failing
 * field and changes nothing. Risk operators may read them; only administrators change them, and every
 * change is audited with the value before and after.
 */
export function settingsAdminRoutes(deps: {
  settings: SettingsService;
  editable: readonly SettingDefinition<z.ZodType>[];
}): FastifyPluginAsyncZod {
  const byKey = new Map(deps.editable.map((d) => [d.key, d]));
  // Each setting's shape as JSON Schema (input side), for the console to draw its fields; computed once.
  const shapes = new Map(deps.editable.map((d) => [d.key, shapeOf(d.schema)]));
  const definitionOf = (key: string) => {
    const def = byKey.get(key);
    if (!def) throw new DomainError('not_found', 'setting');
    return def;
  };

  return async (app) => {
    app.get(
      '/admin-api/settings',
      {
        preHandler: requirePermission('settings:read'),
        schema: {
          tags: ['admin'],
          summary: "The merchant's editable settings and their current values",
          security: [{ session: [] }],
          response: {
            200: okEnvelope(z.array(z.object({ key: z.string(), value: z.unknown(), schema: z.unknown().optional() }))),
            ...errors,
          },
        },
      },
      async (request) => {
        const { merchantId } = adminOf(request);
        const values = await Promise.all(
          deps.editable.map(async (d) => ({
            key: d.key,
            value: redacted(d, await deps.settings.get(merchantId, d)),
            schema: shapes.get(d.key),
          })),
        );
        return ok(values);
      },
    );

    app.put(
      '/admin-api/settings/:key',
      {
        preHandler: requirePermission('settings:write'),
        schema: {
          tags: ['admin'],
          summary: 'Replaces one setting; the value must pass the setting schema',
          security: [{ session: [] }],
          params: z.strictObject({ key: z.string().min(1).max(100) }),
          body: z.strictObject({ value: z.unknown() }),
          response: { 200: okEnvelope(z.object({ key: z.string(), value: z.unknown() })), ...errors },
        },
      },
      async (request) => {
        const admin = adminOf(request);
        const def = definitionOf(request.params.key);
        const parsed = def.schema.safeParse(request.body.value);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new DomainError('bad_request', issue ? `value.${issue.path.join('.')}` : 'value');
        }
        await deps.settings.setByOperator(admin.merchantId, def, parsed.data, { adminId: admin.adminId, ip: request.ip });
        return ok({ key: def.key, value: redacted(def, await deps.settings.get(admin.merchantId, def)) });
      },
    );
  };
}
