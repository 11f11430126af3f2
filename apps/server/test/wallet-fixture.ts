import { randomBytes } from 'node:crypto';
import type { TestApp } from './build-test-app.ts';
import { createMember, createMerchant } from './factories.ts';

/**
 * A merchant with its system accounts and helpers to make members, fund them through the ledger
 * service and log them in. Used by the records, transfers, responsible-gaming and admin-money tests.
 */
export async function createWalletWorld(t: TestApp, options: { currency?: string; merchant?: { id: number; currency: string } } = {}) {
  const db = t.database.db;
  const ledger = t.app.services.ledger;
  // A new merchant, or the site's own (`merchants.current()`) for a test that goes through operator routes.
  const merchant = options.merchant ?? (await createMerchant(db, { currency: options.currency ?? 'VND' }));
  const currency = merchant.currency;
  const system = {
    paymentClearing: (await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency })).id,
    houseRevenue: (await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'house_revenue', currency })).id,
    bonusPool: (await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'bonus_pool', currency })).id,
  };

  async function member(overrides: { accountType?: number; parentId?: number | null; username?: string } = {}) {
    const created = await createMember(db, merchant, overrides);
    const accounts = await ledger.ensureMemberAccounts({
      merchantId: merchant.id,
      memberId: created.id,
      currency,
      kinds: ['player_main', 'player_bonus', 'agent_main'],
    });
    return {
      ...created,
      accounts: { main: accounts.player_main!.id, bonus: accounts.player_bonus!.id, agent: accounts.agent_main!.id },
    };
  }

  /** Money in from outside (a deposit to main, or a credit to another wallet). */
  async function fund(
    accounts: { main: number; bonus: number; agent: number },
    amount: number,
    wallet: 'main' | 'bonus' | 'agent' = 'main',
  ) {
    const code = wallet === 'main' ? 'deposit' : wallet === 'bonus' ? 'promotion' : 'agent_commission';
    const from = wallet === 'bonus' ? system.bonusPool : wallet === 'agent' ? system.houseRevenue : system.paymentClearing;
    return ledger.transfer({
      fromAccountId: from,
      toAccountId: accounts[wallet],
      amount,
      code,
      idempotencyKey: `fund:${randomBytes(8).toString('hex')}`,
    });
  }

  async function balances(memberId: number) {
    return ledger.memberBalances({ memberId, currency });
  }

  async function token(memberId: number): Promise<string> {
    return (await t.app.services.sessions.create(memberId)).token;
  }

  return { merchant, currency, system, member, fund, balances, token };
}

export type WalletWorld = Awaited<ReturnType<typeof createWalletWorld>>;

export function auth(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A fresh client request id. */
export function requestId(): string {
  return `req_${randomBytes(8).toString('hex')}`;
}
