import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchBrowser, VIEWPORTS, watchPage } from './browser.ts';
import { operatorLogin, registerByUsername, switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PASSWORD = 'Lotus2026abc';
/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = tmpdir();

describe('platform messages', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;
  let adminToken: string;

  beforeAll(async () => {
    site = await startSiteServer();
    baseUrl = site.baseUrl;
    await switchOffRegistrationCaptcha(site);
    // The demo operator (administrator), through the back-office login.
    const { body: loginBody } = await operatorLogin(baseUrl, 'admin');
    expect(loginBody.success).toBe(true);
    adminToken = loginBody.value.token;
    // The avatar badge also counts the promotions a member can take (availablePromoCount): this
    // file counts messages, so the demo's promotions are paused first.
    const { body: financeLogin } = await operatorLogin(baseUrl, 'finance01');
    expect(financeLogin.success).toBe(true);
    const finance = { authorization: `Bearer ${financeLogin.value.token}` };
    const listed = (await (await fetch(`${baseUrl}/admin-api/promotions`, { headers: finance })).json()) as {
      value: { list: { id: number; state: string }[] };
    };
    for (const promotion of listed.value.list.filter((p) => p.state === 'active')) {
      const paused = await fetch(`${baseUrl}/admin-api/promotions/${promotion.id}/pause`, { method: 'POST', headers: finance });
      expect(paused.status).toBe(200);
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function register(username: string): Promise<void> {
    const registered = await registerByUsername(baseUrl, username, PASSWORD);
    expect(registered.status).toBe(200);
  }

  /** The operator sends a message to every member through the back-office call. */
  async function sendToAll(title: string, bodyHtml: string): Promise<number> {
    const response = await fetch(`${baseUrl}/admin-api/inbox/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'system', title, bodyHtml, audience: { type: 'all' } }),
    });
    const json = (await response.json()) as { success: boolean; value: { id: number }; code?: string };
    expect(json.success, json.code).toBe(true);
    return json.value.id;
  }

  async function logIn(page: Page, username: string): Promise<void> {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: `Tài khoản ${username}` }).waitFor();
  }

  async function shot(page: Page, name: string): Promise<void> {
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS_DIR, `inbox-${name}.png`) });
  }

  const avatarBadge = (page: Page) => page.getByTestId('avatar-badge');

  for (const viewport of VIEWPORTS) {
    it(`shows a new message on the avatar and the inbox item, reads it, marks all read and deletes (${viewport.width}x${viewport.height})`, async () => {
      const username = `ib${viewport.name.slice(0, 1)}${Date.now() % 1_000_000}`;
      await register(username);
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      const page = await context.newPage();
      const watch = await watchPage(page);
      const size = `${viewport.width}x${viewport.height}`;
      try {
        await logIn(page, username);
        // A member who registered after the demo's notices has none of them: no badge.
        await page.waitForLoadState('networkidle');
        expect(await avatarBadge(page).count()).toBe(0);

        // The operator sends a message; the open tab shows it without a reload (realtime notice).
        const title = `Bảo trì cổng thanh toán ${size}`;
        await sendToAll(
          title,
          '<p>Cổng thanh toán sẽ tạm dừng từ <strong>01:00 đến 02:00</strong>.</p><script>document.title="x"</script><p onclick="alert(1)">Xin cảm ơn.</p>',
        );
        await avatarBadge(page).getByText('1', { exact: true }).waitFor({ timeout: 20_000 });
        const avatarButton = page.getByRole('button', { name: `Tài khoản ${username}` });
        expect(await avatarButton.textContent()).toContain('1 thông báo mới');
        await shot(page, `avatar-badge-${size}`);

        const centre = page.getByRole('dialog', { name: 'Trung tâm hội viên' });
        const menu = centre.getByRole('navigation', { name: 'Các trang của trung tâm hội viên' });
        const inboxLink = menu.getByRole('link', { name: /Hộp thư/ });
        if (viewport.name === 'phone') {
          // The member centre from the avatar menu: the inbox item carries the count.
          await avatarButton.click();
          await page.getByRole('menuitem', { name: 'Trung tâm hội viên' }).click();
          await inboxLink.locator('.member-centre__badge').getByText('1', { exact: true }).waitFor();
          await inboxLink.click();
        } else {
          // The right bar's platform messages open the inbox directly.
          const bar = page.getByRole('complementary', { name: 'Liên kết nhanh' });
          await bar.getByRole('button', { name: 'Tin nhắn hệ thống' }).click();
          await inboxLink.locator('.member-centre__badge').getByText('1', { exact: true }).waitFor();
        }
        await centre.getByRole('heading', { level: 3, name: 'Hộp thư' }).waitFor();
        expect(new URL(page.url()).searchParams.get('mc')).toBe('messageV2');
        const list = centre.getByTestId('inbox-list');
        const item = list.getByRole('listitem').filter({ hasText: title });
        await item.getByText('Chưa đọc', { exact: true }).waitFor();
        expect(await item.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}( \(GMT[+-]\d{1,2}(:\d{2})?\))?$/).count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `list-${size}`);
        if (viewport.name === 'desktop') {
          // The rest in the dark theme: the inbox reopens from its address after a reload.
          await page.evaluate(() => localStorage.setItem('theme', 'dark'));
          await page.reload({ waitUntil: 'networkidle' });
          await item.getByText('Chưa đọc', { exact: true }).waitFor();
          expect(await seriousViolations(page), 'dark').toEqual([]);
          await shot(page, `list-dark-${size}`);
        }

        // Opening it: the cleaned body, the date; the badges drop.
        await item.getByRole('button', { name: new RegExp(`^${title}`) }).click();
        const message = centre.getByTestId('inbox-message');
        await message.getByRole('heading', { name: title }).waitFor();
        await message.getByText('01:00 đến 02:00').waitFor();
        expect(await message.locator('.inbox__body script, .inbox__body [onclick]').count()).toBe(0);
        expect(await message.locator('time').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}( \(GMT[+-]\d{1,2}(:\d{2})?\))?$/);
        await avatarBadge(page).waitFor({ state: 'detached' });
        expect(await inboxLink.locator('.member-centre__badge').count()).toBe(0);
        await shot(page, `message-${size}`);
        await message.getByRole('button', { name: 'Quay lại danh sách' }).click();
        // Focus returns to the message's row in the list.
        await page.waitForFunction(() => document.activeElement?.classList.contains('inbox__open'));
        expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(title);

        // Two more: the badge counts them; "mark all read" clears it.
        await sendToAll(`Khuyến mãi cuối tuần ${size}`, '<p>Chi tiết trong mục Khuyến mãi.</p>');
        await sendToAll(`Cập nhật điều khoản ${size}`, '<p>Điều khoản sử dụng đã được cập nhật.</p>');
        await avatarBadge(page).getByText('2', { exact: true }).waitFor({ timeout: 20_000 });
        await inboxLink.locator('.member-centre__badge').getByText('2', { exact: true }).waitFor();
        await list
          .getByRole('listitem')
          .filter({ hasText: `Cập nhật điều khoản ${size}` })
          .waitFor();
        expect(await list.getByRole('listitem').count()).toBe(3);
        await centre.getByRole('button', { name: 'Đánh dấu đã đọc tất cả' }).click();
        await centre.getByText('Đã đánh dấu tất cả là đã đọc.').waitFor();
        await avatarBadge(page).waitFor({ state: 'detached' });
        expect(await list.getByText('Chưa đọc', { exact: true }).count()).toBe(0);
        await centre.getByRole('button', { name: 'Chưa đọc', exact: true }).click();
        await centre.getByText('Bạn đã đọc hết tin nhắn.').waitFor();
        await centre.getByRole('button', { name: 'Tất cả', exact: true }).click();

        // Deleting asks first; cancelling keeps it, confirming removes it for this member.
        const first = list.getByRole('listitem').filter({ hasText: title });
        await first.getByRole('button', { name: `Xóa: ${title}` }).click();
        const confirm = page.getByRole('dialog', { name: 'Xóa tin nhắn' });
        await confirm.getByRole('button', { name: 'Hủy' }).click();
        await confirm.waitFor({ state: 'detached' });
        expect(await first.count()).toBe(1);
        await first.getByRole('button', { name: `Xóa: ${title}` }).click();
        await shot(page, `delete-confirm-${size}`);
        await confirm.getByRole('button', { name: 'Xóa', exact: true }).click();
        await centre.getByText('Đã xóa tin nhắn.').waitFor();
        await first.waitFor({ state: 'detached' });
        expect(await list.getByRole('listitem').count()).toBe(2);
        const member = await site.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow();
        const left = await site.app.services.inbox.list(
          { memberId: member.id, merchantId: site.merchantId },
          { pageNo: 1, pageSize: 10, filter: 'all' },
        );
        expect(left.list.map((m) => m.title)).toEqual([`Cập nhật điều khoản ${size}`, `Khuyến mãi cuối tuần ${size}`]);

        // Delete the rest from the opened message: the empty state.
        for (const rest of [`Cập nhật điều khoản ${size}`, `Khuyến mãi cuối tuần ${size}`]) {
          await list.getByRole('button', { name: new RegExp(`^${rest}`) }).click();
          await message.getByRole('button', { name: 'Xóa', exact: true }).click();
          await confirm.getByRole('button', { name: 'Xóa', exact: true }).click();
          await centre.getByText('Đã xóa tin nhắn.').waitFor();
        }
        await centre.getByText('Hộp thư trống. Thông báo của trang sẽ xuất hiện ở đây.').waitFor();
        await shot(page, `empty-${size}`);

        expect(await watch.cspViolations()).toEqual([]);
        expect(watch.consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
