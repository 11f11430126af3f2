import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsEncoding, prepareJson, sendPreparedJson } from './prepared-json.ts';

describe('acceptsEncoding', () => {
  it('reads codings, weights and the wildcard', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'gzip')).toBe(true);
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('deflate', 'gzip')).toBe(false);
    expect(acceptsEncoding('gzip;q=0, br', 'gzip')).toBe(false);
    expect(acceptsEncoding('gzip;q=0.0', 'gzip')).toBe(false);
    expect(acceptsEncoding('GZIP; q=0.5', 'gzip')).toBe(true);
    expect(acceptsEncoding('*', 'br')).toBe(true);
    expect(acceptsEncoding('*;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=0, *', 'br')).toBe(false);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
    expect(acceptsEncoding('', 'gzip')).toBe(false);
  });
});

describe('sendPreparedJson', () => {
  const big = { games: Array.from({ length: 60 }, (_, i) => ({ code: `game-${i}`, name: `Rồng vàng ${i}` })) };
  const small = { ok: true };

  async function appWith(value: unknown) {
    const prepared = prepareJson(value);
    const app = Fastify();
    app.get('/x', (request, reply) => sendPreparedJson(request, reply, prepared));
    await app.ready();
    return { app, prepared };
  }

  it('sends the same JSON gzipped to a client that accepts gzip, once compressed for all', async () => {
    const { app, prepared } = await appWith(big);
    const zipped = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(big);
    const first = prepared.gzip;
    await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip' } });
    expect(prepared.gzip).toBe(first);
    const plain = await app.inject({ url: '/x', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
    await app.close();
  });

  it('sends a small answer as it is', async () => {
    const { app, prepared } = await appWith(small);
    const response = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(small);
    expect(prepared.gzip).toBeNull();
    await app.close();
  });
});
