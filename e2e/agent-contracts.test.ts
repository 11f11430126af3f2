import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';
import { localDateOf } from '@platform/server/lib/time-zone';
import { DEMO_VENDOR_CODE, DEV_DEMO_VENDOR_SECRET } from '@platform/server/modules/vendor-wallet/vendor-wallet.integrations';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../apps/server/test/wait-for.ts';
import { launchBrowser, watchPage } from './browser.ts';
import { operatorLogin } from './site-actions.ts';
import { createMovableClock, type SiteServer, startSiteServer } from './site-server.ts';

/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = path.join(tmpdir(), 'agent-contracts-shots');
const AGENT = { username: 'agent01', password: 'Agent2026', nickname: 'Agent level 1' };
const DOWNLINE = { username: 'agent02', password: 'Agent2026', nickname: 'Sub-agent' };
const DAY_MS = 86_400_000;

/** A locator's text with the non-breaking spaces of number formatting as plain ones. */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s/g, ' ');
}

/**
 * The daily-wage contract page in a real browser: the operator sets agent01's top-level contract,
 * agent01 offers agent02 a contract from its page (1366 px, English), agent02 signs it on its own
 * page (390 px, Vietnamese), and agent01 then sees it active. Then the team plays (player01 under
 * agent01, player02 under agent02, at the demo vendor's seamless API), the site's clock moves to the
 * next day, the day is settled as production does it (the operator's re-run of the kind), and both
 * agents' records show their payouts, on a phone and a desktop, in Vietnamese and English.
 */
describe('agent contracts in the browser', () => {
  let site: SiteServer;
  let browser: Browser;
  const clock = createMovableClock();

  beforeAll(async () => {
    site = await startSiteServer({ demoVendor: true, clock });
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
    const login = await operatorLogin(site.baseUrl, 'finance01', () => clock.now());
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
  /** One round at the demo vendor's seamless API, signed as the vendor signs it (at the site's time). */
  async function playRound(username: string, roundId: string, betAmount: number, winAmount: number): Promise<void> {
    const member = await site.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const session = await site.app.services.gameSessions.issue({
      memberId: member.id,
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
    const timestamp = String(clock.now().getTime());
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

  it('the team plays, the next day both levels are paid, and each agent sees its payout on its records', async () => {
    // Today: player02 (under agent02) bets 2,000,000; player01 (directly under agent01) bets 1,000,000.
    await playRound('player02', 'ac-p2', 2_000_000, 0);
    await playRound('player01', 'ac-p1', 1_000_000, 500_000);
    const timeZone = await site.app.services.records.timeZoneOf(site.merchantId);
    const day = localDateOf(clock.now(), timeZone);

    // The next day, the day's wages are settled as production does it: the rollups brought up to
    // date, then the kind's settlement (the operator's re-run is the job's own call).
    clock.advance(DAY_MS);
    const agent01 = await site.database.db
      .selectFrom('members')
      .select(['id', 'upline_path'])
      .where('username', '=', AGENT.username)
      .executeTakeFirstOrThrow();
    await waitUntil(
      async () => {
        await site.app.services.dailyStats.refresh();
        const rows = await site.app.services.dailyStats.team.gameByDay(
          { merchantId: site.merchantId, memberId: agent01.id, uplinePath: agent01.upline_path },
          { from: day, to: day },
        );
        return rows.reduce((sum, r) => sum + r.stake, 0) === 3_000_000;
      },
      { what: `the rollups of ${day} hold the rounds`, pollMs: 50 },
    );
    const login = await operatorLogin(site.baseUrl, 'finance01', () => clock.now());
    expect(login.status).toBe(200);
    const settle = await fetch(`${site.baseUrl}/admin-api/agent-contracts/settlements`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.body.value.token}`, lang: 'en' },
      body: JSON.stringify({ kind: 'dailyWage', day }),
    });
    expect(settle.status, await settle.clone().text()).toBe(200);
    const settled = (await settle.json()).value.settled as {
      payout: { holderUsername: string; ownAmount: number; payout: number; paidBy: string };
    }[];
    // agent01: 1 % of its team's 3,000,000 = 30,000, less agent02's 0.5 % of 2,000,000 = 10,000.
    expect(settled.map((s) => s.payout)).toEqual([
      expect.objectContaining({ holderUsername: AGENT.username, ownAmount: 30_000, payout: 20_000, paidBy: 'house' }),
      expect.objectContaining({ holderUsername: DOWNLINE.username, ownAmount: 10_000, payout: 10_000, paidBy: 'upline' }),
    ]);

    const views = [
      {
        who: AGENT,
        width: 1366,
        height: 900,
        language: 'en',
        kept: '₫20,000',
        downlines: `${DOWNLINE.username}: ₫10,000`,
        paidBy: 'The platform',
      },
      {
        who: AGENT,
        width: 390,
        height: 844,
        language: 'vi',
        kept: '20.000 ₫',
        downlines: `${DOWNLINE.username}: 10.000 ₫`,
        paidBy: 'Nền tảng',
      },
      {
        who: DOWNLINE,
        width: 390,
        height: 844,
        language: 'vi',
        kept: '10.000 ₫',
        downlines: '0 ₫',
        paidBy: `Tuyến trên ${AGENT.username}`,
      },
      { who: DOWNLINE, width: 1366, height: 900, language: 'en', kept: '₫10,000', downlines: '₫0', paidBy: `Upline ${AGENT.username}` },
    ] as const;
    for (const view of views) {
      const context = await contextAt(view.width, view.height, view.language);
      try {
        const page = await context.newPage();
        const watch = await watchPage(page);
        await logIn(page, view.who, view.language);
        await page.goto(`${site.baseUrl}/index?ac=agentDailyWages2`, { waitUntil: 'networkidle' });
        const row = page.getByTestId('contract-records').locator(`[data-period="${day}"]`);
        await row.waitFor({ timeout: 20_000 });
        const label =
          view.language === 'en'
            ? { kept: 'Kept', downlines: 'Paid to downline', paidBy: 'Paid by' }
            : { kept: 'Thực nhận', downlines: 'Trả tuyến dưới', paidBy: 'Người trả' };
        expect(await textOf(row.locator(`[data-label="${label.kept}"]`))).toBe(view.kept.replace(/\s/g, ' '));
        expect(await textOf(row.locator(`[data-label="${label.downlines}"]`))).toBe(view.downlines.replace(/\s/g, ' '));
        expect(await textOf(row.locator(`[data-label="${label.paidBy}"]`))).toBe(view.paidBy);
        const totals = page.getByTestId('records-totals');
        expect(await textOf(totals.locator('[data-field="payout"]'))).toBe(view.kept.replace(/\s/g, ' '));
        const chart = page.getByTestId('records-chart');
        await chart.locator('.trend-chart__canvas canvas').first().waitFor();
        // Nothing wider than the screen on the page.
        const wide = await page.evaluate(() =>
          Array.from(document.querySelectorAll('.ac-page *:not(thead, thead *)'))
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map((e) => `${e.tagName}.${e.className}`),
        );
        expect(wide).toEqual([]);
        await chart.scrollIntoViewIfNeeded();
        await shot(page, `${view.who.username}-records-chart-${view.width}-${view.language}`);
        await row.scrollIntoViewIfNeeded();
        await shot(page, `${view.who.username}-records-${view.width}-${view.language}`);
        expect(watch.consoleErrors).toEqual([]);
        expect(await watch.cspViolations()).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 300_000);
});
