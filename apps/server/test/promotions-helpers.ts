import type { PromotionInput } from '@platform/contracts/promotions';
import { DEMO_VENDOR_CODE } from '../src/modules/vendor-wallet/vendor-wallet.integrations.ts';
import type { TestApp } from './build-test-app.ts';
import { uniqueName } from './factories.ts';
import { nextTxId, vendorCall } from './vendor-helpers.ts';
import { createWalletWorld, type WalletWorld } from './wallet-fixture.ts';

export type PromoMember = Awaited<ReturnType<WalletWorld['member']>>;

/** A claim-button promotion: 100,000 bonus, 2× wagering on slots (live casino at half), max stake 50,000, 24 hours. */
export function promotionInput(overrides: Partial<PromotionInput> = {}): PromotionInput {
  return {
    code: uniqueName('P')
      .toUpperCase()
      .replace(/[^A-Z0-9_-]/g, '')
      .slice(0, 40),
    category: 'DAILY',
    titles: { vi: 'Thưởng mỗi ngày', en: 'Daily bonus' },
    bodies: { vi: 'Nhận thưởng 100.000.', en: 'Claim 100,000.' },
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    audience: {},
    trigger: 'claim',
    minDeposit: 0,
    amount: { kind: 'fixed', value: 100_000 },
    wagering: { multiple: 2, weights: { RNG: 100, LIVE: 50 } },
    maxStake: 50_000,
    maxConversion: null,
    expiryHours: 24,
    onWithdrawal: 'block',
    stackable: false,
    perMemberLimit: 1,
    ...overrides,
  };
}

/** A merchant, an operator, the promotions service, and a way to record settled rounds at the clock's time. */
export async function createPromoWorld(t: TestApp, clock: { now: Date }, options: { merchant?: { id: number; currency: string } } = {}) {
  const w = await createWalletWorld(t, options);
  const promotions = t.app.services.promotions;
  const adminId = await t.app.services.admins.createAdmin({
    merchantId: w.merchant.id,
    username: uniqueName('op'),
    password: 'Operator@2026',
    role: 'finance',
  });
  const op = { adminId, merchantId: w.merchant.id, ip: null };
  const principal = (m: PromoMember) => ({ memberId: m.id, merchantId: w.merchant.id, currency: w.currency });

  /** A settled real-money round of the member (the bet records a game's settlement writes). */
  async function play(m: PromoMember, category: string, stake: number, payout = 0) {
    await t.database.db
      .insertInto('bet_records')
      .values({
        merchant_id: w.merchant.id,
        member_id: m.id,
        username: m.username,
        vendor_code: 'DEMO',
        game_code: 'dice',
        game_category: category,
        round_id: uniqueName('round-'),
        currency: w.currency,
        status: 'settled',
        stake,
        payout,
        valid_bet: stake,
        win_loss: payout - stake,
        bet_count: 1,
        opened_at: clock.now,
        settled_at: clock.now,
        updated_at: clock.now,
      })
      .execute();
  }

  /**
   * A game of the member's through the seamless wallet, as the demo vendor calls it (signed at the
   * clock's time): each call answers the vendor's answer; `round` names a new round.
   */
  async function game(m: PromoMember, category = 'RNG') {
    const issued = await t.app.services.gameSessions.issue({
      memberId: m.id,
      merchantId: w.merchant.id,
      currency: w.currency,
      vendorCode: DEMO_VENDOR_CODE,
      gameCode: 'lucky-sevens',
      gameCategory: category,
      isTrial: false,
    });
    const base = { token: issued.token, gameCode: 'lucky-sevens' };
    const call = async (kind: string, body: Record<string, unknown>) =>
      (await vendorCall(t.app, kind, { ...base, ...body }, { timestampMs: clock.now.getTime() })).answer;
    return {
      round: () => nextTxId('round'),
      debit: (roundId: string, amount: number, transactionId = nextTxId('bet')) => call('debit', { roundId, transactionId, amount }),
      credit: (roundId: string, amount: number) => call('credit', { roundId, transactionId: nextTxId('win'), amount }),
      rollback: (roundId: string, referenceTransactionId: string) =>
        call('rollback', { roundId, transactionId: nextTxId('rb'), referenceTransactionId }),
      betWin: (roundId: string, betAmount: number, winAmount: number) =>
        call('bet-win', { roundId, transactionId: nextTxId('bw'), betAmount, winAmount }),
    };
  }

  return { w, promotions, op, principal, play, game };
}
