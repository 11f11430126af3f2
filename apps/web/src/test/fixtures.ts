import type { FieldRule, LoginValue, RegisterSettingsValue } from '@platform/contracts/accounts';
import { acceptedPatternOf } from '@platform/contracts/field-rules';

/** A registration field rule as the server sends it (GET /wps/system/setting/register/validation). */
export function fieldRule(field: FieldRule['field'], overrides: Partial<FieldRule> = {}): FieldRule {
  const patternId = overrides.patternId ?? 1;
  return {
    field,
    enabled: true,
    required: false,
    minLength: 1,
    maxLength: 30,
    patternId,
    acceptedPattern: acceptedPatternOf(patternId),
    ...overrides,
  };
}

/** Letters and digits, 6 to 20: the demo operator's password rule. */
export const PASSWORD_RULE = fieldRule('password', { required: true, minLength: 6, maxLength: 20, patternId: 6 });

/** A login answer (the session values the site keeps). */
export const LOGIN_VALUE: LoginValue = {
  token: 'token-1',
  cpw: false,
  merchant: 1,
  merchantCode: 'lotus',
  platform: 'WEB',
  nickname: 'player1',
  account: 'player1',
  username: 'player1',
  customerId: 7,
  isAgent: 0,
  toUpline: false,
  memberLabel: '',
  firstTimeLogin: false,
  passwordExpired: false,
  lastLoginTime: null,
  lastLoginIp: null,
};

/** The operator's registration settings (GET /wps/system/setting/register): username sign-up, no SMS. */
export function registerSettings(overrides: Partial<RegisterSettingsValue> = {}): RegisterSettingsValue {
  return {
    usernameEnabled: true,
    mobileReg: false,
    mobileRegPass: true,
    smsEnabled: false,
    showPhoneLogin: false,
    showVerCodeLogin: false,
    captchaEnabled: false,
    agreementRequired: true,
    mobileDigits: 10,
    countryDialingCodes: ['+84'],
    directLogin: true,
    ...overrides,
  };
}
