import { type Kysely, sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { CurrencyConservation, DB, ReconciliationDifferenceKind } from '../../db/schema.ts';
import type { JobLogger, JobRunner } from '../jobs/job-runner.ts';

/**
 * Ledger reconciliation: member accounts keep an exact stored balance, which must equal the sum of
 * their entries; system accounts are not updated per transfer (they would be hot rows), so this job
 * rolls their stored balance up from their entries. Money is conserved when, per currency, all
 * entries sum to zero and, after the roll-up, all balances do too.
 */

export const RECONCILIATION_JOB_NAME = 'ledger-reconciliation';

export type ReconciliationDifference = {
  kind: ReconciliationDifferenceKind;
  accountId: number | null;
  currency: string;
  expected: number;
  actual: number;
};

export type ReconciliationResult = {
  runId: number;
  status: 'clean' | 'differences' | 'skipped';
  accountsChecked: number;
  systemAccountsRolledUp: number;
  differences: ReconciliationDifference[];
  conservation: CurrencyConservation[];
};

export type LedgerReconciliation = {
  run: () => Promise<ReconciliationResult>;
  /** Schedules the run on the job runner (once per slot across all nodes). */
  schedule: (jobs: JobRunner, cron: string) => Promise<void>;
};

type AccountSum = {
  id: number;
  currency: string;
  is_system: boolean;
  may_go_negative: boolean;
  balance: number;
  entries_sum: number;
};

/** Two runs at once (a manual run during a scheduled one) would race on the roll-up; one skips. */
const RECONCILIATION_LOCK_KEY = 7_310_001;

const DIFFERENCE_KINDS = ['member_balance', 'system_negative', 'entries_not_conserved', 'balances_not_conserved'] as const;

export function createLedgerReconciliation(deps: {
  db: Kysely<DB>;
  logger: JobLogger;
  metrics: Registry;
  node?: string;
}): LedgerReconciliation {
  const { db, logger } = deps;
  registerReconciliationMetrics(db, deps.metrics);

  async function run(): Promise<ReconciliationResult> {
    const startedAt = new Date();
    // Repeatable read: member balances, entries and the roll-up all come from one snapshot. The
    // try-lock is the first statement, so a run never waits and then works on a stale snapshot.
    const outcome = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const lock = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${RECONCILIATION_LOCK_KEY}) AS locked`.execute(trx);
        if (!lock.rows[0]?.locked) return undefined;

        const accounts = await sql<AccountSum>`
          SELECT a.id, a.currency, a.is_system, a.may_go_negative, a.balance,
                 COALESCE(e.entries_sum, 0)::bigint AS entries_sum
          FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, sum(amount) AS entries_sum FROM ledger_entries GROUP BY account_id) e
            ON e.account_id = a.id
          ORDER BY a.id`.execute(trx);

        const differences: ReconciliationDifference[] = [];
        const byCurrency = new Map<string, CurrencyConservation>();
        const rollUps: Array<{ id: number; balance: number }> = [];
        for (const account of accounts.rows) {
          const currency = account.currency;
          const sums = byCurrency.get(currency) ?? { currency, entriesSum: 0, balancesSum: 0 };
          byCurrency.set(currency, sums);
          sums.entriesSum += account.entries_sum;
          if (!account.is_system) {
            sums.balancesSum += account.balance;
            if (account.balance !== account.entries_sum) {
              differences.push({
                kind: 'member_balance',
                accountId: account.id,
                currency,
                expected: account.entries_sum,
                actual: account.balance,
              });
            }
            continue;
          }
          // A system account's stored balance becomes the sum of its entries.
          sums.balancesSum += account.entries_sum;
          if (account.entries_sum < 0 && !account.may_go_negative) {
            differences.push({ kind: 'system_negative', accountId: account.id, currency, expected: 0, actual: account.entries_sum });
            continue;
          }
          if (account.balance !== account.entries_sum) rollUps.push({ id: account.id, balance: account.entries_sum });
        }
        for (const rollUp of rollUps) {
          await trx
            .updateTable('ledger_accounts')
            .set((eb) => ({ balance: rollUp.balance, version: eb('version', '+', 1) }))
            .where('id', '=', rollUp.id)
            .where('is_system', '=', true)
            .execute();
        }
        const conservation = [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
        for (const sums of conservation) {
          if (sums.entriesSum !== 0) {
            differences.push({
              kind: 'entries_not_conserved',
              accountId: null,
              currency: sums.currency,
              expected: 0,
              actual: sums.entriesSum,
            });
          }
          if (sums.balancesSum !== 0) {
            differences.push({
              kind: 'balances_not_conserved',
              accountId: null,
              currency: sums.currency,
              expected: 0,
              actual: sums.balancesSum,
            });
          }
        }

        const status: 'clean' | 'differences' = differences.length === 0 ? 'clean' : 'differences';
        const runRow = await trx
          .insertInto('ledger_reconciliation_runs')
          .values({
            started_at: startedAt,
            finished_at: new Date(),
            status,
            accounts_checked: accounts.rows.length,
            system_accounts_rolled_up: rollUps.length,
            difference_count: differences.length,
            conservation: JSON.stringify(conservation),
            node: deps.node ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (differences.length > 0) {
          await trx
            .insertInto('ledger_reconciliation_differences')
            .values(
              differences.map((d) => ({
                run_id: runRow.id,
                kind: d.kind,
                account_id: d.accountId,
                currency: d.currency,
                expected: d.expected,
                actual: d.actual,
              })),
            )
            .execute();
        }
        return {
          runId: runRow.id,
          status,
          accountsChecked: accounts.rows.length,
          systemAccountsRolledUp: rollUps.length,
          differences,
          conservation,
        };
      });

    if (!outcome) {
      logger.info('ledger reconciliation skipped: another run holds the lock');
      return { runId: 0, status: 'skipped', accountsChecked: 0, systemAccountsRolledUp: 0, differences: [], conservation: [] };
    }
    for (const difference of outcome.differences) {
      logger.error({ runId: outcome.runId, ...difference }, 'ledger reconciliation difference');
    }
    logger.info(
      {
        runId: outcome.runId,
        status: outcome.status,
        accountsChecked: outcome.accountsChecked,
        systemAccountsRolledUp: outcome.systemAccountsRolledUp,
      },
      'ledger reconciliation finished',
    );
    return outcome;
  }

  return {
    run,
    schedule: (jobs, cron) =>
      jobs.schedule(RECONCILIATION_JOB_NAME, cron, async () => {
        await run();
      }),
  };
}

/**
 * The gauges read the latest run from the database when scraped, so every node shows the same
 * figures whichever node ran the job.
 */
function registerReconciliationMetrics(db: Kysely<DB>, registry: Registry): void {
  const latestRun = () =>
    db
      .selectFrom('ledger_reconciliation_runs')
      .select(['id', 'finished_at', 'conservation'])
      .where('status', 'in', ['clean', 'differences'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();

  new Gauge({
    name: 'ledger_reconciliation_differences',
    help: 'Differences found by the latest ledger reconciliation, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const run = await latestRun();
      if (!run) return;
      const counts = await db
        .selectFrom('ledger_reconciliation_differences')
        .select(['kind', (eb) => eb.fn.countAll<string>().as('count')])
        .where('run_id', '=', run.id)
        .groupBy('kind')
        .execute();
      for (const kind of DIFFERENCE_KINDS) {
        this.set({ kind }, Number(counts.find((c) => c.kind === kind)?.count ?? 0));
      }
    },
  });

  new Gauge({
    name: 'ledger_reconciliation_last_run_timestamp_seconds',
    help: 'When the latest ledger reconciliation finished (Unix time)',
    registers: [registry],
    async collect() {
      this.reset();
      const run = await latestRun();
      if (run?.finished_at) this.set(new Date(run.finished_at).getTime() / 1000);
    },
  });

  new Gauge({
    name: 'ledger_conservation_sum_minor',
    help: 'Sum per currency at the latest reconciliation; any value but zero means money was not conserved',
    labelNames: ['currency', 'sum'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const run = await latestRun();
      for (const sums of run?.conservation ?? []) {
        this.set({ currency: sums.currency, sum: 'entries' }, sums.entriesSum);
        this.set({ currency: sums.currency, sum: 'balances' }, sums.balancesSum);
      }
    },
  });
}
