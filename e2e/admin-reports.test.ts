import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchPage } from './browser.ts';
import { registerByUsername, signInToConsole, switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const DEPOSIT = 2_345_000;

/** `YYYY-MM-DD` in the merchant's zone (the demo merchant's is Asia/Ho_Chi_Minh), `days` from today. */
function merchantDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The reports section of the operator console (docs/reports.md): a finance operator opens it, reads
 * GGR and NGR, and downloads the streamed CSV of every transaction and of GGR by day through the
 * browser's own download; the files hold the member's deposit and the report's total.
 */
describe('the console reports', () => {
  let site: SiteServer;
  let browser: Browser;
  let memberId: number;
  const username = `rp${Date.now() % 1_000_000}`;

  beforeAll(async () => {
    site = await startSiteServer();
    await switchOffRegistrationCaptcha(site);
    expect((await registerByUsername(site.baseUrl, username, 'Lotus2026abc')).status).toBe(200);
    memberId = (await site.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    // A deposit credited through the ledger, as a confirmed bank transfer is.
    const ledger = site.app.services.ledger;
    const accounts = await ledger.ensureMemberAccounts({ merchantId: site.merchantId, memberId, currency: 'VND' });
    const clearing = await ledger.ensureSystemAccount({ merchantId: site.merchantId, kind: 'payment_clearing', currency: 'VND' });
    await ledger.transfer({
      fromAccountId: clearing.id,
      toAccountId: accounts.player_main?.id as number,
      amount: DEPOSIT,
      code: 'deposit',
      idempotencyKey: `e2e-report-${username}`,
    });
    // Two rounds of the member settled through the bet records, and the daily rollups brought up to them.
    const betRecords = site.app.services.betRecords;
    for (const [i, stake, payout] of [
      [1, 50_000, 20_000],
      [2, 30_000, 0],
    ] as const) {
      await site.database.db.transaction().execute(async (trx) => {
        const opened = await betRecords.openRound(trx, {
          merchantId: site.merchantId,
          memberId,
          username,
          vendorCode: 'DEMO',
          gameCode: 'lucky-sevens',
          gameCategory: 'SLOT',
          roundId: `e2e-report-${username}-${i}`,
          currency: 'VND',
          isTrial: false,
        });
        await betRecords.addPayout(trx, await betRecords.addStake(trx, opened, stake), payout);
      });
    }
    await site.app.services.dailyStats.refresh();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('exports every transaction and GGR by day to CSV files the browser downloads', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'finance01');
    await page.getByRole('navigation', { name: 'Danh mục' }).getByRole('link', { name: 'Báo cáo' }).click();
    await page.getByRole('heading', { name: 'Báo cáo' }).waitFor();
    await page.getByLabel('Từ ngày').fill(merchantDay(-1));
    await page.getByLabel('Đến ngày').fill(merchantDay(0));
    await page.getByTestId('ggr-table').getByText('Tổng').waitFor();
    // GGR of the day: the stakes less the payouts of the two rounds, drawn and in the table.
    await page.getByTestId('ggr-chart').locator('canvas').waitFor();
    expect((await page.getByTestId('ggr-table').textContent())?.replace(/\s/g, '')).toContain('60.000₫');
    await screenshot(page, 'admin-reports-vi-1366');

    const [transactions] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-transactions').click()]);
    expect(transactions.suggestedFilename()).toBe('transactions.csv');
    const text = (await readFile((await transactions.path()) as string, 'utf8')).replace(/^\ufeff/, '');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe(
      'entry_id,transfer_id,created_at,member_id,wallet,currency,code,amount,balance_after,reference_type,reference_id',
    );
    expect(lines.some((line) => line.includes(`,${memberId},player_main,VND,deposit,${DEPOSIT},`))).toBe(true);

    const [ggr] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-ggr').click()]);
    const ggrLines = (await readFile((await ggr.path()) as string, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(ggrLines[0]).toBe('day,players,rounds,stake,valid_bet,payout,ggr,bonus,rebate,ngr');
    expect(ggrLines.at(-1)?.startsWith('total,1,2,80000,')).toBe(true);
    await page.getByText('Đang tải xuống: GGR và NGR.').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-reports-vi-390');
    expect(watched.consoleErrors).toEqual([]);
    await context.close();
  });
});
