import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/** A web build as `npm run build` writes it: text files with their brotli and gzip copies. */
function writeBuild(dir: string, name = 'player'): { script: string; page: string } {
  const page = `<!doctype html><html><body><div id="root" data-app="${name}"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  const script = `console.log(${JSON.stringify(`${name}${'x'.repeat(4000)}`)});`;
  mkdirSync(path.join(dir, 'assets'));
  for (const [file, text] of [
    ['index.html', page],
    ['assets/index-abc123.js', script],
  ] as const) {
    writeFileSync(path.join(dir, file), text);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  }
  return { script, page };
}

describe('serving the web build', () => {
  let dir: string;
  let adminDir: string;
  let build: { script: string; page: string };
  let consoleBuild: { script: string; page: string };
  let testApp: TestApp;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'web-build-'));
    adminDir = mkdtempSync(path.join(tmpdir(), 'admin-build-'));
    build = writeBuild(dir);
    consoleBuild = writeBuild(adminDir, 'console');
    testApp = await buildTestApp({ WEB_DIST_DIR: dir, ADMIN_DIST_DIR: adminDir });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(adminDir, { recursive: true, force: true });
  });

  it('sends the brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const response = await testApp.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(build.script);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzipped = await testApp.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(build.script);

    const plain = await testApp.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(build.script);
  });

  it('sends a client route the compressed page, never cached', async () => {
    const response = await testApp.app.inject({ url: '/lottery?gameCode=EL1', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(build.page);
  });

  it('gzips a large API answer for a browser that accepts it and leaves a small one as it is', async () => {
    const large = await testApp.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(large.rawPayload).toString())).toHaveProperty('openapi');

    const small = await testApp.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves the operator console under /admin: its compressed assets, its page for its routes, the bare prefix redirected', async () => {
    const asset = await testApp.app.inject({ url: '/admin/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(consoleBuild.script);

    const deepLink = await testApp.app.inject({ url: '/admin/deposits?page=2', headers: { 'accept-encoding': 'gzip' } });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(deepLink.rawPayload).toString()).toBe(consoleBuild.page);

    const bare = await testApp.app.inject({ url: '/admin' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/admin/');

    // The player app keeps its own page, and an unknown back-office call stays a 404 envelope.
    const player = await testApp.app.inject({ url: '/administrators', headers: { 'accept-encoding': 'identity' } });
    expect(player.payload).toBe(build.page);
    const api = await testApp.app.inject({ url: '/admin-api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'not_found' });
    const missing = await testApp.app.inject({ url: '/admin/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('serves files a build wrote after the server started, and nothing outside the build', async () => {
    const text = `console.log('rebuilt');`;
    writeFileSync(path.join(dir, 'assets', 'page-late1.js'), text);
    writeFileSync(path.join(adminDir, 'assets', 'section-late2.js'), text);
    const player = await testApp.app.inject({ url: '/assets/page-late1.js', headers: { 'accept-encoding': 'identity' } });
    expect(player.statusCode).toBe(200);
    expect(player.headers['cache-control']).toContain('immutable');
    expect(player.payload).toBe(text);
    const console = await testApp.app.inject({ url: '/admin/assets/section-late2.js', headers: { 'accept-encoding': 'identity' } });
    expect(console.statusCode).toBe(200);
    expect(console.payload).toBe(text);

    for (const url of ['/assets/..%2F..%2Fpackage.json', `/..%2f${path.basename(adminDir)}/index.html`]) {
      const outside = await testApp.app.inject({ url });
      expect(outside.statusCode).toBe(404);
    }
  });
});
