import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { amountMinor } from '@platform/contracts/money-format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchBrowser, VIEWPORTS, watchPage } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const AGENT = { username: 'agent01', password: 'Agent2026' };
const FIRST_PASSWORD = 'first1234';
const OWN_PASSWORD = 'mine5678';
const AGENT_OWN_PASSWORD = 'agent2026x';
/** The demo agent's nickname, which the avatar button shows. */
const AGENT_NICKNAME = 'Agent level 1';
/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = path.join(tmpdir(), 'agent-team-shots');

/**
 * The agent centre's team pages in a real browser: agent01 opens an account from registerCenter,
 * finds it in team management, transfers to it from the agent wallet, lets it transfer to its
 * upline, sends a notice, and the new member (after the forced password change) reads the notice
 * in its inbox. At 390 px and 1366 px, in Vietnamese and English, light and dark.
 */
describe('agent team pages', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;
  let agentId: number;

  beforeAll(async () => {
    // The demo members get their play money (agent01: 50,000,000 ₫ in its main wallet).
    site = await startSiteServer({ demoVendor: true });
    baseUrl = site.baseUrl;
    const agent = await site.database.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', AGENT.username)
      .executeTakeFirstOrThrow();
    agentId = Number(agent.id);
    // Downline transfers are paid from the agent wallet: move some money there first.
    const agents = site.app.services.agents;
    const context = await agents.agentOf({ memberId: agentId, merchantId: site.merchantId });
    await agents.wallet.move(
      context,
      { amount: amountMinor(2_000_000), direction: 'toAgent', requestId: 'e2e-agent-team-fund' },
      { ip: null, now: new Date() },
    );
    browser = await launchBrowser();
    // The demo with its play money and the demo vendor takes a while to start on a busy machine.
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function shot(page: Page, name: string): Promise<void> {
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
  }

  /** The avatar button: "Tài khoản <nickname or username>", then the unread count when there is one. */
  const avatarOf = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^Tài khoản ${name}`) });

  async function logIn(page: Page, username: string, password: string): Promise<void> {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(password);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  }

  /** The demo agent's password: its first login makes it choose its own (the forced change). */
  let agentPassword = AGENT.password;

  async function changePassword(page: Page, from: string, to: string): Promise<void> {
    const change = page.getByRole('dialog', { name: 'Đổi mật khẩu' });
    await change.getByText('Vì lý do bảo mật, vui lòng đổi mật khẩu trước khi tiếp tục.').waitFor();
    await change.getByLabel('Mật khẩu hiện tại', { exact: true }).fill(from);
    await change.getByLabel('Mật khẩu mới', { exact: true }).fill(to);
    await change.getByLabel('Xác nhận mật khẩu mới', { exact: true }).fill(to);
    await change.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await change.waitFor({ state: 'detached' });
    await page.evaluate(() => sessionStorage.clear());
  }

  async function logInAgent(page: Page): Promise<void> {
    await logIn(page, AGENT.username, agentPassword);
    const avatar = avatarOf(page, AGENT_NICKNAME);
    await avatar.waitFor();
    // The login answer says whether a password change is forced (cpw); the site keeps it in session storage.
    if (await page.evaluate(() => sessionStorage.getItem('cpw') === 'true')) {
      await changePassword(page, agentPassword, AGENT_OWN_PASSWORD);
      agentPassword = AGENT_OWN_PASSWORD;
      await logIn(page, AGENT.username, agentPassword);
      await avatar.waitFor();
    }
  }

  for (const viewport of VIEWPORTS) {
    it(`opens an account, finds it, transfers to it, lets it pay its upline and reaches its inbox (${viewport.width}x${viewport.height})`, async () => {
      const size = `${viewport.width}`;
      const username = `nt${viewport.name.slice(0, 1)}${Date.now() % 100_000}`;
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      const page = await context.newPage();
      const watch = await watchPage(page);
      try {
        await logInAgent(page);

        // registerCenter, opened from the avatar menu on the phone and by its address on the desktop.
        if (viewport.name === 'phone') {
          await avatarOf(page, AGENT_NICKNAME).click();
          await page.getByRole('menuitem', { name: 'Trung tâm đại lý' }).click();
          await page.getByRole('link', { name: /Mở tài khoản/ }).click();
        } else {
          await page.goto(`${baseUrl}/?ac=registerCenter`, { waitUntil: 'networkidle' });
        }
        const centre = page.getByRole('dialog', { name: 'Trung tâm đại lý' });
        const form = centre.locator('form.at-form').first();
        await form.getByLabel('Tên tài khoản', { exact: true }).waitFor();
        const code = (await centre.getByTestId('invitation-code').textContent()) ?? '';
        expect(code).toMatch(/^[A-Z2-9]{8}$/);
        expect(await centre.getByRole('img', { name: 'Mã QR của đường dẫn mời' }).count()).toBe(1);
        expect(await seriousViolations(page), 'registerCenter').toEqual([]);
        await shot(page, `register-center-vi-light-${size}`);

        // A username against the rule is refused on the form, in a whole sentence.
        await form.getByLabel('Tên tài khoản', { exact: true }).fill('1x');
        await form.getByLabel('Mật khẩu ban đầu', { exact: true }).fill(FIRST_PASSWORD);
        await form.getByRole('button', { name: 'Mở tài khoản' }).click();
        await form.getByText(/^Tên tài khoản không hợp lệ; hãy nhập đúng dạng: /).waitFor();
        await form.getByLabel('Tên tài khoản', { exact: true }).fill(username);
        // A mobile number belongs to one member: each run's account has its own.
        await form.getByLabel('Số điện thoại', { exact: true }).fill(`09${String(Date.now() % 100_000_000).padStart(8, '0')}`);
        await form.getByRole('button', { name: 'Mở tài khoản' }).click();
        await form.getByText(`Đã mở tài khoản ${username} (Người chơi).`, { exact: false }).waitFor();

        // Team management: the new member is in the direct downline.
        await centre.getByRole('link', { name: /Quản lý đội/ }).click();
        const card = centre.getByTestId(`team-member-${username}`);
        await card.waitFor();
        expect(await card.textContent()).toContain('Chưa đăng nhập');

        // A transfer from the agent wallet, and the dialog says where the money comes from.
        await card.getByRole('button', { name: 'Chuyển tiền' }).click();
        const dialog = page.getByRole('dialog', { name: `Chuyển tiền cho ${username}` });
        await dialog.getByTestId('transfer-from-agent-wallet').waitFor();
        expect(await dialog.getByTestId('transfer-from-agent-wallet').textContent()).toBe(
          'Tiền được trừ từ ví đại lý của bạn, không phải ví chính.',
        );
        await dialog.getByText(/^Số dư ví đại lý: /).waitFor();
        await dialog.getByLabel('Số tiền (VND)').fill('50000');
        await dialog.getByLabel('Ghi chú (không bắt buộc)').fill('chào mừng');
        await dialog.getByRole('button', { name: 'Chuyển tiền' }).click();
        await dialog.getByText(new RegExp(`^Chuyển tiền cho cấp dưới thành công: ${username}`)).waitFor();
        await shot(page, `transfer-vi-light-${size}`);
        await dialog.getByRole('button', { name: 'Đóng', exact: true }).last().click();

        // The upline switch.
        // The box follows the server: it turns on once the change is saved and the list read again.
        const toUpline = card.getByRole('checkbox', { name: 'Cho phép chuyển cho cấp trên' });
        await toUpline.click();
        await card.getByText(`Đã cho phép ${username} chuyển tiền cho cấp trên.`).waitFor();
        await page.waitForFunction(
          (name) =>
            document.querySelector<HTMLInputElement>(`[data-testid="team-member-${name}"] input[type="checkbox"]`)?.checked === true,
          username,
        );

        // The same page in English and the dark theme, after a reload of its address.
        await page.evaluate(() => {
          localStorage.setItem('lang', 'en');
          localStorage.setItem('theme', 'dark');
        });
        await page.goto(`${baseUrl}/?ac=downlineManagmentView`, { waitUntil: 'networkidle' });
        const centreEn = page.getByRole('dialog', { name: 'Agent centre' });
        const cardEn = centreEn.getByTestId(`team-member-${username}`);
        await cardEn.waitFor();
        expect(await cardEn.getByRole('checkbox', { name: 'May transfer to upline' }).isChecked()).toBe(true);
        await centreEn.getByRole('searchbox', { name: 'Username' }).fill(username.slice(0, 4));
        await centreEn.getByRole('button', { name: 'Search', exact: true }).click();
        await centreEn.getByText(new RegExp(`^Results for "${username.slice(0, 4)}"`)).waitFor();
        expect(await seriousViolations(page), 'downline, dark').toEqual([]);
        await shot(page, `downline-en-dark-${size}`);

        // agentAnnouncement: a notice to the direct downline.
        await centreEn.getByRole('link', { name: /Announcements/ }).click();
        const noticeTitle = `Team meeting ${size}`;
        await centreEn.getByRole('radio', { name: 'Direct downline only' }).check();
        await centreEn.getByLabel('Title').fill(noticeTitle);
        await centreEn.getByLabel('Message').fill('Tonight at 20:00.\n<b>Bring</b> your questions.');
        await centreEn.getByRole('button', { name: 'Send notice' }).click();
        await centreEn.getByText(`The notice "${noticeTitle}" was sent.`).waitFor();
        await centreEn.getByText(noticeTitle, { exact: true }).waitFor();
        expect(await seriousViolations(page), 'announcements, dark').toEqual([]);
        await shot(page, `announcement-en-dark-${size}`);
        await page.evaluate(() => {
          localStorage.setItem('lang', 'vi');
          localStorage.setItem('theme', 'light');
        });
        await context.clearCookies();
        await page.evaluate(() => sessionStorage.clear());

        // The new member: the first login forces a password change, then the notice is in its inbox.
        await logIn(page, username, FIRST_PASSWORD);
        await changePassword(page, FIRST_PASSWORD, OWN_PASSWORD);
        await logIn(page, username, OWN_PASSWORD);
        await avatarOf(page, username).waitFor();
        expect(await page.getByRole('dialog', { name: 'Đổi mật khẩu' }).count()).toBe(0);
        await page.goto(`${baseUrl}/?mc=messageV2`, { waitUntil: 'networkidle' });
        const inbox = page.getByTestId('inbox-list');
        const item = inbox.getByRole('listitem').filter({ hasText: noticeTitle });
        await item.waitFor();
        await item.getByRole('button', { name: new RegExp(`^${noticeTitle}`) }).click();
        const message = page.getByTestId('inbox-message');
        await message.getByText('<b>Bring</b> your questions.', { exact: false }).waitFor();
        expect(await message.locator('.inbox__body b').count()).toBe(0);
        await shot(page, `member-inbox-vi-light-${size}`);

        // The money arrived once, and the flag the agent set is the member's.
        const member = await site.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow();
        const balances = await site.app.services.ledger.memberBalances({ memberId: Number(member.id), currency: 'VND' });
        expect(balances.main).toBe(50_000);
        expect((await site.app.services.transfers.permissionsOf(Number(member.id))).toUpline).toBe(true);
        expect(watch.consoleErrors.filter((e) => !/401|Unauthorized/i.test(e))).toEqual([]);
      } finally {
        await context.close();
      }
      // A long journey (two logins, a password change, four pages) on a shared, busy machine.
    }, 300_000);
  }
});
