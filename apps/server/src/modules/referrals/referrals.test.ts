import type { ReferralRules } from '@platform/contracts/referrals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPlainPayloads, freshCaptcha, nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { BANK_CHANNEL_BODY } from '../../../test/deposits-helpers.ts';
import { uniqueName } from '../../../test/factories.ts';
import { errorCodeOf, expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { auth, createWalletWorld, type WalletWorld } from '../../../test/wallet-fixture.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { createReferralsService, DEFAULT_REFERRAL_RULES } from './referrals.service.ts';

const DAY = 24 * 3_600_000;
const clock = { now: new Date('2026-11-20T03:00:00Z') };
const later = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

let t: TestApp;
let w: WalletWorld;
let operator: AdminPrincipal;
let channelId: number;

type Registered = { id: number; token: string; username: string };

/** Registers through the real call, from `ip` with the browser `userAgent`; answers the new member. */
async function register(codes: { referralCode?: string; affiliateCode?: string }, from = { ip: nextIp(), userAgent: 'Browser A' }) {
  const username = uniqueName('u').slice(0, 12);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    headers: { 'x-forwarded-for': from.ip, 'user-agent': from.userAgent },
    payload: {
      username,
      password: 'secret123',
      confirmPassword: 'secret123',
      agreement: true,
      ...(await freshCaptcha(t.app, t.database.db, from.ip)),
      ...codes,
    },
  });
  return { res, username };
}

async function registered(codes: { referralCode?: string; affiliateCode?: string }, from?: { ip: string; userAgent: string }) {
  const { res, username } = await register(codes, from);
  expect(res.statusCode, res.body).toBe(200);
  const value = res.json().value as { customerId: number; token: string };
  return { id: value.customerId, token: value.token, username } satisfies Registered;
}

async function summaryOf(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/wps/member/referral', headers: { ...auth(token), lang: 'en' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { code: string; invited: number; qualified: number; earned: number; pending: number };
}

async function parentOf(memberId: number) {
  return (await t.database.db.selectFrom('members').select('parent_id').where('id', '=', memberId).executeTakeFirstOrThrow()).parent_id;
}

async function referralOf(inviteeId: number) {
  return t.database.db.selectFrom('referrals').selectAll().where('invitee_id', '=', inviteeId).executeTakeFirst();
}

async function setRules(rules: Partial<ReferralRules>) {
  await t.app.services.referrals.admin.setRules(
    { adminId: operator.adminId, merchantId: w.merchant.id, ip: null },
    { ...DEFAULT_REFERRAL_RULES, ...rules },
  );
}

/** A bank-transfer deposit the operator confirms: the deposits module's real crediting path and its hook. */
async function deposit(member: Registered, amount: number) {
  const order = await t.app.services.deposits.createOrder(
    { memberId: member.id, merchantId: w.merchant.id, currency: w.currency } as never,
    { channelId, amount },
    null,
  );
  await t.app.services.deposits.confirmOrder(operator, order.id, {}, null);
}

/** A settled real-money round of the member, then the rollups brought up to it. */
async function play(member: Registered, validBet: number) {
  await t.database.db
    .insertInto('bet_records')
    .values({
      merchant_id: w.merchant.id,
      member_id: member.id,
      username: member.username,
      vendor_code: 'DEMO',
      game_code: 'dice',
      game_category: 'RNG',
      round_id: uniqueName('round-'),
      currency: w.currency,
      status: 'settled',
      stake: validBet,
      payout: 0,
      valid_bet: validBet,
      win_loss: -validBet,
      bet_count: 1,
      opened_at: clock.now,
      settled_at: clock.now,
      updated_at: clock.now,
    })
    .execute();
}

async function rewardsOf(memberId: number) {
  return t.database.db.selectFrom('referral_rewards').selectAll().where('member_id', '=', memberId).execute();
}

function claim(member: Registered, rewardId: number) {
  return t.app.inject({
    method: 'POST',
    url: `/wps/member/referral/rewards/${rewardId}/claim`,
    headers: { ...auth(member.token), 'x-forwarded-for': nextIp(), lang: 'en' },
  });
}

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' }, { now: () => new Date(clock.now.getTime()) });
  w = await createWalletWorld(t);
  await allowPlainPayloads(t.app, w.merchant.id);
  const adminId = await t.app.services.admins.createAdmin({
    merchantId: w.merchant.id,
    username: uniqueName('op'),
    password: 'Operator@2026',
    role: 'finance',
  });
  operator = { sessionId: 0, adminId, merchantId: w.merchant.id, username: 'op', role: 'finance', permissions: new Set() };
  channelId = (await t.app.services.deposits.createChannel(operator, BANK_CHANNEL_BODY as never, null)).id;
});

afterAll(async () => {
  await t.close();
});

describe('codes at registration', () => {
  it("accepts a player's referral code and an agent's invitation code, each for what it is", async () => {
    const agent = await w.member({ accountType: 1 });
    const otherAgent = await w.member({ accountType: 1 });
    await t.database.db
      .insertInto('affiliate_codes')
      .values({ merchant_id: w.merchant.id, member_id: otherAgent.id, code: 'AGENT777' })
      .execute();
    // The referrer is a player in the agent's team; its code has ten characters, the agent's eight.
    const referrer = await w.member({ parentId: agent.id });
    const { code } = await summaryOf(await w.token(referrer.id));
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect((await summaryOf(await w.token(referrer.id))).code).toBe(code);

    // A player's code alone: the friend is the referrer's invitee, under the referrer's agent.
    const friend = await registered({ referralCode: code.toLowerCase() });
    expect(await parentOf(friend.id)).toBe(agent.id);
    expect(await referralOf(friend.id)).toMatchObject({ referrer_id: referrer.id, code, status: 'registered' });

    // Both codes: the agent's code places the member, the player's code still makes the invite.
    const both = await registered({ referralCode: code, affiliateCode: 'AGENT777' });
    expect(await parentOf(both.id)).toBe(otherAgent.id);
    expect(await referralOf(both.id)).toMatchObject({ referrer_id: referrer.id });

    // An agent's code in `referralCode` (the spec's link parameter) is read as an invitation code, as before.
    const viaAgentLink = await registered({ referralCode: 'AGENT777' });
    expect(await parentOf(viaAgentLink.id)).toBe(otherAgent.id);
    expect(await referralOf(viaAgentLink.id)).toBeUndefined();

    // A referral code nobody holds beside an invitation code is refused, and nothing is made.
    const before = await t.database.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const { res } = await register({ referralCode: 'NOSUCHCODE', affiliateCode: 'AGENT777' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'referral_code_invalid' });
    const after = await t.database.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    expect((await summaryOf(await w.token(referrer.id))).invited).toBe(2);
  });

  it('gives codes to real players only', async () => {
    const agent = await w.member({ accountType: 1 });
    const trial = await w.member({ accountType: 4 });
    const asAgent = await t.app.inject({
      method: 'GET',
      url: '/wps/member/referral',
      headers: { ...auth(await w.token(agent.id)), lang: 'en' },
    });
    expect(asAgent.statusCode).toBe(403);
    expect(asAgent.json()).toMatchObject({ code: 'referral_players_only', message: expect.stringContaining('agent centre') });
    const asTrial = await t.app.inject({
      method: 'GET',
      url: '/wps/member/referral',
      headers: { ...auth(await w.token(trial.id)), lang: 'en' },
    });
    expect(asTrial.json().code).toBe('in_need_true_account');
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/referral' })).statusCode).toBe(401);
  });
});

describe('qualification and rewards', () => {
  it('qualifies an invitee once, whatever the repetition, concurrency or restart, and pays each reward once', async () => {
    await setRules({ minFirstDeposit: 100_000, minValidBet: 200_000, withinDays: 7, referrerReward: 50_000, inviteeReward: 10_000 });
    const referrer = await registered({}, { ip: nextIp(), userAgent: 'Phone R' });
    const { code } = await summaryOf(referrer.token);
    const friend = await registered({ referralCode: code }, { ip: nextIp(), userAgent: 'Phone F' });

    // A deposit alone is not enough: the valid bet is missing.
    await deposit(friend, 150_000);
    await deposit(friend, 500_000);
    expect(await referralOf(friend.id)).toMatchObject({ first_deposit: expect.anything(), status: 'registered' });
    expect(Number((await referralOf(friend.id))?.first_deposit)).toBe(150_000);
    await t.app.services.referrals.evaluate();
    expect((await referralOf(friend.id))?.status).toBe('registered');

    await play(friend, 120_000);
    later(DAY);
    // A day later the sessions have idled out: both sign in again.
    referrer.token = await w.token(referrer.id);
    friend.token = await w.token(friend.id);
    await play(friend, 80_000);
    // Many evaluations at once (the job, the referrer's page, the friend's rewards) and a second
    // service on the same database, as after a restart.
    const restarted = createReferralsService({
      db: t.database.db,
      ledger: t.app.services.ledger,
      now: () => clock.now,
      logger: { info: () => {}, warn: () => {}, error: () => {} },
      timeZoneOf: () => Promise.resolve('Asia/Ho_Chi_Minh'),
      rollups: { gameDays: (f) => t.app.services.dailyStats.gameDays(f), refresh: () => t.app.services.dailyStats.refresh() },
      identityLinks: async () => [],
      addWagering: async () => undefined,
      assertNotExcluded: async () => undefined,
    });
    await Promise.all([
      t.app.services.referrals.evaluate(),
      t.app.services.referrals.evaluate({ referrerId: referrer.id }),
      t.app.services.referrals.pendingRewards(friend.id),
      restarted.evaluate(),
      restarted.evaluate({ inviteeId: friend.id }),
    ]);
    await t.app.services.referrals.evaluate();
    expect((await referralOf(friend.id))?.status).toBe('qualified');
    const [mine] = await rewardsOf(referrer.id);
    expect(await rewardsOf(referrer.id)).toHaveLength(1);
    expect(await rewardsOf(friend.id)).toHaveLength(1);
    expect(mine).toMatchObject({ status: 'pending', role: 'referrer' });
    // Decided once: one qualification in the audit log, whoever else looked at the invite meanwhile.
    const decisions = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'referral.qualified')
      .where('subject_id', '=', String(friend.id))
      .execute();
    expect(decisions).toHaveLength(1);

    // The list shows the friend as qualified with the reward; the summary counts it as waiting.
    const list = await t.app.inject({ method: 'GET', url: '/wps/member/referral/invitees', headers: auth(referrer.token) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value.list).toEqual([expect.objectContaining({ status: 'qualified', reward: 50_000, refusal: null })]);
    expect(await summaryOf(referrer.token)).toMatchObject({ invited: 1, qualified: 1, pending: 50_000, earned: 0 });

    // Claimed twice at once: one payment, and both answers name it.
    const before = (await w.balances(referrer.id)).main;
    const answers = await Promise.all([claim(referrer, Number(mine!.id)), claim(referrer, Number(mine!.id))]);
    for (const answer of answers) expect(answer.json().value).toMatchObject({ id: Number(mine!.id), amount: 50_000 });
    expect((await w.balances(referrer.id)).main).toBe(before + 50_000);
    expect((await claim(referrer, Number(mine!.id))).statusCode).toBe(200);
    expect((await w.balances(referrer.id)).main).toBe(before + 50_000);
    expect((await referralOf(friend.id))?.status).toBe('rewarded');
    expect(await summaryOf(referrer.token)).toMatchObject({ pending: 0, earned: 50_000 });
    const transfers = await t.database.db
      .selectFrom('ledger_transfers')
      .select('id')
      .where('reference_type', '=', 'referral_reward')
      .where('reference_id', '=', String(mine!.id))
      .execute();
    expect(transfers).toHaveLength(1);
    // The reward carries its wagering (one times the amount by default).
    expect(await t.app.services.wagering.remaining({ memberId: referrer.id, currency: w.currency })).toBe(50_000);

    // The friend's own reward is the friend's to claim, not the referrer's.
    const [theirs] = await rewardsOf(friend.id);
    expect((await claim(referrer, Number(theirs!.id))).json().code).toBe('referral_reward_not_found');
    expect((await claim(friend, Number(theirs!.id))).statusCode).toBe(200);
    await expectCleanBooks(t.database.db);
  });

  it('rewards no one inside one identity cluster, and tells a shared address from a shared device', async () => {
    await setRules({ minFirstDeposit: 100_000, minValidBet: 0, withinDays: 7, referrerReward: 50_000, inviteeReward: 0 });
    const ip = nextIp();
    const referrer = await registered({}, { ip, userAgent: 'Phone R' });
    const { code } = await summaryOf(referrer.token);
    // Same address and same browser: the same device. Same address, another browser: a friend on the same network.
    const sameDevice = await registered({ referralCode: code }, { ip, userAgent: 'Phone R' });
    const sameNetwork = await registered({ referralCode: code }, { ip, userAgent: 'Phone N' });
    await deposit(sameDevice, 100_000);
    await deposit(sameNetwork, 100_000);
    await t.app.services.referrals.evaluate({ referrerId: referrer.id });
    expect(await referralOf(sameDevice.id)).toMatchObject({ status: 'not_eligible', refusal: 'same_identity' });
    expect(await referralOf(sameNetwork.id)).toMatchObject({ status: 'qualified', refusal: null });
    expect((await rewardsOf(referrer.id)).map((r) => Number(r.invitee_id))).toEqual([sameNetwork.id]);

    // An operator who counts a shared address too: the next friend from it earns nothing.
    await setRules({ minFirstDeposit: 100_000, minValidBet: 0, identitySignals: ['ip'] });
    const third = await registered({ referralCode: code }, { ip, userAgent: 'Phone T' });
    await deposit(third, 100_000);
    await t.app.services.referrals.evaluate();
    expect(await referralOf(third.id)).toMatchObject({ status: 'not_eligible', refusal: 'same_identity' });
    expect(await rewardsOf(referrer.id)).toHaveLength(1);
  });

  it('expires an invite whose first deposit is too small or whose days ran out, and stops at the cap', async () => {
    await setRules({ minFirstDeposit: 100_000, minValidBet: 0, withinDays: 2, maxRewardsPerReferrer: 1 });
    const referrer = await registered({});
    const { code } = await summaryOf(referrer.token);
    const small = await registered({ referralCode: code });
    const late = await registered({ referralCode: code });
    const first = await registered({ referralCode: code });
    const second = await registered({ referralCode: code });
    await deposit(small, 60_000);
    await deposit(small, 200_000);
    await deposit(first, 100_000);
    await deposit(second, 100_000);
    await t.app.services.referrals.evaluate();
    expect(await referralOf(first.id)).toMatchObject({ status: 'qualified' });
    expect(await referralOf(second.id)).toMatchObject({ status: 'not_eligible', refusal: 'cap_reached' });
    expect((await referralOf(small.id))?.status).toBe('registered');
    later(3 * DAY);
    await deposit(late, 500_000);
    await t.app.services.referrals.evaluate();
    expect((await referralOf(small.id))?.status).toBe('expired');
    expect((await referralOf(late.id))?.status).toBe('expired');
    expect(await rewardsOf(referrer.id)).toHaveLength(1);
  });
});

describe('operator calls', () => {
  it('reads and writes the rules under the promotion permissions, and lists the invites', async () => {
    const finance = await loginAdmin(t.app, 'finance');
    const support = await loginAdmin(t.app, 'support');
    const content = await loginAdmin(t.app, 'content');
    const rules = { ...DEFAULT_REFERRAL_RULES, referrerReward: 70_000, withinDays: 14 };
    const put = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/admin-api/referrals/rules', headers: { ...headers, lang: 'en' }, payload });
    expect((await put(support.headers, rules)).statusCode).toBe(403);
    const bad = await put(finance.headers, { ...rules, withinDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).not.toMatch(/withinDays/);
    expect((await put(finance.headers, rules)).json().value.rules).toEqual(rules);
    const read = await t.app.inject({ method: 'GET', url: '/admin-api/referrals/rules', headers: support.headers });
    expect(read.json().value.rules).toEqual(rules);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/referrals/rules', headers: content.headers })).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/admin-api/referrals?status=qualified', headers: support.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().value.list.length).toBeGreaterThan(0);
    expect(list.json().value.list.every((r: { status: string }) => r.status === 'qualified')).toBe(true);
    expect(
      await errorCodeOf(t.app.services.referrals.claim({ memberId: 1, merchantId: w.merchant.id } as never, 999_999, { ip: null })),
    ).toBe('referral_reward_not_found');
  });
});

describe('with the loyalty modules', () => {
  it('pays the points rule of a qualified invite once and lists its rewards in the rewards centre, claimed there once', async () => {
    await setRules({ minFirstDeposit: 100_000, minValidBet: 100_000, withinDays: 7, referrerReward: 30_000, inviteeReward: 5_000 });
    await t.app.services.points.admin.rules.create(
      { adminId: operator.adminId, merchantId: w.merchant.id, ip: '127.0.0.1' },
      {
        ruleKey: uniqueName('invite')
          .toLowerCase()
          .replaceAll(/[^a-z0-9_-]/g, '')
          .slice(0, 40),
        event: 'referral_qualified',
        amount: 700,
        dailyCap: null,
        streakDays: null,
        minDeposit: null,
        category: null,
        validBetMin: null,
        isEnabled: true,
      },
    );
    const referrer = await registered({}, { ip: nextIp(), userAgent: 'Tablet R' });
    const { code } = await summaryOf(referrer.token);
    const friend = await registered({ referralCode: code }, { ip: nextIp(), userAgent: 'Tablet F' });
    const pointsBefore = await t.app.services.points.balanceOf({ memberId: referrer.id });
    await deposit(friend, 200_000);
    await play(friend, 150_000);
    await Promise.all([t.app.services.referrals.evaluate(), t.app.services.referrals.evaluate({ inviteeId: friend.id })]);
    await t.app.services.referrals.evaluate();
    expect((await referralOf(friend.id))?.status).toBe('qualified');
    expect(await t.app.services.points.balanceOf({ memberId: referrer.id })).toBe(pointsBefore + 700);

    // The friend's welcome reward is in the rewards centre; a claim there pays it once.
    const listed = await t.app.inject({ method: 'GET', url: '/wps/member/rewards', headers: { ...auth(friend.token), lang: 'en' } });
    expect(listed.statusCode, listed.body).toBe(200);
    const item = (listed.json().value.list as { key: string; source: string; amount: number | null }[]).find(
      (r) => r.source === 'referral',
    );
    expect(item).toMatchObject({ amount: 5_000 });
    const before = (await w.balances(friend.id)).main;
    const claimOnce = () =>
      t.app.inject({
        method: 'POST',
        url: '/wps/member/rewards/claim',
        headers: { ...auth(friend.token), 'x-forwarded-for': nextIp(), lang: 'en' },
        payload: { key: item?.key },
      });
    const answers = await Promise.all([claimOnce(), claimOnce()]);
    expect(answers.map((a) => a.statusCode)).toContain(200);
    expect((await w.balances(friend.id)).main).toBe(before + 5_000);
    const after = await t.app.inject({ method: 'GET', url: '/wps/member/rewards', headers: { ...auth(friend.token), lang: 'en' } });
    expect((after.json().value.list as { source: string }[]).some((r) => r.source === 'referral')).toBe(false);
    await expectCleanBooks(t.database.db);
  });
});
