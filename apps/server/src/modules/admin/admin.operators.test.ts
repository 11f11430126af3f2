import { ADMIN_PERMISSIONS, defaultPermissionsOf } from '@platform/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { codeAt, loginAdmin, passwordStep } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant, uniqueName } from '../../../test/factories.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof loginAdmin>>;

beforeAll(async () => {
  t = await buildTestApp();
  await createMerchant(t.database.db);
  admin = await loginAdmin(t.app);
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, headers = admin.headers) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const auditActions = async (subjectId: number) =>
  (
    await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'admin')
      .where('subject_id', '=', String(subjectId))
      .execute()
  ).map((row) => row.action);

describe('operators', () => {
  it('creates an operator who enrols at the first login, lists it, and audits it', async () => {
    const username = uniqueName('fin');
    const created = await call('POST', '/admin-api/operators', { username, role: 'finance', password: 'Temporary@2026' });
    expect(created.statusCode).toBe(200);
    expect(created.json().value).toMatchObject({ username, role: 'finance', isEnabled: true, hasSecondFactor: false });
    const list = (await call('GET', '/admin-api/operators')).json().value;
    expect(list.map((row: { username: string }) => row.username)).toContain(username);
    expect(JSON.stringify(list)).not.toContain('secret');
    expect((await passwordStep(t.app, username, 'Temporary@2026')).stage).toBe('enrol');
    expect(await auditActions(created.json().value.id)).toEqual(['operator.create']);
    expect((await call('POST', '/admin-api/operators', { username, role: 'finance', password: 'Temporary@2026' })).json().code).toBe(
      'admin_username_taken',
    );
  });

  it('changes a role, and switching an operator off ends its sessions', async () => {
    const op = await loginAdmin(t.app, 'support');
    const promoted = await call('PATCH', `/admin-api/operators/${op.adminId}`, { role: 'risk' });
    expect(promoted.json().value.role).toBe('risk');
    const me = await t.app.inject({ method: 'GET', url: '/admin-api/session/me', headers: op.headers });
    expect(me.json().value.permissions).toEqual(defaultPermissionsOf('risk'));
    await call('PATCH', `/admin-api/operators/${op.adminId}`, { isEnabled: false });
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/session/me', headers: op.headers })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/admin-api/session/login',
      remoteAddress: nextIp(),
      payload: { username: op.username, password: 'Operator@2026' },
    });
    expect(login.json().code).toBe('admin_login_failed');
    expect(await auditActions(op.adminId)).toEqual(['operator.update', 'operator.update']);
  });

  it('refuses to disable or demote oneself', async () => {
    expect((await call('PATCH', `/admin-api/operators/${admin.adminId}`, { isEnabled: false })).json().code).toBe('admin_self_change');
    expect((await call('PATCH', `/admin-api/operators/${admin.adminId}`, { role: 'support' })).json().code).toBe('admin_self_change');
    expect((await call('PATCH', '/admin-api/operators/999999', { role: 'support' })).json().code).toBe('admin_operator_not_found');
  });

  it('resets an operator: a temporary password once, a new authenticator, and its sessions end', async () => {
    const op = await loginAdmin(t.app, 'finance');
    const reset = await call('POST', `/admin-api/operators/${op.adminId}/reset`);
    const { temporaryPassword } = reset.json().value;
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/session/me', headers: op.headers })).statusCode).toBe(401);
    const step = await passwordStep(t.app, op.username, temporaryPassword);
    expect(step.stage).toBe('enrol');
    expect(step.secret).not.toBe(op.secret);
    const done = await t.app.inject({
      method: 'POST',
      url: '/admin-api/session/totp',
      remoteAddress: nextIp(),
      payload: { challenge: step.challenge, code: codeAt(step.secret as string, step.challengeExpiresAt) },
    });
    expect(done.statusCode).toBe(200);
  });

  it('is refused to roles without operator:manage', async () => {
    const op = await loginAdmin(t.app, 'support');
    expect((await call('GET', '/admin-api/operators', undefined, op.headers)).json().code).toBe('admin_forbidden');
  });
});

describe('roles', () => {
  it('lists the roles and every permission, and narrows a role for its operators at once', async () => {
    const value = (await call('GET', '/admin-api/roles')).json().value;
    expect(value.permissions).toEqual([...ADMIN_PERMISSIONS]);
    expect(value.roles.find((role: { code: string }) => role.code === 'administrator')).toEqual({
      code: 'administrator',
      permissions: [...ADMIN_PERMISSIONS],
      isFixed: true,
    });

    const op = await loginAdmin(t.app, 'content');
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/content/banners', headers: op.headers })).statusCode).toBe(200);
    const narrowed = await call('PUT', '/admin-api/roles/content', { permissions: ['help:read', 'help:write'] });
    expect(narrowed.json().value).toEqual({ code: 'content', permissions: ['help:read', 'help:write'], isFixed: false });
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/content/banners', headers: op.headers })).json().code).toBe(
      'admin_forbidden',
    );
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('action', '=', 'admin_role.update')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('keeps the administrator whole', async () => {
    expect((await call('PUT', '/admin-api/roles/administrator', { permissions: [] })).json().code).toBe('admin_role_fixed');
    expect((await call('PUT', '/admin-api/roles/nobody', { permissions: [] })).statusCode).toBe(404);
  });
});
