import type { ColumnType, Generated } from 'kysely';

export type AdminSessionsTable = {
  id: Generated<number>;
  token_hash: string;
  admin_id: number;
  created_at: ColumnType<Date, Date, Date>;
  last_seen_at: ColumnType<Date, Date, Date>;
  expires_at: ColumnType<Date, Date, Date>;
  revoked_at: Date | null;
  ip: string | null;
};

export type AdminTables = {
  admin_sessions: AdminSessionsTable;
};
