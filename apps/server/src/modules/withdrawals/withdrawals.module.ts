import fastifyMultipart from '@fastify/multipart';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { MULTIPART_LIMITS } from '../../lib/image-upload.ts';
import type { BankCardsService } from '../bank-cards/bank-cards.service.ts';
import type { PaymentPasswordService } from '../bank-cards/payment-password.service.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { WageringService } from './wagering.service.ts';
import { withdrawalsAdminRoutes } from './withdrawals.admin-routes.ts';
import { autoApprovalSetting } from './withdrawals.auto-approval.ts';
import { hasOpenOnCard } from './withdrawals.repository.ts';
import { withdrawalsRoutes } from './withdrawals.routes.ts';
import { AUTO_CONFIRM_CRON, AUTO_CONFIRM_JOB_NAME, createWithdrawalsService, type WithdrawalsService } from './withdrawals.service.ts';
import { withdrawalRulesSetting } from './withdrawals.settings.ts';

/**
 * What the withdrawals module tells the bank-cards module: a card that a withdrawal still being
 * processed uses cannot be removed. It reads only withdrawals' own table, so it needs no instance
 * and the bank-cards module (built before this one) can be given it directly.
 */
export const isCardInUseByWithdrawal = (cardId: number, trx: Transaction<DB>): Promise<boolean> => hasOpenOnCard(trx, cardId);

/**
 * Withdrawal requests, review, payout and receipt confirmation, and the job that confirms receipt
 * when the member does not. Uses the bank cards, the payment password, wagering and identity checks
 * through their modules' services.
 */
export function createWithdrawalsModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  settings: SettingsService;
  bankCards: BankCardsService;
  paymentPasswords: PaymentPasswordService;
  wagering: WageringService;
  kyc: KycService;
  autoApprovalFacts: Parameters<typeof createWithdrawalsService>[0]['autoApprovalFacts'];
  onRequested?: Parameters<typeof createWithdrawalsService>[0]['onRequested'];
  now: () => Date;
}): PlatformModule<'withdrawals', WithdrawalsService> {
  const withdrawals = createWithdrawalsService(deps);
  return {
    name: 'withdrawals',
    service: withdrawals,
    routes: async (app) => {
      // Scoped to these routes: payout proof images, with the spec's limits.
      await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
      await app.register(withdrawalsRoutes(withdrawals));
    },
    adminRoutes: withdrawalsAdminRoutes(withdrawals),
    jobs: (runner) =>
      runner.schedule(AUTO_CONFIRM_JOB_NAME, AUTO_CONFIRM_CRON, async () => {
        await withdrawals.autoConfirmDue();
      }),
    settings: [withdrawalRulesSetting, autoApprovalSetting],
  };
}
