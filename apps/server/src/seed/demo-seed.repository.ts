import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { sealSecret } from '../lib/secret-box.ts';

/** One fixed key: two nodes starting on one empty database take turns, and the second finds data. */
const DEMO_SEED_LOCK_KEY = 7_348_221;

export async function lockForSeeding(trx: Kysely<DB>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`.execute(trx);
}

export async function hasAnyMerchant(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('merchants').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertAdmin(
  trx: Kysely<DB>,
  row: { merchantId: number; username: string; passwordHash: string; role: string; totpSecret: string | null },
): Promise<number> {
  const inserted = await trx
    .insertInto('admin_users')
    .values({
      merchant_id: row.merchantId,
      username: row.username,
      password_hash: row.passwordHash,
      role: row.role,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Sealed for the operator's row, as the admin module stores it (ADR 0022): the id is known only now.
  if (row.totpSecret) {
    await trx
      .updateTable('admin_users')
      .set({ totp_secret: sealSecret(row.totpSecret, `admin_totp:${inserted.id}`), totp_enrolled_at: new Date() })
      .where('id', '=', inserted.id)
      .execute();
  }
  return inserted.id;
}

/**
 * Inserts a member under its parent. The upline path names every ancestor and the member itself
 * ('/1/5/9/'), so a downline is one prefix match; the member's own id is known only after the insert.
 */
export async function insertMember(
  trx: Kysely<DB>,
  row: {
    merchantId: number;
    currency: string;
    username: string;
    nickname: string;
    accountType: number;
    parent: { id: number; uplinePath: string } | null;
    passwordHash: string;
    /** When the (published) password counts as chosen by its holder: no login forces a change. */
    passwordChosenAt: Date;
  },
): Promise<{ id: number; uplinePath: string }> {
  const parentPath = row.parent?.uplinePath ?? '/';
  const inserted = await trx
    .insertInto('members')
    .values({
      merchant_id: row.merchantId,
      username: row.username,
      nickname: row.nickname,
      account_type: row.accountType,
      parent_id: row.parent?.id ?? null,
      upline_path: parentPath,
      currency: row.currency,
      password_hash: row.passwordHash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const uplinePath = `${parentPath}${inserted.id}/`;
  await trx.updateTable('members').set({ upline_path: uplinePath }).where('id', '=', inserted.id).execute();
  await trx.insertInto('member_security').values({ member_id: inserted.id, password_changed_at: row.passwordChosenAt }).execute();
  return { id: inserted.id, uplinePath };
}
