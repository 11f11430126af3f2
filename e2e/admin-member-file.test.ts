import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage } from './browser.ts';
import { signInToConsole } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = process.env.CONSOLE_SHOTS_DIR ?? path.join(tmpdir(), 'admin-member-file');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONSOLE_BUILD = path.join(ROOT, 'apps/admin/dist/index.html');

/**
 * The member file's grants and responsible-gaming history, the rebate rules screen, the lottery's
 * four-eyes odds change and the settings labels, on the real site (docs/admin-console.md): a risk
 * operator forfeits a member's bonus grant with a reason and puts the member on a break, which the
 * history then shows; a finance operator adds a rebate rule; a risk operator asks for an odds change
 * that the administrator approves.
 */
describe('operator console: member file, rebates, lottery odds, settings', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    if (!existsSync(CONSOLE_BUILD)) throw new Error('apps/admin/dist is missing: run `npm run build` before the browser tests.');
    site = await startSiteServer();
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

  /** Reloads the console in a language and theme (both kept in the browser; the session in the tab). */
  async function prefer(page: Page, language: 'vi' | 'en', theme: 'light' | 'dark' = 'light'): Promise<void> {
    await page.evaluate(
      ([code, mode]) => {
        window.localStorage.setItem('lotus.admin.lang', code as string);
        window.localStorage.setItem('lotus.admin.theme', mode as string);
      },
      [language, theme],
    );
    await page.reload({ waitUntil: 'networkidle' });
  }

  it("shows a member's bonus grant and forfeits it with a reason, and a break the history then shows", async () => {
    const db = site.database.db;
    const member = await db
      .selectFrom('members')
      .select(['id', 'merchant_id', 'currency'])
      .where('username', '=', 'player01')
      .executeTakeFirstOrThrow();
    // The daily gift is for VIP1 and above: the member claims it as on the promotions page.
    await db
      .insertInto('vip_member_levels')
      .values({
        member_id: member.id,
        merchant_id: member.merchant_id,
        level: 1,
        reached_on: '2026-11-01',
        evaluated_on: '2026-11-01',
        updated_at: new Date(),
      })
      .onConflict((oc) => oc.column('member_id').doUpdateSet({ level: 1 }))
      .execute();
    const promotion = await db.selectFrom('promotions').select('id').where('code', '=', 'DAILY50K').executeTakeFirstOrThrow();
    const claimed = await site.app.services.promotions.claim(
      { memberId: Number(member.id), merchantId: Number(member.merchant_id), currency: member.currency.trim() },
      Number(promotion.id),
      { ip: '198.51.100.20' },
    );
    expect(claimed.status).toBe('PROCESSING');
    const grant = await db
      .selectFrom('promotion_grants')
      .select(['id', 'status'])
      .where('member_id', '=', member.id)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'risk01');
    await prefer(page, 'en');
    await page.goto(`${site.baseUrl}/admin/members/${member.id}`, { waitUntil: 'networkidle' });
    const row = page.getByTestId(`grant-${grant.id}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('DAILY50K');
    expect(await row.textContent()).toContain('Active');
    await page.getByTestId('member-grants').scrollIntoViewIfNeeded();
    await shot(page, 'member-grants-en-1366');
    await row.getByRole('button', { name: 'Forfeit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Claimed from a shared device');
    await dialog.getByRole('button', { name: 'Forfeit' }).click();
    await page.getByText(`Grant #${grant.id} forfeited.`).waitFor();
    await expect.poll(async () => row.textContent()).toContain('Forfeited');
    const closed = await db.selectFrom('promotion_grants').select(['status']).where('id', '=', grant.id).executeTakeFirstOrThrow();
    expect(closed.status).toBe('forfeited');

    // A break from the responsible-gaming card: the history shows it with the operator's reason.
    const rg = page.getByTestId('member-rg');
    await rg.getByRole('button', { name: 'Put on a break' }).click();
    const breakDialog = page.getByRole('dialog');
    await breakDialog.getByLabel('Days (1 to 90)').fill('3');
    await breakDialog.getByRole('textbox', { name: /Reason/ }).fill('Asked by phone to stop');
    await breakDialog.getByRole('button', { name: 'Put on a break' }).click();
    await page.getByText('player01 is on a break.').waitFor();
    const history = page.getByTestId('member-rg-history');
    await history.getByText('Break set by an operator').waitFor();
    expect(await history.textContent()).toContain('Asked by phone to stop');
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'member-rg-history-en-1366');
    await prefer(page, 'en', 'dark');
    await page.getByTestId(`grant-${grant.id}`).waitFor();
    await shot(page, 'member-file-en-dark-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await prefer(page, 'vi');
    await page.getByTestId('member-rg-history').getByText('Nhân viên cho tạm nghỉ').waitFor();
    await shot(page, 'member-file-vi-390');
    expect(watched.consoleErrors).toEqual([]);
    await context.close();
  });

  it('adds a rebate rule that the server stores', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'finance01');
    await prefer(page, 'en');
    await page.goto(`${site.baseUrl}/admin/rebates`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Rebates and cashback' }).waitFor();
    await page.getByRole('button', { name: 'New rule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'VIP level' }).selectOption('2');
    await dialog.getByRole('combobox', { name: 'Game category' }).selectOption('FISH');
    await dialog.getByRole('combobox', { name: 'Period', exact: true }).selectOption('W');
    await dialog.getByLabel('Rate (%)').fill('0,75');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Rules saved.').waitFor();
    await page.getByTestId('rebate-rule-2-FISH-W').waitFor();
    const stored = await site.database.db
      .selectFrom('rebate_rules')
      .select(['rate_ppm', 'is_enabled', 'mode'])
      .where('vip_level', '=', 2)
      .where('category', '=', 'FISH')
      .where('period', '=', 'W')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ rate_ppm: 7_500, is_enabled: true, mode: 'auto' });
    await shot(page, 'rebates-en-1366');
    await prefer(page, 'vi', 'dark');
    await page.getByTestId('rebate-rule-2-FISH-W').waitFor();
    await shot(page, 'rebates-vi-dark-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Quy tắc hoàn tiền thua' }).click();
    await shot(page, 'cashback-vi-dark-390');
    expect(watched.consoleErrors).toEqual([]);
    await context.close();
  });

  it('changes odds only when a second operator approves the request', async () => {
    const db = site.database.db;
    const oddsNow = async () =>
      Number(
        (
          await db
            .selectFrom('lottery_odds')
            .select('odds_milli')
            .where('region', '=', 'north')
            .where('bet_type', '=', 'de')
            .executeTakeFirstOrThrow()
        ).odds_milli,
      );
    const before = await oddsNow();
    const target = before - 500;
    const riskContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const risk = await riskContext.newPage();
    const watched = await watchPage(risk);
    await signInToConsole(risk, site.baseUrl, 'risk01');
    await prefer(risk, 'en');
    await risk.goto(`${site.baseUrl}/admin/lottery-games`, { waitUntil: 'networkidle' });
    const row = risk.getByTestId('odds-north-de');
    await row.getByRole('button', { name: 'Ask for a change' }).click();
    const dialog = risk.getByRole('dialog');
    await dialog.getByLabel(/^Pays per unit/).fill(String(target / 1000));
    await dialog.getByLabel('Reason').fill('Margin review of the week');
    await dialog.getByRole('button', { name: 'Ask for a change' }).click();
    await risk.getByText(/waits for another operator/).waitFor();
    await row.getByText(/waiting/).waitFor();
    expect(await oddsNow()).toBe(before);
    await shot(risk, 'lottery-odds-waiting-en-1366');

    const adminContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const admin = await adminContext.newPage();
    await signInToConsole(admin, site.baseUrl, 'admin');
    await prefer(admin, 'vi');
    await admin.goto(`${site.baseUrl}/admin/lottery-games`, { waitUntil: 'networkidle' });
    await admin.getByRole('tab', { name: 'Yêu cầu' }).click();
    const request = admin.locator('[data-testid^="change-"]').first();
    await request.waitFor();
    expect(await request.textContent()).toContain('Margin review of the week');
    await shot(admin, 'lottery-requests-vi-1366');
    await request.getByRole('button', { name: 'Duyệt' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Duyệt' }).click();
    await admin.getByText(/Đã duyệt yêu cầu/).waitFor();
    expect(await oddsNow()).toBe(target);
    expect(watched.consoleErrors).toEqual([]);
    await riskContext.close();
    await adminContext.close();
  });

  it('labels the settings fields in the operator language', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await signInToConsole(page, site.baseUrl, 'admin');
    await prefer(page, 'en');
    await page.goto(`${site.baseUrl}/admin/settings`, { waitUntil: 'networkidle' });
    const region = page.getByTestId('setting-system.regionRestriction');
    await region.getByLabel('Block by region').waitFor();
    expect(await region.textContent()).not.toContain('blockedCountries');
    await shot(page, 'settings-en-1366');
    await prefer(page, 'vi', 'dark');
    await page.getByTestId('setting-system.regionRestriction').getByLabel('Chặn theo khu vực').waitFor();
    await shot(page, 'settings-vi-dark-1366');
    await context.close();
  });
});
