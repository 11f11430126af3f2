import { createDemoVendor, type DemoVendor } from '@platform/demo-vendor/demo-vendor';
import { renderGamePage } from '@platform/demo-vendor/game-page';
import { DEMO_GAMES } from '@platform/games/demo-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createGamePlayer, type GamePlayer } from '../../../test/vendor-helpers.ts';
import {
  DEMO_TRANSFER_VENDOR_CODE,
  DEMO_VENDOR_CODE,
  DEV_DEMO_TRANSFER_VENDOR_SECRET,
  DEV_DEMO_VENDOR_SECRET,
  LAUNCH_URL_TTL_MS,
} from './vendor-wallet.integrations.ts';

// The demo vendor runs in-process on a random port and calls the app over real HTTP, as a third
// party would; the test drives it only through its HTTP endpoints, like the game page does.
let t: TestApp;
let vendor: DemoVendor;
let vendorUrl: string;
let clockOffsetMs = 0;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(Date.now() + clockOffsetMs) });
  const platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  vendor = createDemoVendor({
    platformUrl,
    seamlessSecret: DEV_DEMO_VENDOR_SECRET,
    transferSecret: DEV_DEMO_TRANSFER_VENDOR_SECRET,
    siteOrigins: ['https://site.example'],
  });
  vendorUrl = await vendor.listen(0);
  for (const [vendorCode, walletStyle, apiSecret] of [
    [DEMO_VENDOR_CODE, 'seamless', DEV_DEMO_VENDOR_SECRET],
    [DEMO_TRANSFER_VENDOR_CODE, 'transfer', DEV_DEMO_TRANSFER_VENDOR_SECRET],
  ] as const) {
    await t.app.services.vendorWallet.integrations.ensure({
      vendorCode,
      walletStyle,
      apiSecret,
      apiBaseUrl: walletStyle === 'transfer' ? vendorUrl : null,
      launchBaseUrl: vendorUrl,
      isEnabled: true,
    });
  }
});
afterAll(async () => {
  await vendor.close();
  await t.close();
});

function launchUrlOf(player: GamePlayer, gameCode: string) {
  return t.app.services.vendorWallet.buildLaunchUrl({
    vendorCode: DEMO_VENDOR_CODE,
    gameCode,
    token: player.token,
    language: 'en',
    username: player.username,
    currency: player.currency,
    returnUrl: 'https://site.example/rng',
    isTrial: false,
  });
}

async function openGame(url: string) {
  const res = await fetch(url);
  const html = await res.text();
  return { res, html, session: /data-session="([^"]+)"/.exec(html)?.[1] };
}

async function post(path: string, body: unknown) {
  const res = await fetch(`${vendorUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the demo vendor', () => {
  it('opens a game only from a launch URL signed for it, with a frame policy for the site and no inline code', async () => {
    const player = await createGamePlayer(t.app, t.database.db);
    const url = await launchUrlOf(player, 'lucky-sevens');
    const opened = await openGame(url);
    expect(opened.res.status).toBe(200);
    expect(opened.session).toBeTruthy();
    const csp = opened.res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self' https://site.example");
    expect(csp).toContain("script-src 'self'");
    expect(opened.html).not.toMatch(/<script>|<style>|style="/);
    expect(opened.html).toContain('src="/static/game.js"');
    expect((await fetch(`${vendorUrl}/static/game.js`)).headers.get('content-type')).toContain('javascript');

    const tampered = new URL(url);
    tampered.searchParams.set('user', 'someone-else');
    expect((await fetch(tampered)).status).toBe(403);
    const otherGame = url.replace('/game/lucky-sevens', '/game/fruit-spin');
    expect((await fetch(otherGame)).status).toBe(403);
    const unsigned = new URL(url);
    unsigned.searchParams.delete('sig');
    expect((await fetch(unsigned)).status).toBe(403);
    clockOffsetMs = -LAUNCH_URL_TTL_MS - 60_000;
    const stale = await launchUrlOf(player, 'lucky-sevens');
    clockOffsetMs = 0;
    expect((await fetch(stale)).status).toBe(403);
    expect((await post('/game/lucky-sevens/spin', { session: 'made-up', stake: 1 })).status).toBe(401);
  });

  it("words a table game's choices in the player's language (the round still sends the code)", () => {
    const page = (language: string) =>
      renderGamePage({ game: DEMO_GAMES['dragon-dice'], sessionId: 's', currency: 'VND', language, returnUrl: 'https://site.example/' });
    const vi = page('vi');
    expect(vi).toContain('<html lang="vi">');
    expect(vi).toContain('value="BIG" checked> Tài</label>');
    expect(vi).toContain('value="SMALL"> Xỉu</label>');
    expect(page('en')).toContain('value="SEVEN"> Seven</label>');
  });

  it('plays 100 slot rounds end to end; the bet records and the balance agree with every round', async () => {
    const player = await createGamePlayer(t.app, t.database.db, { balance: 100_000 });
    const { session } = await openGame(await launchUrlOf(player, 'lucky-sevens'));
    const start = await post('/game/lucky-sevens/balance', { session });
    expect(start.body.balance).toBe(100_000);
    let expected = 100_000;
    let payoutSum = 0;
    let validBetSum = 0;
    const roundIds = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const spin = await post('/game/lucky-sevens/spin', { session, stake: 100 });
      expect(spin.body.status).toBe('OK');
      const payout = spin.body.payout as number;
      expected += payout - 100;
      payoutSum += payout;
      if (payout !== 100) validBetSum += 100;
      expect(spin.body.balance).toBe(expected);
      roundIds.add(spin.body.roundId as string);
    }
    expect(roundIds.size).toBe(100);
    const balances = await t.app.services.ledger.memberBalances({ memberId: player.memberId, currency: player.currency });
    expect([balances.main, balances.locked]).toEqual([expected, 0]);
    const rows = await t.database.db.selectFrom('bet_records').selectAll().where('member_id', '=', player.memberId).execute();
    expect(rows).toHaveLength(100);
    expect(rows.every((r) => r.status === 'settled' && r.vendor_code === DEMO_VENDOR_CODE && r.game_category === 'RNG')).toBe(true);
    // Each round keeps what the reels showed, as the vendor reported it with the win.
    expect(rows.every((r) => r.outcome?.kind === 'reels' && r.outcome.reels.length === 3)).toBe(true);
    expect(rows.reduce((s, r) => s + Number(r.stake), 0)).toBe(10_000);
    expect(rows.reduce((s, r) => s + Number(r.payout), 0)).toBe(payoutSum);
    expect(rows.reduce((s, r) => s + Number(r.valid_bet), 0)).toBe(validBetSum);
    expect(rows.reduce((s, r) => s + Number(r.win_loss), 0)).toBe(expected - 100_000);
    // The account record's profit and loss files the rounds under their game category, not OTHER.
    const { token } = await t.app.services.sessions.create(player.memberId);
    const profit = await t.app.inject({ method: 'GET', url: '/wps/member/records/profit', headers: { authorization: `Bearer ${token}` } });
    expect(profit.json().value.categories).toEqual([
      { gameCategory: 'RNG', betAmount: 10_000, winAmount: payoutSum, rebateAmount: 0, profit: expected - 100_000 },
    ]);
    const audit = await auditLedger(t.database.db);
    expect(audit.driftedAccountIds).toEqual([]);
    expect([...audit.holdingsByCurrency.values()].every((v) => v === 0)).toBe(true);
  });

  it('plays a table game with bet-and-win and refuses a stake the player cannot cover', async () => {
    const player = await createGamePlayer(t.app, t.database.db, { balance: 500, gameCode: 'dragon-dice', gameCategory: 'TABLE' });
    const { session } = await openGame(await launchUrlOf(player, 'dragon-dice'));
    const spin = await post('/game/dragon-dice/spin', { session, stake: 100, choice: 'SEVEN' });
    expect(spin.body.status).toBe('OK');
    expect(spin.body.balance).toBe(400 + (spin.body.payout as number));
    const [round] = await t.database.db.selectFrom('bet_records').select('outcome').where('member_id', '=', player.memberId).execute();
    expect(round?.outcome).toMatchObject({ kind: 'dice', bet: 'SEVEN', dice: (spin.body.outcome as { dice: number[] }).dice });
    const tooMuch = await post('/game/dragon-dice/spin', { session, stake: 100_000, choice: 'BIG' });
    expect(tooMuch.body.status).toBe('INSUFFICIENT_FUNDS');
    expect((await post('/game/dragon-dice/spin', { session, stake: -5 })).status).toBe(400);
  });
});
