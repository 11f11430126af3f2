import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { formatAmount } from '@platform/contracts/money-format';
import type { PromotionInput } from '@platform/contracts/promotions';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, watchPage } from './browser.ts';
import { operatorLogin, registerByUsername, switchOffRegistrationCaptcha } from './site-actions.ts';
import { createMovableClock, type MovableClock, type SiteServer, startSiteServer } from './site-server.ts';

const PASSWORD = 'Lotus2026abc';
/** Screenshots to look at (the e2e artifacts folder, outside git, unless E2E_SHOTS_DIR names another). */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? path.join(ARTIFACTS_DIR, 'promotions-loss-raffle');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Yesterday's net loss of each player: 10 % of it is 50,000 (the cap). */
const LOSS = 500_000;
const CASHBACK = 50_000;
/** Today's slots play of each player: three raffle tickets (one per 100,000). */
const TURNOVER = 300_000;

const LOSS_PROMOTION = (now: number): PromotionInput => ({
  code: 'E2E-LOSS',
  category: 'DAILY',
  titles: { vi: 'Hoàn trả 10% tiền thua mỗi ngày', en: '10% back on each day’s losses' },
  bodies: {
    vi: 'Thua ròng từ 100.000 ₫ trong ngày: nhận lại 10%, tối đa 50.000 ₫. Bấm nhận sau khi ngày kết thúc.',
    en: 'A net loss of 100,000 ₫ or more in a day: get 10% back, up to 50,000 ₫. Claim it once the day is over.',
  },
  startsAt: new Date(now - 3 * DAY).toISOString(),
  endsAt: new Date(now + 7 * DAY).toISOString(),
  audience: {},
  trigger: 'loss_period',
  minDeposit: 0,
  loss: { period: 'D', minLoss: 100_000, mode: 'claim' },
  amount: { kind: 'percent', basisPoints: 1_000, cap: CASHBACK },
  wagering: { multiple: 1, weights: { RNG: 100 } },
  maxStake: null,
  maxConversion: null,
  expiryHours: 72,
  onWithdrawal: 'block',
  stackable: true,
  perMemberLimit: 1,
  contactIdRequired: false,
});

const RAFFLE_PROMOTION = (now: number): PromotionInput => ({
  ...LOSS_PROMOTION(now),
  code: 'E2E-RAFFLE',
  category: 'OTHER',
  titles: { vi: 'Quay thưởng nổ hũ', en: 'Slots raffle' },
  bodies: {
    vi: 'Mỗi 100.000 ₫ cược nổ hũ được 1 vé. Giải nhất 300.000 ₫, giải nhì 100.000 ₫.',
    en: 'One ticket per 100,000 ₫ wagered on slots. First prize 300,000 ₫, second 100,000 ₫.',
  },
  startsAt: new Date(now - HOUR).toISOString(),
  trigger: 'raffle',
  loss: undefined,
  raffle: { ticketTurnover: 100_000, ticketsMax: 5, drawAt: new Date(now + 10 * MINUTE).toISOString(), prizes: [300_000, 100_000] },
  amount: { kind: 'fixed', value: 1 },
  wagering: { multiple: 0, weights: { RNG: 100 } },
});

const compact = (text: string | null) => (text ?? '').replace(/\s/g, '');
const vnd = (amount: number, locale: 'vi-VN' | 'en-GB') => compact(formatAmount(amount as never, 'VND', locale));

describe('loss and raffle promotions in the browser: cashback accrues and is claimed, a raffle draws and shows its winners', () => {
  let site: SiteServer;
  let clock: MovableClock;
  let browser: Browser;
  let baseUrl: string;
  const ids = { loss: 0, raffle: 0 };
  const stamp = Date.now() % 1_000_000;
  /** The phone player reads Vietnamese, the desktop player English. */
  const players = {
    phone: { username: `lp${stamp}`, language: 'vi' as const, width: 390, locale: 'vi-VN' as const },
    desktop: { username: `ld${stamp}`, language: 'en' as const, width: 1366, locale: 'en-GB' as const },
  };

  beforeAll(async () => {
    clock = createMovableClock();
    site = await startSiteServer({ clock });
    baseUrl = site.baseUrl;
    await switchOffRegistrationCaptcha(site);
    const login = await operatorLogin(baseUrl, 'finance01');
    expect(login.body.success).toBe(true);
    const token = login.body.value.token;
    const create = async (input: PromotionInput) => {
      const response = await fetch(`${baseUrl}/admin-api/promotions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      const json = (await response.json()) as { success: boolean; value: { id: number }; code?: string };
      expect(json.success, json.code).toBe(true);
      return json.value.id;
    };
    const now = clock.now().getTime();
    ids.loss = await create(LOSS_PROMOTION(now));
    ids.raffle = await create(RAFFLE_PROMOTION(now));

    // Each player lost 500,000 on slots yesterday and played 300,000 on slots a minute ago (the
    // records a game's settlement writes), then the hourly loss job settled yesterday.
    const db = site.database.db;
    let n = 0;
    for (const player of Object.values(players)) {
      expect((await registerByUsername(baseUrl, player.username, PASSWORD)).status).toBe(200);
      const member = await db
        .selectFrom('members')
        .select(['id', 'merchant_id', 'currency'])
        .where('username', '=', player.username)
        .executeTakeFirstOrThrow();
      const round = (stake: number, at: Date) => {
        n += 1;
        return {
          merchant_id: Number(member.merchant_id),
          member_id: Number(member.id),
          username: player.username,
          vendor_code: 'DEMO',
          game_code: 'lucky-sevens',
          game_category: 'RNG',
          round_id: `e2e-loss-raffle-${stamp}-${n}`,
          currency: member.currency.trim(),
          status: 'settled' as const,
          stake,
          payout: 0,
          valid_bet: stake,
          win_loss: -stake,
          bet_count: 1,
          opened_at: at,
          settled_at: at,
          updated_at: at,
        };
      };
      await db
        .insertInto('bet_records')
        .values([round(LOSS, new Date(now - DAY)), round(TURNOVER, new Date(now - MINUTE))])
        .execute();
    }
    await site.app.services.dailyStats.refresh();
    expect(await site.app.services.promotions.settleLossPeriods()).toBe(2);
    await mkdir(SHOTS_DIR, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function openContext(width: number, language: 'vi' | 'en'): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 768 } });
    await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
    return context;
  }

  async function logIn(page: Page, username: string, language: 'vi' | 'en'): Promise<void> {
    const words =
      language === 'vi'
        ? { title: 'Đăng nhập', user: 'Tên đăng nhập', pass: 'Mật khẩu', account: 'Tài khoản' }
        : { title: 'Log in', user: 'Username', pass: 'Password', account: 'Account' };
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: words.title });
    await login.getByLabel(words.user, { exact: true }).fill(username);
    await login.getByLabel(words.pass, { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: words.title, exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^${words.account} ${username}`) }).waitFor();
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });

  /** No sideways scrolling: the page is no wider than the screen. */
  async function expectNoOverflow(page: Page): Promise<void> {
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
  }

  async function detailOf(page: Page, id: number, status: string) {
    await page.goto(`${baseUrl}/promoDetail?id=${id}`, { waitUntil: 'networkidle' });
    const detail = page.getByTestId('promotion-detail');
    await detail.locator(`[data-testid="promotion-status"][data-status="${status}"]`).waitFor();
    return detail;
  }

  for (const which of ['phone', 'desktop'] as const) {
    it(`the member sees yesterday's cashback waiting on the loss promotion and claims it (${which})`, async () => {
      const player = players[which];
      const vi = player.language === 'vi';
      const context = await openContext(player.width, player.language);
      const page = await context.newPage();
      const watch = await watchPage(page);
      try {
        await logIn(page, player.username, player.language);
        await page.goto(`${baseUrl}/promotions`, { waitUntil: 'networkidle' });
        const card = page.locator('li.pr-card[data-promotion="E2E-LOSS"]');
        await card.getByRole('heading', { name: vi ? 'Hoàn trả 10% tiền thua mỗi ngày' : '10% back on each day’s losses' }).waitFor();
        expect(await card.getByTestId('promotion-status').getAttribute('data-status')).toBe('CLAIM');
        await expectNoOverflow(page);
        await shot(page, `loss-list-${player.language}-${player.width}`);

        const detail = await detailOf(page, ids.loss, 'CLAIM');
        const hint = compact(await detail.getByTestId('promotion-status-hint').textContent());
        expect(hint).toContain(vnd(CASHBACK, player.locale));
        expect(hint).toContain(compact(vi ? 'tiền hoàn trả từ các kỳ đã tính' : 'of cashback from settled periods'));
        expect(compact(await detail.locator('[data-fact="loss"]').textContent())).toBe(
          compact(
            vi
              ? `Thua ròng mỗi ngày, từ ${formatAmount(100_000 as never, 'VND', 'vi-VN')}`
              : `Net loss each day, from ${formatAmount(100_000 as never, 'VND', 'en-GB')}`,
          ),
        );
        await expectNoOverflow(page);
        await shot(page, `loss-claim-${player.language}-${player.width}`);
        await detail.getByRole('button', { name: vi ? 'Nhận ngay' : 'Claim now', exact: true }).click();
        await detail
          .getByText(vi ? 'Đã nhận thưởng. Hoàn thành doanh thu cược để rút.' : 'Bonus received. Complete the wagering to withdraw it.')
          .waitFor();
        // Reloaded: the grant is in play with its wagering (once 50,000 of slots), nothing left to claim.
        const after = await detailOf(page, ids.loss, 'PROCESSING');
        await after.getByTestId('grant-progress').waitFor();
        expect(await after.getByRole('button', { name: vi ? 'Nhận ngay' : 'Claim now', exact: true }).count()).toBe(0);
        await expectNoOverflow(page);
        await shot(page, `loss-claimed-${player.language}-${player.width}`);
        expect(watch.consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
      // Paid once: one grant of the day's cashback.
      const grants = await site.database.db
        .selectFrom('promotion_grants')
        .innerJoin('members', 'members.id', 'promotion_grants.member_id')
        .select(['promotion_grants.amount'])
        .where('members.username', '=', player.username)
        .where('promotion_grants.promotion_id', '=', ids.loss)
        .execute();
      expect(grants.map((g) => Number(g.amount))).toEqual([CASHBACK]);
    });
  }

  it('both members take their raffle tickets, the raffle draws at its time, and each sees the seed and its prize (phone vi, desktop en)', async () => {
    const contexts: { context: BrowserContext; page: Page; player: (typeof players)[keyof typeof players] }[] = [];
    try {
      for (const player of Object.values(players)) {
        const context = await openContext(player.width, player.language);
        const page = await context.newPage();
        contexts.push({ context, page, player });
        const vi = player.language === 'vi';
        await logIn(page, player.username, player.language);
        const detail = await detailOf(page, ids.raffle, 'CLAIM');
        const raffle = detail.getByTestId('promotion-raffle');
        expect(await raffle.locator('[data-field="tickets"]').textContent()).toBe(
          vi ? 'Vé của bạn: 0 (đã đủ điều kiện: 3)' : 'Your tickets: 0 (earned: 3)',
        );
        expect(await raffle.locator('[data-field="commitment"]').textContent()).toMatch(/^[0-9a-f]{64}$/);
        await expectNoOverflow(page);
        await shot(page, `raffle-before-${player.language}-${player.width}`);
        await detail.getByRole('button', { name: vi ? 'Nhận vé' : 'Take my tickets', exact: true }).click();
        await detail.getByText(vi ? 'Đã nhận vé vào lượt quay.' : 'Your tickets are in the draw.').waitFor();
        const joined = await detailOf(page, ids.raffle, 'JOINED');
        expect(await joined.getByTestId('promotion-raffle').locator('[data-field="tickets"]').textContent()).toBe(
          vi ? 'Vé của bạn: 3 (đã đủ điều kiện: 3)' : 'Your tickets: 3 (earned: 3)',
        );
      }

      // The draw time passes; the five-minute job draws it.
      clock.advance(11 * MINUTE);
      expect(await site.app.services.promotions.drawDue()).toBe(1);
      const list = await (await fetch(`${baseUrl}/wps/relay/MCSFE_getRaffleEntries/${ids.raffle}`)).json();
      expect(list.value.entries.map((e: { tickets: number }) => e.tickets)).toEqual([3, 3]);
      expect(list.value.winners).toHaveLength(2);

      for (const { page, player } of contexts) {
        const vi = player.language === 'vi';
        const watch = await watchPage(page);
        await page.goto(`${baseUrl}/promoDetail?id=${ids.raffle}`, { waitUntil: 'networkidle' });
        const raffle = page.getByTestId('promotion-detail').getByTestId('promotion-raffle');
        await raffle.locator('[data-field="seed"]').waitFor();
        expect(await raffle.locator('[data-field="seed"]').textContent()).toBe(list.value.seed);
        const winners = (await raffle.getByTestId('raffle-winners').locator('li').allTextContents()).map(compact);
        expect(winners).toHaveLength(2);
        // Two entries for two prizes: each member holds one, shown as its own.
        const mine = winners.filter((w) => w.endsWith(vi ? ':bạn' : ':you'));
        expect(mine).toHaveLength(1);
        // The public list: both entries, masked, three tickets each, each a prize.
        const entries = raffle.getByTestId('raffle-entries');
        await entries.getByRole('button', { name: vi ? 'Danh sách người tham gia' : 'Everyone in the draw' }).click();
        await entries.getByRole('table').waitFor();
        const rows = (await entries.locator('tbody tr').allTextContents()).map(compact);
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          expect(row).toContain('***');
          expect(row).toMatch(vi ? /giải[12]3$/ : /prize[12]3$/);
        }
        expect(rows.join('')).not.toContain(player.username);
        await expectNoOverflow(page);
        await shot(page, `raffle-drawn-${player.language}-${player.width}`);
        expect(watch.consoleErrors).toEqual([]);
      }
    } finally {
      for (const { context } of contexts) await context.close();
    }
  });
});
