import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { regionRestrictionSetting } from '@platform/server/modules/system/system.settings';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage } from './browser.ts';
import { signInToConsole } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = process.env.CONSOLE_SHOTS_DIR ?? path.join(tmpdir(), 'admin-promotions-money');
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONSOLE_BUILD = path.join(ROOT, 'apps/admin/dist/index.html');
/** A real PNG as a member's proof image (the site's icon). */
const PROOF_PNG = path.join(ROOT, 'apps/web/public/icons/icon-192.png');

/**
 * The console's promotions, manual adjustments and settings screens on the real site
 * (docs/admin-console.md): a finance operator creates an application promotion, members apply with a
 * proof, a risk operator on a tablet reviews the queue (approves one, rejects one with a reason);
 * a finance operator asks for an adjustment above the threshold that another operator approves;
 * the settings screen saves a change.
 */
describe('operator console: promotions, adjustments and settings', () => {
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

  /** Reloads the console in a language (the choice is kept in the browser; the session in the tab). */
  async function inLanguage(page: Page, language: 'vi' | 'en'): Promise<void> {
    await page.evaluate((code) => window.localStorage.setItem('lotus.admin.lang', code), language);
    await page.reload({ waitUntil: 'networkidle' });
  }

  const memberOf = async (username: string) =>
    site.database.db
      .selectFrom('members')
      .select(['id', 'merchant_id', 'currency', 'username'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();

  it('creates an application promotion, and a risk operator on a tablet approves one application and rejects another', async () => {
    const code = `APPLY-${Date.now() % 100_000}`;
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const watched = await watchPage(page);
    await signInToConsole(page, site.baseUrl, 'finance01');
    await page
      .getByRole('navigation', { name: 'Danh mục' })
      .getByRole('link', { name: /Khuyến mãi/ })
      .click();
    await page.getByTestId('promotion-WELCOME100').waitFor();
    await page.getByRole('button', { name: 'Khuyến mãi mới' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Mã', { exact: true }).fill(code);
    await form.getByLabel('Tiêu đề (tiếng Việt)').fill('Hoàn tiền xổ số tuần');
    await form.getByLabel('Nội dung (tiếng Việt)').fill('Gửi ảnh vé không trúng để nhận 50.000 ₫.');
    await form.getByLabel('Tiêu đề (tiếng Anh)').fill('Weekly lottery refund');
    await form.getByLabel('Nội dung (tiếng Anh)').fill('Send a picture of a losing ticket to get 50,000 ₫.');
    await form.getByRole('combobox', { name: 'Cách nhận' }).selectOption('application');
    await form.getByLabel('Yêu cầu ảnh bằng chứng khi đăng ký').check();
    await form.getByLabel('Số tiền thưởng', { exact: true }).fill('50000');
    await form.getByLabel(/^Doanh cược yêu cầu/).fill('1.5x');
    await form.getByRole('button', { name: 'Lưu khuyến mãi' }).click();
    // Checked before the call, named in the operator's language.
    await form.getByText('Nhập bội số từ 0 đến 100, tối đa hai số lẻ.').waitFor();
    await form.getByLabel(/^Doanh cược yêu cầu/).fill('1.5');
    await shot(page, 'promotion-form-vi-1366');
    await form.getByRole('button', { name: 'Lưu khuyến mãi' }).click();
    await page.getByText(`Đã lưu khuyến mãi ${code}.`).waitFor();
    const row = page.getByTestId(`promotion-${code}`);
    expect(await row.textContent()).toContain('Đang chạy');
    await shot(page, 'promotions-list-vi-1366');
    await inLanguage(page, 'en');
    await row.getByText('Active').waitFor();
    await shot(page, 'promotions-list-en-1366');
    expect(watched.consoleErrors).toEqual([]);
    await context.close();

    // Two members apply, each with a comment and a proof image.
    const promotion = await site.database.db.selectFrom('promotions').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    const proof = (await readFile(PROOF_PNG)).toString('base64');
    for (const [username, comment] of [
      ['player02', 'Vé 12/11 không trúng'],
      ['player03', 'Lost ticket'],
    ] as const) {
      const m = await memberOf(username);
      await site.app.services.promotions.apply(
        { memberId: Number(m.id), merchantId: Number(m.merchant_id), currency: m.currency.trim() },
        promotion.id,
        { comment, images: [{ contentType: 'image/png', data: proof }] },
        { ip: null },
      );
    }
    const approvedMember = await memberOf('player02');
    const rejectedMember = await memberOf('player03');

    const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 } });
    const risk = await tablet.newPage();
    const riskWatched = await watchPage(risk);
    await signInToConsole(risk, site.baseUrl, 'risk01');
    await risk.getByRole('button', { name: 'Danh mục' }).click();
    const link = risk.getByRole('navigation', { name: 'Danh mục' }).getByRole('link', { name: /Khuyến mãi/ });
    // The two applications wait, beside whatever else the demo data left for review.
    expect(Number(await link.getByTestId('count-promotions').textContent())).toBeGreaterThanOrEqual(2);
    await link.click();
    await risk.getByRole('tab', { name: 'Đơn chờ duyệt' }).click();
    const first = risk.locator('[data-testid^="promotion-entry-"]', { hasText: approvedMember.username });
    await first.waitFor();
    expect(await first.textContent()).toContain('Hoàn tiền xổ số tuần');
    await first.getByTestId('sla-age').waitFor();
    await shot(risk, 'promotion-queue-vi-768');
    await first.getByRole('button', { name: 'Duyệt' }).click();
    const dialog = risk.getByRole('dialog');
    await dialog.getByText('Vé 12/11 không trúng').waitFor();
    await dialog.locator('[data-testid="promotion-proof"] img').waitFor();
    await shot(risk, 'promotion-approve-vi-768');
    await dialog.getByRole('button', { name: 'Duyệt' }).click();
    await risk.getByText(/^Đã duyệt đơn #\d+: thưởng đã được phát\.$/).waitFor();

    await inLanguage(risk, 'en');
    await risk.getByRole('tab', { name: 'Applications to review' }).click();
    const second = risk.locator('[data-testid^="promotion-entry-"]', { hasText: rejectedMember.username });
    await second.getByRole('button', { name: 'Reject' }).click();
    const reject = risk.getByRole('dialog');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.getByText('Write the reason the member will read.').waitFor();
    await reject.getByRole('textbox').fill('The ticket in the picture won a prize.');
    await shot(risk, 'promotion-reject-en-768');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await risk.getByText(/^Entry #\d+ rejected\.$/).waitFor();
    await risk.getByText('Nothing waiting here.').waitFor();
    await shot(risk, 'promotion-queue-empty-en-768');
    expect(riskWatched.consoleErrors).toEqual([]);
    await tablet.close();

    // The approved member holds the bonus; the rejected one nothing; both decisions are audited.
    const grants = await site.database.db
      .selectFrom('promotion_grants')
      .select(['member_id', 'amount', 'status'])
      .where('promotion_id', '=', promotion.id)
      .execute();
    expect(grants).toEqual([{ member_id: approvedMember.id, amount: 50_000, status: 'active' }]);
    const audit = await site.database.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('action', 'in', ['promotion.entry_approved', 'promotion.entry_rejected'])
      .orderBy('id')
      .execute();
    expect(audit.map((each) => each.action)).toEqual(['promotion.entry_approved', 'promotion.entry_rejected']);
    expect(audit[1]?.data).toMatchObject({ note: 'The ticket in the picture won a prize.' });
  });

  it('asks for an adjustment above the threshold that only another operator approves, and saves a setting', async () => {
    const member = await memberOf('player04');
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const finance = await context.newPage();
    await signInToConsole(finance, site.baseUrl, 'finance01');
    await finance
      .getByRole('navigation', { name: 'Danh mục' })
      .getByRole('link', { name: /Điều chỉnh thủ công/ })
      .click();
    await finance.getByRole('button', { name: 'Điều chỉnh mới' }).click();
    const form = finance.getByRole('dialog');
    await form.getByLabel('Tên thành viên (chính xác)').fill('player04');
    await form.getByLabel('Số tiền').fill('9000000');
    await form.getByLabel('Lý do').fill('Bồi hoàn ván bị treo');
    await form.getByRole('button', { name: 'Điều chỉnh mới' }).click();
    await finance.getByText(/^Điều chỉnh #\d+ đang chờ người khác duyệt\.$/).waitFor();
    const own = finance.locator('[data-testid^="adjustment-"]', { hasText: 'Bồi hoàn ván bị treo' });
    await own.getByText('Yêu cầu của bạn: người khác sẽ quyết định.').waitFor();
    expect(await own.getByRole('button').count()).toBe(0);
    await shot(finance, 'adjustments-own-vi-1366');
    await context.close();

    const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 } });
    const admin = await tablet.newPage();
    const watched = await watchPage(admin);
    await signInToConsole(admin, site.baseUrl, 'admin');
    await admin.goto(`${site.baseUrl}/admin/adjustments`, { waitUntil: 'networkidle' });
    await inLanguage(admin, 'en');
    const row = admin.locator('[data-testid^="adjustment-"]', { hasText: 'Bồi hoàn ván bị treo' });
    await row.getByRole('button', { name: 'Approve' }).click();
    await shot(admin, 'adjustments-approve-en-768');
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await admin.getByText(/^Adjustment #\d+ approved: the money moved\.$/).waitFor();
    const moved = await site.database.db
      .selectFrom('admin_adjustments')
      .select(['status', 'amount', 'requested_by', 'decided_by'])
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(moved.status).toBe('approved');
    expect(Number(moved.amount)).toBe(9_000_000);
    expect(moved.decided_by).not.toBe(moved.requested_by);

    // Settings: region blocking gets a country; the site's setting follows.
    await admin.goto(`${site.baseUrl}/admin/settings`, { waitUntil: 'networkidle' });
    const region = admin.getByTestId('setting-system.regionRestriction');
    await region.getByLabel(/^Blocked countries/).fill('KP');
    await region.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('“Region blocking” saved.').waitFor();
    await shot(admin, 'settings-site-en-768');
    expect((await site.app.services.settings.get(site.merchantId, regionRestrictionSetting)).blockedCountries).toEqual(['KP']);
    expect(watched.consoleErrors).toEqual([]);
    await tablet.close();

    const wide = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await wide.newPage();
    await signInToConsole(page, site.baseUrl, 'admin');

    // The member file's responsible gaming: a deposit limit added with a reason, then shown in force.
    await page.goto(`${site.baseUrl}/admin/members/${member.id}`, { waitUntil: 'networkidle' });
    const rg = page.getByTestId('member-rg');
    await rg.getByRole('button', { name: 'Siết hạn mức' }).click();
    const tighten = page.getByRole('dialog');
    await tighten.getByLabel(/^Hạn mức mới/).fill('2000000');
    await tighten.getByRole('textbox', { name: /Lý do/ }).fill('Thành viên gọi điện xin giới hạn');
    await tighten.getByRole('button', { name: 'Siết hạn mức' }).click();
    await page.getByText('Đã lưu hạn mức cho player04.').waitFor();
    expect(await rg.getByTestId('rg-limit-deposit-daily').textContent()).toContain('2.000.000');
    await rg.scrollIntoViewIfNeeded();
    await shot(page, 'member-rg-vi-1366');

    await page.goto(`${site.baseUrl}/admin/settings`, { waitUntil: 'networkidle' });
    await page.getByTestId('setting-system.whitelabel').waitFor();
    await shot(page, 'settings-site-vi-1366');
    await page.getByRole('tab', { name: 'Tiền' }).click();
    await page.getByTestId('setting-withdrawals.rules').waitFor();
    await shot(page, 'settings-money-vi-1366');
    await wide.close();
  });
});
