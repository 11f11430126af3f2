import { type Kysely, sql } from 'kysely';
import type { CurrencyConservation, DB, ReconciliationDifferenceKind } from '../../db/schema.ts';

/** The reconciliation job's reads and writes (`ledger.reconciliation.ts`). Every function takes the db or a transaction first. */

export type AccountSum = {
  id: number;
  currency: string;
  is_system: boolean;
  may_go_negative: boolean;
  balance: number;
  entries_sum: number;
};

/** Takes the job's advisory lock for the transaction, without waiting; false when another run holds it. */
export async function tryReconciliationLock(trx: Kysely<DB>, lockKey: number): Promise<boolean> {
  const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${lockKey}) AS locked`.execute(trx);
  return lock.rows[0]?.locked === true;
}

/** Every account with its stored balance and the sum of its entries, in id order. */
export async function findAccountSums(trx: Kysely<DB>): Promise<AccountSum[]> {
  const accounts = await sql<AccountSum>`
          SELECT a.id, a.currency, a.is_system, a.may_go_negative, a.balance,
                 COALESCE(e.entries_sum, 0)::bigint AS entries_sum
          FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, sum(amount) AS entries_sum FROM ledger_entries GROUP BY account_id) e
            ON e.account_id = a.id
          ORDER BY a.id`.execute(trx);
  return accounts.rows;
}

/** Sets a system account's stored balance to the sum of its entries. */
export async function rollUpSystemBalance(trx: Kysely<DB>, accountId: number, balance: number): Promise<void> {
  await trx
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance, version: eb('version', '+', 1) }))
    .where('id', '=', accountId)
    .where('is_system', '=', true)
    .execute();
}

export async function insertReconciliationRun(
  trx: Kysely<DB>,
  run: {
    startedAt: Date;
    finishedAt: Date;
    status: 'clean' | 'differences';
    accountsChecked: number;
    systemAccountsRolledUp: number;
    differenceCount: number;
    conservation: CurrencyConservation[];
    node: string | null;
  },
): Promise<{ id: number }> {
  return trx
    .insertInto('ledger_reconciliation_runs')
    .values({
      started_at: run.startedAt,
      finished_at: run.finishedAt,
      status: run.status,
      accounts_checked: run.accountsChecked,
      system_accounts_rolled_up: run.systemAccountsRolledUp,
      difference_count: run.differenceCount,
      conservation: JSON.stringify(run.conservation),
      node: run.node,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertReconciliationDifferences(
  trx: Kysely<DB>,
  runId: number,
  differences: readonly {
    kind: ReconciliationDifferenceKind;
    accountId: number | null;
    currency: string;
    expected: number;
    actual: number;
  }[],
): Promise<void> {
  await trx
    .insertInto('ledger_reconciliation_differences')
    .values(
      differences.map((d) => ({
        run_id: runId,
        kind: d.kind,
        account_id: d.accountId,
        currency: d.currency,
        expected: d.expected,
        actual: d.actual,
      })),
    )
    .execute();
}

/** The latest finished run (clean or with differences). */
export async function findLatestRun(db: Kysely<DB>) {
  return db
    .selectFrom('ledger_reconciliation_runs')
    .select(['id', 'finished_at', 'conservation'])
    .where('status', 'in', ['clean', 'differences'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function countDifferencesByKind(db: Kysely<DB>, runId: number) {
  return db
    .selectFrom('ledger_reconciliation_differences')
    .select(['kind', (eb) => eb.fn.countAll<string>().as('count')])
    .where('run_id', '=', runId)
    .groupBy('kind')
    .execute();
}
