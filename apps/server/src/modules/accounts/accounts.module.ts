import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { RESEAL_SECRETS_CRON } from '../../lib/secret-box.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MemberLabelsService } from '../member-labels/member-labels.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SessionService } from '../session/session.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { type AccountsService, createAccountsService, type LoginGuard } from './accounts.service.ts';
import { freePlaySetting, loginPolicySetting, registrationSetting, smsPolicySetting } from './accounts.settings.ts';
import type { ReferralRegistration } from './accounts.shared.ts';
import { botCheckSetting, createBotCheck } from './bot-check.ts';
import { createCaptchaService } from './captcha.service.ts';
import { createContactVerificationService } from './contact-verification.service.ts';
import { createDownlineService, type DownlineService, type SubtreeMovedHook } from './downline.service.ts';
import { createOutboxEmailProvider, createSmtpEmailProvider, type EmailProvider } from './email-provider.ts';
import { memberAdminRoutes } from './member-admin.routes.ts';
import { createMemberAdminService } from './member-admin.service.ts';
import { memberCentreRoutes } from './member-centre.routes.ts';
import { createMemberCentreService } from './member-centre.service.ts';
import { createMemberFileService, type MemberFileService } from './member-file.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createPayloadEncryption, payloadSecuritySetting } from './payload-encryption.ts';
import { createFirebasePhoneVerifier } from './phone-identity.ts';
import { createSecondFactor, secondFactorSetting } from './second-factor.ts';
import { createSmsCodeService, type SmsCodeService } from './sms-code.service.ts';
import { createOutboxSmsProvider, type SmsProvider } from './sms-provider.ts';

/** What the accounts module offers other modules. */
export type AccountsModuleService = {
  accounts: AccountsService;
  /** SMS codes (sms_codes) under the accounts throttles and policy; the payment password uses them too. */
  sms: SmsCodeService;
  /** Opening accounts in the downline and moving a member under another upline, under the hierarchy of account types. */
  downline: DownlineService;
  /** The back office's member file: search, profile, logins, shared addresses, notes. */
  memberFile: MemberFileService;
};

/**
 * Registration, login, captcha, SMS codes, passwords, free play, second factor, encrypted payloads,
 * the member centre's account page, and the operator's member calls.
 */
export function createAccountsModule(deps: {
  db: Kysely<DB>;
  sessions: SessionService;
  settings: SettingsService;
  merchants: MerchantService;
  ledger: LedgerService;
  /** A member's labels, shown with the account (the memberLabels module). */
  labels: Pick<MemberLabelsService, 'labelsOf'>;
  /** Refuses a login the member cannot have now (responsible gaming: a break, self-exclusion). */
  loginGuard?: LoginGuard;
  /** The operator's toUpline flag of a member (the transfers module), carried by the session values. */
  toUplineOf?: (memberId: number) => Promise<boolean>;
  /** Runs in a subtree move's transaction (the daily-stats module's team rollups follow the move). */
  onSubtreeMoved?: SubtreeMovedHook;
  /** An operator locked an account, in the lock's transaction. */
  onMemberLocked?: (trx: Transaction<DB>, memberId: number) => Promise<unknown>;
  /** Players' referral codes at registration (the referrals module). */
  referrals?: ReferralRegistration;
  now: () => Date;
  logger?: JobLogger;
  /** Sends SMS codes; by default they go to the sms_outbox table until a gateway is given here. */
  smsProvider?: SmsProvider | undefined;
  /** Without it (or `emailProvider`), mail goes to the email_outbox table (development, tests, demo). */
  smtp?: { url: string; from: string } | undefined;
  emailProvider?: EmailProvider | undefined;
  /** With it, Firebase phone sign-in ID tokens are checked. */
  firebase?: { projectId: string; jwksUrl?: string | undefined } | undefined;
}): PlatformModule<'accounts', AccountsModuleService> {
  const { db, sessions, settings, merchants, ledger, now } = deps;
  const smsProvider: SmsProvider = {
    ...(deps.smsProvider ?? createOutboxSmsProvider(db)),
    ...(deps.firebase
      ? {
          verifyIdToken: createFirebasePhoneVerifier({
            projectId: deps.firebase.projectId,
            ...(deps.firebase.jwksUrl ? { jwksUrl: deps.firebase.jwksUrl } : {}),
          }),
        }
      : {}),
  };
  const emailProvider = deps.emailProvider ?? (deps.smtp ? createSmtpEmailProvider(deps.smtp) : createOutboxEmailProvider(db));
  const captcha = createCaptchaService({ db, now });
  const sms = createSmsCodeService({ db, settings, provider: smsProvider, now });
  const secondFactor = createSecondFactor({ db, sms, now });
  const accounts = createAccountsService({
    db,
    settings,
    merchants,
    sessions,
    captcha,
    sms,
    secondFactor,
    ledger,
    loginGuard: deps.loginGuard,
    labels: deps.labels,
    toUplineOf: deps.toUplineOf,
    referrals: deps.referrals,
    now,
  });
  const encryption = createPayloadEncryption({ db, now, settings, merchants });
  const botCheck = createBotCheck({ db, settings, merchants, now });
  const passwordReset = createPasswordResetService({ db, settings, merchants, sessions, email: emailProvider, now });
  const memberAdmin = createMemberAdminService({ db, sessions, onLocked: deps.onMemberLocked });
  const downline = createDownlineService({ db, now, onSubtreeMoved: deps.onSubtreeMoved });
  const memberCentre = createMemberCentreService({ db, now });
  const contacts = createContactVerificationService({ db, settings, sms: smsProvider, email: emailProvider, now });
  return {
    name: 'accounts',
    service: { accounts, sms, downline, memberFile: createMemberFileService({ db, now }) },
    routes: async (app) => {
      await app.register(accountsRoutes({ accounts, captcha, encryption, botCheck, passwordReset, merchants }));
      await app.register(memberCentreRoutes({ memberCentre, contacts }));
    },
    adminRoutes: memberAdminRoutes(memberAdmin, downline),
    jobs: (runner) =>
      runner.schedule(ACCOUNTS_RESEAL_JOB_NAME, RESEAL_SECRETS_CRON, async () => {
        const resealed = await secondFactor.resealSecrets();
        if (resealed > 0)
          deps.logger?.info({ job: ACCOUNTS_RESEAL_JOB_NAME, resealed }, 'member secrets sealed again with the current key');
      }),
    settings: [
      registrationSetting,
      loginPolicySetting,
      smsPolicySetting,
      freePlaySetting,
      botCheckSetting,
      payloadSecuritySetting,
      secondFactorSetting,
    ],
  };
}

export const ACCOUNTS_RESEAL_JOB_NAME = 'accounts-reseal-secrets';
