import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatAmount } from '@platform/contracts/money-format';
import { createSandboxGateway, type SandboxGateway } from '@platform/sandbox-gateway/sandbox-gateway';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launchBrowser, VIEWPORTS, watchPage } from './browser.ts';
import { operatorLogin, registerByUsername, switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const PASSWORD = 'Lotus2026abc';
const PAYMENT_PASSWORD = '246810';
const SANDBOX_SECRET = 'e2e-sandbox-secret-0123456789';
/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = path.join(tmpdir(), 'member-centre-money');

/** A real 1×1 PNG, as a proof image. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** How the site writes an amount in Vietnamese, compared without its spacing characters. */
const vnd = (amount: number) => formatAmount(amount as never, 'VND', 'vi-VN').replace(/\s/g, '');

describe('the member centre money pages', () => {
  let site: SiteServer;
  let sandbox: SandboxGateway;
  let sandboxUrl: string;
  let browser: Browser;
  let baseUrl: string;
  let adminToken: string;
  const username = `mm${Date.now() % 1_000_000}`;

  beforeAll(async () => {
    // The sandbox gateway in this process, as the server would start it, and the site on a port
    // known in advance: the gateway sends the browser back to the site's public address.
    sandbox = createSandboxGateway({ secret: SANDBOX_SECRET, callbackBackoffBaseMs: 50 });
    sandboxUrl = await sandbox.listen(0);
    const port = await freePort();
    site = await startSiteServer({
      port,
      env: {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SANDBOX_GATEWAY_URL: sandboxUrl,
        SANDBOX_GATEWAY_PUBLIC_URL: sandboxUrl,
        SANDBOX_GATEWAY_SECRET: SANDBOX_SECRET,
      },
    });
    baseUrl = site.baseUrl;
    await switchOffRegistrationCaptcha(site);
    const registered = await registerByUsername(baseUrl, username, PASSWORD);
    expect(registered.status).toBe(200);
    const { body: loginBody } = await operatorLogin(baseUrl, 'finance01');
    expect(loginBody.success).toBe(true);
    adminToken = loginBody.value.token;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await sandbox?.close();
  });

  async function admin<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { success: boolean; value: T; code?: string };
    expect(json.success, `${method} ${url}: ${json.code}`).toBe(true);
    return json.value;
  }

  /** The member's main wallet, from the ledger. */
  async function mainBalance(): Promise<number> {
    const member = await site.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    return (await site.app.services.ledger.memberBalances({ memberId: member.id, currency: 'VND' })).main;
  }

  /** The balance in the bar, once it shows `amount` (it follows the server's pushes and refreshes). */
  async function barShows(page: Page, amount: number): Promise<void> {
    const expected = vnd(amount);
    await page.waitForFunction(
      (text) => (document.querySelector('.balance__value')?.textContent ?? '').replace(/\s/g, '') === text,
      expected,
      { timeout: 20_000 },
    );
  }

  async function newPage(context: BrowserContext): Promise<Page> {
    return context.newPage();
  }

  async function logIn(page: Page): Promise<void> {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('button', { name: `Tài khoản ${username}` }).waitFor();
  }

  async function shot(page: Page, name: string): Promise<void> {
    await mkdir(SHOTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
  }

  it('deposits through the gateway and by bank transfer, sets a payment password, binds a card, withdraws and confirms receipt', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await newPage(context);
    const watch = await watchPage(page);
    try {
      await logIn(page);
      expect(await mainBalance()).toBe(0);

      // Deposit page from the deposit button: the channels from the server, with their limits.
      await page.getByRole('button', { name: 'Nạp tiền' }).click();
      const centre = page.getByRole('dialog', { name: 'Trung tâm hội viên' });
      await centre.getByRole('heading', { level: 3, name: 'Nạp tiền' }).waitFor();
      await centre.getByText('Bạn chưa có lệnh nạp tiền nào.').waitFor();
      const gatewayChannel = centre.getByRole('radio', { name: /Thanh toán trực tuyến \(sandbox\)/ });
      await gatewayChannel.check();
      await centre.getByText('Tối thiểu 10.000 ₫, tối đa 50.000.000 ₫ mỗi lần nạp.').waitFor();
      await centre.getByText('Hướng dẫn nạp tiền: Thanh toán trực tuyến (sandbox)').click();
      await centre.getByText(/trang thanh toán thử nghiệm/).waitFor();
      const amount = centre.getByLabel('Số tiền (VND)', { exact: true });

      // The limits are checked before anything is sent.
      await amount.fill('5000');
      await centre.getByRole('button', { name: 'Nạp tiền', exact: true }).click();
      await centre.getByText('Số tiền tối thiểu là 10.000 ₫.').waitFor();
      await amount.fill('abc');
      await centre.getByRole('button', { name: 'Nạp tiền', exact: true }).click();
      await centre.getByText('Số tiền không hợp lệ.').waitFor();
      expect(await site.database.db.selectFrom('deposit_orders').select('id').execute()).toEqual([]);

      // The gateway's page, then back on the deposit page, pending until the callback credits it.
      await amount.fill('300.000');
      await centre.getByRole('button', { name: 'Nạp tiền', exact: true }).click();
      await page.waitForURL((url) => url.href.startsWith(sandboxUrl));
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.waitForURL(
        (url) => url.pathname === '/index' && url.searchParams.get('mc') === 'depositv2' && url.searchParams.has('ref'),
      );
      const result = page.getByRole('region', { name: 'Kết quả thanh toán trực tuyến' });
      await result.getByText('Đã cộng 300.000 ₫ vào ví chính.').waitFor({ timeout: 20_000 });
      await barShows(page, 300_000);
      expect(await mainBalance()).toBe(300_000);
      await shot(page, 'deposit-gateway-return-1366x768');
      await result.getByRole('button', { name: 'Đóng' }).click();
      await result.waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.has('ref')).toBe(false);

      // Bank transfer: the operator's account with copy buttons and the reference code to quote.
      await centre.getByRole('radio', { name: /Chuyển khoản ngân hàng/ }).check();
      await centre.getByLabel('Số tiền (VND)', { exact: true }).fill('500000');
      await centre.getByRole('button', { name: 'Nạp tiền', exact: true }).click();
      const instructions = centre.getByRole('region', { name: 'Thông tin chuyển khoản' });
      await instructions.getByText('LOTUS DEMO').waitFor();
      await instructions.getByText('0000 1234 5678').waitFor();
      const reference = (await instructions.locator('.mm-details__row--key .mm-details__value').textContent()) ?? '';
      expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      await instructions.getByRole('button', { name: 'Sao chép Mã tham chiếu (nội dung chuyển khoản)' }).click();
      await instructions.getByText('Đã sao chép').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
      await shot(page, 'deposit-bank-1366x768');
      const history = centre.getByRole('region', { name: 'Lịch sử nạp tiền' });
      await history.getByRole('row').filter({ hasText: reference }).getByText('Đang chờ').waitFor();
      expect(await mainBalance()).toBe(300_000);

      // The operator finds the order by its code and confirms it; the bar follows.
      const orders = await admin<{ list: { id: number }[] }>('GET', `/admin-api/deposit/orders?referenceCode=${reference}`);
      expect(orders.list).toHaveLength(1);
      await admin('POST', `/admin-api/deposit/orders/${orders.list[0]?.id}/confirm`, {});
      await barShows(page, 800_000);
      expect(await mainBalance()).toBe(800_000);
      await history.getByRole('button', { name: 'Làm mới' }).click();
      await history.getByRole('row').filter({ hasText: reference }).getByText('Thành công').waitFor();
      expect(await history.getByText('Thành công').count()).toBe(2);
      await instructions.getByRole('button', { name: 'Tôi đã chuyển khoản' }).click();

      // Withdraw before a payment password: the page says what to do first.
      await centre.getByRole('link', { name: 'Rút tiền' }).click();
      await centre.getByText('Bạn cần đặt mật khẩu rút tiền trước khi rút tiền.').waitFor();
      await centre.getByRole('link', { name: 'Đến Tài khoản của tôi' }).click();
      await centre.getByRole('heading', { level: 3, name: 'Tài khoản của tôi' }).waitFor();

      // Payment password: a mismatch is refused in the form, a wrong login password by the server.
      const paymentPassword = centre.getByRole('region', { name: 'Mật khẩu rút tiền' });
      await paymentPassword.getByText('Chưa đặt').waitFor();
      await paymentPassword.getByLabel('Mật khẩu đăng nhập', { exact: true }).fill('wrong-password1');
      await paymentPassword.getByLabel('Mật khẩu rút tiền', { exact: true }).fill(PAYMENT_PASSWORD);
      await paymentPassword.getByLabel('Nhập lại mật khẩu rút tiền', { exact: true }).fill('999999');
      await paymentPassword.getByRole('button', { name: 'Đặt mật khẩu' }).click();
      await paymentPassword.getByText('Hai mật khẩu không khớp.').waitFor();
      await paymentPassword.getByLabel('Nhập lại mật khẩu rút tiền', { exact: true }).fill(PAYMENT_PASSWORD);
      await paymentPassword.getByRole('button', { name: 'Đặt mật khẩu' }).click();
      await paymentPassword.getByRole('alert').waitFor();
      await paymentPassword.getByLabel('Mật khẩu đăng nhập', { exact: true }).fill(PASSWORD);
      await paymentPassword.getByRole('button', { name: 'Đặt mật khẩu' }).click();
      await paymentPassword.getByText('Đã đặt mật khẩu rút tiền.').waitFor();
      await paymentPassword.getByText('Đã đặt', { exact: true }).waitFor();
      await paymentPassword.getByRole('button', { name: 'Đổi mật khẩu' }).waitFor();

      // Bank card: the operator's banks, the real name, a number; a wrong name is refused.
      const cards = centre.getByRole('region', { name: 'Thẻ ngân hàng' });
      await cards.getByText('Bạn chưa liên kết thẻ ngân hàng nào.').waitFor();
      await cards.getByRole('button', { name: 'Thêm thẻ ngân hàng' }).click();
      await cards.getByLabel('Ngân hàng', { exact: true }).selectOption({ index: 1 });
      await cards.getByLabel('Tên chủ tài khoản', { exact: true }).fill('Nguyễn Văn An');
      await cards.getByLabel('Số tài khoản', { exact: true }).fill('12');
      await cards.getByRole('button', { name: 'Liên kết thẻ' }).click();
      await cards.getByRole('alert').waitFor();
      await cards.getByLabel('Số tài khoản', { exact: true }).fill('0123 4567 89');
      await cards.getByRole('button', { name: 'Liên kết thẻ' }).click();
      await cards.getByText(/Đã liên kết thẻ .* \S*6789\./).waitFor();
      await cards.getByText('Đã liên kết 1 / 3 thẻ.').waitFor();
      await cards.getByText('NGUYEN VAN AN', { exact: false }).waitFor();
      await shot(page, 'security-money-sections-1366x768');

      // Withdraw: the rules, the card, the amount and the payment password; a confirmation that asks
      // for the login password once for a new card.
      await centre.getByRole('link', { name: 'Rút tiền' }).click();
      const rules = centre.getByTestId('withdraw-rules');
      await rules.locator('[data-fact="balance"]').waitFor();
      expect((await rules.locator('[data-fact="balance"]').textContent())?.replace(/\s/g, '')).toBe(vnd(800_000));
      expect(await rules.locator('[data-fact="count"]').textContent()).toBe('0 / 5');
      await centre.getByLabel('Số tiền (VND)', { exact: true }).fill('2000000');
      await centre.getByLabel('Mật khẩu rút tiền', { exact: true }).fill(PAYMENT_PASSWORD);
      await centre.getByRole('button', { name: 'Rút tiền', exact: true }).click();
      await centre.getByText(/Số tiền vượt quá số dư có thể rút/).waitFor();
      await centre.getByLabel('Số tiền (VND)', { exact: true }).fill('200000');
      await centre.getByRole('button', { name: 'Rút tiền', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Xác nhận rút tiền' });
      await confirm.getByText('Xác minh lại danh tính').waitFor();
      await shot(page, 'withdraw-confirm-1366x768');
      await confirm.getByRole('button', { name: 'Xác nhận' }).click();
      await confirm.getByText('Vui lòng nhập mật khẩu đăng nhập.').waitFor();
      await confirm.getByLabel('Mật khẩu đăng nhập', { exact: true }).fill(PASSWORD);
      await confirm.getByRole('button', { name: 'Xác nhận' }).click();
      await confirm.waitFor({ state: 'detached' });
      await centre.getByText(`Đã gửi yêu cầu rút ${formatAmount(200_000 as never, 'VND', 'vi-VN')}`, { exact: false }).waitFor();
      await barShows(page, 600_000);
      expect(await mainBalance()).toBe(600_000);
      const withdrawals = centre.getByRole('region', { name: 'Lịch sử rút tiền' });
      await withdrawals.getByText('Chờ duyệt').waitFor();

      // A second one to the same card, now verified: no login password asked.
      await centre.getByLabel('Số tiền (VND)', { exact: true }).fill('100000');
      await centre.getByLabel('Mật khẩu rút tiền', { exact: true }).fill(PAYMENT_PASSWORD);
      await centre.getByRole('button', { name: 'Rút tiền', exact: true }).click();
      expect(await confirm.getByText('Xác minh lại danh tính').count()).toBe(0);
      await confirm.getByRole('button', { name: 'Xác nhận' }).click();
      await confirm.waitFor({ state: 'detached' });
      await barShows(page, 500_000);
      expect(await mainBalance()).toBe(500_000);

      // The operator approves and pays both out.
      const queue = await admin<{ list: { id: number; amount: number }[] }>('GET', `/admin-api/withdrawals?username=${username}`);
      expect(queue.list.map((w) => w.amount).sort()).toEqual([100_000, 200_000]);
      for (const w of queue.list) {
        await admin('POST', `/admin-api/withdrawals/${w.id}/approve`);
        await admin('POST', `/admin-api/withdrawals/${w.id}/payout`);
      }
      const first = queue.list.find((w) => w.amount === 200_000)?.id;
      const second = queue.list.find((w) => w.amount === 100_000)?.id;
      await withdrawals.getByRole('button', { name: 'Làm mới' }).click();
      await withdrawals.locator(`[data-withdrawal="${first}"]`).getByText('Đã chuyển tiền').waitFor();
      await withdrawals.getByText(/được coi là đã nhận sau 60 phút/).waitFor();
      await shot(page, 'withdraw-paid-1366x768');

      // Received for the first; not received with a proof image for the second.
      await withdrawals.locator(`[data-withdrawal="${first}"]`).getByRole('button', { name: 'Đã nhận', exact: true }).click();
      await withdrawals.getByText('Cảm ơn, đã ghi nhận bạn đã nhận tiền.').waitFor();
      await withdrawals.locator(`[data-withdrawal="${first}"]`).getByText('Đã nhận', { exact: true }).waitFor();
      await withdrawals.locator(`[data-withdrawal="${second}"]`).getByRole('button', { name: 'Chưa nhận được' }).click();
      const dispute = withdrawals.getByRole('form', { name: 'Báo chưa nhận được tiền' });
      await dispute.getByRole('button', { name: 'Gửi' }).click();
      await dispute.getByText('Vui lòng chọn ít nhất một ảnh.').waitFor();
      await dispute.getByTestId('proof-input').setInputFiles([{ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('x') }]);
      await dispute.getByText('note.txt: chỉ nhận ảnh PNG hoặc JPG.').waitFor();
      await dispute.getByTestId('proof-input').setInputFiles([{ name: 'statement.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG }]);
      await dispute.getByLabel('Ghi chú (không bắt buộc)').fill('Chưa thấy tiền trong tài khoản');
      await dispute.getByRole('button', { name: 'Gửi' }).click();
      await withdrawals.getByText('Đã gửi báo cáo, bộ phận tài chính sẽ kiểm tra.').waitFor();
      await withdrawals.locator(`[data-withdrawal="${second}"]`).getByText('Chưa nhận được', { exact: true }).waitFor();
      const disputed = await admin<{ status: string; proofIds: number[]; disputeNote: string }>('GET', `/admin-api/withdrawals/${second}`);
      expect(disputed).toMatchObject({ status: 'disputed', disputeNote: 'Chưa thấy tiền trong tài khoản' });
      expect(disputed.proofIds).toHaveLength(1);
      expect(await mainBalance()).toBe(500_000);
      await barShows(page, 500_000);
      await shot(page, 'withdraw-done-1366x768');

      // Every step is in the account record, newest first, each with the balance it left.
      await page.goto(`${baseUrl}/index?mc=transactionHistory`, { waitUntil: 'networkidle' });
      const record = page.getByRole('dialog', { name: 'Trung tâm hội viên' }).locator('table.rc-table tbody tr');
      await record.first().waitFor();
      const rows = await record.evaluateAll((trs) =>
        trs.map((tr) => {
          const cells = Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '');
          const digits = (text: string) => Number(text.replace(/[^\d-]/g, ''));
          return { type: tr.getAttribute('data-type'), amount: digits(cells[3] ?? ''), after: digits(cells[4] ?? '') };
        }),
      );
      expect(rows).toEqual([
        { type: 'withdrawal', amount: -100_000, after: 500_000 },
        { type: 'withdrawal', amount: -200_000, after: 600_000 },
        { type: 'deposit', amount: 500_000, after: 800_000 },
        { type: 'deposit', amount: 300_000, after: 300_000 },
      ]);
      await shot(page, 'account-record-after-journey-1366x768');

      expect(await watch.cspViolations()).toEqual([]);
      // The browser logs the two refusals the test provoked (wrong login password, short card number); nothing else.
      const refused = watch.consoleErrors.filter((m) => m.includes('status of 400'));
      expect(refused).toHaveLength(2);
      expect(watch.consoleErrors.filter((m) => !refused.includes(m))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('has no serious or critical axe violation on the deposit and withdraw pages, light and dark', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, bypassCSP: true });
    const page = await context.newPage();
    try {
      await logIn(page);
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((value) => localStorage.setItem('theme', value), theme);
        await page.goto(`${baseUrl}/index?mc=depositv2`, { waitUntil: 'networkidle' });
        await page.getByRole('region', { name: 'Lịch sử nạp tiền' }).getByRole('table').waitFor();
        expect(await seriousViolations(page), `deposit, ${theme}`).toEqual([]);
        await page.goto(`${baseUrl}/index?mc=withdraw`, { waitUntil: 'networkidle' });
        await page.getByRole('region', { name: 'Lịch sử rút tiền' }).getByRole('table').waitFor();
        expect(await seriousViolations(page), `withdraw, ${theme}`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;
    it(`lays the money pages out without sideways scrolling at ${size}, light and dark, in Vietnamese and English`, async () => {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      const page = await context.newPage();
      const watch = await watchPage(page);
      try {
        await logIn(page);
        for (const [lang, theme] of [
          ['vi', 'light'],
          ['en', 'dark'],
        ] as const) {
          await page.evaluate(
            ({ l, t }) => {
              localStorage.setItem('lang', l);
              localStorage.setItem('theme', t);
            },
            { l: lang, t: theme },
          );
          for (const [key, region] of [
            ['depositv2', lang === 'vi' ? 'Lịch sử nạp tiền' : 'Deposit history'],
            ['withdraw', lang === 'vi' ? 'Lịch sử rút tiền' : 'Withdrawal history'],
            ['securityCenter', lang === 'vi' ? 'Thẻ ngân hàng' : 'Bank cards'],
          ] as const) {
            await page.goto(`${baseUrl}/index?mc=${key}`, { waitUntil: 'networkidle' });
            const part = page.getByRole('region', { name: region });
            await part.waitFor();
            await part.locator('.mc-state').waitFor({ state: 'detached' });
            const overflow = await page.evaluate(() => {
              const content = document.querySelector('.member-centre__content');
              return content ? content.scrollWidth - content.clientWidth : -1;
            });
            expect(overflow, `${key} ${lang} ${theme}`).toBeLessThanOrEqual(0);
            if (key === 'securityCenter') await part.scrollIntoViewIfNeeded();
            await shot(page, `${key}-${lang}-${theme}-${size}`);
          }
        }
        expect(await watch.cspViolations()).toEqual([]);
        expect(watch.consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
