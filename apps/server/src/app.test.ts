import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

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
    expect(vi.json()).toEqual({ success: false, code: 'not_found', message: 'Không tìm thấy' });
    const en = await t.app.inject({ method: 'GET', url: '/wps/nothing-here', headers: { lang: 'EN' } });
    expect(en.json()).toMatchObject({ message: 'Not found' });
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
