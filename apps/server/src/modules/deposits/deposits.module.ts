import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobLogger, JobRunner } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { depositsAdminRoutes } from './deposits.admin-routes.ts';
import { depositsRoutes } from './deposits.routes.ts';
import { createDepositsService, type DepositGuard, type DepositsService } from './deposits.service.ts';
import { paymentCallbackRoutes } from './payment-callback.routes.ts';

export const DEPOSIT_RECHECK_JOB_NAME = 'deposit-recheck';

/** Builds the deposits service and schedules its re-check job (handlers run once the runner starts). */
export async function createDepositsModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  settings: SettingsService;
  gateways: readonly PaymentGateway[];
  publicUrl: string;
  now: () => Date;
  jobs: JobRunner;
  recheckCron: string;
  logger: JobLogger;
  depositGuard?: DepositGuard | undefined;
}): Promise<DepositsService> {
  const deposits = createDepositsService({
    db: deps.db,
    ledger: deps.ledger,
    settings: deps.settings,
    gateways: new Map(deps.gateways.map((g) => [g.code, g])),
    publicUrl: deps.publicUrl,
    now: deps.now,
    logger: deps.logger,
    ...(deps.depositGuard ? { depositGuard: deps.depositGuard } : {}),
  });
  await deps.jobs.schedule(DEPOSIT_RECHECK_JOB_NAME, deps.recheckCron, async () => {
    const counts = await deposits.recheckPending();
    if (counts.checked > 0 || counts.expired > 0) deps.logger.info({ job: DEPOSIT_RECHECK_JOB_NAME, ...counts }, 'deposits re-checked');
  });
  return deposits;
}

export async function registerDepositsRoutes(
  app: FastifyInstance,
  deps: { deposits: DepositsService; ledger: LedgerService; settings: SettingsService },
): Promise<void> {
  await app.register(depositsRoutes(deps));
  await app.register(depositsAdminRoutes(deps.deposits));
  await app.register(paymentCallbackRoutes(deps.deposits));
}
