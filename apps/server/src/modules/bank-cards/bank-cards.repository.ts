import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/** Bank cards as another module's repository may join them (a withdrawal shows the card it pays to). */
export function bankCardsForJoin(db: Executor) {
  return db
    .selectFrom('bank_cards')
    .select([
      'bank_cards.id',
      'bank_cards.member_id',
      'bank_cards.bank_code',
      'bank_cards.bank_name',
      'bank_cards.account_name',
      'bank_cards.account_number',
    ]);
}

export type BankCardRow = {
  id: number;
  merchantId: number;
  memberId: number;
  bankCode: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  status: 'active' | 'removed';
  verifiedAt: Date | null;
  createdAt: Date;
  removedAt: Date | null;
};

const columns = [
  'id',
  'merchant_id as merchantId',
  'member_id as memberId',
  'bank_code as bankCode',
  'bank_name as bankName',
  'account_name as accountName',
  'account_number as accountNumber',
  'status',
  'verified_at as verifiedAt',
  'created_at as createdAt',
  'removed_at as removedAt',
] as const;

export async function lockMember(db: Executor, memberId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`bank-cards:${memberId}`}, 0))`.execute(db);
}

export function findActiveByMember(db: Executor, memberId: number): Promise<BankCardRow[]> {
  return db
    .selectFrom('bank_cards')
    .select(columns)
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
}

export function findById(db: Executor, id: number): Promise<BankCardRow | undefined> {
  return db.selectFrom('bank_cards').select(columns).where('id', '=', id).executeTakeFirst();
}

export function findActiveByNumber(db: Executor, merchantId: number, accountNumber: string): Promise<BankCardRow | undefined> {
  return db
    .selectFrom('bank_cards')
    .select(columns)
    .where('merchant_id', '=', merchantId)
    .where('account_number', '=', accountNumber)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function insert(
  db: Executor,
  row: {
    merchantId: number;
    memberId: number;
    bankCode: string;
    bankName: string;
    accountName: string;
    accountNumber: string;
    createdAt: Date;
  },
): Promise<BankCardRow> {
  return db
    .insertInto('bank_cards')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      bank_code: row.bankCode,
      bank_name: row.bankName,
      account_name: row.accountName,
      account_number: row.accountNumber,
      created_at: row.createdAt,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** Removes a member's active card; undefined when it is not theirs or already removed. */
export function markRemoved(db: Executor, memberId: number, id: number, at: Date): Promise<{ id: number } | undefined> {
  return db
    .updateTable('bank_cards')
    .set({ status: 'removed', removed_at: at })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .returning('id')
    .executeTakeFirst();
}

export async function markVerified(db: Executor, id: number, at: Date): Promise<void> {
  await db.updateTable('bank_cards').set({ verified_at: at }).where('id', '=', id).where('verified_at', 'is', null).execute();
}

export function findGuard(db: Executor, memberId: number) {
  return db
    .selectFrom('payment_password_guards')
    .select(['failed_attempts as failedAttempts', 'locked_until as lockedUntil'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** Counts one wrong payment password; returns the count after it. */
export async function recordGuardFailure(db: Executor, memberId: number, at: Date, lockAfter: number, lockUntil: Date): Promise<number> {
  const row = await sql<{ failed_attempts: number }>`
    INSERT INTO payment_password_guards (member_id, failed_attempts, locked_until, updated_at)
    VALUES (${memberId}, 1, NULL, ${at})
    ON CONFLICT (member_id) DO UPDATE SET
      failed_attempts = CASE WHEN payment_password_guards.locked_until IS NOT NULL AND payment_password_guards.locked_until <= ${at}
                             THEN 1 ELSE payment_password_guards.failed_attempts + 1 END,
      locked_until = CASE WHEN (CASE WHEN payment_password_guards.locked_until IS NOT NULL AND payment_password_guards.locked_until <= ${at}
                                     THEN 1 ELSE payment_password_guards.failed_attempts + 1 END) >= ${lockAfter}
                          THEN ${lockUntil}::timestamptz ELSE NULL END,
      updated_at = ${at}
    RETURNING failed_attempts`.execute(db);
  return row.rows[0]?.failed_attempts ?? 1;
}

export async function clearGuard(db: Executor, memberId: number): Promise<void> {
  await db.deleteFrom('payment_password_guards').where('member_id', '=', memberId).execute();
}

/** The members that ever bound this account number, removed cards too (index bank_cards_number_idx). */
export async function findMemberIdsByNumber(db: Executor, merchantId: number, accountNumber: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('bank_cards')
    .select('member_id')
    .distinct()
    .where('merchant_id', '=', merchantId)
    .where('account_number', '=', accountNumber)
    .limit(limit)
    .execute();
  return rows.map((r) => r.member_id);
}

/** Every card of the member, removed ones too, newest first. */
export async function findAllByMember(db: Executor, memberId: number): Promise<BankCardRow[]> {
  return db.selectFrom('bank_cards').select(columns).where('member_id', '=', memberId).orderBy('id', 'desc').execute();
}

/**
 * Other members' cards with a number or an account name (the payee) of one of the member's cards
 * (indexes bank_cards_number_idx and bank_cards_payee_idx).
 */
export async function findSharedWith(db: Executor, merchantId: number, memberId: number, limit: number) {
  const mine = await db.selectFrom('bank_cards').select(['account_number', 'account_name']).where('member_id', '=', memberId).execute();
  if (mine.length === 0) return [];
  const numbers = [...new Set(mine.map((c) => c.account_number))];
  const names = [...new Set(mine.map((c) => c.account_name.toLowerCase()))];
  return db
    .selectFrom('bank_cards')
    .select(['member_id as memberId', 'account_number as accountNumber', 'account_name as accountName'])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '<>', memberId)
    .where((eb) => eb.or([eb('account_number', 'in', numbers), eb(sql<string>`lower(account_name)`, 'in', names)]))
    .orderBy('member_id', 'desc')
    .limit(limit)
    .execute();
}
