import path from 'node:path';
import { settingsTreeSetting } from '@platform/server/modules/system/system.settings';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { ARTIFACTS_DIR, launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { operatorLogin, registerByUsername, switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PASSWORD = 'Lotus2026abc';

/** The help centre (/help and the bare /helpmc) with the demo's help content, and the feedback form. */
describe('the help centre', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;
  let adminToken: string;
  const username = `help${Date.now() % 1_000_000}`;

  beforeAll(async () => {
    site = await startSiteServer();
    baseUrl = site.baseUrl;
    await switchOffRegistrationCaptcha(site);
    const registered = await registerByUsername(baseUrl, username, PASSWORD);
    expect(registered.status).toBe(200);
    const { body: loginBody } = await operatorLogin(baseUrl, 'admin');
    expect(loginBody.success).toBe(true);
    adminToken = loginBody.value.token;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function withPage(
    width: number,
    height: number,
    run: (page: Page) => Promise<void>,
    /** A refusal the test provokes on purpose: the browser logs the failed call. */
    expectedConsoleError?: RegExp,
  ): Promise<void> {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      await run(page);
      expect(await watch.cspViolations()).toEqual([]);
      expect(watch.consoleErrors.filter((error) => !expectedConsoleError?.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  }

  async function shot(page: Page, name: string): Promise<void> {
    await screenshot(page, name);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-screen.png`) });
  }

  async function expectNoHorizontalOverflow(page: Page): Promise<void> {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`lets a visitor open help from the right bar, read an article and search, at ${size}`, async () => {
      await withPage(viewport.width, viewport.height, async (page) => {
        await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        const bar = page.getByRole('complementary', { name: 'Liên kết nhanh' });
        // On phones the bar starts folded.
        await bar.waitFor();
        const expand = bar.getByRole('button', { name: 'Hiện liên kết nhanh' });
        if (await expand.isVisible()) await expand.click();
        await bar.getByRole('link', { name: 'Trung tâm trợ giúp' }).click();
        await page.waitForURL((url) => url.pathname === '/help');
        await page.getByRole('heading', { level: 1, name: 'Trung tâm trợ giúp' }).waitFor();
        const topics = page.getByRole('navigation', { name: 'Chủ đề trợ giúp' });
        await topics.getByRole('heading', { name: 'Rút tiền' }).waitFor();
        expect(await page.getByRole('heading', { name: 'Sắp ra mắt' }).count()).toBe(0);
        await page.getByText('Chọn một chủ đề để xem hướng dẫn.').waitFor();

        // An article opens in place, with a link that can be shared.
        await topics.getByRole('link', { name: 'Nạp tiền bằng chuyển khoản ngân hàng (mã tham chiếu)' }).click();
        const article = page.getByRole('article');
        await article.getByRole('heading', { name: 'Nạp tiền bằng chuyển khoản ngân hàng (mã tham chiếu)' }).waitFor();
        expect(await article.textContent()).toContain('mã tham chiếu 8 ký tự');
        // The focus moves to the article (on a phone it comes first, above the topics).
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Nạp tiền bằng chuyển khoản ngân hàng (mã tham chiếu)');
        const headingBox = await article.getByRole('heading').boundingBox();
        expect(headingBox && headingBox.y >= 0 && headingBox.y < viewport.height).toBe(true);
        expect(new URL(page.url()).searchParams.get('topic')).toBe('deposit-bank-transfer');
        expect(
          await topics.getByRole('link', { name: 'Nạp tiền bằng chuyển khoản ngân hàng (mã tham chiếu)' }).getAttribute('aria-current'),
        ).toBe('page');
        await expectNoHorizontalOverflow(page);
        await shot(page, `help-article-${size}`);

        // Search filters the titles, without needing the accents.
        await topics.getByLabel('Tìm trong trợ giúp').fill('mat khau');
        expect(await topics.getByRole('link').allTextContents()).toEqual(['Mật khẩu đăng nhập và mật khẩu rút tiền']);
        await topics.getByLabel('Tìm trong trợ giúp').fill('không có chủ đề này');
        await topics.getByText('Không có bài nào phù hợp với “không có chủ đề này”.').waitFor();
        await topics.getByRole('button', { name: 'Xóa tìm kiếm' }).click();
        expect(await topics.getByRole('link').count()).toBeGreaterThanOrEqual(13);

        // A visitor is asked to log in before sending feedback.
        const feedback = page.getByRole('region', { name: 'Gửi phản hồi' });
        await feedback.getByText('Vui lòng đăng nhập để gửi phản hồi.').waitFor();
        expect(await feedback.getByRole('button', { name: 'Gửi phản hồi' }).count()).toBe(0);
        await feedback.getByRole('button', { name: 'Đăng nhập' }).click();
        await page.getByRole('dialog', { name: 'Đăng nhập' }).waitFor();
        await page.keyboard.press('Escape');

        // The footer's topic links open their article.
        await page.getByRole('navigation', { name: 'Liên kết chân trang' }).getByRole('link', { name: 'Chính sách hoàn tiền' }).click();
        await page.getByRole('article').getByRole('heading', { name: 'Chính sách hoàn tiền' }).waitFor();
        expect(new URL(page.url()).searchParams.get('topic')).toBe('refund');

        // English: the same topics in English.
        await page.goto(`${baseUrl}/help?topic=lottery-draws`, { waitUntil: 'networkidle' });
        await page.getByRole('button', { name: 'EN', exact: true }).click();
        await page.getByRole('article').getByRole('heading', { name: 'Draws, lock time and settlement' }).waitFor();
        await page.getByRole('button', { name: 'VI', exact: true }).click();
        await page.getByRole('article').getByRole('heading', { name: 'Kỳ quay, giờ khóa cược và trả thưởng' }).waitFor();
      });
    });

    it(`shows /helpmc bare, to a visitor even with the visitor guard on, at ${size}`, async () => {
      const settings = site.app.services.settings;
      const tree = await settings.get(site.merchantId, settingsTreeSetting);
      await settings.set(
        site.merchantId,
        settingsTreeSetting,
        [...tree, { modId: 'loginedToHomePage', enabled: '1', childrenNodes: [] }],
        'e2e',
      );
      try {
        await withPage(viewport.width, viewport.height, async (page) => {
          await page.goto(`${baseUrl}/helpmc?topic=withdraw-fees-limits`, { waitUntil: 'networkidle' });
          expect(new URL(page.url()).pathname).toBe('/helpmc');
          await page.getByRole('heading', { level: 1, name: 'Trợ giúp' }).waitFor();
          await page.getByRole('article').getByRole('heading', { name: 'Phí, giới hạn và yêu cầu cược' }).waitFor();
          // No site header, footer or right bar.
          expect(await page.getByRole('banner').count()).toBe(0);
          expect(await page.getByRole('contentinfo').count()).toBe(0);
          expect(await page.getByRole('complementary', { name: 'Liên kết nhanh' }).count()).toBe(0);
          await page
            .getByRole('navigation', { name: 'Chủ đề trợ giúp' })
            .getByRole('link', { name: 'Tạm nghỉ, tự loại trừ và nhắc nhở thời gian' })
            .click();
          await page.getByRole('article').getByRole('heading', { name: 'Tạm nghỉ, tự loại trừ và nhắc nhở thời gian' }).waitFor();
          expect(new URL(page.url()).pathname).toBe('/helpmc');
          await expectNoHorizontalOverflow(page);
          await shot(page, `helpmc-${size}`);
          // The bare page asks a visitor to log in by a link to /login.
          await page.getByRole('region', { name: 'Gửi phản hồi' }).getByRole('link', { name: 'Đăng nhập' }).waitFor();
          // /help itself is behind the guard.
          await page.goto(`${baseUrl}/help`, { waitUntil: 'networkidle' });
          await page.getByRole('dialog', { name: 'Đăng nhập' }).waitFor();
          expect(new URL(page.url()).pathname).toBe('/login');
        });
      } finally {
        await settings.set(site.merchantId, settingsTreeSetting, tree, 'e2e');
      }
    });

    it(`lets a member send feedback that the operator then lists, at ${size}`, async () => {
      await withPage(viewport.width, viewport.height, async (page) => {
        await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
        const login = page.getByRole('dialog', { name: 'Đăng nhập' });
        await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
        await login.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
        await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
        await page.getByRole('button', { name: `Tài khoản ${username}` }).waitFor();
        await page.goto(`${baseUrl}/help`, { waitUntil: 'networkidle' });

        const feedback = page.getByRole('region', { name: 'Gửi phản hồi' });
        const send = feedback.getByRole('button', { name: 'Gửi phản hồi' });
        // Nothing chosen: the form says what is missing and sends nothing.
        await send.click();
        await feedback.getByText('Vui lòng chọn loại câu hỏi').waitFor();
        await feedback.getByText('Vui lòng nhập nội dung phản hồi').waitFor();
        // Over 140 characters: the counter turns and the form refuses.
        const text = feedback.getByLabel('Nội dung');
        await text.fill('a'.repeat(141));
        await feedback.getByText('141/140 ký tự').waitFor();
        await feedback.getByLabel('Loại câu hỏi').selectOption({ label: 'Vấn đề rút tiền' });
        await send.click();
        await feedback.getByText('Nội dung phản hồi tối đa 140 ký tự').waitFor();

        const message = `Lệnh rút tiền của tôi chưa về (${size})`;
        await text.fill(message);
        await feedback.getByText(`${Array.from(message).length}/140 ký tự`).waitFor();
        await shot(page, `help-feedback-filled-${size}`);
        await send.click();
        await feedback.getByText('Cảm ơn bạn! Phản hồi đã được gửi, chúng tôi sẽ xem xét sớm.').waitFor();
        expect(await text.inputValue()).toBe('');
        await shot(page, `help-feedback-sent-${size}`);

        // The operator sees it, from this member, with its type.
        const listed = await fetch(`${baseUrl}/admin-api/feedback?status=open`, { headers: { authorization: `Bearer ${adminToken}` } });
        const body = (await listed.json()) as { value: { list: { username: string; questionType: string; content: string }[] } };
        expect(body.value.list).toContainEqual(expect.objectContaining({ username, questionType: 'withdraw', content: message }));
      });
    });
  }

  it('has no serious or critical axe violation on /help and /helpmc, light and dark', async () => {
    // The context lets the checker itself in past the page's policy; the site's own scripts are unchanged.
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, bypassCSP: true });
    const page = await context.newPage();
    try {
      for (const theme of ['light', 'dark'] as const) {
        await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
        await page.evaluate((value) => localStorage.setItem('theme', value), theme);
        await page.goto(`${baseUrl}/help?topic=withdraw-fees-limits`, { waitUntil: 'networkidle' });
        await page.getByRole('article').getByRole('heading', { name: 'Phí, giới hạn và yêu cầu cược' }).waitFor();
        expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
        expect(await seriousViolations(page), `/help, ${theme}`).toEqual([]);
        await shot(page, `help-${theme}-1366x768`);
        await page.goto(`${baseUrl}/helpmc?topic=lottery-bet-types`, { waitUntil: 'networkidle' });
        await page.getByRole('article').getByRole('heading', { name: 'Các kiểu cược: lô, đề, xiên, đá' }).waitFor();
        expect(await seriousViolations(page), `/helpmc, ${theme}`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  it('shows the server refusal when a member sends too much feedback', async () => {
    await withPage(
      1366,
      768,
      async (page) => {
        await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
        const login = page.getByRole('dialog', { name: 'Đăng nhập' });
        await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
        await login.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
        await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
        await page.getByRole('button', { name: `Tài khoản ${username}` }).waitFor();
        await page.goto(`${baseUrl}/help`, { waitUntil: 'networkidle' });
        const feedback = page.getByRole('region', { name: 'Gửi phản hồi' });
        // Whatever this member sent above counts: fill the hour's five, then one more.
        const member = await site.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow();
        const already = await site.database.db.selectFrom('member_feedback').select('id').where('member_id', '=', member.id).execute();
        for (let i = already.length + 1; i <= 6; i += 1) {
          await feedback.getByLabel('Loại câu hỏi').selectOption('other');
          await feedback.getByLabel('Nội dung').fill(`Câu hỏi số ${i}`);
          await feedback.getByRole('button', { name: 'Gửi phản hồi' }).click();
          if (i <= 5) await feedback.getByText('Cảm ơn bạn! Phản hồi đã được gửi, chúng tôi sẽ xem xét sớm.').waitFor();
        }
        await feedback.getByRole('alert').getByText('Bạn chỉ có thể gửi 5 phản hồi mỗi giờ. Vui lòng thử lại sau.').waitFor();
        expect(await feedback.getByLabel('Nội dung').inputValue()).toBe('Câu hỏi số 6');
        await shot(page, 'help-feedback-refused-1366x768');
      },
      /status of 429/,
    );
  });
});
