import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPlainPayloads } from '../../test/accounts-helpers.ts';
import { loginAdmin } from '../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../test/factories.ts';

/**
 * What every call meets before its own code runs: bad text, malformed addresses, and the session
 * and role checks that come before the body is looked at. Each test walks every route the OpenAPI
 * document lists, so a new route is covered the day it is added.
 */

let t: TestApp;
let memberHeaders: Record<string, string>;
let adminHeaders: Record<string, string>;
let supportHeaders: Record<string, string>;

type Operation = { method: string; path: string; hasBody: boolean; isSessionOnly: boolean; isOperator: boolean };
let operations: Operation[] = [];

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** A path of the OpenAPI document with each `{param}` filled in. */
const concrete = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
  const created = await createMerchant(t.database.db);
  // Login, registration and the password calls are reached in plain JSON, so their fields are walked too.
  await allowPlainPayloads(t.app, created.id);
  const merchant = await t.app.services.merchants.current();
  // An agent of the first level passes every member guard (real account, agent).
  const agent = await createMember(t.database.db, merchant, { accountType: 1 });
  const { token } = await t.app.services.sessions.create(agent.id);
  memberHeaders = { authorization: `Bearer ${token}` };
  adminHeaders = (await loginAdmin(t.app, 'administrator')).headers;
  supportHeaders = (await loginAdmin(t.app, 'support')).headers;
  const document = t.app.swagger() as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[]; requestBody?: unknown }>>;
  };
  operations = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        hasBody: BODY_METHODS.has(method) && operation.requestBody !== undefined,
        isSessionOnly: (operation.security ?? []).length > 0 && (operation.security ?? []).every((entry) => 'session' in entry),
        isOperator: path.startsWith('/admin-api/'),
      })),
    )
    .filter((operation) => !operation.path.endsWith('/logout'));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

let ipSeed = 0;
/** Each call from its own address, so rate limits per address never answer first. */
const nextAddress = () => {
  ipSeed += 1;
  return `10.77.${Math.floor(ipSeed / 250)}.${(ipSeed % 250) + 1}`;
};

const send = (operation: Operation, options: { url: string; headers?: Record<string, string>; payload?: string }) =>
  t.app.inject({
    method: operation.method as 'GET',
    url: options.url,
    headers: {
      'x-forwarded-for': nextAddress(),
      ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });

function expectEnvelope(body: string, context: string) {
  const parsed = JSON.parse(body) as { success?: unknown; code?: unknown; message?: unknown };
  expect(parsed.success, context).toBe(false);
  expect(typeof parsed.code, context).toBe('string');
  expect(typeof parsed.message, context).toBe('string');
  return parsed as { success: false; code: string; message: string };
}

describe('bad text in any field or query', () => {
  it('lists enough routes to mean something', () => {
    expect(operations.length).toBeGreaterThan(150);
  });

  it('answers every route with 400 text_invalid for a NUL character in the query, never a 500', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const headers = operation.isOperator ? adminHeaders : memberHeaders;
      const res = await send(operation, {
        url: `${concrete(operation.path, '1')}?q=a%00b&username=a%00b&page=1`,
        headers,
        ...(operation.hasBody ? { payload: '{}' } : {}),
      });
      const context = `${operation.method} ${operation.path}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode >= 500) failures.push(context);
      else if (res.statusCode !== 403 && JSON.parse(res.body).code !== 'text_invalid') failures.push(context);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers every route with a body with 400 text_invalid for a NUL or a lone surrogate anywhere in it', async () => {
    const failures: string[] = [];
    const bodies = [
      '{"username":"a\\u0000b","password":"x","os":"web"}',
      '{"os":"\\ud800","random":"x"}',
      '{"nested":{"list":["ok","\\udfff"]}}',
      '{"key\\u0000":"value"}',
    ];
    for (const operation of operations.filter((o) => o.hasBody)) {
      for (const payload of bodies) {
        const headers = operation.isOperator ? adminHeaders : memberHeaders;
        const res = await send(operation, { url: concrete(operation.path, '1'), headers, payload });
        const context = `${operation.method} ${operation.path} ${payload}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) failures.push(context);
        else if (res.statusCode !== 403 && res.statusCode !== 415 && expectEnvelope(res.body, context).code !== 'text_invalid')
          failures.push(context);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers the calls that used to fail without a login with the envelope in the member language', async () => {
    const cases = [
      { method: 'GET', url: '/wps/agent/affiliate?affiliateCode=ab%00cd' },
      { method: 'GET', url: '/wps/relay/GCSGAME_gameList?gameName=%00' },
      { method: 'POST', url: '/wps/session/login/freeplay', payload: '{"os":"\\ud800"}' },
      { method: 'POST', url: '/wps/session/login/freeplay', payload: '{"random":"a\\udc00b"}' },
      { method: 'POST', url: '/admin-api/session/login', payload: '{"username":"admin\\u0000","password":"x"}' },
    ];
    for (const c of cases) {
      for (const [lang, pattern] of [
        ['vi', /ký tự/],
        ['en', /character/],
      ] as const) {
        const res = await t.app.inject({
          method: c.method as 'GET',
          url: c.url,
          headers: { lang, 'x-forwarded-for': nextAddress(), ...(c.payload ? { 'content-type': 'application/json' } : {}) },
          ...(c.payload ? { payload: c.payload } : {}),
        });
        expect(res.statusCode, `${c.url} ${res.body}`).toBe(400);
        const envelope = expectEnvelope(res.body, c.url);
        expect(envelope.code).toBe('text_invalid');
        expect(envelope.message).toMatch(pattern);
      }
    }
  });
});

describe('malformed addresses', () => {
  it('answers a bad URL component and a too-long parameter with the envelope, never echoing the path', async () => {
    const cases = [
      { url: '/wps/member/withdrawals/%E0%A4%A', status: 400 },
      { url: `/wps/member/withdrawals/${'9'.repeat(150)}`, status: 414 },
      { url: `/lgw/vn/games/${'x'.repeat(300)}%3Cscript%3E`, status: 404 },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'GET', url: c.url, headers: { lang: 'en', 'x-forwarded-for': nextAddress() } });
      expect(res.statusCode, res.body).toBe(c.status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const envelope = expectEnvelope(res.body, c.url);
      expect(envelope.message).not.toMatch(/withdrawals|%E0|9999|xxxx|script/i);
    }
  });
});

describe('who may call comes before what the body says', () => {
  it('answers every call that needs a session with 401 without one, whatever the body', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter((o) => o.isSessionOnly && !o.isOperator)) {
      const res = await send(operation, {
        url: `${concrete(operation.path, 'not-a-number')}?pageNo=-1`,
        ...(operation.hasBody ? { payload: '{"unexpected":true}' } : {}),
      });
      if (res.statusCode !== 401) failures.push(`${operation.method} ${operation.path}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers every operator call with admin_unauthorized without a token and admin_forbidden for a role it lacks, before the body', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter(
      (o) => o.isOperator && !['/admin-api/session/login', '/admin-api/session/totp'].includes(o.path),
    )) {
      const payload = operation.hasBody ? '{"unexpected":true}' : undefined;
      const url = `${concrete(operation.path, 'not-a-number')}?pageNo=-1`;
      const anonymous = await send(operation, { url, ...(payload ? { payload } : {}) });
      if (anonymous.statusCode !== 401) failures.push(`no token ${operation.method} ${operation.path}: ${anonymous.statusCode}`);
      const support = await send(operation, { url, headers: supportHeaders, ...(payload ? { payload } : {}) });
      // Support may do some things; where it may not, the answer is the role, not the body.
      if (support.statusCode === 403) expect(JSON.parse(support.body).code).toBe('admin_forbidden');
      else if (support.statusCode !== 200 && support.statusCode !== 400 && support.statusCode !== 404)
        failures.push(`support ${operation.method} ${operation.path}: ${support.statusCode}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses a role before validating the body of an operator call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin-api/withdrawals/not-a-number/approve',
      headers: { ...supportHeaders, 'x-forwarded-for': nextAddress() },
      payload: { unexpected: true },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('admin_forbidden');
  });
});
