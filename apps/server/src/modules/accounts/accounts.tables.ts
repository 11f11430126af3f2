import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

/** Login bookkeeping per member; a member without a row has never logged in. */
export type MemberSecurityTable = {
  member_id: number;
  password_changed_at: Date | null;
  must_change_password: ColumnType<boolean, boolean | undefined, boolean>;
  last_login_at: Date | null;
  last_login_ip: string | null;
  login_count: ColumnType<number, number | undefined, number>;
};

export type MemberProfilesTable = {
  member_id: number;
  contacts: JSONColumnType<Record<string, string>, string | undefined, string>;
  id_number: string | null;
  register_method: string | null;
  register_domain: string | null;
  register_url: string | null;
  register_ip: string | null;
  affiliate_code_used: string | null;
  created_at: Timestamp;
  permanent_address: NullableText;
  current_address: NullableText;
  place_of_birth: NullableText;
  nationality: NullableText;
  occupation: NullableText;
  income_source: NullableText;
  /** YYYY-MM-DD */
  birthday: NullableText;
  updated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/** A built-in avatar key or an uploaded image, never both. */
export type MemberAvatarsTable = {
  member_id: number;
  builtin: string | null;
  content_type: string | null;
  image: Uint8Array | null;
  updated_at: Date;
};

/** One-time codes that prove a member receives their mobile or e-mail; a new code retires the live one. */
export type MemberContactCodesTable = {
  id: Generated<number>;
  member_id: number;
  channel: 'mobile' | 'email';
  address: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
};

/** The address a member proved, per channel; it counts only while it is still the one on file. */
export type MemberContactVerificationsTable = {
  member_id: number;
  channel: 'mobile' | 'email';
  address: string;
  verified_at: Date;
};

export type AffiliateCodesTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  code: string;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
};

export type AuthThrottlesTable = {
  merchant_id: number;
  scope: 'account' | 'ip';
  key: string;
  failures: ColumnType<number, number | undefined, number>;
  lockouts: ColumnType<number, number | undefined, number>;
  window_started_at: Timestamp;
  locked_until: Date | null;
};

export type CaptchasTable = {
  key_hash: string;
  merchant_id: number;
  answer_hash: string;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
};

export type SmsCodesTable = {
  id: Generated<number>;
  merchant_id: number;
  mobile_num: string;
  purpose: 'login' | 'register' | 'password' | 'withdrawal';
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Date | null;
};

export type SmsOutboxTable = {
  id: Generated<number>;
  merchant_id: number;
  mobile_num: string;
  country_dialing_code: string | null;
  purpose: string;
  body: string;
  created_at: Timestamp;
};

export type PayloadKeysTable = {
  kid: string;
  purpose: string;
  public_jwk: JSONColumnType<Record<string, unknown>, string, string>;
  private_jwk: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
  retired_at: Date | null;
};

export type PayloadNoncesTable = {
  nonce: string;
  expires_at: Timestamp;
};

export type PasswordResetTokensTable = {
  token_hash: string;
  member_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
  ip: string | null;
};

export type EmailOutboxTable = {
  id: Generated<number>;
  merchant_id: number;
  to_address: string;
  subject: string;
  body: string;
  created_at: Timestamp;
};

export type MemberKnownIpsTable = {
  member_id: number;
  ip: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
};

/** One login of a member, right or refused. */
export type MemberLoginsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  result: 'success' | 'failed';
  method: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
};

/** An operator's note on a member. */
export type MemberNotesTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  admin_id: number;
  body: string;
  created_at: Timestamp;
};

export type MemberTotpTable = {
  member_id: number;
  secret_base32: string;
  confirmed_at: Date | null;
  last_counter: number | null;
  created_at: Timestamp;
};

export type LoginChallengesTable = {
  token_hash: string;
  member_id: number;
  ip: string | null;
  methods: string;
  context: JSONColumnType<Record<string, unknown>, string, string>;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
};

export type AccountsTables = {
  member_known_ips: MemberKnownIpsTable;
  member_logins: MemberLoginsTable;
  member_notes: MemberNotesTable;
  member_totp: MemberTotpTable;
  login_challenges: LoginChallengesTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_outbox: EmailOutboxTable;
  payload_keys: PayloadKeysTable;
  payload_nonces: PayloadNoncesTable;
  member_security: MemberSecurityTable;
  member_profiles: MemberProfilesTable;
  member_avatars: MemberAvatarsTable;
  member_contact_codes: MemberContactCodesTable;
  member_contact_verifications: MemberContactVerificationsTable;
  affiliate_codes: AffiliateCodesTable;
  auth_throttles: AuthThrottlesTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
};
