import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type TransferMemberRow = {
  id: number;
  merchantId: number;
  username: string;
  accountType: number;
  parentId: number | null;
  uplinePath: string;
  currency: string;
  status: 'active' | 'locked' | 'closed';
  paymentPasswordHash: string | null;
};

const memberColumns = [
  'id',
  'merchant_id as merchantId',
  'username',
  'account_type as accountType',
  'parent_id as parentId',
  'upline_path as uplinePath',
  'currency',
  'status',
  'payment_password_hash as paymentPasswordHash',
] as const;

function trimMember<T extends { currency: string }>(row: T): T {
  return { ...row, currency: row.currency.trim() };
}

/** Reads members (owned by accounts) for the transfer checks; never writes them. */
export async function findMemberById(db: Executor, id: number): Promise<TransferMemberRow | undefined> {
  const row = await db.selectFrom('members').select(memberColumns).where('id', '=', id).executeTakeFirst();
  return row && trimMember(row);
}

/**
 * A member of the agent's downline by username: same merchant, and the member's path starts with
 * the agent's path (paths name every ancestor, so this is the direct and indirect downline), never
 * the agent itself.
 */
export async function findDownlineByUsername(
  db: Executor,
  agent: { id: number; merchantId: number; uplinePath: string },
  username: string,
): Promise<TransferMemberRow | undefined> {
  const row = await db
    .selectFrom('members')
    .select(memberColumns)
    .where('merchant_id', '=', agent.merchantId)
    .where(sql<boolean>`lower(username) = lower(${username})`)
    .where('upline_path', 'like', `${agent.uplinePath.replace(/[\\%_]/g, '\\$&')}%`)
    .where('id', '<>', agent.id)
    .executeTakeFirst();
  return row && trimMember(row);
}

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
