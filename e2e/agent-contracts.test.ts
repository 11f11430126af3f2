import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage } from './browser.ts';
import { operatorLogin } from './site-actions.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = path.join(tmpdir(), 'agent-contracts-shots');
const AGENT = { username: 'agent01', password: 'Agent2026', nickname: 'Agent level 1' };
const DOWNLINE = { username: 'agent02', password: 'Agent2026', nickname: 'Sub-agent' };

/**
 * The daily-wage contract page in a real browser: the operator sets agent01's top-level contract,
 * agent01 offers agent02 a contract from its page (1366 px, English), agent02 signs it on its own
 * page (390 px, Vietnamese), and agent01 then sees it active.
 */
describe('agent contracts in the browser', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer();
    // The demo agents have not logged in yet, so a first login asks for a new password; this test
    // is about contracts, so they have logged in before.
    for (const username of [AGENT.username, DOWNLINE.username]) {
      const member = await site.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow();
      await site.database.db
        .insertInto('member_security')
        .values({
          member_id: member.id,
          login_count: 1,
          last_login_at: new Date(),
          password_changed_at: new Date(),
          must_change_password: false,
        })
        .onConflict((oc) =>
          oc.column('member_id').doUpdateSet({ login_count: 1, password_changed_at: new Date(), must_change_password: false }),
        )
        .execute();
    }
    // A top-level agent's contract is set by an operator.
    const login = await operatorLogin(site.baseUrl, 'finance01');
    expect(login.status).toBe(200);
    const response = await fetch(`${site.baseUrl}/admin-api/agent-contracts/top-level`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.body.value.token}`, lang: 'en' },
      body: JSON.stringify({
        kind: 'dailyWage',
        holderUsername: AGENT.username,
        tiers: [
          { minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: 100 },
          { minBet: 100_000_000, minActiveMembers: 5, minNetLoss: 0, rateBasisPoints: 150 },
        ],
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    await mkdir(SHOTS_DIR, { recursive: true });
    browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function contextAt(width: number, height: number, language: 'vi' | 'en'): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height } });
    await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
    return context;
  }

  async function logIn(page: Page, who: typeof AGENT, language: 'vi' | 'en'): Promise<void> {
    const words =
      language === 'vi'
        ? { title: 'Đăng nhập', user: 'Tên đăng nhập', pass: 'Mật khẩu', account: 'Tài khoản' }
        : { title: 'Log in', user: 'Username', pass: 'Password', account: 'Account' };
    await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: words.title });
    await login.getByLabel(words.user, { exact: true }).fill(who.username);
    await login.getByLabel(words.pass, { exact: true }).fill(who.password);
    await login.getByRole('button', { name: words.title, exact: true }).click();
    await page.getByRole('button', { name: `${words.account} ${who.nickname}` }).waitFor();
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
  }

  it('agent01 offers agent02 a daily-wage contract and agent02 signs it on the site', async () => {
    const agentContext = await contextAt(1366, 900, 'en');
    const downlineContext = await contextAt(390, 844, 'vi');
    try {
      const agentPage = await agentContext.newPage();
      const agentWatch = await watchPage(agentPage);
      await logIn(agentPage, AGENT, 'en');
      await agentPage.goto(`${site.baseUrl}/index?ac=agentDailyWages2`, { waitUntil: 'networkidle' });
      const mine = agentPage.getByTestId('my-contract');
      await mine.getByText('Set by the platform').waitFor({ timeout: 20_000 });
      expect(await mine.getByTestId('contract-tiers').locator('[data-label="Rate"]').allTextContents()).toEqual(['1 %', '1.5 %']);

      const row = agentPage.locator('[data-member="agent02"]');
      await row.getByRole('button', { name: 'Offer a contract' }).click();
      const form = agentPage.getByRole('form', { name: 'Offer a contract to agent02' });
      const rates = form.getByLabel('Rate (%)');
      await rates.nth(0).fill('0.5');
      await rates.nth(1).fill('1');
      await shot(agentPage, 'agent01-offer-1366');
      await form.getByRole('button', { name: 'Send the offer' }).click();
      await agentPage.getByText('Offer sent to agent02. The contract starts when they sign it.').waitFor();
      await row.getByText('Waiting for signature').waitFor();
      expect(await row.textContent()).toContain('0.5 % – 1 %');

      const downlinePage = await downlineContext.newPage();
      const downlineWatch = await watchPage(downlinePage);
      await logIn(downlinePage, DOWNLINE, 'vi');
      await downlinePage.goto(`${site.baseUrl}/index?ac=agentDailyWages2`, { waitUntil: 'networkidle' });
      await downlinePage
        .getByText('agent01 đề nghị bạn hợp đồng này. Ký để bắt đầu nhận lương theo các bậc bên dưới.')
        .waitFor({ timeout: 20_000 });
      await shot(downlinePage, 'agent02-offer-390');
      await downlinePage.getByRole('button', { name: 'Ký hợp đồng' }).click();
      await downlinePage.getByText('Đã cập nhật hợp đồng.').waitFor();
      const signed = downlinePage.getByTestId('my-contract').locator('[data-status="active"]');
      await signed.waitFor();
      expect(await signed.textContent()).toContain('Đề nghị bởi agent01');
      // A phone shows each tier as a card of labelled lines that fits the screen (the headings are for screen readers).
      const wide = await downlinePage.evaluate(() =>
        Array.from(document.querySelectorAll('.ac-page *:not(thead, thead *)'))
          .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((e) => `${e.tagName}.${e.className}`),
      );
      expect(wide).toEqual([]);
      await shot(downlinePage, 'agent02-signed-390');

      await agentPage.reload({ waitUntil: 'networkidle' });
      await agentPage.locator('[data-member="agent02"]').getByText('Active').waitFor({ timeout: 20_000 });
      await shot(agentPage, 'agent01-signed-1366');

      const contract = await site.database.db
        .selectFrom('agent_contracts as c')
        .innerJoin('members as m', 'm.id', 'c.holder_id')
        .select(['c.status', 'c.tiers'])
        .where('m.username', '=', DOWNLINE.username)
        .where('c.kind', '=', 'dailyWage')
        .executeTakeFirstOrThrow();
      expect(contract.status).toBe('active');
      expect((contract.tiers as unknown as { rateBasisPoints: number }[]).map((t) => t.rateBasisPoints)).toEqual([50, 100]);
      expect(agentWatch.consoleErrors).toEqual([]);
      expect(downlineWatch.consoleErrors).toEqual([]);
      expect(await agentWatch.cspViolations()).toEqual([]);
      expect(await downlineWatch.cspViolations()).toEqual([]);
    } finally {
      await agentContext.close();
      await downlineContext.close();
    }
  }, 180_000);
});
