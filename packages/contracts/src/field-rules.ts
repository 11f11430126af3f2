import { ANY_PATTERN, characterLength, checkPattern, findPattern } from './validation-patterns.ts';

/*
 * The registration field rules and their checks, with no schema library: the web client's first
 * load imports these, and zod stays out of it. The call schemas live in accounts.ts.
 */

/** The registration fields whose rules come from the server (spec section 5). */
export const REGISTRATION_RULE_FIELDS = [
  'username',
  'password',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'mobileNum',
  'recommenderId',
  'affiliateCode',
  'captcha',
] as const;
export type RegistrationRuleField = (typeof REGISTRATION_RULE_FIELDS)[number];

/** Hard ceilings whatever an operator configures, so a field cannot be made unbounded. */
export const FIELD_LENGTH_CEILING = 255;
export const VERIFICATION_CODE_LENGTH_MAX = 255;
export const PASSWORD_LENGTH_CEILING = 128;

export type FieldRule = {
  field: RegistrationRuleField;
  enabled: boolean;
  required: boolean;
  minLength: number;
  maxLength: number;
  patternId: number;
  acceptedPattern: string;
};

export type FieldIssue = {
  field: RegistrationRuleField;
  /** field_required: missing; field_invalid: wrong length or pattern. */
  code: 'field_required' | 'field_invalid';
  patternId: number;
  minLength: number;
  maxLength: number;
};

/**
 * Checks one value against its rule. Empty optional fields pass; a disabled field is ignored (the
 * caller drops its value). Returns the issue or null.
 */
export function checkField(rule: FieldRule, raw: string | undefined | null): FieldIssue | null {
  if (!rule.enabled) return null;
  const value = raw ?? '';
  const issue = (code: FieldIssue['code']): FieldIssue => ({
    field: rule.field,
    code,
    patternId: rule.patternId,
    minLength: rule.minLength,
    maxLength: rule.maxLength,
  });
  if (value.length === 0) return rule.required ? issue('field_required') : null;
  const length = characterLength(value);
  if (length < rule.minLength || length > rule.maxLength) return issue('field_invalid');
  if (!checkPattern(rule.acceptedPattern, value, rule.patternId)) return issue('field_invalid');
  return null;
}

/** The pattern a rule uses by default when the operator only picks an id. */
export function acceptedPatternOf(patternId: number): string {
  return findPattern(patternId)?.acceptedPattern ?? ANY_PATTERN;
}

/** Checks every ruled field of a form in the catalogue's order; the first issue, or null. */
export function checkFields(
  rules: readonly FieldRule[],
  values: Partial<Record<RegistrationRuleField, string | undefined>>,
): FieldIssue | null {
  for (const field of REGISTRATION_RULE_FIELDS) {
    const rule = rules.find((r) => r.field === field);
    if (!rule) continue;
    const issue = checkField(rule, values[field]);
    if (issue) return issue;
  }
  return null;
}

/** Real names are typed without accents ("NGUYEN VAN AN"): ASCII letters, single spaces between words. */
export function isUnaccentedName(value: string): boolean {
  return /^[A-Za-z]+(?: [A-Za-z]+)*$/.test(value);
}

/** Collapses runs of spaces and trims, so "  Nguyen   Van An " is stored as "Nguyen Van An". */
export function normaliseName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}
