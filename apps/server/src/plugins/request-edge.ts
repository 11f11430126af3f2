import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { DomainError } from '../lib/domain-error.ts';
import { isAccessGuard, requireMember } from './auth.ts';

/**
 * The rules every call meets at the edge, installed once for every route as it is added (an
 * `onRoute` hook), so no route has to remember them:
 *
 * 1. Who may call comes first. The session and role guards (`requireMember`, `requireRealAccount`,
 *    `requireAgent`, `requireAccountTypes`, `requirePermission`) run before the body is decrypted or
 *    validated: a visitor is told to log in, an operator without the role is told so, whatever the
 *    body says. A route that declares `security: [{ session: [] }]` without a guard gets
 *    `requireMember`.
 * 2. Text is text. A NUL character or a lone UTF-16 surrogate anywhere in the parameters, the query
 *    or the body (values and keys, after decryption) is refused with `text_invalid` before any
 *    schema or handler sees it: the database cannot store either, and no field has a use for them.
 */
export function registerRequestEdge(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const preHandlers = asList(route.preHandler);
    const guards = preHandlers.filter(isAccessGuard);
    if (guards.length === 0 && declaresSessionOnly(route)) guards.push(requireMember);
    route.preHandler = preHandlers.filter((hook) => !isAccessGuard(hook));
    route.preValidation = [...guards, ...asList(route.preValidation), rejectBadText];
  });
}

function asList<T>(hooks: T | readonly T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? [...(hooks as readonly T[])] : [hooks as T];
}

function declaresSessionOnly(route: RouteOptions): boolean {
  const security = (route.schema as { security?: readonly Record<string, unknown>[] } | undefined)?.security;
  return security !== undefined && security.length > 0 && security.every((entry) => 'session' in entry);
}

/** A NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what this refuses.
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper than any call's body; a deeper value is refused rather than walked. */
const DEPTH_MAX = 32;

/** True when the value, its items or its keys hold text no field may carry. */
function hasBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return BAD_TEXT.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth > DEPTH_MAX) return true;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => hasBadText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => BAD_TEXT.test(key) || hasBadText(item, depth + 1));
}

async function rejectBadText(request: FastifyRequest): Promise<void> {
  if (hasBadText(request.params) || hasBadText(request.query) || hasBadText(request.body)) throw new DomainError('text_invalid');
}
