import type { AdminPermission } from '@platform/contracts/admin';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { DomainError } from '../lib/domain-error.ts';
import type { AdminPrincipal, AdminService } from '../modules/admin/admin.service.ts';
import { accessGuard, readSessionToken } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AdminPrincipal | null;
  }
  interface FastifyContextConfig {
    /** The one permission an operator call asks for (set by `requirePermission`). */
    permission?: AdminPermission;
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
  app.addHook('onRoute', (route) => {
    const permission = permissionOfRoute(route);
    if (permission) route.config = { ...(route.config ?? {}), permission };
  });
}

/** The permission each guard made by `requirePermission` asks for, read when its route is added. */
const guardPermissions = new WeakMap<object, AdminPermission>();

/**
 * Route guard for back-office calls: a valid operator session (after the second factor) whose role
 * holds the permission. It runs before the body is validated, as the member guards do
 * (plugins/request-edge.ts), and the permission is written on the route (`config.permission`) so
 * the routes can be listed with what they ask for.
 */
export function requirePermission(permission: AdminPermission): preHandlerAsyncHookHandler {
  const guard = accessGuard(async (request: FastifyRequest) => {
    const admin = request.admin;
    if (!admin) throw new DomainError('admin_unauthorized');
    if (!admin.permissions.has(permission)) throw new DomainError('admin_forbidden');
  });
  guardPermissions.set(guard, permission);
  return guard;
}

/** Session calls of the operator itself (who am I, my sessions, log out): a session, no permission. */
export const requireAdminSession: preHandlerAsyncHookHandler = accessGuard(async (request) => {
  if (!request.admin) throw new DomainError('admin_unauthorized');
});

function permissionOfRoute(route: RouteOptions): AdminPermission | undefined {
  const hooks = [route.preValidation, route.preHandler].flatMap((hook) => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]));
  for (const hook of hooks) {
    const permission = guardPermissions.get(hook as object);
    if (permission) return permission;
  }
  return undefined;
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
