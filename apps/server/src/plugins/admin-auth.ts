import type { AdminRole } from '@platform/contracts/admin';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DomainError } from '../lib/domain-error.ts';
import type { AdminPrincipal, AdminService } from '../modules/admin/admin.service.ts';
import { accessGuard, readSessionToken } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AdminPrincipal | null;
  }
}

/** Back-office calls live under this prefix; only there is the bearer token read as an operator's. */
export const ADMIN_API_PREFIX = '/admin-api/';

export function registerAdminAuth(app: FastifyInstance, admins: AdminService): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(ADMIN_API_PREFIX)) return;
    const token = readSessionToken(request);
    if (token) request.admin = (await admins.resolve(token)) ?? null;
  });
}

/**
 * Route guard for back-office calls: a valid operator session, and one of the roles when given.
 * The administrator role may do everything. It runs before the body is validated, as the member
 * guards do (plugins/request-edge.ts).
 */
export function requireAdmin(roles: readonly AdminRole[] = []): preHandlerAsyncHookHandler {
  return accessGuard(async (request) => {
    const admin = request.admin;
    if (!admin) throw new DomainError('admin_unauthorized');
    if (roles.length > 0 && admin.role !== 'administrator' && !roles.includes(admin.role)) throw new DomainError('admin_forbidden');
  });
}

export function adminOf(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw new DomainError('admin_unauthorized');
  return request.admin;
}

/** The signed-in operator as services take it for their audit rows: who, for which merchant, from where. */
export function operatorOf(request: FastifyRequest): { adminId: number; merchantId: number; ip: string } {
  const admin = adminOf(request);
  return { adminId: admin.adminId, merchantId: admin.merchantId, ip: request.ip };
}
