import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function deleteExpired(db: Kysely<DB>, at: Date): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<', at).execute();
}

export async function insert(
  db: Kysely<DB>,
  row: { keyHash: string; merchantId: number; answerHash: string; ip: string | null; at: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('captchas')
    .values({
      key_hash: row.keyHash,
      merchant_id: row.merchantId,
      answer_hash: row.answerHash,
      ip: row.ip,
      created_at: row.at,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Spends a live captcha of the merchant once; answers its answer hash, or nothing. */
export async function spend(db: Kysely<DB>, merchantId: number, keyHash: string, at: Date): Promise<string | undefined> {
  const spent = await db
    .updateTable('captchas')
    .set({ used_at: at })
    .where('key_hash', '=', keyHash)
    .where('merchant_id', '=', merchantId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('answer_hash')
    .executeTakeFirst();
  return spent?.answer_hash;
}
