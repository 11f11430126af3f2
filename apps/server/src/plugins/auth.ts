import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DomainError } from '../lib/domain-error.ts';
import type { Principal, SessionService } from '../modules/session/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The token is a session limited to the password change, and this call is not that. */
    isPasswordChangePending: boolean;
  }
  interface FastifyContextConfig {
    /** A call a session limited to the password change may make (docs/accounts.md). */
    allowsPasswordChangeOnlySession?: boolean;
  }
}

/**
 * The guards that say who may call (a session, an account type, an operator role). Routes list them
 * as `preHandler`; plugins/request-edge.ts runs them before the body is validated.
 */
const accessGuards = new WeakSet<object>();

export function accessGuard<T extends preHandlerAsyncHookHandler>(guard: T): T {
  accessGuards.add(guard);
  return guard;
}

export function isAccessGuard(hook: unknown): hook is preHandlerAsyncHookHandler {
  return typeof hook === 'function' && accessGuards.has(hook);
}

/** The refusal of a call that needs a session it does not have. */
export function noSessionError(request: FastifyRequest): DomainError {
  return new DomainError(request.isPasswordChangePending ? 'password_change_required' : 'unauthorized');
}

/** The client sends its session token as `Authorization: Bearer <token>` (or the `token` header). */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
    return authorization.slice('Bearer '.length).trim();
  }
  const header = request.headers.token;
  return typeof header === 'string' && header.length > 0 ? header : undefined;
}

export function registerAuth(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('isPasswordChangePending', false);
  app.addHook('onRequest', async (request) => {
    // Back-office calls carry an operator's token, never a member's (plugins/admin-auth.ts).
    if (request.url.startsWith('/admin-api/')) return;
    const token = readSessionToken(request);
    if (!token) return;
    const principal = (await sessions.resolve(token)) ?? null;
    // A login that answered cpw may change the password and little else; any other call is
    // answered as for a visitor, and one that needs a session is refused with the reason.
    if (principal?.isPasswordChangeOnly && request.routeOptions.config?.allowsPasswordChangeOnlySession !== true) {
      request.isPasswordChangePending = true;
      return;
    }
    request.principal = principal;
  });
}

/** Route guard: a logged-in member (any account type). */
export const requireMember: preHandlerAsyncHookHandler = accessGuard(async (request) => {
  if (!request.principal) throw noSessionError(request);
});

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw noSessionError(request);
  return request.principal;
}
