import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The active key of a purpose (payload encryption, bot-check signing). */
export async function findActive(db: Kysely<DB>, purpose: string) {
  return db
    .selectFrom('payload_keys')
    .select(['kid', 'public_jwk', 'private_jwk'])
    .where('purpose', '=', purpose)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}

/** Stores a key unless another node stored one first (the unique active index decides). */
export async function insertUnlessActive(
  db: Kysely<DB>,
  key: { kid: string; purpose: string; publicJwk: string; privateJwk: string },
): Promise<void> {
  await db
    .insertInto('payload_keys')
    .values({ kid: key.kid, purpose: key.purpose, public_jwk: key.publicJwk, private_jwk: key.privateJwk })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteExpiredNonces(db: Kysely<DB>, at: Date): Promise<void> {
  await db.deleteFrom('payload_nonces').where('expires_at', '<', at).execute();
}

/** Stores a nonce once; answers false when it was seen before (a replay). */
export async function insertNonceOnce(db: Kysely<DB>, nonce: string, expiresAt: Date): Promise<boolean> {
  const stored = await db
    .insertInto('payload_nonces')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return stored !== undefined;
}
