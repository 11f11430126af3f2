import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../src/db/schema.ts';
import { DomainError } from '../src/lib/domain-error.ts';
import type { LedgerService } from '../src/modules/ledger/ledger.service.ts';
import { createMember, createMerchant } from './factories.ts';

/**
 * A merchant with players and the system accounts the ledger tests use. Lives beside the tests that
 * share it; it only calls the ledger through its service.
 */
export async function createLedgerFixture(db: Kysely<DB>, ledger: LedgerService, options: { playerCount: number; currency?: string }) {
  const merchant = await createMerchant(db, { currency: options.currency ?? 'VND' });
  const currency = merchant.currency;
  const players = [];
  for (let i = 0; i < options.playerCount; i++) {
    const member = await createMember(db, merchant);
    const accounts = await ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId: member.id, currency });
    players.push({ member, main: accounts.player_main!.id, bonus: accounts.player_bonus!.id });
  }
  const system = {
    paymentClearing: (await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency })).id,
    houseRevenue: (await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'house_revenue', currency })).id,
    bonusPool: (await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'bonus_pool', currency })).id,
    escrow: (await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'stake_escrow', currency })).id,
  };
  return { merchant, currency, players, system };
}

export type LedgerFixture = Awaited<ReturnType<typeof createLedgerFixture>>;

export type LedgerAudit = {
  /** Sum of every entry per currency: zero in a double-entry ledger. */
  entrySumByCurrency: Map<string, number>;
  /** Member accounts whose stored balance differs from the sum of their entries. */
  driftedAccountIds: number[];
  negativeMemberAccountIds: number[];
  /** Member balances plus system entry sums per currency: zero when nothing was created or lost. */
  holdingsByCurrency: Map<string, number>;
  /** Transfers that do not have exactly one debit and one credit entry summing to zero. */
  unbalancedTransferIds: number[];
  /** Entries whose balance_after differs from balance_before + amount on member accounts. */
  brokenChainEntryIds: number[];
};

/** Checks the ledger's invariants straight from the tables, independently of the service. */
export async function auditLedger(db: Kysely<DB>): Promise<LedgerAudit> {
  const sums = await sql<{ currency: string; total: string }>`
    SELECT a.currency, coalesce(sum(e.amount), 0)::text AS total
      FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     GROUP BY a.currency`.execute(db);
  const drift = await sql<{ id: number }>`
    SELECT a.id FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
     WHERE NOT a.is_system AND a.balance <> coalesce(s.total, 0)`.execute(db);
  const negative = await sql<{ id: number }>`SELECT id FROM ledger_accounts WHERE NOT is_system AND balance < 0`.execute(db);
  const holdings = await sql<{ currency: string; total: string }>`
    SELECT currency, sum(total)::text AS total FROM (
      SELECT currency, balance AS total FROM ledger_accounts WHERE NOT is_system
      UNION ALL
      SELECT a.currency, e.amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.is_system
    ) h GROUP BY currency`.execute(db);
  const unbalanced = await sql<{ id: number }>`
    SELECT t.id FROM ledger_transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
     GROUP BY t.id, t.amount, t.debit_account_id, t.credit_account_id
    HAVING count(e.id) <> 2
        OR coalesce(sum(e.amount), 0) <> 0
        OR sum(CASE WHEN e.account_id = t.debit_account_id THEN e.amount END) <> -t.amount
        OR sum(CASE WHEN e.account_id = t.credit_account_id THEN e.amount END) <> t.amount`.execute(db);
  const chain = await sql<{ id: number }>`
    SELECT e.id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE NOT a.is_system AND (e.balance_before IS NULL OR e.balance_after IS NULL OR e.balance_after <> e.balance_before + e.amount)`.execute(
    db,
  );
  return {
    entrySumByCurrency: new Map(sums.rows.map((r) => [r.currency.trim(), Number(r.total)])),
    driftedAccountIds: drift.rows.map((r) => r.id),
    negativeMemberAccountIds: negative.rows.map((r) => r.id),
    holdingsByCurrency: new Map(holdings.rows.map((r) => [r.currency.trim(), Number(r.total)])),
    unbalancedTransferIds: unbalanced.rows.map((r) => r.id),
    brokenChainEntryIds: chain.rows.map((r) => r.id),
  };
}

/** The code of the domain error a call ends with, or 'ok'; any other error is rethrown. */
export async function errorCodeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
  return 'ok';
}

/** Every ledger invariant of `auditLedger`, for a ledger in VND. */
export async function expectCleanBooks(db: Kysely<DB>): Promise<void> {
  const audit = await auditLedger(db);
  // A ledger that has moved nothing yet has no VND rows to sum: that is balanced too.
  expect(audit.entrySumByCurrency.get('VND') ?? 0).toBe(0);
  expect(audit.holdingsByCurrency.get('VND') ?? 0).toBe(0);
  expect(audit.driftedAccountIds).toEqual([]);
  expect(audit.negativeMemberAccountIds).toEqual([]);
  expect(audit.unbalancedTransferIds).toEqual([]);
  expect(audit.brokenChainEntryIds).toEqual([]);
}
