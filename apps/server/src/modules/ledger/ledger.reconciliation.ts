import type { Kysely } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { CurrencyConservation, DB, ReconciliationDifferenceKind } from '../../db/schema.ts';
import type { JobLogger, JobRunner } from '../jobs/job-runner.ts';
import * as repo from './ledger.reconciliation.repository.ts';

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
        if (!(await repo.tryReconciliationLock(trx, RECONCILIATION_LOCK_KEY))) return undefined;

        const accounts = await repo.findAccountSums(trx);

        const differences: ReconciliationDifference[] = [];
        const byCurrency = new Map<string, CurrencyConservation>();
        const rollUps: Array<{ id: number; balance: number }> = [];
        for (const account of accounts) {
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
          await repo.rollUpSystemBalance(trx, rollUp.id, rollUp.balance);
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
        const runRow = await repo.insertReconciliationRun(trx, {
          startedAt,
          finishedAt: new Date(),
          status,
          accountsChecked: accounts.length,
          systemAccountsRolledUp: rollUps.length,
          differenceCount: differences.length,
          conservation,
          node: deps.node ?? null,
        });
        if (differences.length > 0) await repo.insertReconciliationDifferences(trx, runRow.id, differences);
        return {
          runId: runRow.id,
          status,
          accountsChecked: accounts.length,
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
  const latestRun = () => repo.findLatestRun(db);

  new Gauge({
    name: 'ledger_reconciliation_differences',
    help: 'Differences found by the latest ledger reconciliation, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const run = await latestRun();
      if (!run) return;
      const counts = await repo.countDifferencesByKind(db, run.id);
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
