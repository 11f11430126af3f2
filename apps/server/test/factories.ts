import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';

/** Test data builders. Every test makes its own data; nothing depends on the demo seed. */

export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export async function createMerchant(db: Kysely<DB>, overrides: { code?: string; currency?: string } = {}) {
  return db
    .insertInto('merchants')
    .values({ code: overrides.code ?? uniqueName('m'), name: 'Test merchant', currency: overrides.currency ?? 'VND' })
    .returning(['id', 'code', 'currency'])
    .executeTakeFirstOrThrow();
}

export async function createMember(
  db: Kysely<DB>,
  merchant: { id: number; currency: string },
  overrides: { username?: string; accountType?: number; parentId?: number | null; passwordHash?: string | null } = {},
) {
  const parent = overrides.parentId
    ? await db.selectFrom('members').select(['upline_path']).where('id', '=', overrides.parentId).executeTakeFirstOrThrow()
    : undefined;
  const inserted = await db
    .insertInto('members')
    .values({
      merchant_id: merchant.id,
      username: overrides.username ?? uniqueName('player'),
      account_type: overrides.accountType ?? 0,
      parent_id: overrides.parentId ?? null,
      upline_path: parent?.upline_path ?? '/',
      currency: merchant.currency,
      password_hash: overrides.passwordHash ?? null,
    })
    .returning(['id', 'username', 'account_type'])
    .executeTakeFirstOrThrow();
  // The path names every ancestor and the member itself, so a downline is one prefix match.
  const uplinePath = `${parent?.upline_path ?? '/'}${inserted.id}/`;
  await db.updateTable('members').set({ upline_path: uplinePath }).where('id', '=', inserted.id).execute();
  return { ...inserted, merchantId: merchant.id, currency: merchant.currency, uplinePath };
}
