import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';

let t: TestApp;
let merchant: { id: number; code: string; currency: string };

beforeAll(async () => {
  t = await buildTestApp();
  merchant = await createMerchant(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('the audit log for administrators', () => {
  it('lists rows newest first with actor, action, target, data and ip, filtered and paged by keyset', async () => {
    const m = await createMember(t.database.db, merchant);
    const op = await loginAdmin(t.app, 'administrator');
    for (const text of ['first', 'second', 'third']) {
      const res = await t.app.inject({ method: 'POST', url: `/admin-api/members/${m.id}/note`, headers: op.headers, payload: { text } });
      expect(res.statusCode).toBe(200);
    }
    const page = await get(`/admin-api/audit?memberId=${m.id}&operatorId=${op.adminId}&action=member.note&limit=2`, op.headers);
    expect(page.statusCode).toBe(200);
    const value = page.json().value;
    expect(value.list.map((r: { data: { text: string } }) => r.data.text)).toEqual(['third', 'second']);
    expect(value.list[0]).toMatchObject({
      actor: { type: 'admin', id: String(op.adminId) },
      action: 'member.note',
      target: { type: 'member', id: String(m.id) },
    });
    const older = await get(`/admin-api/audit?memberId=${m.id}&before=${value.nextBefore}&limit=2`, op.headers);
    expect(older.json().value.list.map((r: { data: { text: string } }) => r.data.text)).toEqual(['first']);
    expect(older.json().value.nextBefore).toBeNull();
    const future = await get(
      `/admin-api/audit?memberId=${m.id}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      op.headers,
    );
    expect(future.json().value.list).toEqual([]);
  });

  it('answers bad input with the envelope, 404 for another merchant’s member, and refuses other roles', async () => {
    const op = await loginAdmin(t.app, 'administrator');
    const bad = await get('/admin-api/audit?limit=0', op.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBeDefined();
    const other = await createMerchant(t.database.db);
    const stranger = await createMember(t.database.db, other);
    expect((await get(`/admin-api/audit?memberId=${stranger.id}`, op.headers)).statusCode).toBe(404);
    const support = await loginAdmin(t.app, 'support');
    const refused = await get('/admin-api/audit', support.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('admin_forbidden');
    expect((await t.app.inject({ method: 'POST', url: '/admin-api/audit/verify', headers: support.headers })).statusCode).toBe(403);
  });

  it('lists the operator’s merchant’s rows and the platform’s own, never another merchant’s', async () => {
    const op = await loginAdmin(t.app, 'administrator');
    const db = t.database.db;
    const own = await createMember(db, merchant);
    const other = await createMerchant(db);
    const stranger = await createMember(db, other);
    const record = t.app.services.audit.record;
    await record(db, { actorType: 'system', action: 'test.scope', subjectType: 'member', subjectId: own.id, data: { who: 'own' } });
    await record(db, {
      actorType: 'system',
      action: 'test.scope',
      subjectType: 'member',
      subjectId: stranger.id,
      data: { who: 'stranger' },
    });
    await record(db, { actorType: 'member', actorId: stranger.id, action: 'test.scope', data: { who: 'stranger-acting' } });
    await record(db, { actorType: 'system', action: 'test.scope', data: { who: 'platform' } });
    const rows = await db
      .selectFrom('audit_log')
      .select(['merchant_id', 'data'])
      .where('action', '=', 'test.scope')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => Number(row.merchant_id ?? 0))).toEqual([merchant.id, other.id, other.id, 0]);
    const listed = (await get('/admin-api/audit?action=test.scope', op.headers)).json().value.list as { data: { who: string } }[];
    expect(listed.map((row) => row.data.who)).toEqual(['platform', 'own']);
  });

  it('verifies the hash chain and names the row where a tampered log breaks', async () => {
    const op = await loginAdmin(t.app, 'administrator');
    await t.app.services.audit.seal();
    const good = await t.app.inject({ method: 'POST', url: '/admin-api/audit/verify', headers: op.headers });
    expect(good.statusCode).toBe(200);
    expect(good.json().value.ok).toBe(true);
    const checked = good.json().value.checked as number;
    expect(checked).toBeGreaterThan(0);

    const target = await t.database.db
      .selectFrom('audit_log')
      .select(['id', 'hash'])
      .where('hash', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('audit_log').set({ action: 'forged.action' }).where('id', '=', target.id).execute();
    const broken = await t.app.inject({ method: 'POST', url: '/admin-api/audit/verify', headers: op.headers });
    const value = broken.json().value;
    expect(value.ok).toBe(false);
    expect(value.checked).toBe(checked - 1);
    expect(value.brokenAt.id).toBe(target.id);
    expect(value.brokenAt.actualHash).toBe(target.hash);
    expect(value.brokenAt.expectedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(value.brokenAt.expectedHash).not.toBe(target.hash);
  });
});
