import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The set-based settlement of many reservations at once (`settleMany`, a lottery draw's tickets). */

/** One reservation of a batch settlement: its settle key and request hash, its win and the win's key. */
export type BatchSettleItem = {
  reservationId: number;
  idempotencyKey: string;
  requestHash: string;
  payout: number;
  payoutIdempotencyKey: string;
};

/**
 * Locks the reservations of a batch in id order (so two batches over the same reservations queue
 * instead of deadlocking) and returns each with the key of the transfer that closed it, if any.
 */
export async function lockReservationsForBatch(
  trx: Kysely<DB>,
  ids: readonly number[],
): Promise<{ id: number; accountId: number; status: string; currency: string; settleKey: string | null; settleHash: string | null }[]> {
  if (ids.length === 0) return [];
  await sql`SELECT id FROM ledger_reservations WHERE id = ANY(${sql.val(ids)}::bigint[]) ORDER BY id FOR UPDATE`.execute(trx);
  // A second statement: after waiting for a lock, only a new snapshot sees the transfer that closed the reservation.
  const result = await sql<{
    id: string;
    account_id: string;
    status: string;
    currency: string;
    settle_key: string | null;
    settle_hash: string | null;
  }>`
    SELECT r.id, r.account_id, r.status, r.currency, s.idempotency_key AS settle_key, s.request_hash AS settle_hash
      FROM ledger_reservations r
      LEFT JOIN ledger_transfers s ON s.id = r.settle_transfer_id
     WHERE r.id = ANY(${sql.val(ids)}::bigint[])`.execute(trx);
  return result.rows.map((row) => ({
    id: Number(row.id),
    accountId: Number(row.account_id),
    status: row.status,
    currency: row.currency.trim(),
    settleKey: row.settle_key,
    settleHash: row.settle_hash,
  }));
}

/** Locks member accounts in id order and returns their balances and whether they are system accounts. */
export async function lockAccountsForBatch(
  trx: Kysely<DB>,
  ids: readonly number[],
): Promise<{ id: number; balance: number; isSystem: boolean }[]> {
  if (ids.length === 0) return [];
  const result = await sql<{ id: string; balance: string; is_system: boolean }>`
    SELECT id, balance, is_system FROM ledger_accounts WHERE id = ANY(${sql.val(ids)}::bigint[]) ORDER BY id FOR UPDATE`.execute(trx);
  return result.rows.map((row) => ({ id: Number(row.id), balance: Number(row.balance), isSystem: row.is_system }));
}

/**
 * Settles many held reservations in one statement: each stake goes from escrow to the house
 * account and each win from the house account to the reservation's member account, with the same
 * transfers, keys and entries `settleToSystemInOneStatement` writes for one. A member account with
 * several wins in the batch is updated once; its entries carry the running balance in reservation
 * order. The caller has locked the reservations and member accounts (`lock…ForBatch`) and passes
 * only held ones. Returns how many reservations it closed.
 */
export async function settleManyToSystem(
  trx: Kysely<DB>,
  batch: {
    destinationAccountId: number;
    destinationCurrency: string;
    code: string | null;
    note: string | null;
    settledAt: Date;
    items: readonly BatchSettleItem[];
  },
): Promise<number> {
  if (batch.items.length === 0) return 0;
  const ids = batch.items.map((i) => i.reservationId);
  const keys = batch.items.map((i) => i.idempotencyKey);
  const hashes = batch.items.map((i) => i.requestHash);
  const payouts = batch.items.map((i) => i.payout);
  const payoutKeys = batch.items.map((i) => i.payoutIdempotencyKey);
  const at = batch.settledAt;
  const result = await sql<{ settled: string }>`
    WITH i AS (
      SELECT * FROM unnest(${sql.val(ids)}::bigint[], ${sql.val(keys)}::text[], ${sql.val(hashes)}::text[],
                           ${sql.val(payouts)}::bigint[], ${sql.val(payoutKeys)}::text[]) AS i(rid, key, hash, payout, pkey)
    ), rp AS MATERIALIZED (
      SELECT res.id, res.account_id, res.amount, res.currency, coalesce(${batch.code}::text, res.code) AS code,
             res.reference_type, res.reference_id, rt.credit_account_id AS escrow_id, i.key, i.hash, i.payout, i.pkey,
             nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS tid,
             CASE WHEN i.payout > 0 THEN nextval(pg_get_serial_sequence('ledger_transfers', 'id')) END AS pid
        FROM i
        JOIN ledger_reservations res ON res.id = i.rid
        JOIN ledger_transfers rt ON rt.id = res.reserve_transfer_id
       WHERE res.status = 'held' AND res.currency = ${batch.destinationCurrency}
    ), t AS (
      INSERT INTO ledger_transfers
             (id, debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT tid, escrow_id, ${batch.destinationAccountId}::bigint, amount, currency, code, key, hash, reference_type, reference_id, ${batch.note}::text, ${at}::timestamptz
        FROM rp
      UNION ALL
      SELECT pid, ${batch.destinationAccountId}::bigint, account_id, payout, currency, 'payout', pkey, hash, reference_type, reference_id, ${batch.note}::text, ${at}::timestamptz
        FROM rp WHERE payout > 0
      RETURNING id
    ), u AS (
      UPDATE ledger_reservations res
         SET status = 'posted', settle_transfer_id = rp.tid, settled_at = ${at}::timestamptz
        FROM rp
       WHERE res.id = rp.id
      RETURNING res.id
    ), bal AS (
      UPDATE ledger_accounts acc
         SET balance = acc.balance + s.total, version = acc.version + 1
        FROM (SELECT account_id, sum(payout) AS total FROM rp WHERE payout > 0 GROUP BY account_id) s
       WHERE acc.id = s.account_id AND acc.is_system = false
      RETURNING acc.id, acc.balance
    ), e AS (
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
      SELECT tid, escrow_id, -amount, NULL::bigint, NULL::bigint, code, ${at}::timestamptz FROM rp
      UNION ALL
      SELECT tid, ${batch.destinationAccountId}::bigint, amount, NULL::bigint, NULL::bigint, code, ${at}::timestamptz FROM rp
      UNION ALL
      SELECT pid, ${batch.destinationAccountId}::bigint, -payout, NULL::bigint, NULL::bigint, 'payout', ${at}::timestamptz FROM rp WHERE payout > 0
      UNION ALL
      SELECT w.pid, w.account_id, w.payout, w.after - w.payout, w.after, 'payout', ${at}::timestamptz
        FROM (
          SELECT rp.pid, rp.account_id, rp.payout,
                 bal.balance - (sum(rp.payout) OVER (PARTITION BY rp.account_id ORDER BY rp.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) - rp.payout) AS after
            FROM rp JOIN bal ON bal.id = rp.account_id
           WHERE rp.payout > 0
        ) w
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM u)::text AS settled, (SELECT count(*) FROM t) AS transfers, (SELECT count(*) FROM e) AS entries`.execute(
    trx,
  );
  return Number(result.rows[0]?.settled ?? 0);
}

/** The request hashes of the transfers that hold any of these keys. */
export async function findTransferHashes(trx: Kysely<DB>, keys: readonly string[]): Promise<Map<string, { id: number; hash: string }>> {
  if (keys.length === 0) return new Map();
  const result = await sql<{ id: string; idempotency_key: string; request_hash: string }>`
    SELECT id, idempotency_key, request_hash FROM ledger_transfers WHERE idempotency_key = ANY(${sql.val(keys)}::text[])`.execute(trx);
  return new Map(result.rows.map((r) => [r.idempotency_key, { id: Number(r.id), hash: r.request_hash }]));
}

/** One entry of an imported transfer: `index` is the transfer's position in the import. */
export type ImportEntry = {
  index: number;
  accountId: number;
  amount: number;
  before: number | null;
  after: number | null;
  code: string;
  at: Date;
};

/**
 * Writes imported transfers (`importTransfers`): ids drawn in order, the transfers, their entries
 * and the member accounts' new balances (each bumped one version). The caller has locked the
 * member accounts and computed every running balance. Answers the transfers' ids, in order.
 */
export async function insertImportedTransfers(
  trx: Kysely<DB>,
  batch: {
    transfers: readonly {
      debitAccountId: number;
      creditAccountId: number;
      amount: number;
      currency: string;
      code: string;
      idempotencyKey: string;
      requestHash: string;
      referenceType: string | null;
      referenceId: string | null;
      note: string | null;
      at: Date;
    }[];
    entries: readonly ImportEntry[];
    balances: readonly { accountId: number; balance: number }[];
  },
): Promise<number[]> {
  const n = batch.transfers.length;
  const drawn = await sql<{ id: number }>`
    SELECT nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS id FROM generate_series(1, ${n}::integer) ORDER BY 1`.execute(trx);
  const ids = drawn.rows.map((r) => Number(r.id));
  const t = batch.transfers;
  const col = <T>(pick: (row: (typeof t)[number]) => T) => sql.val(t.map(pick));
  await sql`
    INSERT INTO ledger_transfers
           (id, debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
    OVERRIDING SYSTEM VALUE
    SELECT * FROM unnest(${sql.val(ids)}::bigint[], ${col((r) => r.debitAccountId)}::bigint[], ${col((r) => r.creditAccountId)}::bigint[],
                         ${col((r) => r.amount)}::bigint[], ${col((r) => r.currency)}::text[], ${col((r) => r.code)}::text[],
                         ${col((r) => r.idempotencyKey)}::text[], ${col((r) => r.requestHash)}::text[], ${col((r) => r.referenceType)}::text[],
                         ${col((r) => r.referenceId)}::text[], ${col((r) => r.note)}::text[], ${col((r) => r.at.toISOString())}::timestamptz[])`.execute(
    trx,
  );
  const e = batch.entries;
  await sql`
    INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
    SELECT * FROM unnest(${sql.val(e.map((x) => ids[x.index]))}::bigint[], ${sql.val(e.map((x) => x.accountId))}::bigint[],
                         ${sql.val(e.map((x) => x.amount))}::bigint[], ${sql.val(e.map((x) => x.before))}::bigint[],
                         ${sql.val(e.map((x) => x.after))}::bigint[], ${sql.val(e.map((x) => x.code))}::text[],
                         ${sql.val(e.map((x) => x.at.toISOString()))}::timestamptz[])`.execute(trx);
  if (batch.balances.length > 0) {
    await sql`
      UPDATE ledger_accounts a SET balance = b.balance, version = a.version + 1
        FROM unnest(${sql.val(batch.balances.map((b) => b.accountId))}::bigint[], ${sql.val(batch.balances.map((b) => b.balance))}::bigint[]) AS b(id, balance)
       WHERE a.id = b.id AND NOT a.is_system`.execute(trx);
  }
  return ids;
}

/**
 * Creates the missing accounts of many members at once (the unique index keeps one per kind), and
 * returns every one of them. Members who have them already (any member who has played) cost one read.
 */
export async function ensureMemberAccountsOfMany(
  trx: Kysely<DB>,
  owners: { merchantId: number; currency: string; memberIds: readonly number[]; kinds: readonly string[] },
): Promise<{ id: number; memberId: number; kind: string }[]> {
  if (owners.memberIds.length === 0) return [];
  const find = async () => {
    const result = await sql<{ id: number; member_id: number; kind: string }>`
      SELECT id, member_id, kind FROM ledger_accounts
       WHERE member_id = ANY(${sql.val(owners.memberIds)}::bigint[]) AND currency = ${owners.currency} AND kind = ANY(${sql.val(owners.kinds)}::text[])`.execute(
      trx,
    );
    return result.rows.map((r) => ({ id: Number(r.id), memberId: Number(r.member_id), kind: r.kind }));
  };
  const found = await find();
  const held = new Set(found.map((a) => `${a.memberId}:${a.kind}`));
  const pairs = owners.memberIds
    .flatMap((memberId) => owners.kinds.map((kind) => ({ memberId, kind })))
    .filter((p) => !held.has(`${p.memberId}:${p.kind}`));
  if (pairs.length === 0) return found;
  await sql`
    INSERT INTO ledger_accounts (merchant_id, member_id, kind, currency, is_system, may_go_negative)
    SELECT ${owners.merchantId}::bigint, p.member_id, p.kind, ${owners.currency}, false, false
      FROM unnest(${sql.val(pairs.map((p) => p.memberId))}::bigint[], ${sql.val(pairs.map((p) => p.kind))}::text[]) AS p(member_id, kind)
    ON CONFLICT (member_id, kind, currency) WHERE member_id IS NOT NULL DO NOTHING`.execute(trx);
  return find();
}

/** Locks accounts in id order for the rest of `trx` (the set-based credit's member wallets), answering how many it found. */
export async function lockAccountIds(trx: Kysely<DB>, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM (SELECT id FROM ledger_accounts WHERE id = ANY(${sql.val(ids)}::bigint[]) ORDER BY id FOR UPDATE) l`.execute(
    trx,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Posts many credits from one system account to member accounts in one statement (`creditMany`):
 * the transfers inserted with `ON CONFLICT (idempotency_key) DO NOTHING`, and only the rows inserted
 * get their two entries (the system side without running balance, the member side with it) and move
 * the member balances, added up per account (an account credited several times is updated once; its
 * entries carry the running balance in transfer id order). The caller has locked the member accounts
 * (`lockAccountIds`). Answers the transfers inserted (key → id) and how many entries were written.
 */
export async function insertCreditsFromSystem(
  trx: Kysely<DB>,
  batch: {
    fromAccountId: number;
    currency: string;
    code: string;
    referenceType: string | null;
    at: Date;
    toAccountIds: readonly number[];
    amounts: readonly number[];
    keys: readonly string[];
    hashes: readonly string[];
    referenceIds: readonly (string | null)[];
  },
): Promise<{ inserted: Map<string, number>; entries: number }> {
  const at = batch.at;
  const result = await sql<{ key: string; id: string; entries: string }>`
    WITH i AS (
      SELECT * FROM unnest(${sql.val(batch.toAccountIds)}::bigint[], ${sql.val(batch.amounts)}::bigint[], ${sql.val(batch.keys)}::text[],
                           ${sql.val(batch.hashes)}::text[], ${sql.val(batch.referenceIds)}::text[]) WITH ORDINALITY AS i(to_id, amount, key, hash, ref_id, ord)
    ), t AS (
      INSERT INTO ledger_transfers
             (debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, reference_type, reference_id, note, created_at)
      SELECT ${batch.fromAccountId}::bigint, to_id, amount, ${batch.currency}, ${batch.code}::text, key, hash, ${batch.referenceType}::text, ref_id, NULL, ${at}::timestamptz
        FROM i ORDER BY ord
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, credit_account_id, amount, idempotency_key
    ), bal AS (
      UPDATE ledger_accounts acc
         SET balance = acc.balance + s.total, version = acc.version + 1
        FROM (SELECT credit_account_id AS id, sum(amount) AS total FROM t GROUP BY credit_account_id) s
       WHERE acc.id = s.id AND acc.is_system = false
      RETURNING acc.id, acc.balance
    ), e AS (
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
      SELECT x.transfer_id, x.account_id, x.amount, x.before, x.after, ${batch.code}::text, ${at}::timestamptz
        FROM (
          SELECT id AS transfer_id, ${batch.fromAccountId}::bigint AS account_id, -amount AS amount, NULL::bigint AS before, NULL::bigint AS after FROM t
          UNION ALL
          SELECT w.id, w.credit_account_id, w.amount, w.after - w.amount, w.after
            FROM (
              SELECT t.id, t.credit_account_id, t.amount,
                     bal.balance - (sum(t.amount) OVER (PARTITION BY t.credit_account_id ORDER BY t.id DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) - t.amount) AS after
                FROM t JOIN bal ON bal.id = t.credit_account_id
            ) w
        ) x
       -- Entry ids in transfer order (debit first), so an account's entries chain in id order.
       ORDER BY x.transfer_id, x.amount
      RETURNING 1
    )
    SELECT t.idempotency_key AS key, t.id::text AS id, (SELECT count(*) FROM e)::text AS entries FROM t`.execute(trx);
  const inserted = new Map(result.rows.map((r) => [r.key, Number(r.id)]));
  return { inserted, entries: Number(result.rows[0]?.entries ?? 0) };
}
