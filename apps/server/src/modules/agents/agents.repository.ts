import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type WalletMoveDirection = 'to_agent' | 'to_main';

export type WalletMoveRow = {
  id: number;
  direction: WalletMoveDirection;
  amount: number;
  currency: string;
  requestHash: string;
  ledgerTransferId: number | null;
  mainBalanceAfter: number | null;
  agentBalanceAfter: number | null;
  createdAt: Date;
};

/**
 * Claims the member's request id for a wallet move. ON CONFLICT DO NOTHING waits for a concurrent
 * claim of the same id to commit or roll back, then yields no row (committed) or inserts.
 */
export async function insertWalletMoveOnce(
  db: Executor,
  row: {
    merchantId: number;
    memberId: number;
    direction: WalletMoveDirection;
    amount: number;
    currency: string;
    requestId: string;
    requestHash: string;
    createdAt: Date;
  },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('agent_wallet_moves')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      direction: row.direction,
      amount: row.amount,
      currency: row.currency,
      request_id: row.requestId,
      request_hash: row.requestHash,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted === undefined ? undefined : Number(inserted.id);
}

export async function findWalletMoveByRequest(db: Executor, memberId: number, requestId: string): Promise<WalletMoveRow | undefined> {
  const row = await db
    .selectFrom('agent_wallet_moves')
    .select([
      'id',
      'direction',
      'amount',
      'currency',
      'request_hash as requestHash',
      'ledger_transfer_id as ledgerTransferId',
      'main_balance_after as mainBalanceAfter',
      'agent_balance_after as agentBalanceAfter',
      'created_at as createdAt',
    ])
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      id: Number(row.id),
      amount: Number(row.amount),
      currency: row.currency.trim(),
      ledgerTransferId: row.ledgerTransferId === null ? null : Number(row.ledgerTransferId),
      mainBalanceAfter: row.mainBalanceAfter === null ? null : Number(row.mainBalanceAfter),
      agentBalanceAfter: row.agentBalanceAfter === null ? null : Number(row.agentBalanceAfter),
    }
  );
}

export async function completeWalletMove(
  db: Executor,
  id: number,
  done: { ledgerTransferId: number; mainBalanceAfter: number; agentBalanceAfter: number },
): Promise<void> {
  await db
    .updateTable('agent_wallet_moves')
    .set({
      ledger_transfer_id: done.ledgerTransferId,
      main_balance_after: done.mainBalanceAfter,
      agent_balance_after: done.agentBalanceAfter,
    })
    .where('id', '=', id)
    .execute();
}
