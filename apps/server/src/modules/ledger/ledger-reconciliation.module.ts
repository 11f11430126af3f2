import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { DB } from '../../db/schema.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { PlatformModule } from '../module.ts';
import { createLedgerReconciliation, type LedgerReconciliation } from './ledger.reconciliation.ts';

/** The ledger's reconciliation: the scheduled check that stored balances equal their entries. */
export function createLedgerReconciliationModule(deps: {
  db: Kysely<DB>;
  logger: JobLogger;
  metrics: Registry;
  /** This server node, as the job runner names it. */
  node: string;
  cron: string;
}): PlatformModule<'ledgerReconciliation', LedgerReconciliation> {
  const reconciliation = createLedgerReconciliation(deps);
  return { name: 'ledgerReconciliation', service: reconciliation, jobs: (runner) => reconciliation.schedule(runner, deps.cron) };
}
