import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage } from './browser.ts';
import { registerByUsername, signInToConsole, switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = process.env.CONSOLE_SHOTS_DIR ?? path.join(tmpdir(), 'admin-help-inbox');
const CONSOLE_BUILD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/admin/dist/index.html');
const PASSWORD = 'Lotus2026abc';

/**
 * The console's content screens on the real site (docs/admin-console.md): a content operator
 * publishes a help article and sends a platform message that a player then reads on the site; the
 * jackpots and lottery schedule screens of a risk operator.
 */
describe('operator console: help centre, platform messages, jackpots, lottery schedules', () => {
  let site: SiteServer;
  let browser: Browser;
  const player = `hm${Date.now() % 1_000_000}`;

  beforeAll(async () => {
    if (!existsSync(CONSOLE_BUILD)) throw new Error('apps/admin/dist is missing: run `npm run build` before the browser tests.');
    // The house game server publishes its jackpot pools, which the jackpots screen shows.
    site = await startSiteServer({ houseGames: { bettingMs: 600_000 } });
    await switchOffRegistrationCaptcha(site);
    expect((await registerByUsername(site.baseUrl, player, PASSWORD)).status).toBe(200);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /**
   * The player opens the house jackpot wheel (a launch as the site makes it): the game server opens
   * the pool of the player's currency and publishes it.
   */
  async function openJackpotPool(): Promise<void> {
    const member = await site.database.db
      .selectFrom('members')
      .select(['id', 'currency'])
      .where('username', '=', player)
      .executeTakeFirstOrThrow();
    const issued = await site.app.services.gameSessions.issue({
      memberId: member.id,
      merchantId: site.merchantId,
      currency: member.currency.trim(),
      vendorCode: 'HOUSE',
      gameCode: 'jackpot-wheel',
      gameCategory: 'JACKPOT',
      isTrial: false,
    });
    const url = await site.app.services.vendorWallet.buildLaunchUrl({
      vendorCode: 'HOUSE',
      gameCode: 'jackpot-wheel',
      token: issued.token,
      language: 'vi',
      username: player,
      currency: member.currency.trim(),
      returnUrl: `${site.baseUrl}/`,
      isTrial: false,
    });
    const page = await (await fetch(url)).text();
    const session = /data-session="([^"]+)"/.exec(page)?.[1];
    expect(session, page.slice(0, 200)).toBeTruthy();
    const state = await fetch(`${new URL(url).origin}/game/jackpot-wheel/state`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session }),
    });
    expect(state.status).toBe(200);
  }

  async function shot(page: Page, name: string): Promise<void> {
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
  }

  /** Reloads the console in English (the choice is kept in the browser; the session in the tab). */
  async function inEnglish(page: Page): Promise<void> {
    await page.evaluate(() => window.localStorage.setItem('lotus.admin.lang', 'en'));
    await page.reload({ waitUntil: 'networkidle' });
  }

  const nav = (page: Page) => page.getByRole('navigation', { name: 'Danh mục' });

  it('publishes a help article and sends a message that a player then reads on the site', async () => {
    const title = `Rút tiền trong 5 phút ${Date.now() % 1000}`;
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'content01');

    // Help centre: a new article in the account category, hidden first, previewed, then published.
    await nav(page).getByRole('link', { name: 'Trung tâm trợ giúp' }).click();
    const account = page.getByTestId('help-category-account');
    await account.waitFor();
    await account.getByRole('button', { name: 'Thêm bài viết' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Mã', { exact: true }).fill('Rut tien');
    await dialog.getByLabel('Đăng lên trang').uncheck();
    await dialog.getByLabel('Tiêu đề (Tiếng Việt)').fill(title);
    await dialog.getByLabel(/^Nội dung \(Tiếng Việt/).fill('<p>Lệnh rút được duyệt <b>trong 5 phút</b>.</p><script>alert(1)</script>');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await dialog.getByText('Viết mã bằng chữ thường, chữ số và dấu gạch ngang (ví dụ huong-dan-nap-tien).').waitFor();
    await dialog.getByLabel('Mã', { exact: true }).fill('rut-tien-nhanh');
    await dialog.getByRole('tab', { name: 'Tiếng Anh' }).click();
    await dialog.getByLabel('Tiêu đề (Tiếng Anh)').fill('Withdrawals in 5 minutes');
    await dialog.getByLabel(/^Nội dung \(Tiếng Anh/).fill('<p>Withdrawals are approved <b>within 5 minutes</b>.</p>');
    await dialog.getByRole('button', { name: 'Xem trước nội dung này' }).click();
    const preview = dialog.getByTestId('help-preview');
    await preview.getByText('trong 5 phút', { exact: true }).waitFor();
    expect(await preview.locator('script').count()).toBe(0);
    await shot(page, 'help-article-form-vi-1366');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText(`Đã lưu "${title}".`).waitFor();
    const row = page.getByTestId('help-article-rut-tien-nhanh');
    await row.getByText('Đang ẩn').waitFor();
    await row.getByRole('button', { name: 'Đăng', exact: true }).click();
    await page.getByText(`Đã đăng "${title}".`).waitFor();
    await row.getByText('Đang đăng').waitFor();
    await shot(page, 'help-centre-vi-1366');

    // Platform messages: to the player by username.
    await nav(page).getByRole('link', { name: 'Tin nhắn hệ thống' }).click();
    await page.getByRole('button', { name: 'Tin nhắn mới' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Tiêu đề', { exact: true }).fill('Rút tiền nhanh hơn');
    await form.getByLabel('Nội dung', { exact: true }).fill('<p>Từ hôm nay lệnh rút được duyệt trong 5 phút.</p>');
    await form.getByLabel('Gửi đến').selectOption('usernames');
    await form.getByLabel(/^Tên tài khoản/).fill(`${player}\nkhong_co_ai`);
    await form.getByRole('button', { name: 'Gửi', exact: true }).click();
    await form.getByText('Không có hội viên nào tên khong_co_ai. Hãy kiểm tra lại tên rồi gửi lại.').waitFor();
    await form.getByLabel(/^Tên tài khoản/).fill(player);
    await shot(page, 'inbox-form-vi-1366');
    await form.getByRole('button', { name: 'Gửi', exact: true }).click();
    await page.getByText('Đã gửi "Rút tiền nhanh hơn".').waitFor();
    const sent = page.locator('[data-testid^="message-"]', { hasText: 'Rút tiền nhanh hơn' });
    await sent.getByText('1 hội viên được chỉ định').waitFor();
    // The refused send is the console's call the browser logs as failed; nothing else.
    expect(watched.consoleErrors.filter((error) => !/status of 400/.test(error))).toEqual([]);

    // The player reads the article and the message on the site.
    const playerContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const site1 = await playerContext.newPage();
    await site1.goto(`${site.baseUrl}/help?topic=rut-tien-nhanh`, { waitUntil: 'networkidle' });
    const article = site1.getByRole('article');
    await article.getByRole('heading', { name: title }).waitFor();
    await article.getByText('trong 5 phút', { exact: true }).waitFor();
    await shot(site1, 'help-player-1366');
    await site1.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = site1.getByRole('dialog', { name: 'Đăng nhập' });
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(player);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await site1.getByRole('button', { name: `Tài khoản ${player}` }).waitFor();
    await site1.goto(`${site.baseUrl}/index?mc=messageV2`, { waitUntil: 'networkidle' });
    const centre = site1.getByRole('dialog', { name: 'Trung tâm hội viên' });
    const item = centre.getByTestId('inbox-list').getByRole('listitem').filter({ hasText: 'Rút tiền nhanh hơn' });
    await item.getByRole('button', { name: /^Rút tiền nhanh hơn/ }).click();
    await centre.getByTestId('inbox-message').getByText('Từ hôm nay lệnh rút được duyệt trong 5 phút.').waitFor();
    await shot(site1, 'inbox-player-1366');
    await playerContext.close();

    // Back in the console: the message was read once, by the one member it reaches.
    await page.reload({ waitUntil: 'networkidle' });
    await sent.getByRole('button', { name: 'Chi tiết' }).click();
    await page
      .getByTestId('inbox-reach')
      .getByText(/Tin hiện đến 1 hội viên; 1 người đã đọc \(100\s?%\)\./)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Hủy' }).click();
    await inEnglish(page);
    await page.getByRole('heading', { name: 'Platform messages' }).waitFor();
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot(page, 'inbox-en-768');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Help centre' }).click();
    await page.getByTestId('help-category-account').waitFor();
    await shot(page, 'help-centre-en-768');
    await context.close();

    const actions = await site.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['help_article.create', 'help_article.enable', 'inbox_message.send'])
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['help_article.create', 'help_article.enable', 'inbox_message.send']);
  });

  it('shows the jackpot pools players see and a station schedule with its rule, to a risk operator', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await openJackpotPool();
    await signInToConsole(page, site.baseUrl, 'risk01');
    await nav(page).getByRole('link', { name: 'Hũ thưởng' }).click();
    const counter = page.getByTestId('jackpot-counter');
    await counter.getByText(/Bộ đếm bắt đầu từ tổng các hũ/).waitFor({ timeout: 20_000 });
    await page.getByTestId('pool-jackpot-wheel').getByText('Có', { exact: true }).waitFor();
    await shot(page, 'jackpots-vi-1366');

    await nav(page).getByRole('link', { name: 'Xổ số: trò chơi và tỷ lệ' }).click();
    await page.getByRole('tab', { name: 'Trò chơi' }).click();
    await page.getByText(/kỳ đang mở cược giữ nguyên ngày, giờ quay và giờ đóng cược/).waitFor();
    await page.getByRole('button', { name: 'Thêm trò chơi' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Mã (chữ, số, - và _)').fill('DNAI');
    await dialog.getByLabel('Tỉnh').fill('Đồng Nai');
    await dialog.getByLabel('Tên tiếng Việt').fill('Đồng Nai');
    await dialog.getByLabel('Tên tiếng Anh').fill('Dong Nai');
    await dialog.getByLabel('Thứ 4').check();
    await shot(page, 'lottery-new-game-vi-1366');
    await dialog.getByRole('button', { name: 'Thêm trò chơi' }).click();
    await page.getByText('Đã thêm Đồng Nai (DNAI); các kỳ quay sẽ mở ở lượt lập lịch tiếp theo.').waitFor();
    const row = page.getByTestId('lottery-game-DNAI');
    await row.getByText('Thứ 4 lúc 16:15').waitFor();
    await row.getByRole('button', { name: 'Sửa' }).click();
    await page.getByRole('dialog').getByLabel('Thứ 6').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Lưu' }).click();
    await row.getByText('Thứ 4, Thứ 6 lúc 16:15').waitFor();
    await inEnglish(page);
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.getByRole('tab', { name: 'Games' }).click();
    await page.getByTestId('lottery-game-DNAI').getByText('Wed, Fri at 16:15').waitFor();
    await shot(page, 'lottery-games-en-768');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Jackpots' }).click();
    await page.getByTestId('jackpot-counter').waitFor();
    await shot(page, 'jackpots-en-768');
    expect(watched.consoleErrors).toEqual([]);
    await context.close();

    const actions = await site.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['lottery.game_created', 'lottery.game_updated'])
      .where('subject_id', '=', 'DNAI')
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['lottery.game_created', 'lottery.game_updated']);
  });

  it('lays the four screens out at 1366 and 768 px, in Vietnamese and English, without a page wider than the window', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'admin');
    const screens = [
      { path: 'help', ready: () => page.getByTestId('help-category-account') },
      { path: 'messages', ready: () => page.locator('[data-testid^="message-"]').first() },
      { path: 'jackpots', ready: () => page.getByTestId('jackpot-rule') },
      { path: 'lottery-games', ready: () => page.getByTestId('lottery-game-DNAI'), tab: { vi: 'Trò chơi', en: 'Games' } },
    ];
    for (const language of ['vi', 'en'] as const) {
      await page.evaluate((lang) => window.localStorage.setItem('lotus.admin.lang', lang), language);
      for (const width of [1366, 768]) {
        await page.setViewportSize({ width, height: width === 768 ? 1024 : 768 });
        for (const each of screens) {
          await page.goto(`${site.baseUrl}/admin/${each.path}`, { waitUntil: 'networkidle' });
          if (each.tab) await page.getByRole('tab', { name: each.tab[language] }).click();
          await each.ready().waitFor();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${each.path} ${language} ${width}`).toBeLessThanOrEqual(0);
          await shot(page, `screen-${each.path}-${language}-${width}`);
        }
      }
    }
    expect(watched.consoleErrors).toEqual([]);
    await context.close();
  });
});
