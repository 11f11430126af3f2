import type {
  FieldRule,
  loginRequestSchema,
  RegistrationRuleField,
  registerRequestSchema,
  resetPasswordByPhoneRequestSchema,
} from '@platform/contracts/accounts';
import { checkField } from '@platform/contracts/accounts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type MemberLabelsOf, NO_LABELS } from '../member-labels/member-labels.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { type RegistrationSettings, registrationSetting } from './accounts.settings.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { SecondFactor, SecondFactorMethod } from './second-factor.ts';
import type { SmsCodeService } from './sms-code.service.ts';

/** What registration, login and passwords share: the request types, the service's dependencies and the field rules. */

export type RequestMeta = { ip: string | null; userAgent: string | null };
export type RegisterInput = z.output<typeof registerRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;
export type RegistrationMode = 'username' | 'mobile';
export type ResetPasswordByPhoneInput = z.output<typeof resetPasswordByPhoneRequestSchema>;

export type SecondFactorChallenge = { challenge: string; methods: SecondFactorMethod[]; expiredMinutes: number };

/** Another module's veto on a login whose credentials were right; it throws a DomainError. */
export type LoginGuard = { assertCanLogin: (memberId: number) => Promise<void> };

/**
 * Players' referral codes at registration (the referrals module, bound late): the referrer and the
 * agent the new member goes under for a code a player holds, undefined for any other code; the
 * invite recorded in the registration's transaction.
 */
export type ReferralRegistration = {
  placementOf: (merchantId: number, code: string) => Promise<ReferralPlacement | undefined>;
  recordInvite: (trx: Transaction<DB>, invite: { inviteeId: number; merchantId: number; placement: ReferralPlacement }) => Promise<void>;
};
/** `deadline`: the last moment the invitee may qualify. */
export type ReferralPlacement = { referrerId: number; code: string; uplineId: number | null; deadline: Date };

/** What `createAccountsService` is given; each part takes what it needs. */
export type AccountsDeps = {
  db: Kysely<DB>;
  settings: SettingsService;
  merchants: MerchantService;
  sessions: SessionService;
  captcha: CaptchaService;
  sms: SmsCodeService;
  secondFactor: SecondFactor;
  ledger: LedgerService;
  loginGuard?: LoginGuard | undefined;
  /** The member's labels (names in order, the VIP tier); none when not given. */
  labels?: { labelsOf: (memberId: number) => Promise<MemberLabelsOf> } | undefined;
  /**
   * The operator's `toUpline` flag of a member (the transfers module's transfer_permissions), which
   * the session values and member info carry as they are; false when not given.
   */
  toUplineOf?: ((memberId: number) => Promise<boolean>) | undefined;
  /** Players' referral codes; without it, `referralCode` is read as an agent's invitation code only. */
  referrals?: ReferralRegistration | undefined;
  now: () => Date;
};

/** The member's `toUpline` flag as the transfers module keeps it (see AccountsDeps.toUplineOf). */
export function toUplineReaderOf(deps: Pick<AccountsDeps, 'toUplineOf'>): (memberId: number) => Promise<boolean> {
  return (memberId) => deps.toUplineOf?.(memberId) ?? Promise.resolve(false);
}

export function ruleOf(settings: RegistrationSettings, field: RegistrationRuleField): FieldRule {
  const rule = settings.fields.find((r) => r.field === field);
  if (!rule) throw new Error(`registration setting has no rule for ${field}`);
  return rule;
}

/** The mobile number rule, made required: sending a code or registering by mobile needs one. */
export async function checkMobile(settings: SettingsService, merchantId: number, mobileNum: string): Promise<void> {
  const reg = await settings.get(merchantId, registrationSetting);
  const issue = checkField({ ...ruleOf(reg, 'mobileNum'), enabled: true, required: true }, mobileNum);
  if (issue) throw new DomainError('mobile_invalid');
}

/** The member's labels, or none when the service was given no labels reader. */
export function labelsReaderOf(deps: Pick<AccountsDeps, 'labels'>): (memberId: number) => Promise<MemberLabelsOf> {
  return (memberId) => deps.labels?.labelsOf(memberId) ?? Promise.resolve(NO_LABELS);
}
