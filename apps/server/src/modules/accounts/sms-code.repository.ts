import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SmsPurpose } from './sms-code.service.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** One send per number at a time, for the rest of the transaction. */
export async function lockSends(trx: Transaction<DB>, merchantId: number, mobileNum: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sms:${merchantId}:${mobileNum}`}, 0))`.execute(trx);
}

/** Codes sent to the number since `since`, and when the latest was. */
export async function countSentToNumberSince(db: Executor, merchantId: number, mobileNum: string, since: Date) {
  const row = await db
    .selectFrom('sms_codes')
    .select([sql<number>`count(*)`.as('count'), sql<Date | null>`max(created_at)`.as('latest')])
    .where('merchant_id', '=', merchantId)
    .where('mobile_num', '=', mobileNum)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), latest: row.latest ? new Date(row.latest) : null };
}

export async function countSentFromIpSince(db: Executor, merchantId: number, ip: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('sms_codes')
    .select(sql<number>`count(*)`.as('count'))
    .where('merchant_id', '=', merchantId)
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Retires the live code for the number and purpose (a new one replaces it). */
export async function retireLive(db: Executor, merchantId: number, mobileNum: string, purpose: SmsPurpose, at: Date): Promise<void> {
  await db
    .updateTable('sms_codes')
    .set({ consumed_at: at })
    .where('merchant_id', '=', merchantId)
    .where('mobile_num', '=', mobileNum)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insert(
  db: Executor,
  row: { merchantId: number; mobileNum: string; purpose: SmsPurpose; codeHash: string; ip: string | null; at: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sms_codes')
    .values({
      merchant_id: row.merchantId,
      mobile_num: row.mobileNum,
      purpose: row.purpose,
      code_hash: row.codeHash,
      ip: row.ip,
      created_at: row.at,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function findLive(db: Executor, merchantId: number, mobileNum: string, purpose: SmsPurpose) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('merchant_id', '=', merchantId)
    .where('mobile_num', '=', mobileNum)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function countWrongGuess(db: Executor, id: number): Promise<void> {
  await db.updateTable('sms_codes').set({ attempts: sql<number>`attempts + 1` }).where('id', '=', id).execute();
}

/** Spends the code once; answers false when it was spent already or has used up its guesses. */
export async function spend(db: Executor, id: number, at: Date, attemptsMax: number): Promise<boolean> {
  const spent = await db
    .updateTable('sms_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', attemptsMax)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}
