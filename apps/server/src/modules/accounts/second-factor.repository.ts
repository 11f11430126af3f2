import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { currentSealPrefix, openSecret, resealSecret, sealSecret } from '../../lib/secret-box.ts';

// Addresses a member has logged in from.

export async function upsertKnownIp(db: Kysely<DB>, memberId: number, ip: string, at: Date): Promise<void> {
  await db
    .insertInto('member_known_ips')
    .values({ member_id: memberId, ip, first_seen_at: at, last_seen_at: at })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: at }))
    .execute();
}

export async function findKnownIps(db: Kysely<DB>, memberId: number): Promise<string[]> {
  const rows = await db.selectFrom('member_known_ips').select('ip').where('member_id', '=', memberId).execute();
  return rows.map((r) => r.ip);
}

// Login challenges.

export async function deleteExpiredChallenges(db: Kysely<DB>, at: Date): Promise<void> {
  await db.deleteFrom('login_challenges').where('expires_at', '<', at).execute();
}

export async function insertChallenge(
  db: Kysely<DB>,
  row: { tokenHash: string; memberId: number; ip: string | null; methods: string; context: string; at: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({
      token_hash: row.tokenHash,
      member_id: row.memberId,
      ip: row.ip,
      methods: row.methods,
      context: row.context,
      created_at: row.at,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** A live challenge (not used, not expired) with its member's mobile number and username. */
export async function findLiveChallenge(db: Kysely<DB>, tokenHash: string, at: Date) {
  return db
    .selectFrom('login_challenges')
    .innerJoin('members', 'members.id', 'login_challenges.member_id')
    .select([
      'login_challenges.member_id as memberId',
      'login_challenges.methods as methods',
      'login_challenges.context as context',
      'login_challenges.attempts as attempts',
      'login_challenges.ip as ip',
      'members.mobile_num as mobileNum',
      'members.username as username',
    ])
    .where('login_challenges.token_hash', '=', tokenHash)
    .where('login_challenges.used_at', 'is', null)
    .where('login_challenges.expires_at', '>', at)
    .executeTakeFirst();
}

export async function countWrongChallengeAnswer(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db.updateTable('login_challenges').set({ attempts: sql<number>`attempts + 1` }).where('token_hash', '=', tokenHash).execute();
}

/** Spends the challenge once; answers false when it was spent already. */
export async function spendChallenge(db: Kysely<DB>, tokenHash: string, at: Date): Promise<boolean> {
  const spent = await db
    .updateTable('login_challenges')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .returning('member_id')
    .executeTakeFirst();
  return spent !== undefined;
}

// Authenticator apps (TOTP).

/** The member's authenticator row, its secret decrypted (it is stored sealed, ADR 0022). */
export async function findTotp(db: Kysely<DB>, memberId: number) {
  const row = await db.selectFrom('member_totp').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  return row && { ...row, secret_base32: openSecret(row.secret_base32, totpContext(memberId)) };
}

const totpContext = (memberId: number) => `member_totp:${memberId}`;

/**
 * One step of a key rotation: up to `limit` authenticator secrets not sealed with the current key,
 * each sealed again with it (compare-and-set on the old value, so a concurrent change wins).
 */
export async function resealTotpSecrets(db: Kysely<DB>, limit: number): Promise<{ seen: number; resealed: number }> {
  const rows = await db
    .selectFrom('member_totp')
    .select(['member_id', 'secret_base32'])
    .where(sql<boolean>`not starts_with(secret_base32, ${currentSealPrefix()})`)
    .orderBy('member_id')
    .limit(limit)
    .execute();
  let resealed = 0;
  for (const row of rows) {
    const updated = await db
      .updateTable('member_totp')
      .set({ secret_base32: resealSecret(row.secret_base32, totpContext(row.member_id)) })
      .where('member_id', '=', row.member_id)
      .where('secret_base32', '=', row.secret_base32)
      .executeTakeFirst();
    resealed += Number(updated.numUpdatedRows);
  }
  return { seen: rows.length, resealed };
}

/** Remembers the time step of an accepted code; answers false when that step (or a later one) was used. */
export async function advanceTotpCounter(db: Kysely<DB>, memberId: number, counter: number): Promise<boolean> {
  const updated = await db
    .updateTable('member_totp')
    .set({ last_counter: counter })
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('last_counter', 'is', null), eb('last_counter', '<', counter)]))
    .returning('member_id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** Stores a new, unconfirmed secret (replacing an unconfirmed one). */
export async function upsertTotpSecret(db: Kysely<DB>, memberId: number, plainSecret: string): Promise<void> {
  const secret = sealSecret(plainSecret, totpContext(memberId));
  await db
    .insertInto('member_totp')
    .values({ member_id: memberId, secret_base32: secret })
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ secret_base32: secret, last_counter: null }))
    .execute();
}

export async function confirmTotp(db: Kysely<DB>, memberId: number, at: Date, counter: number): Promise<void> {
  await db.updateTable('member_totp').set({ confirmed_at: at, last_counter: counter }).where('member_id', '=', memberId).execute();
}
