import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { lockDownlineMoves } from './member-directory.repository.ts';

/**
 * The queries that place a member in the downline tree and move a subtree. A member's upline path
 * names every ancestor and the member itself (`/1/5/23/`, ADR 0017), so a subtree is one prefix.
 */

export type PlacementRow = {
  id: number;
  merchantId: number;
  accountType: number;
  status: string;
  uplinePath: string;
  parentId: number | null;
};

const placementColumns = [
  'id',
  'merchant_id as merchantId',
  'account_type as accountType',
  'status',
  'upline_path as uplinePath',
  'parent_id as parentId',
] as const;

function toPlacement(row: PlacementRow | undefined): PlacementRow | undefined {
  return (
    row && {
      ...row,
      id: Number(row.id),
      merchantId: Number(row.merchantId),
      parentId: row.parentId === null ? null : Number(row.parentId),
    }
  );
}

/**
 * The would-be parent of a new member, locked `FOR SHARE` until the transaction ends: a move of the
 * parent's subtree (which locks it `FOR UPDATE`) waits for the new member, and the path read here is
 * the one the new member's path extends.
 */
export async function lockParentForChild(trx: Transaction<DB>, merchantId: number, parentId: number): Promise<PlacementRow | undefined> {
  return toPlacement(
    await trx
      .selectFrom('members')
      .select(placementColumns)
      .where('id', '=', parentId)
      .where('merchant_id', '=', merchantId)
      .forShare()
      .executeTakeFirst(),
  );
}

/** One merchant's subtree moves run one at a time, so two moves cannot make a cycle together. */
export async function lockMovesOf(trx: Transaction<DB>, merchantId: number): Promise<void> {
  await lockDownlineMoves(trx, merchantId, 'exclusive');
}

export async function findForMove(trx: Transaction<DB>, merchantId: number, memberId: number): Promise<PlacementRow | undefined> {
  return toPlacement(
    await trx
      .selectFrom('members')
      .select(placementColumns)
      .where('id', '=', memberId)
      .where('merchant_id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst(),
  );
}

/**
 * Locks every row of the subtree (the member and all below it) `FOR UPDATE`: it waits for any
 * account being opened under one of them to commit, so the path rewrite that follows (a new
 * statement, a new snapshot) sees that account too. Answers how many rows the subtree has.
 */
export async function lockSubtree(trx: Transaction<DB>, merchantId: number, uplinePath: string): Promise<number> {
  const rows = await trx
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('upline_path', 'like', `${uplinePath}%`)
    .forUpdate()
    .execute();
  return rows.length;
}

export async function setParent(trx: Transaction<DB>, memberId: number, parentId: number): Promise<void> {
  await trx.updateTable('members').set({ parent_id: parentId }).where('id', '=', memberId).execute();
}

/** Replaces the `oldPrefix` of every path in the subtree by `newPrefix`, in one statement. */
export async function rewriteSubtreePaths(trx: Transaction<DB>, merchantId: number, oldPrefix: string, newPrefix: string): Promise<number> {
  const result = await trx
    .updateTable('members')
    .set({ upline_path: sql<string>`${newPrefix} || substr(upline_path, ${oldPrefix.length + 1})` })
    .where('merchant_id', '=', merchantId)
    .where('upline_path', 'like', `${oldPrefix}%`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The security row of an account someone else opened: the password counts as set now, and may have to be changed at first login. */
export async function insertOpenedSecurity(
  db: Kysely<DB> | Transaction<DB>,
  row: { memberId: number; passwordChangedAt: Date; mustChangePassword: boolean },
): Promise<void> {
  await db
    .insertInto('member_security')
    .values({ member_id: row.memberId, password_changed_at: row.passwordChangedAt, must_change_password: row.mustChangePassword })
    .execute();
}
