import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { MULTIPART_LIMITS } from '../../lib/image-upload.ts';
import { createSmsCodeService } from '../accounts/sms-code.service.ts';
import { createOutboxSmsProvider, type SmsProvider } from '../accounts/sms-provider.ts';
import { bankCardsRoutes } from '../bank-cards/bank-cards.routes.ts';
import { createBankCardsService } from '../bank-cards/bank-cards.service.ts';
import { createPaymentPasswordService } from '../bank-cards/payment-password.service.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import { kycRoutes } from '../kyc/kyc.routes.ts';
import { createKycService } from '../kyc/kyc.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { createWageringService } from './wagering.service.ts';
import { hasOpenOnCard } from './withdrawals.repository.ts';
import { withdrawalsRoutes } from './withdrawals.routes.ts';
import { AUTO_CONFIRM_CRON, AUTO_CONFIRM_JOB_NAME, createWithdrawalsService } from './withdrawals.service.ts';

/**
 * Withdrawals with what they need: the payment password, bank cards, wagering requirements and
 * identity checks. app.ts builds this once, exposes the services and registers `routes`.
 */
export function createWithdrawalsModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  settings: SettingsService;
  now: () => Date;
  /** The SMS gateway; without one, codes go to the sms_outbox table like the accounts module's. */
  smsProvider?: SmsProvider;
}) {
  const { db, ledger, settings, now } = deps;
  // Codes live in sms_codes with their own purpose, under the accounts module's throttles and policy.
  const sms = createSmsCodeService({ db, settings, provider: deps.smsProvider ?? createOutboxSmsProvider(db), now });
  const paymentPasswords = createPaymentPasswordService({ db, settings, sms, now });
  const bankCards = createBankCardsService({ db, settings, now, isCardInUse: (cardId, trx) => hasOpenOnCard(trx, cardId) });
  const wagering = createWageringService({ db, ledger, now });
  const kyc = createKycService({ db, now });
  const withdrawals = createWithdrawalsService({ db, ledger, settings, bankCards, paymentPasswords, wagering, kyc, now });

  const routes: FastifyPluginAsyncZod = async (app) => {
    // Scoped to these routes: proof and identity images, with the spec's limits.
    await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
    await app.register(bankCardsRoutes({ bankCards, paymentPasswords }));
    await app.register(withdrawalsRoutes(withdrawals));
    await app.register(kycRoutes({ kyc, isRequiredForPayout: withdrawals.isKycRequiredForPayout }));
  };

  /** Registers the auto-confirmation sweep; it runs once the job runner starts (server.ts). */
  async function schedule(jobs: JobRunner): Promise<void> {
    await jobs.schedule(AUTO_CONFIRM_JOB_NAME, AUTO_CONFIRM_CRON, async () => {
      await withdrawals.autoConfirmDue();
    });
  }

  return { services: { withdrawals, wagering, bankCards, paymentPasswords, kyc }, routes, schedule };
}

export type WithdrawalsModule = ReturnType<typeof createWithdrawalsModule>;
