import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { depositsAdminRoutes } from './deposits.admin-routes.ts';
import { depositsRoutes, type PendingContractRequests, type VendorWalletsView } from './deposits.routes.ts';
import { createDepositsService, type DepositCreditedHook, type DepositGuard, type DepositsService } from './deposits.service.ts';
import { depositPolicySetting, walletModeSetting } from './deposits.settings.ts';
import { paymentCallbackRoutes } from './payment-callback.routes.ts';

export const DEPOSIT_RECHECK_JOB_NAME = 'deposit-recheck';

/**
 * Deposit channels and orders, the gateways' callbacks, the operator's review, and the job that
 * re-checks pending gateway orders.
 */
export function createDepositsModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  settings: SettingsService;
  /** The payments module's gateways. */
  gateways: readonly PaymentGateway[];
  publicUrl: string;
  now: () => Date;
  recheckCron: string;
  logger: JobLogger;
  /** Deposit limits and exclusions (responsible gaming), checked when a deposit is requested. */
  depositGuard?: DepositGuard | undefined;
  /** Transfer-style vendor wallets: the wallet mode and the total balance count them. */
  vendorWallets: VendorWalletsView;
  /** The contract requests waiting for the member's answer, for the consolidated funds call. */
  pendingContractRequests: PendingContractRequests;
  /** A deposit was credited, in its transaction (promotions). */
  onCredited?: DepositCreditedHook | undefined;
}): PlatformModule<'deposits', DepositsService> {
  const deposits = createDepositsService({
    db: deps.db,
    ledger: deps.ledger,
    settings: deps.settings,
    gateways: new Map(deps.gateways.map((g) => [g.code, g])),
    publicUrl: deps.publicUrl,
    now: deps.now,
    logger: deps.logger,
    onCredited: deps.onCredited,
    ...(deps.depositGuard ? { depositGuard: deps.depositGuard } : {}),
  });
  return {
    name: 'deposits',
    service: deposits,
    routes: async (app) => {
      await app.register(
        depositsRoutes({
          deposits,
          ledger: deps.ledger,
          settings: deps.settings,
          vendorWallets: deps.vendorWallets,
          pendingContractRequests: deps.pendingContractRequests,
        }),
      );
      await app.register(paymentCallbackRoutes(deposits));
    },
    adminRoutes: depositsAdminRoutes(deposits),
    jobs: (runner) =>
      runner.schedule(DEPOSIT_RECHECK_JOB_NAME, deps.recheckCron, async () => {
        const counts = await deposits.recheckPending();
        if (counts.checked > 0 || counts.expired > 0) deps.logger.info({ job: DEPOSIT_RECHECK_JOB_NAME, ...counts }, 'deposits re-checked');
      }),
    settings: [depositPolicySetting, walletModeSetting],
  };
}
