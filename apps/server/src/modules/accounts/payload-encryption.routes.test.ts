import { randomBytes } from 'node:crypto';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';
import { payloadSecuritySetting } from './payload-encryption.ts';

describe('encrypted payloads', () => {
  let t: TestApp;
  let merchant: { id: number; code: string; currency: string };
  let username: string;
  let ip: string;
  let clock = new Date();

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' }, { now: () => clock });
    merchant = await createMerchant(t.database.db);
    const m = await createMember(t.database.db, merchant, {
      passwordHash: await hashPassword('goodpass1'),
      username: uniqueName('enc').slice(0, 12),
    });
    await t.database.db.insertInto('member_security').values({ member_id: m.id, login_count: 1 }).execute();
    username = m.username;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    ip = nextIp();
    clock = new Date();
    await t.app.services.settings.set(merchant.id, payloadSecuritySetting, payloadSecuritySetting.defaultValue, 'test');
  });

  async function encrypt(data: Record<string, unknown>, overrides: { timestamp?: number; nonce?: string } = {}) {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/encryption/key' });
    const { jwk, alg, enc } = res.json().value as { jwk: JWK; alg: string; enc: string };
    const key = await importJWK(jwk, alg);
    const plaintext = JSON.stringify({
      timestamp: overrides.timestamp ?? clock.getTime(),
      nonce: overrides.nonce ?? randomBytes(16).toString('hex'),
      data,
    });
    return new CompactEncrypt(new TextEncoder().encode(plaintext)).setProtectedHeader({ alg, enc }).encrypt(key);
  }

  const login = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/wps/session/login', payload: payload as object, headers: { 'x-forwarded-for': ip } });

  it('publishes a public key only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/encryption/key' });
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ alg: 'ECDH-ES+A256KW', enc: 'A256GCM', jwk: { kty: 'EC', crv: 'P-256' } });
    expect(value.jwk).not.toHaveProperty('d');
    expect((await t.app.inject({ method: 'GET', url: '/wps/system/encryption/key' })).json().value.kid).toBe(value.kid);
  });

  it('logs in with an encrypted body and refuses the same body sent again', async () => {
    const encrypted = await encrypt({ username, password: 'goodpass1' });
    const first = await login({ encrypted });
    expect(first.statusCode).toBe(200);
    expect(first.json().value.username).toBe(username);
    const replay = await login({ encrypted });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('payload_replayed');
  });

  it('refuses a stale timestamp, a garbled token and extra fields beside it', async () => {
    const stale = await login({
      encrypted: await encrypt({ username, password: 'goodpass1' }, { timestamp: clock.getTime() - 6 * 60_000 }),
    });
    expect(stale.json().code).toBe('payload_replayed');
    expect((await login({ encrypted: 'a.b.c.d.e' })).json().code).toBe('payload_invalid');
    expect((await login({ encrypted: await encrypt({ username, password: 'goodpass1' }), username })).json().code).toBe('payload_invalid');
  });

  it('validates the decrypted body like a plain one', async () => {
    const res = await login({ encrypted: await encrypt({ username, password: 'goodpass1', role: 'admin' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });

  it('refuses plain bodies once the operator requires encryption', async () => {
    await t.app.services.settings.set(merchant.id, payloadSecuritySetting, { requireEncryptedPayloads: true }, 'test');
    const plain = await login({ username, password: 'goodpass1' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe('encryption_required');
    expect((await login({ encrypted: await encrypt({ username, password: 'goodpass1' }) })).statusCode).toBe(200);
  });
});
