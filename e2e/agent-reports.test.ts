import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import { registrationSetting } from '@platform/server/modules/accounts/accounts.settings';
import { DEMO_VENDOR_CODE, DEV_DEMO_VENDOR_SECRET } from '@platform/server/modules/vendor-wallet/vendor-wallet.integrations';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, watchPage } from './browser.ts';
import { sealForSite } from './encrypted-body.ts';
import { switchOffRegistrationCaptcha } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

const AGENT = { username: 'agent01', password: 'Agent2026' };
const MEMBER_PASSWORD = 'Lotus2026abc';
const REPORT_PAGES = [
  'agentTeamOverview',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
] as const;
const SIZES = [
  [390, 844],
  [1366, 768],
] as const;

/** What the screen shows (the agent centre is a fixed dialog), for a person to look at. */
async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
}

type Envelope<T = Record<string, unknown>> = { success: boolean; code?: string; message?: string; value: T };

/** A locator's text with the non-breaking spaces of number formatting as plain ones. */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s/g, ' ');
}

/**
 * The agent centre's report pages against the real server and the demo data: agent01 brings a
 * member into its team with its invitation code, pays it from the agent wallet, the member plays a
 * round at the demo vendor, and the round shows in team betting, subordinate profit and loss and
 * the overview; then every report page at both sizes, in Vietnamese and English, light and dark.
 */
describe('the agent centre reports', () => {
  let site: SiteServer;
  let browser: Browser;
  let baseUrl: string;
  const member = `ar${Date.now() % 1_000_000}`;

  beforeAll(async () => {
    site = await startSiteServer({ demoVendor: true });
    baseUrl = site.baseUrl;
    await switchOffRegistrationCaptcha(site);
    // The invitation code field is on, as an operator who lets agents invite members sets it.
    const settings = site.app.services.settings;
    const registration = await settings.get(site.merchantId, registrationSetting);
    await settings.set(
      site.merchantId,
      registrationSetting,
      { ...registration, fields: registration.fields.map((rule) => (rule.field === 'affiliateCode' ? { ...rule, enabled: true } : rule)) },
      'e2e',
    );
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function withPage(
    options: { width: number; height: number; language?: 'vi' | 'en'; theme?: 'light' | 'dark' },
    run: (page: Page) => Promise<void>,
  ): Promise<void> {
    const context = await browser.newContext({ viewport: { width: options.width, height: options.height } });
    const page = await context.newPage();
    const watch = await watchPage(page);
    try {
      await logIn(page);
      if (options.language === 'en' || options.theme === 'dark') {
        await page.evaluate(({ language, theme }) => {
          localStorage.setItem('lang', language ?? 'vi');
          localStorage.setItem('theme', theme ?? 'light');
        }, options);
      }
      await run(page);
      expect(await watch.cspViolations()).toEqual([]);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }

  async function logIn(page: Page): Promise<void> {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: 'Đăng nhập' });
    await login.getByLabel('Tên đăng nhập', { exact: true }).fill(AGENT.username);
    await login.getByLabel('Mật khẩu', { exact: true }).fill(AGENT.password);
    await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    // The avatar button names the agent by its nickname.
    await page.getByRole('button', { name: /^Tài khoản / }).waitFor();
  }

  /** A call the way the web client makes it: from the page, with the session's token. */
  function callAsClient<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: Envelope<T> }> {
    return page.evaluate(
      async ({ method, url, body }) => {
        const res = await fetch(url, {
          method,
          headers: {
            accept: 'application/json',
            lang: 'vi',
            authorization: `Bearer ${sessionStorage.getItem('token')}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      },
      { method, url, body },
    );
  }

  async function openReport(page: Page, key: (typeof REPORT_PAGES)[number], dialogName = 'Trung tâm đại lý'): Promise<Locator> {
    await page.goto(`${baseUrl}/index?ac=${key}`, { waitUntil: 'networkidle' });
    const centre = page.getByRole('dialog', { name: dialogName });
    await centre.waitFor();
    // The page's figures have arrived once its period line shows.
    await centre.locator('.ar-page .ar-note').first().waitFor();
    return centre;
  }

  /** One round at the demo vendor's seamless API, signed as the vendor signs it. */
  async function playRound(memberId: number, roundId: string, betAmount: number, winAmount: number): Promise<void> {
    const session = await site.app.services.gameSessions.issue({
      memberId,
      merchantId: site.merchantId,
      currency: 'VND',
      vendorCode: DEMO_VENDOR_CODE,
      gameCode: 'lucky-sevens',
      gameCategory: 'RNG',
      isTrial: false,
    });
    const raw = JSON.stringify({
      token: session.token,
      transactionId: `e2e-${roundId}`,
      roundId,
      gameCode: 'lucky-sevens',
      betAmount,
      winAmount,
    });
    const timestamp = String(Date.now());
    const res = await site.app.inject({
      method: 'POST',
      url: `/vendor-api/${DEMO_VENDOR_CODE}/bet-win`,
      headers: {
        'content-type': 'application/json',
        [VENDOR_TIMESTAMP_HEADER]: timestamp,
        [VENDOR_SIGNATURE_HEADER]: signVendorBody(DEV_DEMO_VENDOR_SECRET, timestamp, raw),
      },
      payload: raw,
    });
    expect(res.json()).toMatchObject({ status: 'OK' });
  }

  it('a member the agent brought in, paid and saw play shows in team betting, subordinate P&L and the overview', async () => {
    await withPage({ width: 1366, height: 768 }, async (page) => {
      // The agent's invitation code brings the new member into its direct downline.
      const code = await callAsClient<{ code: string }>(page, 'POST', '/wps/agent/affiliate/code');
      expect(code.status).toBe(200);
      const registered = await fetch(`${baseUrl}/wps/member/register`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: await sealForSite(baseUrl, {
          username: member,
          password: MEMBER_PASSWORD,
          confirmPassword: MEMBER_PASSWORD,
          agreement: true,
          affiliateCode: code.body.value.code,
        }),
      });
      expect(registered.status).toBe(200);
      const row = await site.database.db
        .selectFrom('members')
        .select(['id', 'parent_id'])
        .where('username', '=', member)
        .executeTakeFirstOrThrow();
      const agentRow = await site.database.db
        .selectFrom('members')
        .select('id')
        .where('username', '=', AGENT.username)
        .executeTakeFirstOrThrow();
      expect(row.parent_id).toBe(agentRow.id);

      // Money for the member comes from the agent wallet: the agent moves some there first.
      const moved = await callAsClient(page, 'POST', '/wps/agent/wallet/move', {
        direction: 'toAgent',
        amount: 300_000,
        requestId: `e2e-move-${member}`,
      });
      expect(moved.status).toBe(200);
      const paid = await callAsClient(page, 'POST', '/wps/agent/transfer/downline', {
        username: member,
        amount: 200_000,
        requestId: `e2e-pay-${member}`,
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);

      await playRound(row.id, `ar-${member}`, 50_000, 20_000);

      // Team betting: the round, under the member's name, level 1.
      const bets = await openReport(page, 'personalHistoryCopy');
      await bets.getByLabel('Thành viên').fill(member);
      await bets.getByLabel('Thành viên').press('Enter');
      const round = bets.locator(`tr[data-round="ar-${member}"]`);
      await round.waitFor();
      expect(await textOf(round)).toContain(`${member}Cấp 1`);
      expect(await textOf(round)).toContain('50.000 ₫');
      expect(await textOf(bets.getByTestId('bets-totals'))).toContain('-30.000 ₫');
      await screenshot(page, 'agent-reports-journey-bets-1366');

      // Subordinate P&L: the member's own row with its valid bet and its result.
      const pl = await openReport(page, 'palStatementsAgentCopy');
      const plRow = pl.locator(`tr[data-member="${member}"]`);
      await plRow.waitFor();
      expect(await textOf(plRow.locator('[data-label="Cược hợp lệ"]'))).toBe('50.000 ₫');
      expect(await textOf(plRow.locator('[data-label="Thắng/thua của đội"]'))).toBe('-30.000 ₫');
      await screenshot(page, 'agent-reports-journey-pl-1366');

      // Overview of today: the new member is counted, and today's valid bet includes the round.
      const overview = await openReport(page, 'agentTeamOverview');
      const api = await callAsClient<{ newMembers: number; validBet: number; teamSize: { total: number } }>(
        page,
        'GET',
        '/wps/agent/reports/overview?period=today',
      );
      expect(api.body.value.newMembers).toBeGreaterThanOrEqual(1);
      expect(api.body.value.validBet).toBeGreaterThanOrEqual(50_000);
      const figures = overview.getByTestId('overview-figures');
      expect(await textOf(figures.locator('[data-field="teamSize"]'))).toBe(String(api.body.value.teamSize.total));
      expect(await textOf(figures.locator('[data-field="newMembers"]'))).toBe(String(api.body.value.newMembers));
      expect(await textOf(figures.locator('[data-field="validBet"]'))).toBe(
        `${new Intl.NumberFormat('vi-VN').format(api.body.value.validBet)} ₫`,
      );
      // The chart library's chunk loads and draws.
      await overview.locator('.trend-chart__canvas canvas').first().waitFor();
      await screenshot(page, 'agent-reports-journey-overview-1366');

      // Team transactions: the agent's payment arrived in the member's wallet.
      const transactions = await openReport(page, 'agentDownlineTransactionDetailsCopy');
      const line = transactions.locator('tr[data-kind="transfer_in"]').filter({ hasText: member });
      await line.waitFor();
      expect(await textOf(line)).toContain('200.000 ₫');
    });
  });

  for (const [width, height] of SIZES) {
    for (const [language, theme, dialogName] of [
      ['vi', 'light', 'Trung tâm đại lý'],
      ['en', 'dark', 'Agent centre'],
    ] as const) {
      it(`shows every report page with real figures at ${width} px, ${language}, ${theme}`, async () => {
        await withPage({ width, height, language, theme }, async (page) => {
          for (const key of REPORT_PAGES) {
            const centre = await openReport(page, key, dialogName);
            // The menu marks the page, and nothing of the report sticks out sideways.
            await centre.locator(`a[aria-current="page"][href*="ac=${key}"]`).waitFor();
            const overflow = await centre.locator('.ar-page').evaluate((el) => el.scrollWidth - el.clientWidth);
            expect(overflow, key).toBeLessThanOrEqual(0);
            const summary = centre.locator('.ar-summary').first();
            await summary.waitFor();
            expect((await textOf(summary)).length, key).toBeGreaterThan(10);
            await screenshot(page, `agent-reports-${key}-${width}-${language}-${theme}`);
          }
        });
        // Five pages, each a fresh load of the site: more than one test's default on a busy machine.
      }, 300_000);
    }
  }
});
