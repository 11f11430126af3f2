import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, screenshot, watchPage } from './browser.ts';
import { signInToConsole } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

/**
 * The console's chat moderation, customer-service queue, VIP ladder and responsible-gaming triggers
 * (docs/admin-console.md): demo players write in the public room and to customer service, and one
 * of them runs into a deposit limit; an administrator hides a message and bans its author, answers
 * the conversation, changes a level of the ladder, and reads the member's limit refusals per day and
 * the merchant's in the reports; each action is in the audit log.
 */
describe('the console moderation and VIP screens', () => {
  let site: SiteServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const ids: Record<string, number> = {};

  async function as(username: string): Promise<Record<string, string>> {
    const { token } = await site.app.services.sessions.create(ids[username] as number);
    return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  }

  beforeAll(async () => {
    site = await startSiteServer();
    const members = await site.database.db
      .selectFrom('members')
      .select(['id', 'username'])
      .where('username', 'in', ['player01', 'player02', 'player04'])
      .execute();
    for (const m of members) ids[m.username] = Number(m.id);
    const post = async (username: string, path: string, body: object, method = 'POST') => {
      const response = await fetch(`${site.baseUrl}${path}`, { method, headers: await as(username), body: JSON.stringify(body) });
      expect(response.status, `${username} ${path}: ${await response.clone().text()}`).toBe(200);
    };
    await post('player01', '/wps/chat/messages', { room: 'public', text: 'Vào trang của tôi nhận thưởng miễn phí!' });
    await post('player02', '/wps/chat/messages', { room: 'public', text: 'Chúc mọi người may mắn tối nay' });
    await post('player02', '/wps/support-chat/messages', { text: 'Tôi đã nạp 500.000 đ nhưng chưa thấy vào ví.' });
    // player04 sets a daily deposit limit and then asks for more than it: the limit refuses twice.
    await post(
      'player04',
      '/wps/member/responsible-gaming/limits',
      { limits: [{ kind: 'deposit', period: 'daily', amount: 100_000 }] },
      'PUT',
    );
    const rg = site.app.services.responsibleGaming;
    for (const amount of [5_000_000, 200_000]) await expect(rg.assertCanDeposit(ids.player04 as number, amount)).rejects.toThrow();
    await rg.refusalsWritten();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await site?.close();
  });

  async function openConsole(width: number, language: 'vi' | 'en'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'admin');
    if (language === 'en') await page.locator('select[name="language"]').selectOption('en');
    return page;
  }

  it('hides a message and bans its author with a reason, then lists the ban', async () => {
    const page = await openConsole(1366, 'vi');
    await page.goto(`${site.baseUrl}/admin/chat`, { waitUntil: 'networkidle' });
    const spam = page.getByRole('row').filter({ hasText: 'Vào trang của tôi' });
    await spam.getByRole('button', { name: 'Ẩn', exact: true }).click();
    await page.getByText('Tin nhắn đã được ẩn với thành viên.').waitFor();
    await expect.poll(() => spam.textContent()).toContain('Đã ẩn');
    await spam.getByRole('button', { name: 'Khóa hoặc cấm' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Thao tác').selectOption('ban');
    await dialog.getByLabel('Trong').selectOption('1440');
    await dialog.getByRole('textbox', { name: /Lý do/ }).fill('Quảng cáo trang lạ');
    await dialog.getByRole('button', { name: 'Khóa hoặc cấm' }).click();
    await page.getByText(/player01 bị cấm đến/).waitFor();
    await screenshot(page, 'console-chat-1366-vi');
    await page.getByRole('tab', { name: 'Đang bị khóa hoặc cấm' }).click();
    const banned = page.getByRole('row').filter({ hasText: 'player01' });
    await banned.waitFor();
    expect(await banned.textContent()).toContain('Quảng cáo trang lạ');
    // The banned member can no longer read the room.
    const read = await fetch(`${site.baseUrl}/wps/chat/messages?room=public`, { headers: await as('player01') });
    expect((await read.json()).code).toBe('chat_banned');
    await screenshot(page, 'console-chat-muted-1366-vi');
  });

  it('answers a customer-service conversation', async () => {
    const page = await openConsole(1366, 'en');
    await page.goto(`${site.baseUrl}/admin/support-chat`, { waitUntil: 'networkidle' });
    await page.getByRole('row').filter({ hasText: 'player02' }).getByRole('button', { name: 'Open' }).click();
    await page.getByText('Tôi đã nạp 500.000 đ').waitFor();
    await page.getByLabel('Answer').fill('We are checking your transfer now.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Your answer was sent.').waitFor();
    await page.getByText('We are checking your transfer now.').waitFor();
    await screenshot(page, 'console-support-1366-en');
  });

  it('changes a level of the VIP ladder with the version it read, and lists the refusals of a limit', async () => {
    const page = await openConsole(1366, 'en');
    await page.goto(`${site.baseUrl}/admin/vip-ladder`, { waitUntil: 'networkidle' });
    const one = page.getByTestId('vip-level-1');
    await one.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Upgrade bonus').fill('75000');
    await dialog.getByRole('button', { name: 'Save the ladder' }).click();
    await page.getByText('The ladder is saved.').waitFor();
    await expect.poll(() => one.textContent()).toContain('75,000');
    await screenshot(page, 'console-vip-ladder-1366-en');

    await page.goto(`${site.baseUrl}/admin/members/${ids.player04}`, { waitUntil: 'networkidle' });
    const triggers = page.getByTestId('member-rg-triggers');
    await triggers.getByRole('row').filter({ hasText: 'Deposit limit' }).waitFor();
    expect(await triggers.getByRole('row').filter({ hasText: 'Deposit limit' }).textContent()).toContain('2');
    await triggers.screenshot({ path: path.join(ARTIFACTS_DIR, 'console-member-triggers-1366-en.png') });

    await page.goto(`${site.baseUrl}/admin/reports`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Limit refusals per day' }).click();
    await page.getByTestId('rg-triggers-table').waitFor();
    expect(await page.getByTestId('rg-triggers-table').textContent()).toContain('Deposit limit');
    await screenshot(page, 'console-rg-triggers-1366-en');

    const audit = await site.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['chat_message.hide', 'chat.ban', 'support_chat.reply', 'vip.levels_set'])
      .execute();
    expect(new Set(audit.map((row) => row.action))).toEqual(
      new Set(['chat_message.hide', 'chat.ban', 'support_chat.reply', 'vip.levels_set']),
    );
  });

  it('lays the new screens out at tablet width in both languages', async () => {
    for (const language of ['vi', 'en'] as const) {
      const page = await openConsole(768, language);
      for (const section of ['chat', 'vip-ladder', 'support-chat']) {
        await page.goto(`${site.baseUrl}/admin/${section}`, { waitUntil: 'networkidle' });
        await page.locator('main h1').first().waitFor();
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
        await screenshot(page, `console-${section}-768-${language}`);
      }
    }
  });
});
