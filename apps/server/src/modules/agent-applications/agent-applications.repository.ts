import type { AgentApplicationStatus, AgentExperience } from '@platform/contracts/agent-applications';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Serialises the applications of one rate key (a member, or a visitor's address) for the rest of
 * the transaction, so a double submit and the hourly count are decided one request at a time.
 */
export async function holdRateKey(trx: Transaction<DB>, merchantId: number, rateKey: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`agent_applications:${merchantId}:${rateKey}`}))`.execute(trx);
}

export async function findByRequestId(db: Executor, merchantId: number, requestId: string) {
  return db
    .selectFrom('agent_applications')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export async function countSince(db: Executor, merchantId: number, rateKey: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('agent_applications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('merchant_id', '=', merchantId)
    .where('rate_key', '=', rateKey)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasPendingForMobile(db: Executor, merchantId: number, mobileNum: string): Promise<boolean> {
  const row = await db
    .selectFrom('agent_applications')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('mobile_num', '=', mobileNum)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row !== undefined;
}

export type NewApplication = {
  merchantId: number;
  reference: string;
  memberId: number | null;
  realName: string;
  mobileNum: string;
  email: string | null;
  contact: string | null;
  experience: AgentExperience;
  message: string | null;
  language: string;
  rateKey: string;
  ip: string | null;
  requestId: string;
  requestHash: string;
  at: Date;
};

export async function insertApplication(db: Executor, row: NewApplication) {
  return db
    .insertInto('agent_applications')
    .values({
      merchant_id: row.merchantId,
      reference: row.reference,
      member_id: row.memberId,
      real_name: row.realName,
      mobile_num: row.mobileNum,
      email: row.email,
      contact: row.contact,
      experience: row.experience,
      message: row.message,
      language: row.language,
      rate_key: row.rateKey,
      ip: row.ip,
      request_id: row.requestId,
      request_hash: row.requestHash,
      status: 'pending',
      created_at: row.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findByReference(db: Executor, merchantId: number, reference: string) {
  return db
    .selectFrom('agent_applications')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

function withUsername(db: Executor) {
  return db
    .selectFrom('agent_applications as a')
    .leftJoin(publicMembers(db).as('m'), 'm.id', 'a.member_id')
    .selectAll('a')
    .select('m.username');
}

export async function findPage(
  db: Executor,
  filter: { merchantId: number; status?: AgentApplicationStatus | undefined },
  page: { limit: number; offset: number },
) {
  let count = db.selectFrom('agent_applications as a').where('a.merchant_id', '=', filter.merchantId);
  let rows = withUsername(db).where('a.merchant_id', '=', filter.merchantId);
  if (filter.status) {
    count = count.where('a.status', '=', filter.status);
    rows = rows.where('a.status', '=', filter.status);
  }
  const [list, total] = await Promise.all([
    rows.orderBy('a.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    count.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(total.n) };
}

export async function findWithUsername(db: Executor, id: number) {
  return withUsername(db).where('a.id', '=', id).executeTakeFirstOrThrow();
}

/** Locks one application of the merchant for its answer; undefined when there is none. */
export async function lockApplication(trx: Transaction<DB>, merchantId: number, id: number) {
  return trx
    .selectFrom('agent_applications')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markAnswered(
  trx: Transaction<DB>,
  id: number,
  answer: { status: Exclude<AgentApplicationStatus, 'pending'>; message: string; adminId: number; at: Date },
): Promise<void> {
  await trx
    .updateTable('agent_applications')
    .set({ status: answer.status, answer: answer.message, answered_by: answer.adminId, answered_at: answer.at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
