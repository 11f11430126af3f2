import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterTwoFrames, launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const START_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}( \(GMT[+-]\d{1,2}(:\d{2})?\))?$/;

describe('site content: banners, notice marquee, notices and the popup announcement', () => {
  let site: SiteServer;
  let app: FastifyInstance;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    site = await startSiteServer({ keepPopupAnnouncements: true });
    ({ app, baseUrl } = site);
    // Ten more bulletins beside the demo's three, so the notices run to a second page.
    const admin = await site.database.db.selectFrom('admin_users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const op = { adminId: admin.id, merchantId: site.merchantId, ip: null };
    for (let i = 1; i <= 10; i += 1) {
      await app.services.content.admin.createAnnouncement(op, {
        type: 'B',
        title: { vi: `Bản tin số ${i}`, en: `Bulletin number ${i}` },
        body: { vi: `<p>Nội dung bản tin số ${i}.</p>`, en: `<p>Text of bulletin ${i}.</p>` },
        platform: 'ALL',
        popupRepeat: 'session',
        startsAt: new Date(Date.now() - (100 + i) * 3_600_000).toISOString(),
        endsAt: null,
        sort: 0,
        enabled: true,
      });
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function withPage(options: BrowserContextOptions, run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext(options);
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

  const activeImage = (page: Page) => page.locator('.banner.is-active img').getAttribute('src');

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    const isPhone = viewport.name === 'phone';

    it(`shows the popup announcement once, and not again today once hidden, at ${size}`, async () => {
      await withPage({ viewport }, async (page) => {
        await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        const popup = page.getByRole('dialog', { name: 'Chào mừng đến với Lotus' });
        await popup.waitFor();
        await expect(popup.getByText('tiền ảo').first().isVisible()).resolves.toBe(true);
        expect(await popup.locator('time').innerText()).toMatch(START_TIME);
        await screenshot(page, `content-popup-${viewport.name}`);

        // Closed without the box: moving to another page, or loading the site again in this tab,
        // does not show it again (once per browser session unless the operator asks for every load).
        await popup.getByRole('button', { name: 'Đã hiểu' }).click();
        await popup.waitFor({ state: 'detached' });
        await page.locator('.category__link[href="/rng"]').click();
        await page.waitForURL(/\/rng/);
        await page.locator('.game-card').first().waitFor();
        await afterTwoFrames(page);
        expect(await page.getByRole('dialog').count()).toBe(0);
        await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        await page.locator('.banner-carousel').first().waitFor();
        await afterTwoFrames(page);
        expect(await page.getByRole('dialog').count()).toBe(0);

        // A new tab is a new browser session: it shows again, and the box hides it for today.
        const second = await page.context().newPage();
        await second.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        const again = second.getByRole('dialog', { name: 'Chào mừng đến với Lotus' });
        await again.waitFor();
        await again.getByRole('checkbox', { name: 'Không hiển thị lại hôm nay' }).check();
        await again.getByRole('button', { name: 'Đã hiểu' }).click();
        await again.waitFor({ state: 'detached' });
        const stored = await second.evaluate(() => localStorage.getItem('announcementPopupHidden'));
        expect(JSON.parse(stored ?? '{}')).toMatchObject({ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), ids: [expect.any(Number)] });

        const third = await page.context().newPage();
        const popupContent = third.waitForResponse((r) => r.url().includes('MCSFE_getAnnouncementContent?types=PU'));
        await third.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        await third.locator('.banner-carousel').first().waitFor();
        expect((await popupContent).status()).toBe(200);
        await afterTwoFrames(third);
        expect(await third.getByRole('dialog').count()).toBe(0);

        // Yesterday's choice does not count today.
        await third.evaluate(() => {
          const value = JSON.parse(localStorage.getItem('announcementPopupHidden') ?? '{}');
          localStorage.setItem('announcementPopupHidden', JSON.stringify({ ...value, day: '2000-01-01' }));
        });
        const fourth = await page.context().newPage();
        await fourth.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        await fourth.getByRole('dialog', { name: 'Chào mừng đến với Lotus' }).waitFor();
      });
    });

    it(`turns the home banners by dots, by itself every 5 s, not under the pointer${isPhone ? ', and by swipe' : ''}, at ${size}`, async () => {
      await withPage({ viewport, hasTouch: isPhone }, async (page) => {
        // The page's timers run on a clock the test moves: 6 s of autoplay take no 6 s of waiting.
        await page.clock.install();
        await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        await page.getByRole('dialog').first().waitFor();
        await page.keyboard.press('Escape');
        const carousel = page.getByRole('region', { name: 'Nổi bật' });
        await carousel.waitFor();
        await page.locator('.banner.is-active img').evaluate((img: HTMLImageElement) => img.decode());
        await screenshot(page, `content-home-${viewport.name}`);

        const dots = carousel.getByRole('button', { name: /^Xem trang \d/ });
        expect(await dots.count()).toBe(3);
        // On a loaded machine the first turn (5 s after the page opened) may already have come:
        // the first dot brings the first banner back.
        await dots.nth(0).click();
        expect(await dots.nth(0).getAttribute('aria-current')).toBe('true');
        expect(await activeImage(page)).toBe('/banners/lotus-welcome.svg');
        // The active banner is a link to its target; the caption is its name.
        await expect(carousel.getByRole('link', { name: /Chào mừng đến với Lotus/ }).getAttribute('href')).resolves.toBe('/register');

        await dots.nth(2).click();
        expect(await activeImage(page)).toBe('/banners/lotus-balance.svg');
        expect(await dots.nth(2).getAttribute('aria-current')).toBe('true');

        // Under the pointer (or focus) it stays.
        const playing = (state: 'true' | 'false') => page.locator(`section.banner-carousel[data-playing="${state}"]`).waitFor();
        await carousel.hover();
        await playing('false');
        await page.clock.runFor(6000);
        expect(await activeImage(page)).toBe('/banners/lotus-balance.svg');

        // Away from it, it turns by itself within the 5 s period.
        await page.mouse.move(1, viewport.height - 1);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await playing('true');
        await page.clock.runFor(5000);
        await page.waitForFunction(
          () => document.querySelector('.banner.is-active img')?.getAttribute('src') === '/banners/lotus-welcome.svg',
          null,
          {
            timeout: 7000,
          },
        );

        // The pause button stops it.
        await carousel.getByRole('button', { name: 'Tạm dừng trình chiếu' }).click();
        await page.mouse.move(1, viewport.height - 1);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const before = await activeImage(page);
        await playing('false');
        await page.clock.runFor(6000);
        expect(await activeImage(page)).toBe(before);
        await carousel.getByRole('button', { name: 'Tiếp tục trình chiếu' }).waitFor();

        if (isPhone) {
          const swipe = async (fromX: number, toX: number) =>
            carousel.evaluate(
              (element, [from, to]) => {
                const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: 100 });
                element.dispatchEvent(new TouchEvent('touchstart', { touches: [touch(from as number)], bubbles: true }));
                element.dispatchEvent(new TouchEvent('touchend', { changedTouches: [touch(to as number)], bubbles: true }));
              },
              [fromX, toX],
            );
          await dots.nth(0).click();
          await swipe(300, 100);
          expect(await activeImage(page)).toBe('/banners/lotus-games.svg');
          await swipe(100, 300);
          expect(await activeImage(page)).toBe('/banners/lotus-welcome.svg');
          await swipe(100, 120);
          expect(await activeImage(page)).toBe('/banners/lotus-welcome.svg');
        }
      });
    });

    it(`opens the notices from the marquee, pages them 9 at a time and expands a body, at ${size}`, async () => {
      await withPage({ viewport }, async (page) => {
        await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        await page.getByRole('dialog').first().waitFor();
        await page.keyboard.press('Escape');
        const marquee = page.getByRole('region', { name: 'Thông báo mới nhất' });
        await marquee.waitFor();
        const track = marquee.locator('.notice-marquee__track');
        // It scrolls, and stops under the pointer.
        const shift = () => track.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
        const first = await shift();
        await expect.poll(shift).not.toBe(first);
        await marquee.hover();
        const playStates = () => track.evaluate((el) => el.getAnimations().map((a) => a.playState));
        await expect.poll(playStates).toEqual(['paused']);
        const paused = await shift();
        await afterTwoFrames(page);
        expect(await shift()).toBe(paused);

        // A title opens the notices with that notice expanded (by keyboard: the text is moving).
        const item = marquee
          .locator('.notice-marquee__list:not(.notice-marquee__list--copy)')
          .getByRole('button', { name: 'Lịch bảo trì định kỳ' });
        await item.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Thông báo' });
        await dialog.waitFor();
        const maintenance = dialog.getByRole('button', { name: /Lịch bảo trì định kỳ/ });
        await expect(maintenance.getAttribute('aria-expanded')).resolves.toBe('true');
        await dialog.getByText('thứ Ba hằng tuần', { exact: false }).waitFor();

        const toggles = dialog.locator('.announcement__toggle');
        expect(await toggles.count()).toBe(9);
        for (const time of await dialog.locator('.announcement__meta time').allInnerTexts()) expect(time).toMatch(START_TIME);
        await screenshot(page, `content-notices-${viewport.name}`);

        await dialog.getByRole('button', { name: 'Trang 2' }).click();
        await dialog.getByRole('button', { name: /Bản tin số 10/ }).waitFor();
        expect(await toggles.count()).toBe(4);
        expect(await dialog.getByRole('button', { name: 'Trang 2' }).getAttribute('aria-current')).toBe('page');
        const last = dialog.getByRole('button', { name: /Bản tin số 10/ });
        expect(await last.getAttribute('aria-expanded')).toBe('false');
        await last.click();
        expect(await last.getAttribute('aria-expanded')).toBe('true');
        await dialog.getByText('Nội dung bản tin số 10.').waitFor();
        await last.click();
        expect(await dialog.getByText('Nội dung bản tin số 10.').isVisible()).toBe(false);

        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });

        // The megaphone opens the same list.
        await marquee.getByRole('button', { name: 'Mở thông báo' }).click();
        await dialog.waitFor();
        await dialog.getByRole('link', { name: 'Xem tất cả thông báo' }).click();
        await page.waitForURL(/\/noticePage$/);
        await dialog.waitFor({ state: 'detached' });
      });
    });

    it(`lists the notices on /noticePage by kind, with the empty state, in English too, at ${size}`, async () => {
      await withPage({ viewport }, async (page) => {
        await page.addInitScript(() => {
          localStorage.setItem('lang', 'en');
          localStorage.setItem('theme', 'dark');
        });
        await page.goto(`${baseUrl}/noticePage`, { waitUntil: 'networkidle' });
        await page.getByRole('dialog').first().waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('heading', { level: 1, name: 'Notices' }).waitFor();
        const toggles = page.locator('.announcement__toggle');
        await toggles.first().waitFor();
        expect(await toggles.count()).toBe(9);
        await page.getByRole('button', { name: /A reminder to play responsibly/ }).click();
        await page.getByText('Set yourself a time limit').waitFor();
        await screenshot(page, `content-notice-page-${viewport.name}`);

        await page.getByRole('button', { name: 'Page 2' }).click();
        await page.waitForURL(/page=2/);
        await page.getByRole('button', { name: /Bulletin number 10/ }).waitFor();
        // The page survives a reload; the welcome popup was seen in this browser session, so it stays shut.
        await page.reload({ waitUntil: 'networkidle' });
        await page.getByRole('button', { name: /Bulletin number 10/ }).waitFor();
        expect(await page.getByRole('dialog').count()).toBe(0);

        await page.getByRole('button', { name: 'Promotions' }).click();
        await page.getByText('Nothing here yet.').waitFor();
        expect(await page.getByRole('button', { name: 'Promotions' }).getAttribute('aria-pressed')).toBe('true');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    });
  }

  it('stands still with reduced motion: no autoplay, a static marquee', async () => {
    await withPage({ viewport: VIEWPORTS[1], reducedMotion: 'reduce' }, async (page) => {
      await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
      await page.getByRole('dialog').first().waitFor();
      await page.keyboard.press('Escape');
      const carousel = page.getByRole('region', { name: 'Nổi bật' });
      await carousel.waitFor();
      expect(await carousel.getByRole('button', { name: 'Tạm dừng trình chiếu' }).count()).toBe(0);
      expect(await carousel.getAttribute('data-playing')).toBe('false');
      const track = page.locator('.notice-marquee__track');
      expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
      expect(await page.locator('.notice-marquee__list--copy').isVisible()).toBe(false);
      await screenshot(page, 'content-home-reduced-motion');
    });
  });
});
