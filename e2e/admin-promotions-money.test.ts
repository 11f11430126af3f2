import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
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

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** A real PNG, a banner-shaped gradient (lotus pink to deep teal), as an operator's picture would be. */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    let c = 0xffffffff;
    for (const b of body) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const a = x / width;
      const b = y / height;
      const ring = Math.hypot(x - width * 0.75, y - height * 0.5) < height * 0.32 ? 40 : 0;
      row.set([Math.round(232 - 200 * a + ring), Math.round(90 + 60 * a - 30 * b + ring), Math.round(140 - 30 * b + ring)], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

  it("uploads a promotion card's picture in the console, refuses a file that is not one, and the player's promotions page shows it", async () => {
    const code = `PICTURE-${Date.now() % 100_000}`;
    const picture = gradientPng(1200, 500);
    const picturePath = path.join(tmpdir(), `promotion-card-${process.pid}.png`);
    await writeFile(picturePath, picture);
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
    await form.getByLabel('Tiêu đề (tiếng Việt)').fill('Tuần lễ hoa sen');
    await form.getByLabel('Nội dung (tiếng Việt)').fill('Gửi ảnh vé để nhận 20.000 ₫.');
    await form.getByLabel('Tiêu đề (tiếng Anh)').fill('Lotus week');
    await form.getByLabel('Nội dung (tiếng Anh)').fill('Send a picture of your ticket to get 20,000 ₫.');
    await form.getByRole('combobox', { name: 'Cách nhận' }).selectOption('application');
    await form.getByLabel('Số tiền thưởng', { exact: true }).fill('20000');
    await form.getByLabel(/^Doanh cược yêu cầu/).fill('1');

    // The Vietnamese card's picture: uploaded from the operator's computer, with its preview.
    const vi = form.getByTestId('image-field-imageVi');
    await vi.getByTestId('image-upload-imageVi').setInputFiles(picturePath);
    await vi.getByText('Đã tải lên: 1200 × 500 px. Hãy lưu biểu mẫu để dùng ảnh này.').waitFor();
    const address = await vi.getByRole('textbox').inputValue();
    expect(address).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    await vi.locator('img.image-field__preview').waitFor();
    expect(await vi.locator('img.image-field__preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);

    // A file that is not a picture is refused in the operator's language; the English card then picks the upload again.
    const en = form.getByTestId('image-field-imageEn');
    await en
      .getByTestId('image-upload-imageEn')
      .setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await en.getByRole('alert').getByText('Tệp này không phải ảnh PNG, JPG hoặc WebP đọc được. Vui lòng chọn ảnh khác.').waitFor();
    expect(await en.getByRole('textbox').inputValue()).toBe('');
    await shot(page, 'promotion-picture-refused-vi-1366');
    await en.getByRole('button', { name: 'Chọn ảnh đã tải lên' }).click();
    await en.getByRole('button', { name: 'Dùng ảnh này (1200 × 500 px)' }).first().click();
    expect(await en.getByRole('textbox').inputValue()).toBe(address);
    expect(await en.getByRole('alert').count()).toBe(0);
    await shot(page, 'promotion-picture-form-vi-1366');
    await form.getByRole('button', { name: 'Lưu khuyến mãi' }).click();
    await page.getByText(`Đã lưu khuyến mãi ${code}.`).waitFor();
    // The one error the browser logs is the refused upload's 400.
    expect(watched.consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    expect(await watched.cspViolations()).toEqual([]);
    await context.close();

    // Served at its address for good, with its type; the upload is audited.
    const served = await fetch(`${site.baseUrl}${address}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);
    const audit = await site.database.db.selectFrom('audit_log').select('subject_id').where('action', '=', 'media.uploaded').execute();
    expect(audit.map((row) => row.subject_id)).toContain(address.slice(7, 71));

    // The player's promotions page shows the card with the picture, in both languages and themes, phone and desktop.
    for (const [width, language, theme] of [
      [390, 'vi', 'light'],
      [390, 'en', 'dark'],
      [1366, 'en', 'light'],
      [1366, 'vi', 'dark'],
    ] as const) {
      const player = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 768 } });
      await player.addInitScript(
        ([lang, th]) => {
          window.localStorage.setItem('lang', lang as string);
          window.localStorage.setItem('theme', th as string);
        },
        [language, theme],
      );
      const visitor = await player.newPage();
      const seen = await watchPage(visitor);
      await visitor.goto(`${site.baseUrl}/promotions`, { waitUntil: 'networkidle' });
      const card = visitor.locator(`li.pr-card[data-promotion="${code}"]`);
      await card.getByRole('heading', { name: language === 'vi' ? 'Tuần lễ hoa sen' : 'Lotus week' }).waitFor();
      await card.scrollIntoViewIfNeeded();
      const image = card.getByTestId('promotion-image');
      expect(await image.getAttribute('src')).toBe(address);
      await visitor.waitForFunction(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 1200,
        await image.elementHandle(),
      );
      await shot(visitor, `player-promotion-picture-${language}-${theme}-${width}`);
      expect(seen.consoleErrors).toEqual([]);
      expect(await seen.cspViolations()).toEqual([]);
      await player.close();
    }
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
