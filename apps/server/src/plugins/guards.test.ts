import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createMerchant } from '../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createSessionService } from '../modules/session/session.service.ts';
import { registerAuth } from './auth.ts';
import { registerErrorHandler } from './error-handler.ts';
import { requireAccountTypes, requireAgent, requireRealAccount } from './guards.ts';

describe('role guards', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const sessions = createSessionService({ db: database.db, policy: { idleMinutes: 30, absoluteHours: 24 }, now: () => new Date() });
    app = Fastify();
    registerErrorHandler(app);
    registerAuth(app, sessions);
    app.get('/real', { preHandler: requireRealAccount }, async () => ({ success: true }));
    app.get('/agent', { preHandler: requireAgent }, async () => ({ success: true }));
    app.get('/level1', { preHandler: requireAccountTypes([1]) }, async () => ({ success: true }));
    await app.ready();
    const merchant = await createMerchant(database.db);
    for (const [name, accountType] of [
      ['member', 0],
      ['trial', 4],
      ['agent1', 1],
      ['agent42', 42],
    ] as const) {
      const m = await createMember(database.db, merchant, { accountType });
      tokens[name] = (await sessions.create(m.id)).token;
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = async (url: string, who?: string) => {
    const res = await app.inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
    return { status: res.statusCode, code: res.json().code as string | undefined };
  };

  it('asks a visitor to log in before looking at any role', async () => {
    for (const url of ['/real', '/agent', '/level1']) expect(await call(url)).toEqual({ status: 401, code: 'unauthorized' });
  });

  it('gives a trial account the real-account warning and lets real accounts through', async () => {
    expect(await call('/real', 'trial')).toEqual({ status: 403, code: 'in_need_true_account' });
    expect((await call('/real', 'member')).status).toBe(200);
    expect((await call('/real', 'agent1')).status).toBe(200);
  });

  it('lets only agent types into agent calls', async () => {
    expect(await call('/agent', 'member')).toEqual({ status: 403, code: 'forbidden' });
    expect((await call('/agent', 'trial')).status).toBe(403);
    expect((await call('/agent', 'agent1')).status).toBe(200);
    expect((await call('/agent', 'agent42')).status).toBe(200);
  });

  it('admits exactly the listed account types', async () => {
    expect((await call('/level1', 'agent1')).status).toBe(200);
    expect(await call('/level1', 'agent42')).toEqual({ status: 403, code: 'forbidden' });
    expect(await call('/level1', 'trial')).toEqual({ status: 403, code: 'in_need_true_account' });
  });
});
