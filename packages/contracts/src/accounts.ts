import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import {
  FIELD_LENGTH_CEILING,
  type FieldRule,
  PASSWORD_LENGTH_CEILING,
  REGISTRATION_RULE_FIELDS,
  VERIFICATION_CODE_LENGTH_MAX,
} from './field-rules.ts';
import { PATTERN_IDS } from './validation-patterns.ts';

export * from './field-rules.ts';

export const fieldRuleSchema = z
  .object({
    field: z.enum(REGISTRATION_RULE_FIELDS),
    enabled: z.boolean(),
    required: z.boolean(),
    minLength: z.number().int().min(0).max(FIELD_LENGTH_CEILING),
    maxLength: z.number().int().min(1).max(FIELD_LENGTH_CEILING),
    patternId: z
      .number()
      .int()
      .refine((id) => PATTERN_IDS.includes(id), 'unknown pattern id'),
    acceptedPattern: z.string().min(1).max(1000),
  })
  .refine((r) => r.minLength <= r.maxLength, {
    message: 'minLength must not exceed maxLength',
    path: ['minLength'],
  }) satisfies z.ZodType<FieldRule>;

// ---- Calls ----------------------------------------------------------------------------------

const trimmed = (max: number) => z.string().trim().max(max);
const optionalText = (max = FIELD_LENGTH_CEILING) => trimmed(max).optional();

export const LOGIN_TYPES = ['username', 'sms'] as const;
export const LOGIN_ENTRIES = ['member', 'agent'] as const;

/** POST /wps/session/login */
export const loginRequestSchema = z.strictObject({
  /** The username, or the mobile number for type sms. */
  username: trimmed(64).min(1),
  /** The password, or the SMS code for type sms. */
  password: z.string().min(1).max(PASSWORD_LENGTH_CEILING),
  captcha: optionalText(16),
  /** Names the captcha when the client cannot keep the captcha cookie. */
  captchaKey: optionalText(64),
  type: z.enum(LOGIN_TYPES).default('username'),
  /** The agent entry refuses accounts that are not agents. */
  entry: z.enum(LOGIN_ENTRIES).default('member'),
  countryDialingCode: optionalText(8),
  botCheck: optionalText(8192),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** The values the client keeps in session storage after login or registration (spec section 3). */
export const sessionValuesSchema = z.object({
  token: z.string(),
  /** True when the client must open the change-password popup before going on. */
  cpw: z.boolean(),
  merchant: z.number().int(),
  merchantCode: z.string(),
  platform: z.string(),
  nickname: z.string(),
  account: z.string(),
  username: z.string(),
  customerId: z.number().int(),
  /** The numeric account type (0 member, 1/2/41/42 agents, 4 trial). */
  isAgent: z.number().int(),
  toUpline: z.boolean(),
  memberLabel: z.string(),
});
export type SessionValues = z.infer<typeof sessionValuesSchema>;

export const loginValueSchema = sessionValuesSchema.extend({
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** The previous successful login, ISO 8601; null on the first. */
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type LoginValue = z.infer<typeof loginValueSchema>;
export const loginResponseSchema = okEnvelope(loginValueSchema);

/** A failed login: the envelope plus whether the next attempt needs a captcha (absent for bad input). */
export const loginFailureSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  value: z
    .object({
      captcha: z.boolean(),
      /** Present with code second_factor_required: the challenge to answer at /wps/session/login/verify. */
      secondFactor: z
        .object({ challenge: z.string(), methods: z.array(z.enum(['sms', 'authenticator'])), expiredMinutes: z.number().int() })
        .optional(),
    })
    .optional(),
});
export type LoginFailure = z.infer<typeof loginFailureSchema>;

export const REGISTER_METHODS = ['WEB', 'H5', 'APP'] as const;

const registrationCommon = {
  password: z.string().max(PASSWORD_LENGTH_CEILING).optional(),
  confirmPassword: z.string().max(PASSWORD_LENGTH_CEILING).optional(),
  payeeName: optionalText(),
  paymentPassword: z.string().max(PASSWORD_LENGTH_CEILING).optional(),
  email: optionalText(),
  qqNum: optionalText(),
  mobileNum: optionalText(),
  recommenderId: optionalText(),
  captcha: optionalText(16),
  captchaKey: optionalText(64),
  verificationCode: optionalText(VERIFICATION_CODE_LENGTH_MAX),
  /** The phone-provider variant: the provider sent the SMS; its ID token replaces verificationCode. */
  firebaseChannel: z.literal('sms').optional(),
  firebaseIdToken: optionalText(4096),
  affiliateCode: optionalText(),
  referralCode: optionalText(),
  line: optionalText(),
  whatsapp: optionalText(),
  facebook: optionalText(),
  wechat: optionalText(),
  idNumber: optionalText(),
  telegram: optionalText(),
  zalo: optionalText(),
  nickname: optionalText(64),
  domain: optionalText(),
  countryDialingCode: optionalText(8),
  registerUrl: optionalText(2048),
  registerMethod: z.enum(REGISTER_METHODS).default('WEB'),
  /** The terms box; the spec requires the user to agree. */
  agreement: z.boolean().default(false),
  /** The client sends login:true to be logged in on success; registration always logs in. */
  login: z.boolean().optional(),
  /** The proof-of-work result (base64 JSON of challenge and solution). */
  botCheck: optionalText(8192),
};

/** PUT /wps/member/register */
export const registerRequestSchema = z.strictObject({ username: optionalText(64), ...registrationCommon });
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** PUT /wps/member/register/mobile: the mobile number is the username. */
export const registerMobileRequestSchema = z.strictObject({ username: optionalText(64), ...registrationCommon });

/** With DIRECTREG3 off the new member is not logged in: the client opens the login popup. */
export const registeredOnlyValueSchema = z.object({ registered: z.literal(true), customerId: z.number().int(), username: z.string() });
export type RegisteredOnlyValue = z.infer<typeof registeredOnlyValueSchema>;
export const registerResponseSchema = okEnvelope(z.union([loginValueSchema, registeredOnlyValueSchema]));

/** GET /wps/system/setting/register */
export const registerSettingsValueSchema = z.object({
  usernameEnabled: z.boolean(),
  mobileReg: z.boolean(),
  mobileRegPass: z.boolean(),
  smsEnabled: z.boolean(),
  showPhoneLogin: z.boolean(),
  showVerCodeLogin: z.boolean(),
  captchaEnabled: z.boolean(),
  agreementRequired: z.boolean(),
  mobileDigits: z.number().int(),
  countryDialingCodes: z.array(z.string()),
  directLogin: z.boolean(),
});
export type RegisterSettingsValue = z.infer<typeof registerSettingsValueSchema>;
export const registerSettingsResponseSchema = okEnvelope(registerSettingsValueSchema);

/** GET /wps/system/setting/register/validation */
export const validationRulesResponseSchema = okEnvelope(z.array(fieldRuleSchema));

/** GET /wps/agent/affiliate */
export const affiliateQuerySchema = z.strictObject({ code: trimmed(64).min(1), domain: optionalText() });
export const affiliateResponseSchema = okEnvelope(z.object({ code: z.string(), valid: z.literal(true) }));

/** POST /wps/agent/affiliate/code: the agent's own invitation code, made on first request. */
export const agentAffiliateCodeResponseSchema = okEnvelope(z.object({ code: z.string() }));

/** GET /wps/member/info */
export const memberInfoValueSchema = z.object({
  customerId: z.number().int(),
  account: z.string(),
  username: z.string(),
  nickname: z.string(),
  payeeName: z.string(),
  /** Masked: only the last digits leave the server. */
  mobileNum: z.string(),
  email: z.string(),
  currency: z.string(),
  isAgent: z.number().int(),
  toUpline: z.boolean(),
  memberLabel: z.string(),
  /** Every label the operator gave the member, in display order (disabled labels left out). */
  labels: z.array(z.string()),
  /** The VIP tier: the label with the highest rank level, when the member has one. */
  clubLabel: z.object({ name: z.string(), rankLevel: z.number().int() }).nullable(),
  hasPaymentPassword: z.boolean(),
  registerTime: z.string(),
  lastLoginTime: z.string().nullable(),
  affiliateCode: z.string().nullable(),
});
export type MemberInfoValue = z.infer<typeof memberInfoValueSchema>;
export const memberInfoResponseSchema = okEnvelope(memberInfoValueSchema);

/** POST /wps/member/password */
export const changePasswordRequestSchema = z.strictObject({
  oldPassword: z.string().min(1).max(PASSWORD_LENGTH_CEILING),
  newPassword: z.string().min(1).max(PASSWORD_LENGTH_CEILING),
  confirmNewPassword: z.string().min(1).max(PASSWORD_LENGTH_CEILING),
  /** The SMS code from /wps/verification/sms/member, when CHNGPASSVERIF3 is on. */
  verificationCode: optionalText(VERIFICATION_CODE_LENGTH_MAX),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
/** Every earlier session has ended; the answer is this device's new login (the login's values). */
export const changePasswordResponseSchema = okEnvelope(loginValueSchema.extend({ changed: z.literal(true) }));

/** POST /wps/verification/sms/password: a code to set a new password by phone. */
export const smsPasswordCodeRequestSchema = z.strictObject({
  mobileNum: trimmed(32).min(1),
  countryDialingCode: optionalText(8),
  botCheck: optionalText(8192),
});

/** POST /wps/member/password/verification: set the password by phone, then logged in. */
export const resetPasswordByPhoneRequestSchema = z.strictObject({
  mobileNum: trimmed(32).min(1),
  verificationCode: trimmed(VERIFICATION_CODE_LENGTH_MAX).min(1),
  newPassword: z.string().min(1).max(PASSWORD_LENGTH_CEILING),
  confirmNewPassword: z.string().max(PASSWORD_LENGTH_CEILING).optional(),
  countryDialingCode: optionalText(8),
});
export const resetPasswordByPhoneResponseSchema = okEnvelope(loginValueSchema);

/** POST /wps/session/login/freeplay: a trial (type 4) account with play money only. */
export const freePlayLoginRequestSchema = z.strictObject({
  os: optionalText(32),
  platform: optionalText(8),
  /** The client's random string; kept only in the audit row. */
  random: optionalText(256),
  gatewayVersion: z.union([z.string().max(8), z.number().int()]).optional(),
});
export const freePlayLoginResponseSchema = okEnvelope(sessionValuesSchema);

/** GET /wps/botcheck/challenge: an ALTCHA (v2) proof-of-work challenge, passed to the solver whole. */
export const botCheckChallengeSchema = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export const botCheckChallengeResponseSchema = okEnvelope(botCheckChallengeSchema);

/** POST /wps/member/password/email (form-urlencoded or JSON): always answers success. */
export const forgotPasswordRequestSchema = z.strictObject({
  username: trimmed(64).min(1),
  email: trimmed(FIELD_LENGTH_CEILING).min(3).email(),
  botCheck: optionalText(8192),
});
export const forgotPasswordResponseSchema = okEnvelope(z.object({ sent: z.literal(true) }));

/** POST /wps/member/password/reset: the link's token and the new password. */
export const resetPasswordByEmailRequestSchema = z.strictObject({
  token: trimmed(128).min(16),
  newPassword: z.string().min(1).max(PASSWORD_LENGTH_CEILING),
  confirmNewPassword: z.string().max(PASSWORD_LENGTH_CEILING).optional(),
});
export const resetPasswordByEmailResponseSchema = okEnvelope(z.object({ changed: z.literal(true) }));

/** POST /wps/session/login/verify: the second step of a login from a new address. */
export const secondFactorVerifyRequestSchema = z.strictObject({
  challenge: trimmed(128).min(16),
  method: z.enum(['sms', 'authenticator']),
  code: trimmed(16).min(4),
});

/** POST /wps/member/authenticator: starts enrolment of an authenticator app. */
export const authenticatorEnrolResponseSchema = okEnvelope(z.object({ secret: z.string(), otpauthUrl: z.string() }));
/** POST /wps/member/authenticator/confirm */
export const authenticatorConfirmRequestSchema = z.strictObject({ code: trimmed(16).min(6) });
export const authenticatorConfirmResponseSchema = okEnvelope(z.object({ enabled: z.literal(true) }));

/** GET /wps/captcha: value is a base64 PNG; the key also travels as an HttpOnly cookie. */
export const captchaResponseSchema = z.object({
  success: z.literal(true),
  value: z.string(),
  captchaKey: z.string(),
});

/** POST /wps/verification/sms/noLogin */
export const smsLoginCodeRequestSchema = z.strictObject({
  mobileNum: trimmed(32).min(1),
  countryDialingCode: optionalText(8),
  botCheck: optionalText(8192),
});

/** POST /wps/verification/sms/register */
export const smsRegisterCodeRequestSchema = z.strictObject({
  mobileNo: trimmed(32).min(1),
  countryDialingCode: optionalText(8),
  botCheck: optionalText(8192),
});

export const smsSentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  value: z.object({ expiredMinutes: z.number().int() }),
});

export const logoutResponseSchema = okEnvelope(z.object({ loggedOut: z.literal(true) }));
