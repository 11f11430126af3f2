import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export async function countSince(db: Executor, memberId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select(sql<number>`count(*)`.as('count'))
    .where('member_id', '=', memberId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insert(
  db: Executor,
  row: { tokenHash: string; memberId: number; at: Date; expiresAt: Date; ip: string | null },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: row.tokenHash, member_id: row.memberId, created_at: row.at, expires_at: row.expiresAt, ip: row.ip })
    .execute();
}

/** Spends a live token once; answers its member, or nothing when it is spent, expired or unknown. */
export async function spend(db: Executor, tokenHash: string, at: Date): Promise<number | undefined> {
  const spent = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('member_id')
    .executeTakeFirst();
  return spent?.member_id;
}

export async function spendAllOfMember(db: Executor, memberId: number, at: Date): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}
