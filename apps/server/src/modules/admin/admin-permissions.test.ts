import { ADMIN_ROLES, type AdminPermission, type AdminRole, defaultPermissionsOf } from '@platform/contracts/admin';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { ADMIN_API_PREFIX } from '../../plugins/admin-auth.ts';

/** Operator calls that need a session or nothing at all, never a permission: the operator's own session. */
const SESSION_CALLS = new Set([
  'POST /admin-api/session/login',
  'POST /admin-api/session/totp',
  'GET /admin-api/session/me',
  'DELETE /admin-api/session/logout',
  'GET /admin-api/session/sessions',
  'DELETE /admin-api/session/sessions',
  'DELETE /admin-api/session/sessions/:id',
]);

type Route = { method: string; url: string; permission: AdminPermission | undefined };

const routes: Route[] = [];
const seen: RouteOptions[] = [];
let t: TestApp;
const headersOf = new Map<AdminRole, Record<string, string>>();

beforeAll(async () => {
  // The same route objects the later hooks complete (request-edge, admin-auth), read after start.
  t = await buildTestApp({}, { onRoute: (route) => seen.push(route) });
  await createMerchant(t.database.db);
  for (const route of seen) {
    if (!route.url.startsWith(ADMIN_API_PREFIX)) continue;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, permission: route.config?.permission });
    }
  }
  for (const role of ADMIN_ROLES) headersOf.set(role, (await loginAdmin(t.app, role)).headers);
});

afterAll(async () => {
  await t?.close();
});

/** A role of the defaults that lacks the permission (every one but the administrator lacks some). */
function roleWithout(permission: AdminPermission): AdminRole {
  const role = ADMIN_ROLES.find((candidate) => !defaultPermissionsOf(candidate).includes(permission));
  if (!role) throw new Error(`every role holds ${permission}`);
  return role;
}

const call = (route: Route, role: AdminRole) =>
  t.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:[A-Za-z]+/g, '1'),
    headers: headersOf.get(role),
    payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
  });

describe('operator routes and their permissions', () => {
  it('finds the operator routes', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it('names a permission on every operator route but the session calls', () => {
    const undeclared = routes.filter((route) => !route.permission && !SESSION_CALLS.has(`${route.method} ${route.url}`));
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('keeps the house game server’s sportsbook and cockfight calls to game:read for reading and game:write for changes', async () => {
    const house = routes.filter((route) => /^\/admin-api\/house\/(sportsbook|cockfight)(\/|$)/.test(route.url));
    const named = house.map((route) => `${route.method} ${route.url} ${route.permission}`);
    expect(named).toEqual(
      expect.arrayContaining([
        'GET /admin-api/house/sportsbook game:read',
        'POST /admin-api/house/sportsbook/manual/event game:write',
        'POST /admin-api/house/sportsbook/risk/lift game:write',
        'POST /admin-api/house/sportsbook/limits/set game:write',
        'GET /admin-api/house/cockfight game:read',
        'POST /admin-api/house/cockfight/arenas game:write',
        'POST /admin-api/house/cockfight/:arenaId/result game:write',
        'POST /admin-api/house/cockfight/:arenaId/retire game:write',
      ]),
    );
    expect(house.filter((route) => route.permission !== (route.method === 'GET' ? 'game:read' : 'game:write'))).toEqual([]);
    // A role with game:read only (support's defaults have neither) reads and is refused every change.
    const reader = ADMIN_ROLES.find(
      (r) => defaultPermissionsOf(r).includes('game:read') && !defaultPermissionsOf(r).includes('game:write'),
    );
    const nobody = ADMIN_ROLES.find((r) => !defaultPermissionsOf(r).includes('game:read'));
    const wrong: string[] = [];
    for (const route of house) {
      const refusedRole = route.method === 'GET' ? nobody : (reader ?? nobody);
      if (!refusedRole) continue;
      const res = await call(route, refusedRole);
      if (res.statusCode !== 403 || res.json().code !== 'admin_forbidden') wrong.push(`${route.method} ${route.url} as ${refusedRole}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every route to a role without its permission, before reading the body', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (!route.permission) continue;
      const res = await call(route, roleWithout(route.permission));
      if (res.statusCode !== 403 || res.json().code !== 'admin_forbidden') wrong.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a role holding the permission past the guard', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (!route.permission) continue;
      const role =
        ADMIN_ROLES.find(
          (candidate) => candidate !== 'administrator' && defaultPermissionsOf(candidate).includes(route.permission as AdminPermission),
        ) ?? 'administrator';
      const res = await call(route, role);
      if (res.statusCode === 403 && res.json().code === 'admin_forbidden') wrong.push(`${route.method} ${route.url} as ${role}`);
    }
    expect(wrong).toEqual([]);
  });
});
