import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createMerchant } from '../../test/factories.ts';
import { maintenanceSetting } from '../modules/system/system.settings.ts';

/** A player build with the first view's parts, as the web build writes them (apps/web/public/app-shell). */
function writeBuild(dir: string): void {
  mkdirSync(path.join(dir, 'app-shell'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div>\n<!--app-shell-->\n</body></html>');
  writeFileSync(path.join(dir, 'app-shell/header.html'), '<header class="app-shell__header"></header>');
  writeFileSync(
    path.join(dir, 'app-shell/home.html'),
    '<main class="home-skeleton"><div class="app-shell__banner"><!--banner--></div></main>',
  );
  writeFileSync(path.join(dir, 'app-shell/page.html'), '<main class="page-skeleton"></main>');
}

describe("the page's first view (app shell)", () => {
  let dir: string;
  let t: TestApp;
  let merchantId: number;
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'web-shell-'));
    writeBuild(dir);
    t = await buildTestApp({ WEB_DIST_DIR: dir });
    merchantId = (await createMerchant(t.database.db)).id;
    admin = await loginAdmin(t.app, 'support');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('content_banners').execute();
    t.app.services.content.clearCache();
    await t.app.services.settings.set(merchantId, maintenanceSetting, maintenanceSetting.defaultValue, 'test');
  });

  const page = async (url: string, encoding = 'identity') => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    return response;
  };

  const addBanner = async (imageUrl: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin-api/content/banners',
      headers: admin.headers,
      payload: { groupName: 'w_home', imageUrl, linkageType: 'ROUTE', linkageTarget: '/promotions', title: { vi: 'A', en: 'A' }, sort: 0 },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('puts the home skeleton with the first home banner picture after #root, hidden from assistive technology', async () => {
    await addBanner('/banners/welcome.svg');
    const html = (await page('/index')).payload;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain(
      '<div class="app-shell" aria-hidden="true"><header class="app-shell__header"></header><main class="home-skeleton">',
    );
    expect(html).toContain('<img class="app-shell__banner-image" src="/banners/welcome.svg" alt="" fetchpriority="high" decoding="async">');
    expect(html).not.toContain('<!--app-shell-->');
    expect((await page('/')).payload).toContain('home-skeleton');
  });

  it('gives other pages the generic skeleton, and home without a banner an empty banner place', async () => {
    const other = (await page('/lottery?gameCode=EL1')).payload;
    expect(other).toContain('page-skeleton');
    expect(other).not.toContain('home-skeleton');
    const home = (await page('/index')).payload;
    expect(home).toContain('<div class="app-shell__banner"></div>');
  });

  it('escapes the picture address and leaves out one the page policy would refuse (rows older than the checks)', async () => {
    await addBanner('/banners/welcome.svg');
    const setUrl = async (url: string) => {
      await t.database.db.updateTable('content_banners').set({ image_url: url }).execute();
      t.app.services.content.clearCache();
    };
    await setUrl('/banners/a"b<c.svg');
    expect((await page('/index')).payload).toContain('src="/banners/a&#34;b&#60;c.svg"');
    await setUrl('http://elsewhere.example/banner.png');
    expect((await page('/index')).payload).not.toContain('<img');
    await setUrl('//elsewhere.example/banner.png');
    expect((await page('/index')).payload).not.toContain('<img');
  });

  it('sends the bare page while the site is under maintenance, so nothing of the site shows before the notice', async () => {
    await t.app.services.settings.set(merchantId, maintenanceSetting, { ...maintenanceSetting.defaultValue, enabled: true }, 'test');
    const html = (await page('/index')).payload;
    expect(html).toContain('<!--app-shell-->');
    expect(html).not.toContain('app-shell__header');
  });

  it('keeps serving the page it read while a new build is being written, then serves the new one', async () => {
    const before = (await page('/login')).body;
    rmSync(path.join(dir, 'index.html'));
    rmSync(path.join(dir, 'app-shell'), { recursive: true });
    // The bundler has emptied the folder: the page read last, not an error.
    expect((await page('/login')).body).toBe(before);
    writeFileSync(path.join(dir, 'index.html'), '');
    utimesSync(path.join(dir, 'index.html'), new Date('2026-11-20T00:00:00Z'), new Date('2026-11-20T00:00:00Z'));
    expect((await page('/login')).body).toBe(before);
    writeBuild(dir);
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><body><div id="root" data-build="2"></div>\n<!--app-shell-->\n</body></html>',
    );
    utimesSync(path.join(dir, 'index.html'), new Date('2026-11-21T00:00:00Z'), new Date('2026-11-21T00:00:00Z'));
    expect((await page('/login')).body).toContain('data-build="2"');
    writeBuild(dir);
  });

  it('compresses the page as the browser accepts', async () => {
    const br = await page('/index', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('home-skeleton');
    const gz = await page('/live', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('page-skeleton');
  });
});

describe('the page when the site clock steps back', () => {
  let dir: string;
  let t: TestApp;
  let merchantId: number;
  let offsetMs = 0;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'web-shell-clock-'));
    writeBuild(dir);
    t = await buildTestApp({ WEB_DIST_DIR: dir }, { now: () => new Date(Date.now() + offsetMs) });
    merchantId = (await createMerchant(t.database.db)).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers /login after two steps back, following the maintenance window on the clock as it now reads', async () => {
    const at = Date.now();
    await t.app.services.settings.set(
      merchantId,
      maintenanceSetting,
      {
        ...maintenanceSetting.defaultValue,
        enabled: true,
        startsAt: new Date(at - 30 * 60_000).toISOString(),
        endsAt: new Date(at + 60 * 60_000).toISOString(),
      },
      'test',
    );
    const login = async () => {
      const response = await t.app.inject({ url: '/login' });
      expect(response.statusCode, response.body).toBe(200);
      return response.payload;
    };
    expect(await login()).not.toContain('app-shell__header');
    offsetMs -= 60 * 60_000;
    expect(await login()).toContain('page-skeleton');
    offsetMs -= 60 * 60_000;
    expect(await login()).toContain('page-skeleton');
    offsetMs += 2 * 60 * 60_000;
    expect(await login()).not.toContain('app-shell__header');
  });
});
