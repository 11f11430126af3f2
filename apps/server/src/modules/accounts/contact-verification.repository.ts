import type { ContactChannel } from '@platform/contracts/member-centre';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** The member's mobile number and e-mail on file; `lock` holds the row for the rest of the transaction. */
export async function findContacts(db: Executor, memberId: number, options: { lock?: boolean } = {}) {
  const query = db.selectFrom('members').select(['mobile_num', 'email']).where('id', '=', memberId);
  return options.lock ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
}

export async function isMobileTaken(db: Executor, merchantId: number, mobileNum: string): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('mobile_num', '=', mobileNum)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setContact(db: Executor, memberId: number, channel: ContactChannel, address: string): Promise<void> {
  await db
    .updateTable('members')
    .set(channel === 'mobile' ? { mobile_num: address } : { email: address })
    .where('id', '=', memberId)
    .execute();
}

export async function findProofs(db: Executor, memberId: number) {
  return db.selectFrom('member_contact_verifications').selectAll().where('member_id', '=', memberId).execute();
}

export async function upsertProof(db: Executor, proof: { memberId: number; channel: ContactChannel; address: string; at: Date }) {
  await db
    .insertInto('member_contact_verifications')
    .values({ member_id: proof.memberId, channel: proof.channel, address: proof.address, verified_at: proof.at })
    .onConflict((oc) => oc.columns(['member_id', 'channel']).doUpdateSet({ address: proof.address, verified_at: proof.at }))
    .execute();
}

/** One send per member and channel at a time, for the rest of the transaction. */
export async function lockSends(trx: Transaction<DB>, memberId: number, channel: ContactChannel): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`contact:${memberId}:${channel}`}, 0))`.execute(trx);
}

/** How many codes were sent to the member on the channel since `since`, and when the latest was. */
export async function countCodesSince(db: Executor, memberId: number, channel: ContactChannel, since: Date) {
  const row = await db
    .selectFrom('member_contact_codes')
    .select([sql<number>`count(*)`.as('count'), sql<Date | null>`max(created_at)`.as('latest')])
    .where('member_id', '=', memberId)
    .where('channel', '=', channel)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), latest: row.latest ? new Date(row.latest) : null };
}

/** Retires the live code of the member's channel (a new one replaces it). */
export async function retireLiveCodes(db: Executor, memberId: number, channel: ContactChannel, at: Date): Promise<void> {
  await db
    .updateTable('member_contact_codes')
    .set({ consumed_at: at })
    .where('member_id', '=', memberId)
    .where('channel', '=', channel)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertCode(
  db: Executor,
  row: { memberId: number; channel: ContactChannel; address: string; codeHash: string; at: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('member_contact_codes')
    .values({
      member_id: row.memberId,
      channel: row.channel,
      address: row.address,
      code_hash: row.codeHash,
      created_at: row.at,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function findLiveCode(db: Executor, memberId: number, channel: ContactChannel) {
  return db
    .selectFrom('member_contact_codes')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('channel', '=', channel)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function countWrongGuess(db: Executor, codeId: number): Promise<void> {
  await db.updateTable('member_contact_codes').set({ attempts: sql<number>`attempts + 1` }).where('id', '=', codeId).execute();
}

/** Spends the code once: answers false when it was spent already or has used up its guesses. */
export async function spendCode(db: Executor, codeId: number, at: Date, attemptsMax: number): Promise<boolean> {
  const spent = await db
    .updateTable('member_contact_codes')
    .set({ consumed_at: at })
    .where('id', '=', codeId)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', attemptsMax)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}
