import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage } from './browser.ts';
import { signInToConsole } from './site-actions.ts';
import { createMovableClock, type MovableClock, type SiteServer, startSiteServer } from './site-server.ts';

/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = process.env.CONSOLE_SHOTS_DIR ?? path.join(tmpdir(), 'admin-results-content');
const CONSOLE_BUILD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/admin/dist/index.html');
const VIETNAM_OFFSET_MS = 7 * 3_600_000;

/** The northern sheet (27 numbers): tier, then its numbers. */
const NORTH_RESULT: Record<string, string[]> = {
  DB: ['40817'],
  G1: ['13950'],
  G2: ['27316', '80442'],
  G3: ['42180', '70251', '05533', '91874', '36027', '58169'],
  G4: ['1985', '0142', '8764', '8225'],
  G5: ['3452', '9317', '3054', '7720', '0611', '4398'],
  G6: ['532', '055', '206'],
  G7: ['47', '16', '93', '08'],
};

/**
 * The console's lottery results and site content screens on the real site (docs/admin-console.md):
 * the administrator enters an official draw's result, the risk operator confirms it and the player
 * site's results board shows it; a content operator adds a banner that the home page then shows.
 */
describe('operator console: lottery results and site content', () => {
  let site: SiteServer;
  let browser: Browser;
  let clock: MovableClock;

  beforeAll(async () => {
    if (!existsSync(CONSOLE_BUILD)) throw new Error('apps/admin/dist is missing: run `npm run build` before the browser tests.');
    clock = createMovableClock();
    // The site's day starts at 08:00 in Vietnam (the next one from now), when today's northern draw is open.
    const now = Date.now();
    const vietnamMidnight = Math.floor((now + VIETNAM_OFFSET_MS) / 86_400_000) * 86_400_000 - VIETNAM_OFFSET_MS;
    let morning = vietnamMidnight + 8 * 3_600_000;
    if (morning < now) morning += 86_400_000;
    clock.advance(morning - now);
    site = await startSiteServer({ clock });
    await site.app.services.lottery.runJobRound();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function shot(page: Page, name: string): Promise<void> {
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
  }

  /** Reloads the console in English (the choice is kept in the browser; the session in the tab). */
  async function inEnglish(page: Page): Promise<void> {
    await page.evaluate(() => window.localStorage.setItem('lotus.admin.lang', 'en'));
    await page.reload({ waitUntil: 'networkidle' });
  }

  it('takes a result entered by one operator and confirmed by a risk operator, which players then see', async () => {
    const period = await site.database.db
      .selectFrom('lottery_periods as p')
      .innerJoin('lottery_games as g', 'g.id', 'p.game_id')
      .select(['p.numero', 'p.locks_at', 'p.draw_at'])
      .where('g.code', '=', 'MB')
      .where('p.status', '=', 'open')
      .orderBy('p.draw_at')
      .executeTakeFirstOrThrow();
    // Ten minutes after betting closed, before the draw's own time: the draw awaits its result.
    clock.advance(new Date(period.locks_at).getTime() + 5 * 60_000 - clock.now().getTime());

    const adminContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await adminContext.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'admin', clock.now);
    const nav = page.getByRole('navigation', { name: 'Danh mục' });
    await nav.getByRole('link', { name: /Kết quả xổ số/ }).click();
    const row = page.getByTestId(`draw-MB-${period.numero}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Miền Bắc');
    await row.getByRole('button', { name: 'Nhập kết quả' }).click();
    const dialog = page.getByRole('dialog');
    // A short number is refused in the dialog before any call.
    for (const [tier, numbers] of Object.entries(NORTH_RESULT)) {
      for (const [index, value] of numbers.entries()) await dialog.locator(`input[name="${tier}-${index}"]`).fill(value);
    }
    await dialog.locator('input[name="G7-3"]').fill('8');
    await dialog.getByRole('button', { name: 'Gửi để xác nhận' }).click();
    await dialog.getByText('Mỗi số của Giải bảy phải có đúng số chữ số đã ghi.').waitFor();
    await dialog.locator('input[name="G7-3"]').fill('08');
    await shot(page, 'results-enter-vi-1366');
    await dialog.getByRole('button', { name: 'Gửi để xác nhận' }).click();
    await page.getByText(`Kết quả Miền Bắc (${period.numero}) đang chờ nhân viên thứ hai xác nhận.`).waitFor();
    await row.getByText(/^Bản nhập #\d+ đang chờ xác nhận$/).waitFor();

    // The same operator cannot confirm its own entry: the review offers only a withdrawal.
    await page.getByRole('tab', { name: 'Chờ xác nhận' }).click();
    const entry = page.locator('[data-testid^="result-entry-"]').first();
    await entry.getByRole('button', { name: 'Đối chiếu' }).click();
    await page.getByRole('dialog').getByText('Bạn đã nhập kết quả này: một nhân viên khác phải xác nhận. Bạn có thể rút lại.').waitFor();
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Xác nhận và trả thưởng' }).count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Hủy' }).click();
    expect(watched.consoleErrors).toEqual([]);
    await adminContext.close();

    // The risk operator compares and confirms, on a phone.
    const riskContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const risk = await riskContext.newPage();
    await signInToConsole(risk, site.baseUrl, 'risk01', clock.now);
    await risk.getByRole('button', { name: 'Danh mục' }).click();
    await risk
      .getByRole('navigation', { name: 'Danh mục' })
      .getByRole('link', { name: /Kết quả xổ số/ })
      .click();
    await risk.getByRole('tab', { name: 'Chờ xác nhận' }).click();
    const pending = risk.locator('[data-testid^="result-entry-"]').first();
    await pending.waitFor();
    expect(await pending.textContent()).toContain('40817');
    await pending.getByRole('button', { name: 'Đối chiếu' }).click();
    const review = risk.getByRole('dialog');
    expect(await review.getByTestId('result-sheet').textContent()).toContain('42180 · 70251 · 05533');
    await shot(risk, 'results-review-vi-390');
    await review.getByRole('button', { name: 'Xác nhận và trả thưởng' }).click();
    await risk.getByText(`Kết quả Miền Bắc (${period.numero}) đã công bố và các vé đã được trả thưởng.`).waitFor();
    await risk.getByRole('tab', { name: 'Đã xác nhận' }).click();
    await risk.locator('[data-testid^="result-entry-"]').first().waitFor();
    await shot(risk, 'results-confirmed-vi-390');
    await inEnglish(risk);
    await risk.getByRole('tab', { name: 'Confirmed' }).click();
    await risk.locator('[data-testid^="result-entry-"]').first().waitFor();
    await shot(risk, 'results-confirmed-en-390');
    await riskContext.close();

    // Players see a draw's result once its time has come (18:15 for the northern draw).
    clock.advance(new Date(period.draw_at).getTime() + 60_000 - clock.now().getTime());
    const board = (await (await fetch(`${site.baseUrl}/lotto/lgw/games/opened/numero`)).json()) as {
      value: { list: { gameId: string; numero: string; status: string; result: Record<string, string[]> | null }[] };
    };
    const north = board.value.list.find((draw) => draw.gameId === 'MB' && draw.numero === period.numero);
    expect(north?.status).toBe('settled');
    expect(north?.result).toEqual(NORTH_RESULT);
    // The lottery page's results board reads the game's draw history: the draw is there with its sheet.
    const history = (await (await fetch(`${site.baseUrl}/lgw/vn/numeros/opened/game?gameId=MB&count=100`)).json()) as {
      value: { list: { numero: string; result: Record<string, string[]> | null }[] };
    };
    expect(history.value.list.find((draw) => draw.numero === period.numero)?.result).toEqual(NORTH_RESULT);
    const playerContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const player = await playerContext.newPage();
    await player.goto(`${site.baseUrl}/lottery?gameCode=MB`, { waitUntil: 'networkidle' });
    const table = player.locator(`.lottery-board__table[data-numero="${period.numero}"]`);
    await table.waitFor({ state: 'attached', timeout: 20_000 });
    expect(await table.locator('tr[data-tier="DB"] li').first().textContent()).toBe('40817');
    await shot(player, 'results-player-board-1366');
    await playerContext.close();

    // Each step is in the audit log.
    const actions = await site.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['lottery.result_entered', 'lottery.result_confirmed'])
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['lottery.result_confirmed', 'lottery.result_entered']);
  });

  it('adds a banner in the console that the player home page then shows', async () => {
    const title = `Tuần lễ vàng ${Date.now() % 100_000}`;
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'content01', clock.now);
    await page
      .getByRole('navigation', { name: 'Danh mục' })
      .getByRole('link', { name: /Nội dung trang/ })
      .click();
    await page.locator('[data-testid^="banner-"]').first().waitFor();
    await page.getByRole('button', { name: 'Thêm banner' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('image-field-imageUrl').getByRole('textbox').fill('banners/lotus-games.svg');
    await dialog.getByLabel('Tiêu đề tiếng Việt').fill(title);
    await dialog.getByLabel('Tiêu đề tiếng Anh').fill('Golden week');
    await dialog.getByLabel('Thứ tự').fill('-50');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    // Checked before the call: an image is a site path or an https address.
    await dialog.getByText('Hình phải là đường dẫn trong trang (bắt đầu bằng /) hoặc địa chỉ https.').waitFor();
    await dialog.getByTestId('image-field-imageUrl').getByRole('textbox').fill('/banners/lotus-games.svg');
    await dialog.getByRole('combobox', { name: /^Liên kết/ }).selectOption('ROUTE');
    await dialog.getByLabel('Đích liên kết').fill('/promotions');
    await shot(page, 'content-banner-form-vi-1366');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText(`Đã lưu "${title}".`).waitFor();
    const row = page.locator('[data-testid^="banner-"]', { hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('Đang hiện');
    await shot(page, 'content-banners-vi-1366');
    await inEnglish(page);
    await page.locator('[data-testid^="banner-"]').first().waitFor();
    await shot(page, 'content-banners-en-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'content-banners-en-390');
    expect(watched.consoleErrors).toEqual([]);
    await context.close();

    // The player's home page shows it in the carousel, with its Vietnamese caption.
    const playerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const player = await playerContext.newPage();
    await player.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle' });
    await player.locator('.banner-carousel .banner__caption', { hasText: title }).first().waitFor({ state: 'attached' });
    await shot(player, 'content-banner-player-390');
    await playerContext.close();

    const audit = await site.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'content.banner%').execute();
    expect(audit.map((a) => a.action)).toContain('content.banner.create');
  });

  it('puts a vendor into maintenance from the catalogue, with its message', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'risk01', clock.now);
    await page.goto(`${site.baseUrl}/admin/catalogue`, { waitUntil: 'networkidle' });
    const row = page.getByTestId('vendor-DEMOTX');
    await row.waitFor();
    await row.getByRole('button', { name: 'Sửa' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Đang bảo trì').check();
    await dialog.getByLabel('Thông báo bảo trì tiếng Việt').fill('Bảo trì đến 10 giờ');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText(/^Đã lưu /).waitFor();
    await row.getByText('Bảo trì', { exact: true }).waitFor();
    await shot(page, 'catalogue-vendors-vi-1366');
    await page.getByRole('tab', { name: 'Trò chơi' }).click();
    await page.locator('[data-testid^="game-"]').first().waitFor();
    await shot(page, 'catalogue-games-vi-1366');
    await inEnglish(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('vendor-DEMOTX').waitFor();
    await shot(page, 'catalogue-vendors-en-390');
    expect(watched.consoleErrors).toEqual([]);
    await context.close();

    const vendor = await site.database.db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'games.vendor_updated')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(vendor.data)).toContain('Bảo trì đến 10 giờ');
  });
});
