import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DomainError } from '../lib/domain-error.ts';
import type { Principal, SessionService } from '../modules/session/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
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
  app.addHook('onRequest', async (request) => {
    // Back-office calls carry an operator's token, never a member's (plugins/admin-auth.ts).
    if (request.url.startsWith('/admin-api/')) return;
    const token = readSessionToken(request);
    if (token) request.principal = (await sessions.resolve(token)) ?? null;
  });
}

/** Route guard: a logged-in member (any account type). */
export const requireMember: preHandlerAsyncHookHandler = async (request) => {
  if (!request.principal) throw new DomainError('unauthorized');
};

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new DomainError('unauthorized');
  return request.principal;
}
