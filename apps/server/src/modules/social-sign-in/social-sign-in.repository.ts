import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SocialGrantKind } from './social-sign-in.tables.ts';

export type IdentityRow = { memberId: number; providerKey: string };

export async function findIdentity(db: Kysely<DB>, merchantId: number, issuer: string, subject: string): Promise<IdentityRow | undefined> {
  const row = await db
    .selectFrom('social_identities')
    .select(['member_id', 'provider_key'])
    .where('merchant_id', '=', merchantId)
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row ? { memberId: Number(row.member_id), providerKey: row.provider_key } : undefined;
}

export async function hasProviderLink(db: Kysely<DB>, memberId: number, providerKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('social_identities')
    .select('id')
    .where('member_id', '=', memberId)
    .where('provider_key', '=', providerKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** The link, written once; the unique indexes refuse a second link of the identity or of the member to the provider. */
export async function insertIdentity(
  db: Kysely<DB>,
  row: { merchantId: number; memberId: number; providerKey: string; issuer: string; subject: string; at: Date },
): Promise<void> {
  await db
    .insertInto('social_identities')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      provider_key: row.providerKey,
      issuer: row.issuer,
      subject: row.subject,
      created_at: row.at,
    })
    .execute();
}

export async function insertGrant(
  db: Kysely<DB>,
  row: {
    valueHash: string;
    merchantId: number;
    kind: SocialGrantKind;
    providerKey: string;
    data: Record<string, unknown>;
    expiresAt: Date;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('social_sign_in_grants')
    .values({
      value_hash: row.valueHash,
      merchant_id: row.merchantId,
      kind: row.kind,
      provider_key: row.providerKey,
      data: JSON.stringify(row.data),
      expires_at: row.expiresAt,
      created_at: row.at,
    })
    .execute();
}

export type GrantRow = { providerKey: string; data: Record<string, unknown>; failures: number };

/** A live grant, unused and unexpired, left as it is (a link ticket is read before it is spent). */
export async function findLiveGrant(
  db: Kysely<DB>,
  key: { valueHash: string; merchantId: number; kind: SocialGrantKind },
  at: Date,
): Promise<GrantRow | undefined> {
  const row = await db
    .selectFrom('social_sign_in_grants')
    .select(['provider_key', 'data', 'failures'])
    .where('value_hash', '=', key.valueHash)
    .where('merchant_id', '=', key.merchantId)
    .where('kind', '=', key.kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return row ? { providerKey: row.provider_key, data: row.data, failures: row.failures } : undefined;
}

/** Spends a live grant in one statement, so two uses of one value cannot both pass; undefined when it was not live. */
export async function spendGrant(
  db: Kysely<DB>,
  key: { valueHash: string; merchantId: number; kind: SocialGrantKind },
  at: Date,
): Promise<GrantRow | undefined> {
  const row = await db
    .updateTable('social_sign_in_grants')
    .set({ used_at: at })
    .where('value_hash', '=', key.valueHash)
    .where('merchant_id', '=', key.merchantId)
    .where('kind', '=', key.kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['provider_key', 'data', 'failures'])
    .executeTakeFirst();
  return row ? { providerKey: row.provider_key, data: row.data, failures: row.failures } : undefined;
}

/** Counts a wrong password given with a link ticket; the count after it. */
export async function countGrantFailure(db: Kysely<DB>, valueHash: string): Promise<number> {
  const row = await db
    .updateTable('social_sign_in_grants')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('value_hash', '=', valueHash)
    .returning('failures')
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** Drops grants that expired before `before`; answers how many went. */
export async function deleteExpiredGrants(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db.deleteFrom('social_sign_in_grants').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
