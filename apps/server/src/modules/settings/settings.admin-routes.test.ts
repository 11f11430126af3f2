import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { maintenanceSetting } from '../system/system.settings.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await createMerchant(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

describe('/admin-api/settings', () => {
  it('lists the editable settings with their values to risk operators', async () => {
    const op = await loginAdmin(t.app, 'risk');
    const res = await t.app.inject({ method: 'GET', url: '/admin-api/settings', headers: op.headers });
    expect(res.statusCode).toBe(200);
    const keys = res.json().value.map((s: { key: string }) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['accounts.registration', 'system.maintenance', 'accounts.payloadSecurity']));
    // Each comes with its shape, which the console draws its fields from.
    const maintenance = res.json().value.find((s: { key: string }) => s.key === 'system.maintenance');
    expect(maintenance.schema).toMatchObject({ type: 'object', properties: { enabled: { type: 'boolean' } } });
  });

  it('lets an administrator replace a setting, audited, and the site follows it', async () => {
    const op = await loginAdmin(t.app, 'administrator');
    const merchant = await t.app.services.merchants.current();
    const current = await t.app.services.settings.get(merchant.id, maintenanceSetting);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/admin-api/settings/${maintenanceSetting.key}`,
      headers: op.headers,
      payload: { value: { ...current, enabled: true } },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.services.settings.get(merchant.id, maintenanceSetting)).enabled).toBe(true);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('subject_id', '=', maintenanceSetting.key)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.data).toMatchObject({ before: { enabled: current.enabled }, after: { enabled: true } });
  });

  it('refuses a value that fails the schema, naming the field, and changes nothing', async () => {
    const op = await loginAdmin(t.app, 'administrator');
    const merchant = await t.app.services.merchants.current();
    const before = await t.app.services.settings.get(merchant.id, maintenanceSetting);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/admin-api/settings/${maintenanceSetting.key}`,
      headers: op.headers,
      payload: { value: { ...before, enabled: 'yes' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
    expect(await t.app.services.settings.get(merchant.id, maintenanceSetting)).toEqual(before);
  });

  it('refuses unknown keys, and changes by other roles', async () => {
    const admin = await loginAdmin(t.app, 'administrator');
    const unknown = await t.app.inject({ method: 'PUT', url: '/admin-api/settings/nope', headers: admin.headers, payload: { value: 1 } });
    expect(unknown.statusCode).toBe(404);
    const risk = await loginAdmin(t.app, 'risk');
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/admin-api/settings/${maintenanceSetting.key}`,
      headers: risk.headers,
      payload: { value: {} },
    });
    expect(refused.statusCode).toBe(403);
  });
});
