import {
  acceptedPatternOf,
  type FieldRule,
  fieldRuleSchema,
  REGISTRATION_RULE_FIELDS,
  type RegistrationRuleField,
} from '@platform/contracts/accounts';
import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

/**
 * Registration: which ways of registering are on, and the rule of every field. An operator edits
 * these per merchant; the client reads them from /wps/system/setting/register(/validation).
 */
function rule(
  field: RegistrationRuleField,
  enabled: boolean,
  required: boolean,
  minLength: number,
  maxLength: number,
  patternId: number,
): FieldRule {
  return { field, enabled, required, minLength, maxLength, patternId, acceptedPattern: acceptedPatternOf(patternId) };
}

export const DEFAULT_FIELD_RULES: readonly FieldRule[] = [
  rule('username', true, true, 6, 16, 2),
  rule('password', true, true, 6, 20, 6),
  rule('payeeName', true, false, 2, 50, 9),
  rule('paymentPassword', false, false, 6, 6, 7),
  rule('qqNum', false, false, 5, 12, 7),
  rule('line', false, false, 3, 30, 10),
  rule('whatsapp', false, false, 6, 20, 7),
  rule('facebook', false, false, 3, 50, 10),
  rule('wechat', false, false, 3, 30, 10),
  rule('idNumber', false, false, 9, 12, 7),
  rule('email', true, false, 6, 60, 4),
  rule('mobileNum', true, false, 10, 10, 7),
  rule('recommenderId', false, false, 6, 16, 2),
  rule('affiliateCode', true, false, 4, 32, 5),
  rule('captcha', true, true, 4, 4, 7),
];

export const registrationSettingsSchema = z.object({
  /** Registration with a chosen username. */
  usernameRegistration: z.boolean(),
  /** Registration with the mobile number as the username. */
  mobileRegistration: z.boolean(),
  /** Mobile registration also sets a password; without it the member logs in by SMS code. */
  mobileWithPassword: z.boolean(),
  agreementRequired: z.boolean(),
  countryDialingCodes: z.array(z.string().regex(/^\+[0-9]{1,4}$/)).min(1),
  /** Every ruled field, exactly once. */
  fields: z
    .array(fieldRuleSchema)
    .refine(
      (rules) => REGISTRATION_RULE_FIELDS.every((f) => rules.filter((r) => r.field === f).length === 1),
      'every registration field needs exactly one rule',
    ),
});
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;

export const registrationSetting = defineSetting('accounts.registration', registrationSettingsSchema, {
  usernameRegistration: true,
  mobileRegistration: true,
  mobileWithPassword: true,
  agreementRequired: true,
  countryDialingCodes: ['+84'],
  fields: [...DEFAULT_FIELD_RULES],
});

/**
 * Login protection. Failures are counted per account name (whether or not it exists) and per IP;
 * after `captchaAfterFailures` a captcha is required, after a lock threshold the name or IP is
 * locked, each further lock doubling up to `lockMaxMinutes`.
 */
export const loginPolicySchema = z.object({
  captchaAfterFailures: z.number().int().min(1).max(100),
  accountLockThreshold: z.number().int().min(2).max(100),
  ipLockThreshold: z.number().int().min(2).max(1000),
  failureWindowMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  lockBaseMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  lockMaxMinutes: z
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 60),
  /** 0 means passwords never expire. */
  passwordMaxAgeDays: z.number().int().min(0).max(3650),
  forceChangeOnExpiry: z.boolean(),
  /** The default passwords operators hand out (the spec's '{secret}'); logging in with one forces a change. */
  defaultPasswords: z.array(z.string().min(1).max(128)).max(100),
});
export type LoginPolicy = z.infer<typeof loginPolicySchema>;

export const loginPolicySetting = defineSetting('accounts.login', loginPolicySchema, {
  captchaAfterFailures: 3,
  accountLockThreshold: 5,
  ipLockThreshold: 30,
  failureWindowMinutes: 15,
  lockBaseMinutes: 5,
  lockMaxMinutes: 24 * 60,
  passwordMaxAgeDays: 0,
  forceChangeOnExpiry: true,
  defaultPasswords: ['123456', '12345678', '123456789', 'abc123', 'password'],
});

/** Captchas are short-lived and single-use. */
export const CAPTCHA_TTL_SECONDS = 120;
export const CAPTCHA_LENGTH = 4;

export const smsPolicySchema = z.object({
  expiredMinutes: z.number().int().min(1).max(60),
  codeLength: z.number().int().min(4).max(8),
  /** The least time between two codes to one number. */
  resendSeconds: z.number().int().min(1).max(3600),
  perNumberPerHour: z.number().int().min(1).max(100),
  perIpPerHour: z.number().int().min(1).max(1000),
  /** Wrong guesses before a code is spent. */
  maxAttempts: z.number().int().min(1).max(20),
});
export type SmsPolicy = z.infer<typeof smsPolicySchema>;

export const smsPolicySetting = defineSetting('accounts.sms', smsPolicySchema, {
  expiredMinutes: 5,
  codeLength: 6,
  resendSeconds: 60,
  perNumberPerHour: 5,
  perIpPerHour: 20,
  maxAttempts: 5,
});

/** Free play: the play money a new trial account starts with, in minor units of the merchant's currency. */
export const freePlaySetting = defineSetting(
  'accounts.freePlay',
  z.object({ playMoneyMinor: z.number().int().min(0).max(1_000_000_000_000) }),
  { playMoneyMinor: 2_000_000 },
);
