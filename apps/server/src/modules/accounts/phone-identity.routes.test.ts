import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPlainPayloads, freshCaptcha, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant, uniqueName } from '../../../test/factories.ts';
import { isSamePhoneNumber } from './phone-identity.ts';

/**
 * The phone-provider variant of mobile registration, against a key server that stands in for
 * Google's: the app is configured with a project id and the key address, as in production.
 */
const PROJECT_ID = 'lotus-test';
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

describe('registration with a phone provider ID token', () => {
  let t: TestApp;
  let keyServer: Server;
  let privateKey: SigningKey;
  let strangerKey: SigningKey;
  let ip: string;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    keyServer = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    const { port } = keyServer.address() as AddressInfo;
    t = await buildTestApp({ TRUST_PROXY: 'true', FIREBASE_PROJECT_ID: PROJECT_ID, FIREBASE_JWKS_URL: `http://127.0.0.1:${port}/keys` });
    const merchant = await createMerchant(t.database.db);
    await allowPlainPayloads(t.app, merchant.id);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => keyServer?.close(resolve));
  });

  const token = (phoneNumber: string, options: { key?: SigningKey; audience?: string; issuedSecondsAgo?: number } = {}) => {
    const issuedAt = Math.floor(Date.now() / 1000) - (options.issuedSecondsAgo ?? 0);
    return new SignJWT({ phone_number: phoneNumber })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(`https://securetoken.google.com/${PROJECT_ID}`)
      .setAudience(options.audience ?? PROJECT_ID)
      .setSubject(uniqueName('uid'))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(options.key ?? privateKey);
  };

  const register = async (mobileNum: string, idToken: string) => {
    ip = nextIp();
    return t.app.inject({
      method: 'PUT',
      url: '/wps/member/register/mobile',
      headers: { 'x-forwarded-for': ip },
      payload: {
        mobileNum,
        countryDialingCode: '+84',
        password: 'secret123',
        confirmPassword: 'secret123',
        agreement: true,
        firebaseChannel: 'sms',
        firebaseIdToken: idToken,
        ...(await freshCaptcha(t.app, t.database.db, ip)),
      },
    });
  };

  const randomMobile = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  it('registers the number the provider verified, without our SMS code', async () => {
    const mobile = randomMobile();
    const res = await register(mobile, await token(`+84${mobile.slice(1)}`));
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ username: mobile });
  });

  it('refuses a token for another number, a forged or foreign token, and an old one', async () => {
    const mobile = randomMobile();
    const other = randomMobile();
    expect((await register(mobile, await token(`+84${other.slice(1)}`))).json().code).toBe('verification_code_invalid');
    expect((await register(mobile, await token(`+84${mobile.slice(1)}`, { key: strangerKey }))).json().code).toBe(
      'verification_code_invalid',
    );
    expect((await register(mobile, await token(`+84${mobile.slice(1)}`, { audience: 'another-project' }))).json().code).toBe(
      'verification_code_invalid',
    );
    expect((await register(mobile, await token(`+84${mobile.slice(1)}`, { issuedSecondsAgo: 3_000 }))).json().code).toBe(
      'verification_code_invalid',
    );
    expect((await register(mobile, 'not.a.token')).json().code).toBe('verification_code_invalid');
  });

  it('is refused with a clear code where no provider is configured', async () => {
    const plain = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const merchant = await createMerchant(plain.database.db);
      await allowPlainPayloads(plain.app, merchant.id);
      const mobile = randomMobile();
      const res = await plain.app.inject({
        method: 'PUT',
        url: '/wps/member/register/mobile',
        headers: { 'x-forwarded-for': nextIp() },
        payload: {
          mobileNum: mobile,
          password: 'secret123',
          confirmPassword: 'secret123',
          agreement: true,
          firebaseChannel: 'sms',
          firebaseIdToken: 'x.y.z',
          ...(await freshCaptcha(plain.app, plain.database.db, ip)),
        },
      });
      expect(res.json().code).toBe('phone_provider_unavailable');
    } finally {
      await plain.close();
    }
  });
});

describe('isSamePhoneNumber', () => {
  it('matches a local number with its dialing code, or the full form, and nothing else', () => {
    expect(isSamePhoneNumber('+84912345678', '0912345678', '+84')).toBe(true);
    expect(isSamePhoneNumber('+84912345678', '84912345678', null)).toBe(true);
    expect(isSamePhoneNumber('+84912345678', '0912345679', '+84')).toBe(false);
    expect(isSamePhoneNumber('+84912345678', '0912345678', '+66')).toBe(false);
    expect(isSamePhoneNumber('+84912345678', '0912345678', null)).toBe(false);
  });
});
