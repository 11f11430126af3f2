import type { ColumnType, Generated, JSONColumnType } from 'kysely';

export type AdminSessionsTable = {
  id: Generated<number>;
  token_hash: string;
  admin_id: number;
  created_at: ColumnType<Date, Date, Date>;
  last_seen_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, Date>;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
};

export type AdminLoginChallengesTable = {
  token_hash: string;
  admin_id: number;
  stage: 'totp' | 'enrol';
  enrol_secret: string | null;
  ip: string | null;
  created_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, Date>;
  used_at: Date | null;
};

/** A role of a merchant as a set of permissions (the administrator's list is not read). */
export type AdminRolesTable = {
  merchant_id: number;
  code: string;
  permissions: JSONColumnType<string[], string | undefined, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: number | null;
};

export type AdminTables = {
  admin_sessions: AdminSessionsTable;
  admin_roles: AdminRolesTable;
  admin_login_challenges: AdminLoginChallengesTable;
};
