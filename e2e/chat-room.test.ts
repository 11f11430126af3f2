import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchBrowser, screenshot, watchPage } from './browser.ts';
import { sealForSite } from './encrypted-body.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PLAYER_PASSWORD = 'Player2026';

describe('the house chat room', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    site = await startSiteServer();
    baseUrl = site.baseUrl;
    // The demo accounts log in with their published passwords, no change asked (docs/demo-data.md).
    for (const username of ['player01', 'player02', 'player03']) {
      const response = await fetch(`${baseUrl}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: await sealForSite(baseUrl, { username, password: PLAYER_PASSWORD }),
      });
      expect(response.status, username).toBe(200);
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await site?.close();
  });

  async function openPage(width: number, height: number): Promise<{ page: Page; watch: Awaited<ReturnType<typeof watchPage>> }> {
    const context = await browser.newContext({ viewport: { width, height } });
    contexts.push(context);
    const page = await context.newPage();
    return { page, watch: await watchPage(page) };
  }

  async function logIn(page: Page, username: string): Promise<void> {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(PLAYER_PASSWORD);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: /^Tài khoản / }).waitFor();
  }

  /** The right bar's chat room entry (its name also says how many messages are unread). */
  function chatEntry(page: Page) {
    return page.getByRole('complementary', { name: 'Liên kết nhanh' }).getByRole('button', { name: /^Phòng trò chuyện/ });
  }

  async function showRightBar(page: Page): Promise<void> {
    // The bar comes with the page's first drawing; on phones it starts folded.
    await page.getByRole('complementary', { name: 'Liên kết nhanh' }).waitFor();
    const expand = page.getByRole('button', { name: 'Hiện liên kết nhanh' });
    if (await expand.isVisible()) await expand.click();
  }

  it('shows one member’s message to another without a reload, with the unread badge (1366x768)', async () => {
    const a = await openPage(1366, 768);
    const b = await openPage(1366, 768);
    await logIn(a.page, 'player01');
    await logIn(b.page, 'player02');

    // A opens the room from the right bar: a dialog with an empty room and the send box.
    await chatEntry(a.page).click();
    const roomA = a.page.getByRole('dialog', { name: 'Phòng trò chuyện' });
    await roomA.getByText('Chưa có tin nhắn nào').waitFor();
    const inputA = roomA.getByLabel('Tin nhắn', { exact: true });
    await expect.poll(() => roomA.locator('.chat-room__counter').innerText()).toContain('0/200');
    // Markup is shown as typed, never interpreted.
    const hello = 'Chào mọi người <b>tối nay</b> ai chơi xổ số?';
    await inputA.fill(hello);
    expect(await roomA.locator('.chat-room__counter').innerText()).toContain(`${hello.length}/200`);
    await inputA.press('Enter');
    const ownA = roomA.locator('.chat-message--own');
    await ownA.getByText(hello, { exact: true }).waitFor();
    expect(await roomA.locator('.chat-room__log b').count()).toBe(0);
    expect(await inputA.inputValue()).toBe('');
    expect(await ownA.locator('.chat-message__time').innerText()).toMatch(/^\d{2}:\d{2}$/);

    // B, on the home page all along, gets the badge from the push.
    const badge = b.page.locator('[data-testid="chat-unread"]');
    await badge.waitFor({ timeout: 10_000 });
    expect(await badge.innerText()).toBe('1');
    await expect.poll(() => chatEntry(b.page).getAttribute('aria-haspopup')).toBe('dialog');
    await screenshot(b.page, 'chat-badge-1366x768');

    // B opens the room: A's message is on the left under A's nickname, and reading it clears the badge.
    await chatEntry(b.page).click();
    const roomB = b.page.getByRole('dialog', { name: 'Phòng trò chuyện' });
    const fromA = roomB.locator('.chat-message:not(.chat-message--own)');
    await fromA.getByText(hello, { exact: true }).waitFor();
    expect(await fromA.locator('.chat-message__name').innerText()).toBe('Player One');
    await badge.waitFor({ state: 'detached' });

    // B replies; A sees it arrive in the open dialog, and a second message at once is refused with the server's words.
    const inputB = roomB.getByLabel('Tin nhắn', { exact: true });
    await inputB.fill('Mình chơi miền Nam, hẹn 16:15 nhé');
    await inputB.press('Enter');
    await roomB.locator('.chat-message--own').getByText('Mình chơi miền Nam, hẹn 16:15 nhé').waitFor();
    await inputB.fill('Thêm một tin nữa');
    await inputB.press('Enter');
    await roomB
      .getByRole('alert')
      .getByText(/Bạn gửi tin nhắn quá nhanh/)
      .waitFor();
    await roomA
      .locator('.chat-message:not(.chat-message--own)')
      .getByText('Mình chơi miền Nam, hẹn 16:15 nhé')
      .waitFor({ timeout: 10_000 });
    await screenshot(a.page, 'chat-panel-1366x768');
    await screenshot(b.page, 'chat-panel-error-1366x768');
    expect(await seriousViolations(a.page)).toEqual([]);

    // Escape closes the room.
    await a.page.keyboard.press('Escape');
    await roomA.waitFor({ state: 'detached' });
    for (const { watch } of [a, b]) {
      expect(await watch.cspViolations()).toEqual([]);
      // The refused message is a failed request the console reports; nothing else may fail.
      expect(watch.consoleErrors.filter((e) => !/status of 429/.test(e))).toEqual([]);
    }
  });

  it('opens the room full screen on a phone, and the bare chat page the chat URL points at (390x844)', async () => {
    const { page, watch } = await openPage(390, 844);
    await logIn(page, 'player03');
    await showRightBar(page);
    await chatEntry(page).click();
    const room = page.getByRole('dialog', { name: 'Phòng trò chuyện' });
    await room.getByText('Chào mọi người <b>tối nay</b> ai chơi xổ số?', { exact: true }).waitFor();
    const box = await room.boundingBox();
    expect(box?.width).toBe(390);
    expect(box?.height).toBe(844);
    await screenshot(page, 'chat-panel-390x844');
    await page.keyboard.press('Escape');

    // The chat URL call names the site's own page; it carries no token.
    const chatUrl = await page.evaluate(async () => {
      const response = await fetch('/wps/chat/url', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionStorage.getItem('token')}` },
        body: JSON.stringify({ b2c: 1, title: 'Phòng chat', language: 'vi', headerColor: '#1565c0' }),
      });
      return ((await response.json()) as { value: { chatUrl: string } }).value.chatUrl;
    });
    expect(chatUrl.startsWith('/chatroom?')).toBe(true);
    await page.goto(`${baseUrl}${chatUrl}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Phòng chat' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.locator('.chat-page__header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 101, 192)');
    const input = page.getByLabel('Tin nhắn', { exact: true });
    await input.fill('Xin chào từ điện thoại');
    await page.getByRole('button', { name: 'Gửi' }).click();
    await page.locator('.chat-message--own').getByText('Xin chào từ điện thoại').waitFor();
    await screenshot(page, 'chat-page-390x844');
    expect(await seriousViolations(page)).toEqual([]);
    // The dark theme through the same colour variables.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload({ waitUntil: 'networkidle' });
    await page.locator('.chat-message--own').getByText('Xin chào từ điện thoại').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(page, 'chat-page-dark-390x844');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await watch.cspViolations()).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
  });

  it('warns a trial account away from the room and asks a visitor to log in (390x844)', async () => {
    const { page } = await openPage(390, 844);
    await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
    await showRightBar(page);
    await chatEntry(page).click();
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.waitFor();
    await login.getByRole('button', { name: 'Chơi thử miễn phí' }).click();
    await login.waitFor({ state: 'detached' });
    await showRightBar(page);
    await chatEntry(page).click();
    const warning = page.getByRole('dialog', { name: 'Thông báo' });
    await warning.getByText('Vui lòng đăng ký hoặc đăng nhập tài khoản chính thức.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Phòng trò chuyện' }).count()).toBe(0);
    await screenshot(page, 'chat-trial-warning-390x844');
    // The bare page refuses the trial account as well, with the spec's chat wording.
    await page.goto(`${baseUrl}/chatroom?room=public`, { waitUntil: 'networkidle' });
    await page.getByText('Tài khoản dùng thử không thể dùng phòng trò chuyện.', { exact: false }).waitFor();
  });
});
