import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage } from './browser.ts';
import { signInToConsole } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const SHOTS_DIR = process.env.CONSOLE_SHOTS_DIR ?? path.join(tmpdir(), 'admin-table-limits');

type LobbyTable = { gameCode: string; limits: { min: number; max: number } };

/**
 * The live table limits section of the console (issue 24): a risk operator changes the dragon tiger
 * table's limits; a bad form is refused field by field, the good one reaches the house game server,
 * and the table's next round (the /live lobby's list) opens with them.
 */
describe('the console’s live table limits', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer({
      houseGames: { bettingMs: 600_000 },
      houseBaccarat: { bettingMs: 600_000, revealStepMs: 100, pauseMs: 500 },
      houseLive: { bettingMs: 1_500, revealStepMs: 50, pauseMs: 200 },
    });
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

  async function lobbyTable(gameCode: string): Promise<LobbyTable | undefined> {
    const res = await fetch(`${site.baseUrl}/wps/relay/GCSGAME_liveTables`);
    const body = (await res.json()) as { value: { tables: LobbyTable[] } };
    return body.value.tables.find((t) => t.gameCode === gameCode);
  }

  it('a risk operator changes a table’s limits and its next round opens with them', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'risk01');
    await page.getByRole('navigation', { name: 'Danh mục' }).getByRole('link', { name: 'Giới hạn bàn live' }).click();
    const row = page.getByTestId('limits-dragon-tiger');
    await row.waitFor();
    expect(await page.locator('[data-testid^="limits-"]').count()).toBe(8);
    expect(await row.textContent()).toContain('Rồng hổ');

    await row.getByRole('button', { name: 'Sửa' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Cược tối thiểu/).fill('600000');
    await dialog.getByLabel(/Hòa cùng chất/).fill('abc');
    await dialog.getByRole('button', { name: 'Lưu giới hạn' }).click();
    await dialog.getByText('Vui lòng sửa các ô được đánh dấu bên dưới.').waitFor();
    expect(await dialog.getByText('Mức tối đa này thấp hơn mức cược tối thiểu.').count()).toBe(1);
    expect(await dialog.getByText('Nhập một số nguyên lớn hơn 0.').count()).toBe(1);
    await shot(page, 'limits-form-errors-vi-1366');

    await dialog.getByLabel(/^Cược tối thiểu/).fill('2.000');
    await dialog.getByLabel(/Hòa cùng chất/).fill('80000');
    await dialog.getByRole('button', { name: 'Lưu giới hạn' }).click();
    await page.getByText('Đã lưu giới hạn của Rồng hổ · dragon-tiger; áp dụng từ ván tiếp theo.').waitFor();
    // The notice shows as the call returns; the list is read again just after it.
    await row.getByText('Đã đổi', { exact: true }).waitFor();

    // The open round keeps its limits; a later one opens with the new minimum.
    await expect.poll(async () => (await lobbyTable('dragon-tiger'))?.limits, { timeout: 20_000 }).toEqual({ min: 2_000, max: 5_000_000 });

    const audit = await site.database.db
      .selectFrom('audit_log')
      .select(['subject_id', 'data'])
      .where('action', '=', 'games.table_limits_updated')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        subject_id: 'dragon-tiger',
        data: {
          before: { min: 1_000, max: { MAIN: 5_000_000, TIE: 500_000, SUITED_TIE: 100_000 } },
          after: { min: 2_000, max: { MAIN: 5_000_000, TIE: 500_000, SUITED_TIE: 80_000 } },
        },
      }),
    ]);
    expect(watched.consoleErrors).toEqual([]);
    expect(await watched.cspViolations()).toEqual([]);
    await context.close();
  });

  it('shows the section at 1366, 768 and 390 px, in Vietnamese and English', async () => {
    for (const [language, width, theme] of [
      ['vi', 1366, 'light'],
      ['en', 1366, 'dark'],
      ['vi', 768, 'dark'],
      ['en', 768, 'light'],
      ['vi', 390, 'light'],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: width > 800 ? 768 : width > 500 ? 1024 : 844 } });
      const page = await context.newPage();
      await signInToConsole(page, site.baseUrl, 'risk01');
      await page.evaluate(
        ([lang, mode]) => {
          window.localStorage.setItem('lotus.admin.lang', lang as string);
          window.localStorage.setItem('lotus.admin.theme', mode as string);
        },
        [language, theme],
      );
      await page.goto(`${site.baseUrl}/admin/table-limits`, { waitUntil: 'networkidle' });
      const row = page.getByTestId('limits-roulette-vip');
      await row.waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await shot(page, `limits-${language}-${theme}-${width}`);
      await row.getByRole('button', { name: language === 'en' ? 'Edit' : 'Sửa' }).click();
      await page.getByRole('dialog').waitFor();
      await shot(page, `limits-form-${language}-${theme}-${width}`);
      await context.close();
    }
  });
});
