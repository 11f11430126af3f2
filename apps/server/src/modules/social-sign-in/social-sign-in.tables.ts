import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A third-party identity linked for good to a member (written once, never changed). */
export type SocialIdentitiesTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  provider_key: string;
  issuer: string;
  subject: string;
  created_at: Timestamp;
};

export type SocialGrantKind = 'state' | 'code' | 'link';

/** A short-lived, single-use value of a sign-in, by the hash of what the browser holds. */
export type SocialSignInGrantsTable = {
  value_hash: string;
  merchant_id: number;
  kind: SocialGrantKind;
  provider_key: string;
  data: JSONColumnType<Record<string, unknown>>;
  failures: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
};

export type SocialSignInTables = {
  social_identities: SocialIdentitiesTable;
  social_sign_in_grants: SocialSignInGrantsTable;
};
