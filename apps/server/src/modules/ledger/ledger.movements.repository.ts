import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/*
 * Money movements of members for the daily rollups (module daily-stats): the transfers written by
 * transactions in an xid range (the rollups' consumer) or created in a time range (their
 * reconciliation), seen from each member they touch. Xids travel as decimal text.
 */

/**
 * The game codes left out: the rollups take rounds from bet_records. The partial indexes on
 * `change_xid` and `created_at` (migration 2026-11-26-0201) name the same list, and every query here
 * repeats it so those indexes serve it.
 */
const GAME_CODES_PREDICATE = sql.raw(`t.code NOT IN ('bet', 'payout', 'stake_reserve', 'stake_void', 'cancelled')`);

export type MemberMovementRow = {
  merchantId: number;
  memberId: number;
  /** The quarter hour the transfers were made in (every zone's offset is whole quarter hours). */
  bin: Date;
  code: string;
  /** For a reversal, the code of the transfer it reverses. */
  reversedCode: string | null;
  /** `in`: the member's account was credited; `out`: debited (or a reservation of its account was posted). */
  direction: 'in' | 'out';
  /** Both sides belong to the same member (a move between its own wallets). */
  isOwn: boolean;
  amount: number;
  count: number;
};

export type MovementSelection =
  | { kind: 'xids'; fromXid: string; toXid: string }
  | { kind: 'time'; merchantId: number; from: Date; to: Date; afterMemberId: number; uptoMemberId: number };

function selectionPredicate(selection: MovementSelection) {
  return selection.kind === 'xids'
    ? sql`t.change_xid >= ${selection.fromXid}::xid8 AND t.change_xid < ${selection.toXid}::xid8`
    : sql`t.created_at >= ${selection.from} AND t.created_at < ${selection.to}`;
}

function memberPredicate(selection: MovementSelection) {
  return selection.kind === 'xids'
    ? sql`true`
    : sql`m.merchant_id = ${selection.merchantId} AND m.member_id > ${selection.afterMemberId} AND m.member_id <= ${selection.uptoMemberId}`;
}

/**
 * The selected transfers, summed per member, quarter hour, code, reversed code, direction and
 * whether both sides are the member's own. A member is on a side when one of its accounts is that
 * side, or when the transfer posts a reservation held from its account (a paid withdrawal leaves
 * escrow, not the member's wallet).
 */
export async function findMemberMovements(db: Kysely<DB>, selection: MovementSelection): Promise<MemberMovementRow[]> {
  const result = await sql<{
    merchant_id: number;
    member_id: number;
    bin: Date | string;
    code: string;
    reversed_code: string | null;
    direction: 'in' | 'out';
    is_own: boolean;
    amount: string;
    count: string;
  }>`
    WITH t AS MATERIALIZED (
      SELECT t.id, t.amount, t.code, t.created_at, t.debit_account_id, t.credit_account_id, rv.code AS reversed_code
        FROM ledger_transfers t
        LEFT JOIN ledger_transfers rv ON rv.id = t.reverses_transfer_id
       WHERE ${GAME_CODES_PREDICATE} AND ${selectionPredicate(selection)}
    ), sides AS (
      SELECT t.*, c.merchant_id, c.member_id, 'in' AS direction, d.member_id IS NOT DISTINCT FROM c.member_id AS is_own
        FROM t JOIN ledger_accounts c ON c.id = t.credit_account_id JOIN ledger_accounts d ON d.id = t.debit_account_id
       WHERE c.member_id IS NOT NULL
      UNION ALL
      SELECT t.*, d.merchant_id, d.member_id, 'out', d.member_id IS NOT DISTINCT FROM c.member_id
        FROM t JOIN ledger_accounts c ON c.id = t.credit_account_id JOIN ledger_accounts d ON d.id = t.debit_account_id
       WHERE d.member_id IS NOT NULL
      UNION ALL
      SELECT t.*, h.merchant_id, h.member_id, 'out', false
        FROM t JOIN ledger_reservations r ON r.settle_transfer_id = t.id
        JOIN ledger_accounts d ON d.id = t.debit_account_id AND d.kind = 'stake_escrow'
        JOIN ledger_accounts h ON h.id = r.account_id
       WHERE h.member_id IS NOT NULL
    )
    SELECT m.merchant_id, m.member_id, date_bin('15 minutes', m.created_at, '2000-01-01T00:00:00Z') AS bin, m.code, m.reversed_code,
           m.direction, m.is_own, sum(m.amount)::text AS amount, count(*)::text AS count
      FROM sides m
     WHERE ${memberPredicate(selection)}
     GROUP BY 1, 2, 3, 4, 5, 6, 7`.execute(db);
  return result.rows.map((r) => ({
    merchantId: Number(r.merchant_id),
    memberId: Number(r.member_id),
    bin: new Date(r.bin),
    code: r.code,
    reversedCode: r.reversed_code,
    direction: r.direction,
    isOwn: r.is_own,
    amount: Number(r.amount),
    count: Number(r.count),
  }));
}

/**
 * Where a batch of at most `rows` transfers after `fromXid` ends (exclusive), below `toXid`: the
 * xid of the first transfer past the batch, so one transaction's transfers are never split.
 */
export async function findMovementBatchEnd(db: Kysely<DB>, range: { fromXid: string; toXid: string; rows: number }): Promise<string> {
  const result = await sql<{ xid: string }>`
    SELECT t.change_xid::text AS xid FROM ledger_transfers t
     WHERE ${GAME_CODES_PREDICATE} AND t.change_xid >= ${range.fromXid}::xid8 AND t.change_xid < ${range.toXid}::xid8
     ORDER BY t.change_xid OFFSET ${range.rows} LIMIT 1`.execute(db);
  return result.rows[0]?.xid ?? range.toXid;
}

/** Members of a merchant whose accounts moved money (game codes aside) in [from, to), ascending. */
export async function findMembersWithMovements(db: Kysely<DB>, filter: { merchantId: number; from: Date; to: Date }): Promise<number[]> {
  const rows = await findMemberMovements(db, {
    kind: 'time',
    merchantId: filter.merchantId,
    from: filter.from,
    to: filter.to,
    afterMemberId: 0,
    uptoMemberId: Number.MAX_SAFE_INTEGER,
  });
  return [...new Set(rows.map((r) => r.memberId))].sort((a, b) => a - b);
}
