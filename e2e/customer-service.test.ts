import { maintenanceSetting } from '@platform/server/modules/system/system.settings';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchBrowser, screenshot, VIEWPORTS, watchPage } from './browser.ts';
import { operatorLogin } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PLAYER_PASSWORD = 'Player2026';

/** The texts each language shows (the login dialog and the right bar follow the site's language). */
const TEXT = {
  vi: {
    quickLinks: 'Liên kết nhanh',
    expand: 'Hiện liên kết nhanh',
    customerService: 'Chăm sóc khách hàng',
    login: 'Đăng nhập',
    username: 'Tên đăng nhập',
    password: 'Mật khẩu',
    account: /^Tài khoản /,
    message: 'Tin nhắn',
    empty: 'Bạn cần hỗ trợ gì?',
    question: 'Tôi nạp 100.000 ₫ nhưng chưa thấy tiền',
    answer: 'Chúng tôi đã kiểm tra, tiền đã vào ví của bạn.',
  },
  en: {
    quickLinks: 'Quick links',
    expand: 'Show quick links',
    customerService: 'Customer service',
    login: 'Log in',
    username: 'Username',
    password: 'Password',
    account: /^Account /,
    message: 'Message',
    empty: 'How can we help?',
    question: 'My deposit has not arrived yet',
    answer: 'We checked: the money is in your wallet now.',
  },
} as const;

describe('customer service: the house live chat', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;
  let adminToken: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    site = await startSiteServer();
    baseUrl = site.baseUrl;
    const { body } = await operatorLogin(baseUrl, 'admin');
    expect(body.success).toBe(true);
    adminToken = body.value.token;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await site?.close();
  });

  // A test that turns maintenance on leaves it to this hook to end it: a hook runs even after a test
  // ran out of time, when a finally in the test would still be waiting for the test's body.
  afterEach(async () => {
    const settings = site.app.services.settings;
    const current = await settings.get(site.merchantId, maintenanceSetting);
    if (current.enabled) await settings.set(site.merchantId, maintenanceSetting, { ...current, enabled: false }, 'e2e');
  });

  async function adminCall<T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: object): Promise<T> {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const envelope = (await response.json()) as { success: boolean; value: T };
    expect(envelope.success, JSON.stringify(envelope)).toBe(true);
    return envelope.value;
  }

  async function openPage(width: number, height: number, language: 'vi' | 'en') {
    const context = await browser.newContext({ viewport: { width, height } });
    contexts.push(context);
    const page = await context.newPage();
    await page.addInitScript((lang) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', lang);
    }, language);
    return { page, watch: await watchPage(page) };
  }

  async function showRightBar(page: Page, text: (typeof TEXT)['vi' | 'en']): Promise<void> {
    await page.getByRole('complementary', { name: text.quickLinks }).waitFor();
    const expand = page.getByRole('button', { name: text.expand });
    if (await expand.isVisible()) await expand.click();
  }

  function customerServiceEntry(page: Page, text: (typeof TEXT)['vi' | 'en']) {
    return page.getByRole('complementary', { name: text.quickLinks }).getByRole('button', { name: new RegExp(`^${text.customerService}`) });
  }

  async function logIn(page: Page, username: string, text: (typeof TEXT)['vi' | 'en']): Promise<void> {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: text.login });
    await login.getByLabel(text.username, { exact: true }).fill(username);
    await login.getByLabel(text.password, { exact: true }).fill(PLAYER_PASSWORD);
    await login.getByRole('button', { name: text.login, exact: true }).click();
    await page.getByRole('button', { name: text.account }).waitFor();
  }

  // One demo player per run below: each has its own conversation.
  const players = ['player01', 'player02', 'player03', 'player04'];

  for (const [v, viewport] of VIEWPORTS.entries()) {
    for (const [l, language] of (['vi', 'en'] as const).entries()) {
      it(`a player writes, an operator answers through the operator call, the player sees it (${language}, ${viewport.width}x${viewport.height})`, async () => {
        const text = TEXT[language];
        const username = players[v * 2 + l] as string;
        const { page, watch } = await openPage(viewport.width, viewport.height, language);
        await logIn(page, username, text);
        await showRightBar(page, text);
        await customerServiceEntry(page, text).click();
        const dialog = page.getByRole('dialog', { name: text.customerService });
        await dialog.getByText(text.empty).waitFor();
        if (viewport.width < 768) {
          const box = await dialog.boundingBox();
          expect(box?.width).toBe(viewport.width);
        }
        const input = dialog.getByLabel(text.message, { exact: true });
        await input.fill(text.question);
        await input.press('Enter');
        await dialog.locator('.support-chat__message--own').getByText(text.question).waitFor();
        await screenshot(page, `customer-service-written-${language}-${viewport.width}x${viewport.height}`);

        // The operator finds the conversation with one unread message and answers it.
        const conversations = await adminCall<{ list: { id: number; username: string; unreadCount: number }[] }>(
          'GET',
          '/admin-api/support-chat/conversations?isUnread=true',
        );
        const mine = conversations.list.find((c) => c.username === username);
        expect(mine?.unreadCount).toBe(1);
        await adminCall('POST', `/admin-api/support-chat/conversations/${mine?.id}/read`);
        await adminCall('POST', `/admin-api/support-chat/conversations/${mine?.id}/messages`, { text: text.answer });

        // The answer arrives in the open dialog by the push.
        await dialog.locator('.support-chat__message[data-author="operator"]').getByText(text.answer).waitFor({ timeout: 10_000 });
        await screenshot(page, `customer-service-answered-${language}-${viewport.width}x${viewport.height}`);
        expect(await seriousViolations(page)).toEqual([]);

        // Closed, a second answer shows as the badge on the entry; opening reads it.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await adminCall('POST', `/admin-api/support-chat/conversations/${mine?.id}/messages`, { text: `${text.answer} (2)` });
        const badge = page.locator('[data-testid="support-chat-unread"]');
        await badge.waitFor({ timeout: 10_000 });
        expect(await badge.innerText()).toBe('1');
        await screenshot(page, `customer-service-badge-${language}-${viewport.width}x${viewport.height}`);
        await customerServiceEntry(page, text).click();
        await dialog.getByText(`${text.answer} (2)`).waitFor();
        await badge.waitFor({ state: 'detached' });
        expect(await watch.cspViolations()).toEqual([]);
        expect(watch.consoleErrors).toEqual([]);
      });
    }
  }

  it('tells a trial account it cannot chat (390x844)', async () => {
    const { page } = await openPage(390, 844, 'vi');
    await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
    await showRightBar(page, TEXT.vi);
    // A visitor is asked to log in first.
    await customerServiceEntry(page, TEXT.vi).click();
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.waitFor();
    await login.getByRole('button', { name: 'Chơi thử miễn phí' }).click();
    await login.waitFor({ state: 'detached' });
    await showRightBar(page, TEXT.vi);
    await customerServiceEntry(page, TEXT.vi).click();
    const dialog = page.getByRole('dialog', { name: 'Chăm sóc khách hàng' });
    await dialog.getByText('Tài khoản dùng thử không thể trò chuyện với chăm sóc khách hàng.', { exact: false }).waitFor();
    expect(await dialog.getByLabel('Tin nhắn', { exact: true }).count()).toBe(0);
    await screenshot(page, 'customer-service-trial-390x844');
    // The server says the same to a trial account's own call.
    const refused = await page.evaluate(async () => {
      const response = await fetch('/wps/support-chat/messages', {
        headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` },
      });
      return ((await response.json()) as { code: string }).code;
    });
    expect(refused).toBe('in_please_information');
  });

  for (const viewport of VIEWPORTS) {
    it(`opens the live chat from the maintenance page’s button (${viewport.width}x${viewport.height})`, async () => {
      const settings = site.app.services.settings;
      const { page } = await openPage(viewport.width, viewport.height, 'vi');
      // A member still logged in when maintenance begins.
      await logIn(page, 'player01', TEXT.vi);
      await settings.set(
        site.merchantId,
        maintenanceSetting,
        { ...(await settings.get(site.merchantId, maintenanceSetting)), enabled: true },
        'e2e',
      );
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Hệ thống đang bảo trì' }).waitFor();
      await page.getByRole('button', { name: 'Chăm sóc khách hàng' }).click();
      const dialog = page.getByRole('dialog', { name: 'Chăm sóc khách hàng' });
      await dialog.getByText(TEXT.vi.question).first().waitFor();
      await screenshot(page, `customer-service-maintenance-${viewport.width}x${viewport.height}`);
      await page.keyboard.press('Escape');
      // A visitor there is told to log in (the login itself waits for the end of maintenance).
      await page.evaluate(() => sessionStorage.clear());
      await page.reload({ waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Chăm sóc khách hàng' }).click();
      await dialog.getByText('Vui lòng đăng nhập để trò chuyện với chăm sóc khách hàng.').waitFor();
    });
  }

  // Last in the file: it replaces the demo's entries with a type-3 link and a VIP entry.
  it('opens a type-3 entry in a popup at its decrypted link, and gives a member above rank level 4 the VIP service (1366x768)', async () => {
    const before = await adminCall<{ url: string; entries: unknown[] }>('GET', '/admin-api/customer-service');
    // A page of the site itself, so the popup loads without the network.
    const link = `${baseUrl}/help`;
    await adminCall('PUT', '/admin-api/customer-service', {
      url: before.url,
      entries: [
        { csPosition: 'VIP', csType: 1, title: 'VIP', path: '' },
        { csPosition: 'RIGHT', csType: 3, title: 'Hotline', path: link },
      ],
    });
    try {
      // A member without a VIP tier: the click opens a window at once, which then goes to the link.
      const { page } = await openPage(1366, 768, 'en');
      await logIn(page, 'player02', TEXT.en);
      const listed = await page.evaluate(async () => {
        const response = await fetch('/wps/system/customer-service', {
          method: 'POST',
          headers: { authorization: `Bearer ${sessionStorage.getItem('token')}`, 'content-type': 'application/json' },
          body: '{}',
        });
        return (await response.json()) as { value: { list: { csType: number; path: string }[]; isVip: boolean } };
      });
      // Without the click's key the server sends the link of a type-3 entry nowhere.
      expect(listed.value.isVip).toBe(false);
      expect(listed.value.list).toEqual([expect.objectContaining({ csType: 3, path: '' })]);
      await showRightBar(page, TEXT.en);
      const [popup] = await Promise.all([page.context().waitForEvent('page'), customerServiceEntry(page, TEXT.en).click()]);
      await popup.waitForURL(link);
      expect(await popup.evaluate(() => window.opener)).toBeNull();
      await popup.close();
      await screenshot(page, 'customer-service-type3-1366x768');

      // A VIP tier of rank level 5 for player04: the VIP customer service opens in the site.
      const label = await adminCall<{ id: number }>('POST', '/admin-api/member-labels', {
        code: `VIP5-${Date.now() % 100_000}`,
        name: 'VIP 5',
        rankLevel: 5,
      });
      const found = await adminCall<{ list: { id: number; username: string }[] }>(
        'GET',
        '/admin-api/members/search?by=username&q=player04',
      );
      const member = found.list.find((row) => row.username === 'player04');
      await adminCall('PUT', `/admin-api/members/${member?.id}/labels`, { labelIds: [label.id] });
      const vip = await openPage(1366, 768, 'en');
      await logIn(vip.page, 'player04', TEXT.en);
      await showRightBar(vip.page, TEXT.en);
      await customerServiceEntry(vip.page, TEXT.en).click();
      const dialog = vip.page.getByRole('dialog', { name: 'VIP customer service' });
      await dialog.getByLabel(TEXT.en.message, { exact: true }).waitFor();
      await screenshot(vip.page, 'customer-service-vip-1366x768');
      expect(await seriousViolations(vip.page)).toEqual([]);
    } finally {
      await adminCall('PUT', '/admin-api/customer-service', before);
    }
  });
});
