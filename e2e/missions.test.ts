import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, watchPage } from './browser.ts';
import { createMovableClock, type SiteServer, startSiteServer } from './site-server.ts';

/**
 * Missions and the rewards centre in the browser (docs/loyalty.md): a member signs in three days
 * running (the site's clock moved a day each time), completes the demo's daily mission by playing
 * three rounds of the demo slot, and claims the sign-in rewards and the mission's reward in the
 * rewards centre; the menu badges count what waits and clear once it is claimed. Phone in
 * Vietnamese (light), desktop in English (dark).
 */

const PASSWORD = 'Player2026';
const DAY_MS = 86_400_000;
const STAKE = 10_000;
/** The demo calendar's first three streak days and the demo's daily slots mission (missions.demo.ts). */
const SIGN_IN_REWARDS = 1_000 + 2_000 + 3_000;
const SLOTS_REWARD = 5_000;
const SHOTS_DIR = path.join(ARTIFACTS_DIR, 'missions');

const WORDS = {
  vi: {
    login: 'Đăng nhập',
    user: 'Tên đăng nhập',
    pass: 'Mật khẩu',
    account: 'Tài khoản',
    centre: 'Trung tâm hội viên',
    missions: 'Nhiệm vụ',
    rewards: 'Phần thưởng',
    signIn: 'Điểm danh',
    signedToday: 'Đã điểm danh hôm nay',
    claim: 'Nhận',
    toClaim: 'Phần thưởng chờ nhận',
  },
  en: {
    login: 'Log in',
    user: 'Username',
    pass: 'Password',
    account: 'Account',
    centre: 'Member centre',
    missions: 'Missions',
    rewards: 'Rewards',
    signIn: 'Sign in',
    signedToday: 'Signed in today',
    claim: 'Claim',
    toClaim: 'Rewards to claim',
  },
} as const;

describe('missions and the rewards centre: three days of sign-in, a daily mission played, both rewards claimed', () => {
  const clock = createMovableClock();
  let site: SiteServer;
  let browser: Browser;

  beforeAll(async () => {
    site = await startSiteServer({ demoVendor: true, clock });
    await mkdir(SHOTS_DIR, { recursive: true });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function mainBalance(username: string): Promise<number> {
    const member = await site.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    return (await site.app.services.ledger.memberBalances({ memberId: Number(member.id), currency: 'VND' })).main;
  }

  async function logIn(page: Page, username: string, language: 'vi' | 'en'): Promise<void> {
    const w = WORDS[language];
    await page.goto(`${site.baseUrl}/login`, { waitUntil: 'networkidle' });
    const login = page.getByRole('dialog', { name: w.login });
    await login.getByLabel(w.user, { exact: true }).fill(username);
    await login.getByLabel(w.pass, { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: w.login, exact: true }).click();
    // The button says the nickname (the demo players have one), not the username.
    await page.getByRole('button', { name: new RegExp(`^${w.account} `) }).waitFor();
  }

  /** The count on a menu item's badge, once it shows `want` (null: no badge). */
  async function badgeIs(page: Page, language: 'vi' | 'en', item: 'missions' | 'rewards', want: number | null): Promise<void> {
    const name = WORDS[language][item];
    await page.waitForFunction(
      ([label, expected]) => {
        const link = Array.from(document.querySelectorAll('.member-centre__menu-item')).find(
          (a) => a.querySelector('.member-centre__menu-label')?.textContent === label,
        );
        const badge = link?.querySelector('.member-centre__badge [aria-hidden="true"]')?.textContent ?? null;
        return badge === expected;
      },
      [name, want === null ? null : String(want)] as const,
    );
  }

  async function openCentre(page: Page, pageKey: 'missionLeaderboard' | 'rewardCenter', language: 'vi' | 'en') {
    await page.goto(`${site.baseUrl}/index?mc=${pageKey}`, { waitUntil: 'networkidle' });
    const centre = page.getByRole('dialog', { name: WORDS[language].centre });
    await centre.getByRole('heading', { level: 3, name: WORDS[language][pageKey === 'rewardCenter' ? 'rewards' : 'missions'] }).waitFor();
    return centre;
  }

  /** Three spins of the demo slot at STAKE (settled rounds of the RNG category). */
  async function spin(page: Page, rounds: number): Promise<void> {
    await page.goto(`${site.baseUrl}/rng`, { waitUntil: 'networkidle' });
    await page.locator('li.game-card[data-game="lucky-sevens"] .game-card__launch').click();
    await page.waitForURL(/\/game\?/);
    const frameElement = page.locator('iframe.game-page__frame');
    await frameElement.waitFor();
    const frame = (await (await frameElement.elementHandle())?.contentFrame()) as Frame;
    await frame.waitForFunction(() => /\d/.test(document.getElementById('balance')?.textContent ?? ''));
    for (let round = 1; round <= rounds; round += 1) {
      await frame.fill('#stake', String(STAKE));
      await frame.click('#spin');
      await frame.waitForFunction((n) => document.querySelectorAll('#history li').length === n, round);
      await frame.waitForFunction(() => !(document.getElementById('spin') as HTMLButtonElement).disabled);
    }
  }

  const cases = [
    { username: 'player01', width: 390, height: 844, language: 'vi', theme: 'light' },
    { username: 'player02', width: 1366, height: 768, language: 'en', theme: 'dark' },
  ] as const;

  type Case = (typeof cases)[number];
  type Tab = { page: Page; watch: Awaited<ReturnType<typeof watchPage>> };
  const shotName = (c: Case, what: string) => path.join(SHOTS_DIR, `${what}-${c.width}-${c.language}-${c.theme}.png`);

  async function openTab(c: Case): Promise<Tab> {
    const context = await browser.newContext({ viewport: { width: c.width, height: c.height } });
    await context.addInitScript(
      ([lang, theme]) => {
        window.localStorage.setItem('lang', lang as string);
        window.localStorage.setItem('theme', theme as string);
      },
      [c.language, c.theme],
    );
    const page = await context.newPage();
    return { page, watch: await watchPage(page) };
  }

  /** One day's sign-in of the case's member: a new login (the session from yesterday is gone), then the button. */
  async function signInDay(c: Case, { page }: Tab, day: number): Promise<void> {
    const w = WORDS[c.language];
    await logIn(page, c.username, c.language);
    const centre = await openCentre(page, 'missionLeaderboard', c.language);
    await centre.getByTestId('sign-in-calendar').waitFor();
    await centre.getByRole('button', { name: w.signIn, exact: true }).click();
    await centre.getByRole('button', { name: w.signedToday }).waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="sign-in-calendar"] [data-state="done"]').length === n, day);
    if (day === 1) await page.screenshot({ path: shotName(c, 'sign-in-day-1'), fullPage: true });
  }

  /** The first day, after signing in: three slot rounds meet the demo's daily mission. Returns the balance before and when play began. */
  async function play(c: Case, { page }: Tab): Promise<{ before: number; spinsFrom: Date }> {
    const name = (what: string) => shotName(c, what);
    // The demo's daily mission: three slot rounds today.
    const before = await mainBalance(c.username);
    const spinsFrom = clock.now();
    await spin(page, 3);
    const centre = await openCentre(page, 'missionLeaderboard', c.language);
    const mission = centre.locator('li.ms-mission[data-code="DAILY-SLOTS-3"]');
    await page.waitForFunction(
      () => document.querySelector('li.ms-mission[data-code="DAILY-SLOTS-3"]')?.getAttribute('data-status') === 'CLAIMABLE',
    );
    expect(await mission.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
    // The missions badge counts the missions whose reward waits (today's sign-in is done): the
    // slots mission, today's sign-in mission, and any the demo history met (a first deposit).
    const claimable = await centre.locator('li.ms-mission[data-status="CLAIMABLE"]').count();
    expect(claimable).toBeGreaterThanOrEqual(2);
    await badgeIs(page, c.language, 'missions', claimable);
    await centre.getByTestId('mission-leaderboard').waitFor();
    await page.screenshot({ path: name('missions'), fullPage: true });
    return { before, spinsFrom };
  }

  /** The third day: the rewards centre lists the three sign-in rewards and the missions' rewards; claimed, the badges clear. */
  async function claimAll(c: Case, { page, watch }: Tab, played: { before: number; spinsFrom: Date }): Promise<void> {
    const w = WORDS[c.language];
    const name = (what: string) => shotName(c, what);
    const { before, spinsFrom } = played;
    // Each morning the page still held yesterday's session, which the moved clock had expired: its
    // calls answered 401 before the new login. From here on nothing may fail.
    watch.consoleErrors.length = 0;
    // The rewards centre lists them with the sign-in rewards; its badge counts them all.
    const rewards = await openCentre(page, 'rewardCenter', c.language);
    await rewards.getByRole('heading', { level: 4, name: w.toClaim }).waitFor();
    const list = rewards.getByTestId('reward-list');
    await list.waitFor();
    const waiting = await list.locator('li.rc-item').count();
    await badgeIs(page, c.language, 'rewards', waiting);
    expect(await list.locator('li.rc-item[data-source="sign_in"]').count()).toBe(3);
    expect(await list.locator('li.rc-item[data-source="mission"]').count()).toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: name('rewards'), fullPage: true });

    // Claim every sign-in and mission reward; each row leaves the list.
    for (const source of ['sign_in', 'mission'] as const) {
      for (;;) {
        const row = list.locator(`li.rc-item[data-source="${source}"]`).first();
        if ((await row.count()) === 0) break;
        const rowsBefore = await list.locator('li.rc-item').count();
        await row.getByRole('button', { name: w.claim, exact: true }).click();
        // Only the list of rewards to claim: the claimed ones move to the history below it.
        await page.waitForFunction((n) => document.querySelectorAll('[data-testid="reward-list"] li.rc-item').length < n, rowsBefore);
      }
    }
    const left = await list.locator('li.rc-item').count();
    await badgeIs(page, c.language, 'rewards', left === 0 ? null : left);
    await badgeIs(page, c.language, 'missions', null);
    // The money: three spins' result plus the sign-in rewards and the mission's (the points rewards go to points).
    const after = await mainBalance(c.username);
    const spins = await site.database.db
      .selectFrom('bet_records')
      .innerJoin('members', 'members.id', 'bet_records.member_id')
      .select((eb) => [eb.fn.sum<string>('bet_records.payout').as('payout'), eb.fn.sum<string>('bet_records.stake').as('stake')])
      .where('members.username', '=', c.username)
      .where('bet_records.opened_at', '>=', spinsFrom)
      .executeTakeFirstOrThrow();
    expect(after - before).toBe(Number(spins.payout) - Number(spins.stake) + SIGN_IN_REWARDS + SLOTS_REWARD);
    await page.screenshot({ path: name('rewards-claimed'), fullPage: true });

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(watch.consoleErrors, watch.consoleErrors.join('\n')).toEqual([]);
    expect(await watch.cspViolations()).toEqual([]);
  }

  // Two members through three days in one story (the days are the site's one clock): longer than one page's test.
  it('phone in Vietnamese (light) and desktop in English (dark): three days of sign-in, the daily mission played, every reward claimed, badges clear', async () => {
    const tabs = new Map<Case, Tab>();
    for (const c of cases) tabs.set(c, await openTab(c));
    try {
      // Three days running, the site's clock moved a day each time. The slot is played on the first
      // day, at the real time: the demo vendor signs its wallet calls with it.
      const played = new Map<Case, { before: number; spinsFrom: Date }>();
      for (let day = 1; day <= 3; day += 1) {
        if (day > 1) clock.advance(DAY_MS);
        for (const c of cases) {
          await signInDay(c, tabs.get(c) as Tab, day);
          if (day === 1) played.set(c, await play(c, tabs.get(c) as Tab));
        }
      }
      for (const c of cases) await claimAll(c, tabs.get(c) as Tab, played.get(c) as { before: number; spinsFrom: Date });
    } catch (err) {
      for (const [c, tab] of tabs) await tab.page.screenshot({ path: shotName(c, 'failure'), fullPage: true });
      throw err;
    } finally {
      for (const tab of tabs.values()) await tab.page.context().close();
    }
  }, 300_000);
});
