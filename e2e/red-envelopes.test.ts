import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatAmount } from '@platform/contracts/money-format';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPage } from './browser.ts';
import { type SiteServer, startSiteServer } from './site-server.ts';

/** Screenshots to look at, outside the repository. */
const SHOTS_DIR = path.join(tmpdir(), 'red-envelopes-shots');
const AGENT = { username: 'agent01', password: 'Agent2026' };
const PLAYER = { username: 'player01', password: 'Player2026' };
const AGENT_FUNDS = 5_000_000;
const TOTAL = 100_000;
const SHARES = 4;

/** How the site writes an amount in Vietnamese, compared without its spacing characters. */
const vnd = (amount: number) => formatAmount(amount as never, 'VND', 'vi-VN').replace(/\s/g, '');
const compact = (text: string | null) => (text ?? '').replace(/\s/g, '');

describe('red envelopes in the browser', () => {
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer();
    // agent01's agent wallet gets money the way a commission would arrive: through the ledger.
    const ledger = site.app.services.ledger;
    const agent = await site.database.db
      .selectFrom('members')
      .select(['id', 'merchant_id', 'currency'])
      .where('username', '=', AGENT.username)
      .executeTakeFirstOrThrow();
    const currency = agent.currency.trim();
    const accounts = await ledger.ensureMemberAccounts({
      merchantId: Number(agent.merchant_id),
      memberId: Number(agent.id),
      currency,
      kinds: ['agent_main'],
    });
    const house = await ledger.ensureSystemAccount({ merchantId: Number(agent.merchant_id), kind: 'house_revenue', currency });
    await ledger.transfer({
      fromAccountId: house.id,
      toAccountId: accounts.agent_main!.id,
      amount: AGENT_FUNDS,
      code: 'agent_commission',
      idempotencyKey: 'e2e:red-envelopes:agent-funds',
    });
    // The demo accounts were opened for the demo and have not logged in yet, so a first login asks
    // for a new password; this test is about red envelopes, so they have logged in before.
    for (const username of [AGENT.username, PLAYER.username]) {
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
    await mkdir(SHOTS_DIR, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function contextAt(
    width: number,
    height: number,
    options: { language?: 'vi' | 'en'; theme?: 'light' | 'dark' } = {},
  ): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height } });
    const { language = 'vi', theme = 'light' } = options;
    await context.addInitScript(
      ([lang, th]) => {
        window.localStorage.setItem('lang', lang as string);
        window.localStorage.setItem('theme', th as string);
      },
      [language, theme],
    );
    return context;
  }

  /** The demo passwords are default passwords: the first login changes them, later logins use the new one. */
  const passwords = new Map<string, string>([
    [AGENT.username, AGENT.password],
    [PLAYER.username, PLAYER.password],
  ]);
  const NICKNAMES: Record<string, string> = { [AGENT.username]: 'Agent level 1', [PLAYER.username]: 'Player One' };

  function avatarButton(page: Page, username: string, language: 'vi' | 'en' = 'vi') {
    return page.getByRole('button', { name: `${language === 'vi' ? 'Tài khoản' : 'Account'} ${NICKNAMES[username]}` });
  }

  async function logIn(page: Page, who: { username: string }, language: 'vi' | 'en' = 'vi'): Promise<void> {
    await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
    const words =
      language === 'vi'
        ? {
            title: 'Đăng nhập',
            user: 'Tên đăng nhập',
            pass: 'Mật khẩu',
            change: 'Đổi mật khẩu',
            current: 'Mật khẩu hiện tại',
            next: 'Mật khẩu mới',
            confirm: 'Xác nhận mật khẩu mới',
          }
        : {
            title: 'Log in',
            user: 'Username',
            pass: 'Password',
            change: 'Change password',
            current: 'Current password',
            next: 'New password',
            confirm: 'Confirm new password',
          };
    const login = page.getByRole('dialog', { name: words.title });
    const password = passwords.get(who.username) as string;
    await login.getByLabel(words.user, { exact: true }).fill(who.username);
    await login.getByLabel(words.pass, { exact: true }).fill(password);
    await login.getByRole('button', { name: words.title, exact: true }).click();
    const change = page.getByRole('dialog', { name: words.change });
    await change
      .or(avatarButton(page, who.username, language))
      .first()
      .waitFor();
    if (await change.isVisible()) {
      const next = `${password.replace('@2026', '')}Red2026`;
      await change.getByLabel(words.current, { exact: true }).fill(password);
      await change.getByLabel(words.next, { exact: true }).fill(next);
      await change.getByLabel(words.confirm, { exact: true }).fill(next);
      await change.getByRole('button', { name: words.change, exact: true }).click();
      await change.waitFor({ state: 'hidden' });
      passwords.set(who.username, next);
      // A new password ends every session: log in again with it.
      await logIn(page, who, language);
      return;
    }
    await avatarButton(page, who.username, language).waitFor();
  }

  /** What the screen shows (the dialogs are fixed; a full-page capture would add the page behind them). */
  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
  }

  it('agent01 sends an envelope to its direct downline, player01 claims it on the site, and the agent sees the claim', async () => {
    const agentContext = await contextAt(1366, 768);
    const playerContext = await contextAt(390, 844);
    try {
      const agentPage = await agentContext.newPage();
      const agentWatch = await watchPage(agentPage);
      await logIn(agentPage, AGENT);
      // The agent centre from the avatar menu, then its red envelope page.
      await avatarButton(agentPage, AGENT.username).click();
      await agentPage.getByRole('menuitem', { name: 'Trung tâm đại lý' }).click();
      const centre = agentPage.getByRole('dialog', { name: 'Trung tâm đại lý' });
      await centre.waitFor();
      await centre.getByRole('navigation', { name: 'Các trang của trung tâm đại lý' }).getByRole('link', { name: 'Lì xì' }).click();
      expect(new URL(agentPage.url()).searchParams.get('ac')).toBe('agentRedEnvelope');
      await centre.getByLabel('Tổng tiền (VND)').fill(String(TOTAL));
      await centre.getByLabel('Số phần').fill(String(SHARES));
      await centre.getByLabel('Cách chia').selectOption('random');
      await centre.getByLabel('Người nhận').selectOption('direct');
      await centre.getByRole('button', { name: 'Gửi lì xì' }).click();
      const sentNote = centre.getByRole('status');
      await sentNote.waitFor();
      expect(compact(await sentNote.textContent())).toContain(compact(`Đã gửi lì xì ${vnd(TOTAL)}, ${SHARES} phần`));
      const card = centre.getByTestId('sent-envelope').first();
      await card.waitFor();
      expect(compact(await card.getByTestId('sent-claimed').textContent())).toBe(compact(`0/${SHARES} phần · ${vnd(0)}`));

      // player01, a direct downline member, on a phone: the notice shows, the dialog opens the envelope.
      const playerPage = await playerContext.newPage();
      const playerWatch = await watchPage(playerPage);
      const balanceBefore = await site.app.services.ledger.memberBalances({
        memberId: Number(
          (await site.database.db.selectFrom('members').select('id').where('username', '=', PLAYER.username).executeTakeFirstOrThrow()).id,
        ),
        currency: 'VND',
      });
      await logIn(playerPage, PLAYER);
      await playerPage.getByRole('button', { name: 'Bạn có 1 lì xì' }).click();
      const dialog = playerPage.getByRole('dialog', { name: 'Lì xì' });
      await dialog.getByTestId('claimable-envelope').first().waitFor();
      expect(await dialog.getByTestId('claimable-envelope').first().textContent()).toContain(`Từ ${AGENT.username}`);
      await shot(playerPage, 'claim-list-vi-light-390');
      await dialog.getByRole('button', { name: 'Mở', exact: true }).click();
      const outcome = dialog.getByTestId('claim-outcome');
      await outcome.waitFor();
      const headline = compact(await outcome.textContent());
      expect(headline).toContain(compact('Bạn đã nhận được'));
      const amountText = /Bạnđãnhậnđược([\d.]+₫)/.exec(headline)?.[1];
      expect(amountText).toBeDefined();
      const balanceAfter = await site.app.services.ledger.memberBalances({
        memberId: (
          await site.database.db.selectFrom('members').select('id').where('username', '=', PLAYER.username).executeTakeFirstOrThrow()
        ).id as number,
        currency: 'VND',
      });
      const received = balanceAfter.main - balanceBefore.main;
      expect(received).toBeGreaterThanOrEqual(1);
      expect(amountText).toBe(vnd(received));
      await shot(playerPage, 'claim-outcome-vi-light-390');
      await dialog.getByRole('button', { name: 'Lì xì đã nhận' }).click();
      await dialog.getByTestId('received-envelope').first().waitFor();
      expect(compact(await dialog.getByTestId('received-envelope').first().textContent())).toContain(vnd(received));
      await shot(playerPage, 'received-vi-light-390');

      // The agent's sent records show the claim: the list after a reload, and the claim in the details.
      await agentPage.reload({ waitUntil: 'networkidle' });
      const reloadedCentre = agentPage.getByRole('dialog', { name: 'Trung tâm đại lý' });
      const reloadedCard = reloadedCentre.getByTestId('sent-envelope').first();
      await reloadedCard.waitFor();
      expect(compact(await reloadedCard.getByTestId('sent-claimed').textContent())).toBe(compact(`1/${SHARES} phần · ${vnd(received)}`));
      await reloadedCard.getByRole('button', { name: 'Chi tiết' }).click();
      const details = agentPage.getByRole('dialog', { name: /^Lì xì #\d+$/ });
      await details.getByRole('cell', { name: PLAYER.username }).waitFor();
      expect(compact(await details.getByRole('row').nth(1).textContent())).toContain(vnd(received));
      await shot(agentPage, 'sent-details-vi-light-1366');

      expect(agentWatch.consoleErrors).toEqual([]);
      expect(playerWatch.consoleErrors).toEqual([]);
      expect(await agentWatch.cspViolations()).toEqual([]);
    } finally {
      await agentContext.close();
      await playerContext.close();
    }
  });

  for (const size of [
    { name: '390', width: 390, height: 844 },
    { name: '1366', width: 1366, height: 768 },
  ]) {
    for (const language of ['vi', 'en'] as const) {
      it(`shows the send page and the claim dialog at ${size.name} px in ${language === 'vi' ? 'Vietnamese' : 'English'}, light and dark`, async () => {
        for (const theme of ['light', 'dark'] as const) {
          const tag = `${language}-${theme}-${size.name}`;
          const context = await contextAt(size.width, size.height, { language, theme });
          try {
            const page = await context.newPage();
            await logIn(page, AGENT, language);
            await page.goto(`${site.baseUrl}/?ac=agentRedEnvelope`, { waitUntil: 'networkidle' });
            const centre = page.getByRole('dialog', { name: language === 'vi' ? 'Trung tâm đại lý' : 'Agent centre' });
            await centre.getByTestId('sent-envelope').first().waitFor();
            // Nothing of the agent centre's page sticks out sideways.
            const wide = await page.evaluate(() =>
              Array.from(document.querySelectorAll('[role="dialog"] *'))
                // The page menu is a strip that scrolls sideways on a phone; the page itself must not.
                .filter((el) => !el.closest('nav') && el.getBoundingClientRect().right > window.innerWidth + 1)
                .slice(0, 5)
                .map((el) => `${el.tagName}.${el.className}`),
            );
            expect(wide).toEqual([]);
            await shot(page, `send-page-${tag}`);

            // A fresh envelope for the player to see in this language and theme.
            const send = await page.evaluate(
              async ([total]) => {
                const token = sessionStorage.getItem('token');
                const response = await fetch('/wps/agent/red-envelopes', {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
                  body: JSON.stringify({
                    totalAmount: total,
                    shareCount: 3,
                    split: 'equal',
                    audience: 'direct',
                    expiresInMinutes: 60,
                    message: 'Tết an khang',
                    requestId: crypto.randomUUID(),
                  }),
                });
                return response.status;
              },
              [30_000],
            );
            expect(send).toBe(200);
            const playerContext = await contextAt(size.width, size.height, { language, theme });
            try {
              const playerPage = await playerContext.newPage();
              await logIn(playerPage, PLAYER, language);
              await playerPage.locator('.re-notice').click();
              const dialog = playerPage.getByRole('dialog', { name: language === 'vi' ? 'Lì xì' : 'Red envelopes' });
              await dialog.getByTestId('claimable-envelope').first().waitFor();
              await shot(playerPage, `claim-list-${tag}`);
              await dialog
                .getByRole('button', { name: language === 'vi' ? 'Mở' : 'Open', exact: true })
                .first()
                .click();
              await dialog.getByTestId('claim-outcome').waitFor();
              await shot(playerPage, `claim-outcome-${tag}`);
            } finally {
              await playerContext.close();
            }
          } finally {
            await context.close();
          }
        }
      });
    }
  }
});
