import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Inserts many members under their parents at once (the demo teams), each with its creation time;
 * the upline path (every ancestor and the member itself, '/1/5/9/') is set once the ids are known.
 * Returns the ids in input order.
 */
export async function insertMembers(
  trx: Kysely<DB>,
  rows: readonly {
    merchantId: number;
    currency: string;
    username: string;
    nickname: string;
    accountType: number;
    parentId: number;
    parentPath: string;
    passwordHash: string;
    createdAt: Date;
  }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const col = <T>(pick: (r: (typeof rows)[number]) => T) => sql.val(rows.map(pick));
  const result = await sql<{ id: number; username: string }>`
    INSERT INTO members (merchant_id, username, nickname, account_type, parent_id, upline_path, currency, password_hash, created_at)
    SELECT * FROM unnest(${col((r) => r.merchantId)}::bigint[], ${col((r) => r.username)}::text[], ${col((r) => r.nickname)}::text[],
                         ${col((r) => r.accountType)}::smallint[], ${col((r) => r.parentId)}::bigint[], ${col((r) => r.parentPath)}::text[],
                         ${col((r) => r.currency)}::text[], ${col((r) => r.passwordHash)}::text[], ${col((r) => r.createdAt.toISOString())}::timestamptz[])
    RETURNING id, username`.execute(trx);
  const idOf = new Map(result.rows.map((r) => [r.username, Number(r.id)]));
  const ids = rows.map((r) => idOf.get(r.username) as number);
  await sql`
    UPDATE members m SET upline_path = m.upline_path || m.id || '/'
     WHERE m.id = ANY(${sql.val(ids)}::bigint[])`.execute(trx);
  return ids;
}

/** Dates the demo accounts the seed made a moment ago back to before the weeks of play. */
export async function backdateMembers(trx: Kysely<DB>, ids: readonly number[], createdAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await sql`UPDATE members SET created_at = ${createdAt} WHERE id = ANY(${sql.val(ids)}::bigint[])`.execute(trx);
}
