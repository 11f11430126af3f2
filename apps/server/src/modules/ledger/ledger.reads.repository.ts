import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { type TeamRoot, teamMembers } from '../accounts/member-directory.ts';
import { type EntryRow, trimCurrency } from './ledger.repository.ts';

/** The ledger's reads for balances, history and reports; they write nothing. */

export async function sumHeldReservations(db: Kysely<DB>, accountIds: readonly number[]): Promise<number> {
  if (accountIds.length === 0) return 0;
  const row = await db
    .selectFrom('ledger_reservations')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
    .where('account_id', 'in', accountIds)
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  return row.total;
}

/**
 * A value per member that changes whenever any of the member's balances or held amounts change:
 * the sum of the accounts' versions (every balance update bumps one) and the held reservations
 * (posting a reservation changes the locked amount without touching the account row).
 */
export async function findBalanceFingerprints(db: Kysely<DB>, memberIds: readonly number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const result = await sql<{ member_id: number; versions: number; held: number; held_count: number }>`
    SELECT a.member_id,
           sum(a.version)::bigint AS versions,
           coalesce(sum(h.held), 0)::bigint AS held,
           coalesce(sum(h.held_count), 0)::bigint AS held_count
      FROM ledger_accounts a
      LEFT JOIN LATERAL (
        SELECT sum(r.amount) AS held, count(*) AS held_count
          FROM ledger_reservations r
         WHERE r.account_id = a.id AND r.status = 'held'
      ) h ON true
     WHERE a.member_id IN (${sql.join(memberIds.map((id) => sql`${id}::bigint`))})
     GROUP BY a.member_id`.execute(db);
  return new Map(result.rows.map((r) => [Number(r.member_id), `${r.versions}:${r.held}:${r.held_count}`]));
}

/** Money in (entries that credit the account) or out (that debit it); both when undefined. */
export type EntryDirection = 'in' | 'out';

export type HistoryFilter = {
  accountIds: readonly number[];
  codes?: readonly string[] | undefined;
  direction?: EntryDirection | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  offset: number;
};

export type HistoryRow = EntryRow & {
  accountKind: string;
  currency: string;
  referenceType: string | null;
  referenceId: string | null;
  note: string | null;
};

/** Entries beside their transfer and account: the shape every history of entries reads. */
function entriesWithTransfer(db: Kysely<DB>) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id');
}

/** The columns of a `HistoryRow`, read from `entriesWithTransfer`. */
const HISTORY_COLUMNS = [
  'e.id as id',
  'e.transfer_id as transferId',
  'e.account_id as accountId',
  'e.amount as amount',
  'e.balance_before as balanceBefore',
  'e.balance_after as balanceAfter',
  'e.code as code',
  'e.created_at as createdAt',
  'a.kind as accountKind',
  'a.currency as currency',
  't.reference_type as referenceType',
  't.reference_id as referenceId',
  't.note as note',
] as const;

const TOTAL_COUNT = sql<number>`count(*)::bigint`.as('total');

/** Entries of the given accounts, newest first; `from` is inclusive and `to` exclusive. */
export async function findEntries(db: Kysely<DB>, filter: HistoryFilter): Promise<{ rows: HistoryRow[]; totalCount: number }> {
  if (filter.accountIds.length === 0) return { rows: [], totalCount: 0 };
  let base = entriesWithTransfer(db).where('e.account_id', 'in', filter.accountIds);
  if (filter.codes && filter.codes.length > 0) base = base.where('e.code', 'in', filter.codes);
  if (filter.direction) base = base.where('e.amount', filter.direction === 'in' ? '>' : '<', 0);
  if (filter.from) base = base.where('e.created_at', '>=', filter.from);
  if (filter.to) base = base.where('e.created_at', '<', filter.to);
  const count = await base.select(TOTAL_COUNT).executeTakeFirstOrThrow();
  const rows = await base.select(HISTORY_COLUMNS).orderBy('e.id', 'desc').limit(filter.limit).offset(filter.offset).execute();
  return { rows: rows.map(trimCurrency), totalCount: count.total };
}

export type DailyTotalsFilter = {
  accountIds: readonly number[];
  /** Codes to sum; a reversal counts under the code of the transfer it reverses. */
  codes: readonly string[];
  direction?: EntryDirection | undefined;
  from: Date;
  to?: Date | undefined;
  timeZone: string;
};

export type DailyTotalRow = { day: string; referenceType: string | null; code: string; total: number; count: number };

/**
 * Sums of the given accounts' entries per local day (in `timeZone`), reference type and code, for
 * `from` (inclusive) to `to` (exclusive). A reversal's entries are summed under the code of the
 * transfer they reverse, so a reversed payout nets its payout out.
 */
export async function findDailyTotals(db: Kysely<DB>, filter: DailyTotalsFilter): Promise<DailyTotalRow[]> {
  if (filter.accountIds.length === 0 || filter.codes.length === 0) return [];
  const upper = filter.to ? sql`AND e.created_at < ${filter.to}::timestamptz` : sql``;
  const direction = filter.direction ? (filter.direction === 'in' ? sql`AND e.amount > 0` : sql`AND e.amount < 0`) : sql``;
  const result = await sql<{ day: string; reference_type: string | null; code: string; total: string; count: string }>`
    SELECT to_char(e.created_at AT TIME ZONE ${filter.timeZone}, 'YYYY-MM-DD') AS day,
           t.reference_type,
           CASE WHEN e.code = 'reversal' THEN o.code ELSE e.code END AS code,
           sum(e.amount)::text AS total,
           count(*)::text AS count
      FROM ledger_entries e
      JOIN ledger_transfers t ON t.id = e.transfer_id
      LEFT JOIN ledger_transfers o ON o.id = t.reverses_transfer_id
     WHERE e.account_id IN (${sql.join(filter.accountIds.map((id) => sql`${id}::bigint`))})
       AND e.created_at >= ${filter.from}::timestamptz ${upper} ${direction}
       AND (CASE WHEN e.code = 'reversal' THEN o.code ELSE e.code END) IN (${sql.join(filter.codes.map((c) => sql`${c}`))})
     GROUP BY 1, 2, 3
     ORDER BY 1 DESC`.execute(db);
  return result.rows.map((r) => ({
    day: r.day,
    referenceType: r.reference_type,
    code: r.code,
    total: Number(r.total),
    count: Number(r.count),
  }));
}

/**
 * Stakes the house took from a member's accounts in [from, to): direct `bet` debits plus posted
 * reservations whose post was a `bet`, counted by when the stake was placed. Voided stakes do not count.
 */
export async function sumStakes(db: Kysely<DB>, accountIds: readonly number[], from: Date, to: Date | null): Promise<number> {
  if (accountIds.length === 0) return 0;
  const upper = to ?? new Date('9999-12-31T00:00:00Z');
  const result = await sql<{ total: string }>`
    SELECT (
      coalesce((SELECT -sum(e.amount) FROM ledger_entries e
                 WHERE e.account_id IN (${sql.join(accountIds)}) AND e.code = 'bet' AND e.amount < 0
                   AND e.created_at >= ${from} AND e.created_at < ${upper}), 0)
      + coalesce((SELECT sum(r.amount) FROM ledger_reservations r JOIN ledger_transfers s ON s.id = r.settle_transfer_id
                   WHERE r.account_id IN (${sql.join(accountIds)}) AND r.status = 'posted' AND s.code = 'bet'
                     AND r.created_at >= ${from} AND r.created_at < ${upper}), 0)
    )::text AS total`.execute(db);
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Members ranked by the sum of transfers of one code credited to their accounts in [from, to),
 * less the reversals of those transfers (a deposit corrected later does not count).
 */
export async function sumCreditsByMember(
  db: Kysely<DB>,
  filter: { merchantId: number; currency: string; code: string; from: Date; to: Date; limit: number },
): Promise<{ memberId: number; total: number }[]> {
  const rows = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as a', 'a.id', 't.credit_account_id')
    .leftJoin('ledger_transfers as r', 'r.reverses_transfer_id', 't.id')
    .select((eb) => ['a.member_id as memberId', eb.fn.sum<string>('t.amount').as('total')])
    .where('t.code', '=', filter.code)
    .where('a.merchant_id', '=', filter.merchantId)
    .where('a.currency', '=', filter.currency)
    .where('a.member_id', 'is not', null)
    .where('t.created_at', '>=', filter.from)
    .where('t.created_at', '<', filter.to)
    .where('r.id', 'is', null)
    .groupBy('a.member_id')
    .orderBy('total', 'desc')
    .orderBy('a.member_id')
    .limit(filter.limit)
    .execute();
  return rows.map((r) => ({ memberId: Number(r.memberId), total: Number(r.total) }));
}

export type TeamHistoryFilter = {
  /** The agent whose whole team (every level below it, never itself) is read. */
  team: TeamRoot;
  currency: string;
  /** One member of the team only. */
  memberId?: number | undefined;
  /** Entries of any of these codes, each with its own direction (undefined: both). */
  kinds: readonly { codes: readonly string[]; direction?: EntryDirection | undefined }[];
  from: Date;
  to: Date;
  limit: number;
  offset: number;
};

export type TeamHistoryRow = HistoryRow & { memberId: number; username: string; uplinePath: string };

/**
 * Entries of the team members' own accounts, newest first: the team is the member directory's team
 * sub-query (a prefix match on the path index), never a walk of the tree.
 */
export async function findTeamEntries(db: Kysely<DB>, filter: TeamHistoryFilter): Promise<{ rows: TeamHistoryRow[]; totalCount: number }> {
  if (filter.kinds.length === 0) return { rows: [], totalCount: 0 };
  let base = entriesWithTransfer(db)
    .innerJoin(teamMembers(db, filter.team).as('m'), 'm.id', 'a.member_id')
    .where('a.currency', '=', filter.currency)
    .where('e.created_at', '>=', filter.from)
    .where('e.created_at', '<', filter.to)
    .where((eb) =>
      eb.or(
        filter.kinds.map((k) => {
          const byCode = eb('e.code', 'in', [...k.codes]);
          if (!k.direction) return byCode;
          return eb.and([byCode, eb('e.amount', k.direction === 'in' ? '>' : '<', 0)]);
        }),
      ),
    );
  if (filter.memberId !== undefined) base = base.where('m.id', '=', filter.memberId);
  const count = await base.select(TOTAL_COUNT).executeTakeFirstOrThrow();
  const rows = await base
    .select([...HISTORY_COLUMNS, 'm.id as memberId', 'm.username as username', 'm.upline_path as uplinePath'])
    .orderBy('e.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return {
    rows: rows.map((r) => ({
      ...trimCurrency(r),
      id: Number(r.id),
      transferId: Number(r.transferId),
      accountId: Number(r.accountId),
      amount: Number(r.amount),
      balanceBefore: r.balanceBefore === null ? null : Number(r.balanceBefore),
      balanceAfter: r.balanceAfter === null ? null : Number(r.balanceAfter),
      memberId: Number(r.memberId),
    })),
    totalCount: Number(count.total),
  };
}

// Merchant-wide reads for the back-office reports (modules/reports).

/**
 * The merchant's members credited by transfers of these codes, per local day (in `timeZone`) and
 * code, over [from, to): the member's side of each transfer (credits to member accounts count up,
 * debits down), a reversal counted under the code of the transfer it reverses on its own day (so a
 * promotion reversed later nets out). Moves between two accounts of one member count nothing.
 */
export async function sumMemberCreditsByDay(
  db: Kysely<DB>,
  filter: { merchantId: number; codes: readonly string[]; from: Date; to: Date; timeZone: string },
): Promise<{ day: string; code: string; amount: number; count: number }[]> {
  if (filter.codes.length === 0) return [];
  const codes = sql.join(filter.codes.map((c) => sql`${c}`));
  const result = await sql<{ day: string; code: string; amount: string; count: string }>`
    SELECT to_char(t.created_at AT TIME ZONE ${filter.timeZone}, 'YYYY-MM-DD') AS day,
           coalesce(o.code, t.code) AS code,
           sum(CASE WHEN c.member_id IS NOT NULL THEN t.amount ELSE -t.amount END)::text AS amount,
           sum(CASE WHEN t.code = 'reversal' THEN -1 ELSE 1 END)::text AS count
      FROM ledger_transfers t
      JOIN ledger_accounts d ON d.id = t.debit_account_id
      JOIN ledger_accounts c ON c.id = t.credit_account_id
      LEFT JOIN ledger_transfers o ON t.code = 'reversal' AND o.id = t.reverses_transfer_id
     WHERE t.created_at >= ${filter.from}::timestamptz AND t.created_at < ${filter.to}::timestamptz
       AND (t.code IN (${codes}) OR (t.code = 'reversal' AND o.code IN (${codes})))
       AND (c.member_id IS NULL) <> (d.member_id IS NULL)
       AND coalesce(c.merchant_id, d.merchant_id) = ${filter.merchantId}
       AND c.merchant_id = d.merchant_id
     GROUP BY 1, 2
     ORDER BY 1, 2`.execute(db);
  return result.rows.map((r) => ({ day: r.day, code: r.code, amount: Number(r.amount), count: Number(r.count) }));
}

/** What the house owes the merchant's members now: the member accounts' balances per kind and currency. */
export async function sumMemberBalances(
  db: Kysely<DB>,
  merchantId: number,
): Promise<{ kind: string; currency: string; accounts: number; balance: number }[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'currency', sql<string>`count(*)::text`.as('accounts'), sql<string>`coalesce(sum(balance), 0)::text`.as('balance')])
    .where('merchant_id', '=', merchantId)
    .where('member_id', 'is not', null)
    .groupBy(['kind', 'currency'])
    .orderBy('kind')
    .orderBy('currency')
    .execute();
  return rows.map((r) => ({ kind: r.kind, currency: r.currency.trim(), accounts: Number(r.accounts), balance: Number(r.balance) }));
}

/** Funds held in reservations on the merchant's member accounts (stakes placed and withdrawals waiting). */
export async function sumMemberReservations(
  db: Kysely<DB>,
  merchantId: number,
): Promise<{ code: string; count: number; amount: number }[]> {
  const rows = await db
    .selectFrom('ledger_reservations as r')
    .innerJoin('ledger_accounts as a', 'a.id', 'r.account_id')
    .select(['r.code', sql<string>`count(*)::text`.as('count'), sql<string>`coalesce(sum(r.amount), 0)::text`.as('amount')])
    .where('a.merchant_id', '=', merchantId)
    .where('a.member_id', 'is not', null)
    .where('r.status', '=', 'held')
    .groupBy('r.code')
    .orderBy('r.code')
    .execute();
  return rows.map((r) => ({ code: r.code, count: Number(r.count), amount: Number(r.amount) }));
}

export type ExportEntryRow = {
  id: number;
  transferId: number;
  createdAt: Date;
  memberId: number;
  accountKind: string;
  currency: string;
  code: string;
  amount: number;
  balanceAfter: number | null;
  referenceType: string | null;
  referenceId: string | null;
};

/**
 * The first and last entry ids of [from, to), any account (null: no entry): read through the time
 * index (`ledger_entries_created_brin_idx`), only the blocks of the range. Entries of the range all
 * lie between the two, so the export's walk up the primary key starts and stops there.
 */
export async function findEntryIdRange(
  db: Kysely<DB>,
  range: { from: Date; to: Date },
): Promise<{ firstId: number; lastId: number } | null> {
  // `id + 0`: plain min(id)/max(id) lets PostgreSQL walk the primary key from either end until it
  // meets the range (half a second for an old day of 3 million entries); on an expression it reads the
  // range's blocks through the BRIN index instead (6 ms). Measured with EXPLAIN ANALYZE, PostgreSQL 15.
  const row = await db
    .selectFrom('ledger_entries')
    .select([sql<string | null>`min(id + 0)`.as('firstId'), sql<string | null>`max(id + 0)`.as('lastId')])
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .executeTakeFirst();
  if (!row || row.firstId === null || row.lastId === null) return null;
  return { firstId: Number(row.firstId), lastId: Number(row.lastId) };
}

/**
 * One chunk of the merchant's member entries in [from, to), after entry `afterId` and up to entry
 * `lastId`, in id order (a keyset page: the export walks the entries chunk by chunk without an
 * offset, between the range's first and last ids from `findEntryIdRange`).
 */
export async function findMemberEntriesAfter(
  db: Kysely<DB>,
  filter: { merchantId: number; from: Date; to: Date; afterId: number; lastId: number; limit: number },
): Promise<ExportEntryRow[]> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transfers as t', 't.id', 'e.transfer_id')
    .select([
      'e.id',
      'e.transfer_id as transferId',
      'e.created_at as createdAt',
      'a.member_id as memberId',
      'a.kind as accountKind',
      'a.currency',
      'e.code',
      'e.amount',
      'e.balance_after as balanceAfter',
      't.reference_type as referenceType',
      't.reference_id as referenceId',
    ])
    .where('e.id', '>', filter.afterId)
    .where('e.id', '<=', filter.lastId)
    .where('e.created_at', '>=', filter.from)
    .where('e.created_at', '<', filter.to)
    .where('a.merchant_id', '=', filter.merchantId)
    .where('a.member_id', 'is not', null)
    .orderBy('e.id')
    .limit(filter.limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    transferId: Number(r.transferId),
    createdAt: r.createdAt,
    memberId: Number(r.memberId),
    accountKind: r.accountKind,
    currency: r.currency.trim(),
    code: r.code,
    amount: Number(r.amount),
    balanceAfter: r.balanceAfter === null ? null : Number(r.balanceAfter),
    referenceType: r.referenceType,
    referenceId: r.referenceId,
  }));
}
