import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { memberLabelsRoutes } from '../member-labels/member-labels.routes.ts';
import { createMemberLabelsService } from '../member-labels/member-labels.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { createAccountsService, type LoginGuard } from './accounts.service.ts';
import { createBotCheck } from './bot-check.ts';
import { createCaptchaService } from './captcha.service.ts';
import { createContactVerificationService } from './contact-verification.service.ts';
import { createOutboxEmailProvider, type EmailProvider } from './email-provider.ts';
import { memberAdminRoutes } from './member-admin.routes.ts';
import { createMemberAdminService } from './member-admin.service.ts';
import { memberCentreRoutes } from './member-centre.routes.ts';
import { createMemberCentreService } from './member-centre.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createPayloadEncryption } from './payload-encryption.ts';
import { createSecondFactor } from './second-factor.ts';
import { createSmsCodeService } from './sms-code.service.ts';
import { createOutboxSmsProvider, type SmsProvider } from './sms-provider.ts';

/** Builds the accounts services and their routes; app.ts registers this one plugin. */
export function accountsModule(deps: {
  db: Kysely<DB>;
  sessions: SessionService;
  settings: SettingsService;
  merchants: MerchantService;
  ledger: LedgerService;
  /** Refuses a login the member cannot have now (responsible gaming: a break, self-exclusion). */
  loginGuard?: LoginGuard;
  now: () => Date;
  smsProvider?: SmsProvider;
  emailProvider?: EmailProvider;
}): FastifyPluginAsyncZod {
  const smsProvider = deps.smsProvider ?? createOutboxSmsProvider(deps.db);
  const emailProvider = deps.emailProvider ?? createOutboxEmailProvider(deps.db);
  const captcha = createCaptchaService({ db: deps.db, now: deps.now });
  const sms = createSmsCodeService({
    db: deps.db,
    settings: deps.settings,
    provider: smsProvider,
    now: deps.now,
  });
  const secondFactor = createSecondFactor({ db: deps.db, sms, now: deps.now });
  const labels = createMemberLabelsService({ db: deps.db });
  const accounts = createAccountsService({ ...deps, captcha, sms, secondFactor, labels });
  const encryption = createPayloadEncryption(deps);
  const botCheck = createBotCheck(deps);
  const passwordReset = createPasswordResetService({ ...deps, email: emailProvider });
  const memberAdmin = createMemberAdminService({ db: deps.db, sessions: deps.sessions });
  const routes = accountsRoutes({ accounts, captcha, encryption, botCheck, passwordReset, merchants: deps.merchants });
  const memberCentre = memberCentreRoutes({
    memberCentre: createMemberCentreService(deps),
    contacts: createContactVerificationService({ ...deps, sms: smsProvider, email: emailProvider }),
  });
  return async (app) => {
    await app.register(routes);
    await app.register(memberAdminRoutes(memberAdmin));
    await app.register(memberLabelsRoutes(labels));
    await app.register(memberCentre);
  };
}
