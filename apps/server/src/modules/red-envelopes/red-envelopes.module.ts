import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { PaymentPasswordService } from '../bank-cards/payment-password.service.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import { redEnvelopesRoutes } from './red-envelopes.routes.ts';
import { createRedEnvelopesService, type RedEnvelopeNotifier, type RedEnvelopesService } from './red-envelopes.service.ts';

export const RED_ENVELOPE_EXPIRY_JOB_NAME = 'red-envelope-expiry';
/** Every minute: an envelope's remainder is back with its agent within a minute or so of expiry. */
export const RED_ENVELOPE_EXPIRY_CRON = '* * * * *';

/** Red envelopes: agents fund them, members claim them, the expiry job returns what is left. */
export function createRedEnvelopesModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  agents: AgentsService;
  /** The payment-password check of money calls (the paymentPasswords module), with its lock. */
  checkPaymentPassword: PaymentPasswordService['checkIfSet'];
  now: () => Date;
  notify: RedEnvelopeNotifier;
  logger: JobLogger;
}): PlatformModule<'redEnvelopes', RedEnvelopesService> {
  const envelopes = createRedEnvelopesService(deps);
  return {
    name: 'redEnvelopes',
    service: envelopes,
    routes: redEnvelopesRoutes(envelopes),
    jobs: (runner) =>
      runner.schedule(RED_ENVELOPE_EXPIRY_JOB_NAME, RED_ENVELOPE_EXPIRY_CRON, async () => {
        const done = await envelopes.expireDue();
        if (done.closed > 0) deps.logger.info({ job: RED_ENVELOPE_EXPIRY_JOB_NAME, ...done }, 'red envelopes expired');
      }),
  };
}
