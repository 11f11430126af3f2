import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { parseEnv } from './env.ts';

describe('the app core', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers liveness and readiness once migrations are done', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', migrations: 'done' });
  });

  it('tags every response with a request id, keeping a well-formed incoming one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves Prometheus metrics in text format', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('http_request_duration_seconds_count');
  });

  it('answers an unknown API path with a 404 envelope in the requested language', async () => {
    const vi = await t.app.inject({ method: 'GET', url: '/wps/nothing-here' });
    expect(vi.statusCode).toBe(404);
    expect(vi.json()).toEqual({
      success: false,
      code: 'not_found',
      message: 'Không tìm thấy nội dung này. Vui lòng kiểm tra lại đường dẫn hoặc quay về trang chủ.',
    });
    const en = await t.app.inject({ method: 'GET', url: '/wps/nothing-here', headers: { lang: 'EN' } });
    expect(en.json()).toMatchObject({ message: 'This could not be found. Check the link or go back to the home page.' });
  });

  it('sends security headers and no CORS headers by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://elsewhere.example' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/readyz');
  });
});

describe('who may read /metrics', () => {
  const METRICS_TOKEN = 'a-scraper-token-of-some-length';
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true', METRICS_TOKEN, METRICS_ALLOW: '10.20.0.0/16' });
  });
  afterAll(async () => {
    await t.close();
  });

  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers this machine, the allowed network and the token holder, and no one else', async () => {
    expect((await scrape('127.0.0.1')).statusCode).toBe(200);
    expect((await scrape('::1')).statusCode).toBe(200);
    expect((await scrape('10.20.3.4')).statusCode).toBe(200);
    expect((await scrape('203.0.113.9', { authorization: `Bearer ${METRICS_TOKEN}` })).statusCode).toBe(200);
    for (const refused of [
      await scrape('203.0.113.9'),
      await scrape('203.0.113.9', { authorization: 'Bearer wrong-token-of-some-length!!' }),
      // A forwarded address is the client's claim; the allow-list looks at who connected.
      await scrape('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }),
      await scrape('10.21.0.1'),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, code: 'forbidden' });
      expect(refused.body).not.toContain('ledger_');
    }
  });

  it('is open to this machine only when nothing is configured', async () => {
    const plain = await buildTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await plain.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '192.0.2.1' })).statusCode).toBe(403);
    } finally {
      await plain.close();
    }
  });

  it('refuses a token too short to be a secret and a bad network at start-up', () => {
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => parseEnv({ METRICS_ALLOW: 'not-a-network' })).toThrow(/METRICS_ALLOW/);
  });
});
