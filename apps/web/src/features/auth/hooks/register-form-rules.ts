import type { RegisterSettingsValue } from '@platform/contracts/accounts';
import { checkField, type FieldRule, isUnaccentedName, normaliseName, type RegistrationRuleField } from '@platform/contracts/field-rules';
import { patternHint } from '@platform/contracts/validation-patterns';
import i18next from 'i18next';
import type { RegisterMode } from '../api/register.ts';

/** The register form's fields: the ruled ones plus the confirmation, the SMS code and the terms. */
export type RegisterField = RegistrationRuleField | 'confirmPassword' | 'verificationCode';
export type RegisterValues = Record<RegisterField, string>;
export type RegisterErrors = Partial<Record<RegisterField | 'agreement' | 'form', string>>;

/** Form order: identity first, then contacts, then codes. */
export const REGISTER_FIELD_ORDER: readonly RegisterField[] = [
  'mobileNum',
  'verificationCode',
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'paymentPassword',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'captcha',
];

export const EMPTY_REGISTER_VALUES = Object.fromEntries(REGISTER_FIELD_ORDER.map((f) => [f, ''])) as RegisterValues;

/** The rules as the server applies them in each mode: the mobile number replaces the username. */
export function rulesForMode(rules: readonly FieldRule[], settings: RegisterSettingsValue, mode: RegisterMode): FieldRule[] {
  const isMobile = mode === 'registerMobile';
  const needsPassword = !isMobile || settings.mobileRegPass;
  return rules.map((r) => {
    if (r.field === 'username') return { ...r, enabled: !isMobile && r.enabled };
    if (isMobile && r.field === 'mobileNum') return { ...r, enabled: true, required: true };
    if (!needsPassword && r.field === 'password') return { ...r, enabled: false };
    return r;
  });
}

export type VisibleField = { field: RegisterField; isRequired: boolean; rule: FieldRule | null };

/** The fields shown, with whether each is required. */
export function visibleFields(
  rules: readonly FieldRule[],
  settings: RegisterSettingsValue,
  mode: RegisterMode,
  isAffiliateHidden: boolean,
): VisibleField[] {
  const byField = new Map(rules.map((r) => [r.field, r]));
  const password = byField.get('password');
  return REGISTER_FIELD_ORDER.flatMap((field): VisibleField[] => {
    if (field === 'confirmPassword') return password?.enabled ? [{ field, isRequired: true, rule: null }] : [];
    if (field === 'verificationCode')
      return mode === 'registerMobile' && settings.smsEnabled ? [{ field, isRequired: true, rule: null }] : [];
    if (field === 'affiliateCode' && isAffiliateHidden) return [];
    const rule = byField.get(field);
    return rule?.enabled ? [{ field, isRequired: rule.required, rule }] : [];
  });
}

/** The hint under a ruled field in the current language: the pattern message with min and max. */
export function ruleHint(rule: FieldRule): string {
  return patternHint(rule.patternId, rule.minLength, rule.maxLength, i18next.language === 'vi' ? 'vi' : 'en');
}

/**
 * Whether a value breaks the server's rule for its field (required and enabled whatever the
 * registration says): a new password, or the username a password reset names.
 */
export function breaksFieldRule(rule: FieldRule | undefined, value: string): rule is FieldRule {
  return rule !== undefined && checkField({ ...rule, enabled: true, required: true }, value) !== null;
}

export const breaksPasswordRule = breaksFieldRule;

/** Every problem of the form, keyed by field, using the shared checks the server also runs. */
export function validateRegister(
  fields: readonly VisibleField[],
  values: RegisterValues,
  settings: RegisterSettingsValue,
  hasAgreed: boolean,
): RegisterErrors {
  const t = i18next.t;
  const errors: RegisterErrors = {};
  for (const { field, isRequired, rule } of fields) {
    const value = field === 'payeeName' ? normaliseName(values[field]) : values[field].trim();
    if (rule) {
      const issue = checkField(rule, field.toLowerCase().includes('password') ? values[field] : value);
      if (issue) errors[field] = issue.code === 'field_required' ? t('validation.required') : ruleHint(rule);
      else if (field === 'payeeName' && value && !isUnaccentedName(value)) errors[field] = t('validation.realNameInvalid');
    } else if (isRequired && !value) {
      errors[field] = field === 'verificationCode' ? t('validation.codeRequired') : t('validation.required');
    }
  }
  if (fields.some((f) => f.field === 'confirmPassword') && !errors.password && values.confirmPassword !== values.password) {
    errors.confirmPassword = t('validation.confirmMismatch');
  }
  if (settings.agreementRequired && !hasAgreed) errors.agreement = t('validation.agreementRequired');
  return errors;
}
