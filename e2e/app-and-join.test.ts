import path from 'node:path';
import { resourcesSetting } from '@platform/server/modules/system/system.settings';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { operatorLogin } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const IOS_URL = 'https://apps.lotus.example/ios/lotus.plist';
const ANDROID_URL = 'https://apps.lotus.example/android/lotus.apk';

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

/** The width and height a PNG's header states. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.slice(0, 8)]).toEqual(signature);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * The app download page (/down, /download) with the operator's app links and their QR codes, the
 * installable web app (manifest, icons, service worker and its offline page), and the agent
 * programme (/join): a visitor applies, an operator answers through the operator call, the visitor
 * reads the answer by reference.
 */
describe('the app download and join pages', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;
  let adminToken: string;

  beforeAll(async () => {
    site = await startSiteServer();
    baseUrl = site.baseUrl;
    await site.app.services.settings.set(
      site.merchantId,
      resourcesSetting,
      [
        { resourceType: 'IOS', url: IOS_URL, qrCodeUrl: '', labelNameEn: 'iOS' },
        { resourceType: 'ANDROID', url: ANDROID_URL, qrCodeUrl: '', labelNameEn: 'Android' },
      ],
      'e2e',
    );
    const { body } = await operatorLogin(baseUrl, 'admin');
    expect(body.success).toBe(true);
    adminToken = body.value.token;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function withPage(
    viewport: { width: number; height: number },
    options: { language: 'vi' | 'en'; theme: 'light' | 'dark' },
    run: (page: Page) => Promise<void>,
  ): Promise<void> {
    const context = await browser.newContext({ viewport });
    await context.addInitScript(
      ([language, theme]) => {
        localStorage.setItem('lang', language);
        localStorage.setItem('theme', theme);
      },
      [options.language, options.theme] as const,
    );
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      await run(page);
      expect(await watch.cspViolations()).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  async function shot(page: Page, name: string): Promise<void> {
    await screenshot(page, name);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-screen.png`) });
  }

  async function expectReadable(page: Page): Promise<void> {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  }

  const adminCall = async (method: 'GET' | 'POST', url: string, body?: object) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as { success: boolean; value: unknown } };
  };

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`shows the apps with their QR codes and the guide, in Vietnamese and English, at ${size}`, async () => {
      await withPage(viewport, { language: 'vi', theme: 'light' }, async (page) => {
        await page.goto(`${baseUrl}/down`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: 'Tải ứng dụng' }).waitFor();
        const ios = page.getByRole('link', { name: 'Tải cho iOS' });
        expect(await ios.getAttribute('href')).toBe(IOS_URL);
        expect(await page.getByRole('link', { name: 'Tải cho Android' }).getAttribute('href')).toBe(ANDROID_URL);
        for (const name of ['Ứng dụng iOS', 'Ứng dụng Android', 'iOS lite']) {
          const qr = page.getByRole('img', { name: `Mã QR tải ${name}` });
          expect(await qr.isVisible(), name).toBe(true);
          const box = await qr.boundingBox();
          expect(box && box.width >= 140 && box.height >= 140, name).toBe(true);
        }
        const guide = page.getByRole('region', { name: 'Hướng dẫn cài đặt' });
        expect(await guide.getByRole('listitem').first().isVisible()).toBe(true);
        await page.getByRole('button', { name: 'Xem hướng dẫn' }).click();
        await guide.getByText('Chọn “Thêm vào MH chính” rồi nhấn “Thêm”.').waitFor();
        await expectReadable(page);
        await shot(page, `app-download-vi-light-${size}`);
      });

      await withPage(viewport, { language: 'en', theme: 'dark' }, async (page) => {
        await page.goto(`${baseUrl}/download?platform=android`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: 'App download' }).waitFor();
        await page.getByRole('link', { name: 'Download for Android' }).waitFor();
        await page.getByText('Tap “Download for Android” or scan the QR code, then download the APK file.').waitFor();
        expect(await page.getByRole('img', { name: 'QR code to download the iOS app' }).isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        await expectReadable(page);
        await shot(page, `app-download-en-dark-${size}`);
      });
    });
  }

  it('says an app without a link is not available yet, with no button or code', async () => {
    const settings = site.app.services.settings;
    const before = await settings.get(site.merchantId, resourcesSetting);
    await settings.set(
      site.merchantId,
      resourcesSetting,
      before.filter((r) => r.resourceType !== 'ANDROID'),
      'e2e',
    );
    try {
      await withPage({ width: 390, height: 844 }, { language: 'vi', theme: 'light' }, async (page) => {
        await page.goto(`${baseUrl}/download`, { waitUntil: 'networkidle' });
        const android = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ứng dụng Android' }) });
        await android.getByText('Chưa có').waitFor();
        expect(await android.getByRole('link').count()).toBe(0);
        expect(await android.getByRole('img', { name: /Mã QR/ }).count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Tải cho iOS' }).count()).toBe(1);
      });
    } finally {
      await settings.set(site.merchantId, resourcesSetting, before, 'e2e');
    }
  });

  it('serves a valid web app manifest with the icons it names, and installs the offline page', async () => {
    const response = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Lotus', short_name: 'Lotus', start_url: '/index', scope: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    // What a browser needs to offer the install: 192 and 512 px icons, and a maskable one.
    const sizes = manifest.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const file = await fetch(`${baseUrl}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toContain(icon.type);
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (icon.type === 'image/png') {
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(pngSize(bytes), icon.src).toEqual({ width, height });
      } else {
        expect(new TextDecoder().decode(bytes)).toContain('<svg');
      }
    }
    const touchIcon = await fetch(`${baseUrl}/icons/apple-touch-icon.png`);
    expect(pngSize(new Uint8Array(await touchIcon.arrayBuffer()))).toEqual({ width: 180, height: 180 });

    await withPage({ width: 390, height: 844 }, { language: 'en', theme: 'dark' }, async (page) => {
      await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      // The service worker takes over the site; what it keeps is the offline page's files, never an API answer.
      const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      expect(scriptUrl).toBe(`${baseUrl}/sw.js`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.goto(`${baseUrl}/download`, { waitUntil: 'networkidle' });
      await page.getByRole('link', { name: 'Download for iOS' }).waitFor();
      const cached = await page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
        }
        return paths.sort();
      });
      expect(cached).toEqual(['/icons/icon.svg', '/offline.css', '/offline.html', '/theme-init.js']);

      // Offline, a page load shows the offline page in the visitor's language and theme.
      await page.context().setOffline(true);
      await page.goto(`${baseUrl}/index`);
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Không có kết nối mạng' }).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'offline-en-dark-390x844');
      await page.context().setOffline(false);
      await page.getByRole('link', { name: 'Try again' }).click();
      await page.waitForURL((url) => url.pathname === '/index');
      await page.getByRole('banner').waitFor();
    });
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`takes an application on /join that an operator answers, at ${size}`, async () => {
      const mobile = viewport.width < 500 ? '0912000390' : '0912001366';
      let reference = '';
      await withPage(viewport, { language: 'vi', theme: 'light' }, async (page) => {
        await page.goto(`${baseUrl}/join`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: 'Hợp tác đại lý' }).waitFor();
        await page.getByRole('heading', { name: 'Trở thành đại lý Lotus' }).waitFor();
        const form = page.getByRole('form', { name: 'Đơn đăng ký đại lý' });
        await form.getByLabel('Họ tên').fill('Nguyễn Văn An');
        await form.getByLabel('Số điện thoại').fill(mobile);
        await form.getByLabel('Zalo hoặc Telegram').fill('zalo 0912000390');
        await form.getByLabel('Tôi đã có một nhóm người chơi').check();
        await form.getByLabel('Lời nhắn').fill('Nhóm Zalo 200 người chơi xổ số.');
        await expectReadable(page);
        await shot(page, `join-form-vi-light-${size}`);
        // A double tap sends one application.
        await form.getByRole('button', { name: 'Gửi đơn đăng ký' }).dblclick();
        const shown = page.getByTestId('application-reference');
        await shown.waitFor();
        reference = (await shown.textContent()) ?? '';
        expect(reference).toMatch(/^AG-[0-9A-Z]{10}$/);
        await page.getByTestId('application-status').getByText('Đang chờ duyệt').waitFor();

        // The operator's queue has it once; the operator approves it with a message.
        const queue = await adminCall('GET', '/admin-api/agent-applications?status=pending&pageSize=100');
        expect(queue.status).toBe(200);
        const mine = (queue.body.value as { list: { id: number; reference: string; mobileNum: string }[] }).list.filter(
          (a) => a.mobileNum === mobile,
        );
        expect(mine.map((a) => a.reference)).toEqual([reference]);
        const answered = await adminCall('POST', `/admin-api/agent-applications/${mine[0]?.id}/answer`, {
          decision: 'approve',
          message: 'Chào anh An, bộ phận đại lý sẽ gọi anh trong hôm nay.',
        });
        expect(answered.status).toBe(200);

        // The look-up is filled in with the reference and the number: the answer shows.
        const lookup = page.getByRole('region', { name: 'Tra cứu đơn đăng ký' });
        expect(await lookup.getByLabel('Mã đơn').inputValue()).toBe(reference);
        await lookup.getByRole('button', { name: 'Tra cứu' }).click();
        const status = lookup.getByTestId('application-status');
        await status.getByText('Đã duyệt').waitFor();
        await status.getByText('Chào anh An, bộ phận đại lý sẽ gọi anh trong hôm nay.').waitFor();
        await expectReadable(page);
        await shot(page, `join-answered-vi-light-${size}`);
      });

      await withPage(viewport, { language: 'en', theme: 'dark' }, async (page) => {
        await page.goto(`${baseUrl}/join`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1, name: 'Join us' }).waitFor();
        const form = page.getByRole('form', { name: 'Agent application' });
        await form.getByLabel('Mobile number').fill('12ab');
        await form.getByRole('button', { name: 'Send application' }).click();
        await form.getByText('Please enter your full name.').waitFor();
        await form.getByText('A mobile number has 8 to 15 digits, with an optional + at the start.').waitFor();
        await form.getByText('Please choose your experience.').waitFor();
        // A visitor reads the answer later with the reference and the mobile number.
        const lookup = page.getByRole('region', { name: 'Check an application' });
        await lookup.getByLabel('Reference').fill(reference.toLowerCase());
        await lookup.getByLabel('Mobile number').fill(mobile);
        await lookup.getByRole('button', { name: 'Check' }).click();
        await lookup.getByTestId('application-status').getByText('Approved').waitFor();
        await expectReadable(page);
        await shot(page, `join-en-dark-${size}`);
      });
    });
  }
});
