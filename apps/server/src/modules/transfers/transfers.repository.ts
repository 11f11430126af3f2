import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type PermissionsRow = { toUpline: boolean; canTransferToDownline: boolean; canReceiveFromDownline: boolean };

export async function findPermissions(db: Executor, memberId: number): Promise<PermissionsRow | undefined> {
  return db
    .selectFrom('transfer_permissions')
    .select([
      'to_upline as toUpline',
      'can_transfer_to_downline as canTransferToDownline',
      'can_receive_from_downline as canReceiveFromDownline',
    ])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The flags of the members that have a row (members without one have the defaults). */
export async function findPermissionsOf(db: Executor, memberIds: readonly number[]): Promise<{ memberId: number; toUpline: boolean }[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('transfer_permissions')
    .select(['member_id', 'to_upline'])
    .where('member_id', 'in', [...memberIds])
    .execute();
  return rows.map((r) => ({ memberId: Number(r.member_id), toUpline: r.to_upline }));
}

export async function upsertPermissions(
  db: Executor,
  memberId: number,
  flags: PermissionsRow,
  updatedBy: string | null,
  at: Date,
): Promise<void> {
  const values = {
    to_upline: flags.toUpline,
    can_transfer_to_downline: flags.canTransferToDownline,
    can_receive_from_downline: flags.canReceiveFromDownline,
    updated_at: at,
    updated_by: updatedBy,
  };
  await db
    .insertInto('transfer_permissions')
    .values({ member_id: memberId, ...values })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(values))
    .execute();
}

export type MemberTransferRow = {
  id: number;
  senderId: number;
  receiverId: number;
  direction: 'downline' | 'upline';
  amount: number;
  currency: string;
  note: string;
  requestId: string;
  requestHash: string;
  ledgerTransferId: number | null;
  senderBalanceAfter: number | null;
  createdAt: Date;
};

const transferColumns = [
  'id',
  'sender_id as senderId',
  'receiver_id as receiverId',
  'direction',
  'amount',
  'currency',
  'note',
  'request_id as requestId',
  'request_hash as requestHash',
  'ledger_transfer_id as ledgerTransferId',
  'sender_balance_after as senderBalanceAfter',
  'created_at as createdAt',
] as const;

/**
 * Claims the sender's request id. ON CONFLICT DO NOTHING waits for a concurrent claim of the same
 * id to commit or roll back, then yields no row (committed) or inserts (rolled back).
 */
export async function insertTransferOnce(
  db: Executor,
  row: {
    merchantId: number;
    senderId: number;
    receiverId: number;
    direction: 'downline' | 'upline';
    amount: number;
    currency: string;
    note: string;
    requestId: string;
    requestHash: string;
    createdAt: Date;
  },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('member_transfers')
    .values({
      merchant_id: row.merchantId,
      sender_id: row.senderId,
      receiver_id: row.receiverId,
      direction: row.direction,
      amount: row.amount,
      currency: row.currency,
      note: row.note,
      request_id: row.requestId,
      request_hash: row.requestHash,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.columns(['sender_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function findTransferByRequest(db: Executor, senderId: number, requestId: string): Promise<MemberTransferRow | undefined> {
  const row = await db
    .selectFrom('member_transfers')
    .select(transferColumns)
    .where('sender_id', '=', senderId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row && { ...row, currency: row.currency.trim() };
}

export async function completeTransfer(
  db: Executor,
  id: number,
  ledgerTransferId: number,
  senderBalanceAfter: number | null,
): Promise<void> {
  await db
    .updateTable('member_transfers')
    .set({ ledger_transfer_id: ledgerTransferId, sender_balance_after: senderBalanceAfter })
    .where('id', '=', id)
    .execute();
}

/** The sender of each transfer by id (ids that are not transfers are left out). */
export async function findSenderIds(db: Executor, transferIds: readonly number[]): Promise<{ id: number; senderId: number }[]> {
  if (transferIds.length === 0) return [];
  const rows = await db
    .selectFrom('member_transfers')
    .select(['id', 'sender_id'])
    .where('id', 'in', [...transferIds])
    .execute();
  return rows.map((r) => ({ id: Number(r.id), senderId: Number(r.sender_id) }));
}
