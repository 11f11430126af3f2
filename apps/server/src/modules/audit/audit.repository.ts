import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';
import { operatorMerchants } from '../admin/operator-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

const rowColumns = [
  'id',
  'created_at',
  'actor_type',
  'actor_id',
  'action',
  'subject_type',
  'subject_id',
  'data',
  'ip',
  'prev_hash',
  'hash',
] as const;

/** Where a row's merchant comes from: given, or the merchant of a member or of an operator. */
export type MerchantSource = { merchantId: number } | { memberId: number } | { operatorId: number } | null;

type NewRow = Omit<Insertable<DB['audit_log']>, 'merchant_id'> & { merchantOf: MerchantSource };

/** The merchant as a value or a sub-query read in the insert itself (one statement, no extra round trip). */
function merchantValue(db: Executor, source: MerchantSource) {
  if (source === null) return null;
  if ('merchantId' in source) return source.merchantId;
  if ('memberId' in source) {
    return db.selectFrom(publicMembers(db).as('m')).select('m.merchant_id').where('m.id', '=', source.memberId);
  }
  return db.selectFrom(operatorMerchants(db).as('o')).select('o.merchant_id').where('o.id', '=', source.operatorId);
}

function toInsert(db: Executor, { merchantOf, ...row }: NewRow) {
  return { ...row, merchant_id: merchantValue(db, merchantOf) };
}

export async function insertRow(db: Executor, row: NewRow): Promise<void> {
  await insertRowQuery(db, row).execute();
}

/** The insert of one row, not run: to be a data-modifying part of another statement. */
export function insertRowQuery(db: Executor, row: NewRow) {
  return db.insertInto('audit_log').values(toInsert(db, row));
}

/** Many rows in one statement (ids drawn in the order given). */
export async function insertRows(db: Executor, rows: NewRow[]): Promise<void> {
  await db
    .insertInto('audit_log')
    .values(rows.map((row) => toInsert(db, row)))
    .execute();
}

/** Serialises sealing across nodes for the rest of the transaction. */
export async function lockSealing(trx: Transaction<DB>, lockKey: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${lockKey})`.execute(trx);
}

/** The last sealed row: where the chain continues. */
export async function findSealedHead(db: Executor) {
  return db.selectFrom('audit_log').select(['id', 'hash']).where('hash', 'is not', null).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function findUnsealed(db: Executor, limit: number) {
  return db.selectFrom('audit_log').select(rowColumns).where('hash', 'is', null).orderBy('id').limit(limit).execute();
}

export async function seal(db: Executor, id: number, prevHash: string, hash: string): Promise<void> {
  await db.updateTable('audit_log').set({ prev_hash: prevHash, hash }).where('id', '=', id).where('hash', 'is', null).execute();
}

export async function findSealedAfter(db: Executor, afterId: number, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(rowColumns)
    .where('hash', 'is not', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export type AuditFilter = {
  /** The operator's merchant: its rows and the platform's own (no merchant). */
  merchantId?: number | undefined;
  actorType?: string | undefined;
  actorId?: string | undefined;
  subjectType?: string | undefined;
  subjectId?: string | undefined;
  action?: string | undefined;
  /** Actions starting with this (a module's family, e.g. `rg.`); a constant of the caller, never typed input. */
  actionPrefix?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  before?: number | undefined;
  limit: number;
};

/**
 * Rows newest first, before the id given (keyset); by operator, member and action through the
 * indexes audit_log_actor_idx, audit_log_subject_idx and audit_log_action_idx.
 */
export async function findPage(db: Executor, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').select(rowColumns);
  const merchantId = filter.merchantId;
  if (merchantId !== undefined) query = query.where((eb) => eb.or([eb('merchant_id', '=', merchantId), eb('merchant_id', 'is', null)]));
  if (filter.actorType !== undefined) query = query.where('actor_type', '=', filter.actorType);
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.subjectType !== undefined) query = query.where('subject_type', '=', filter.subjectType);
  if (filter.subjectId !== undefined) query = query.where('subject_id', '=', filter.subjectId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.actionPrefix !== undefined) query = query.where('action', 'like', `${filter.actionPrefix.replace(/[\\%_]/g, '\\$&')}%`);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}
