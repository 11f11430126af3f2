import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type RgLimitRow = {
  kind: 'deposit' | 'loss' | 'wager';
  period: 'daily' | 'weekly' | 'monthly';
  amount: number | null;
  pendingAmount: number | null;
  pendingEffectiveAt: Date | null;
};

export type RgStateRow = {
  breakUntil: Date | null;
  excludedUntil: Date | null;
  isPermanentlyExcluded: boolean;
  realityCheckMinutes: number | null;
};

export async function findLimits(db: Executor, memberId: number): Promise<RgLimitRow[]> {
  return db
    .selectFrom('rg_limits')
    .select(['kind', 'period', 'amount', 'pending_amount as pendingAmount', 'pending_effective_at as pendingEffectiveAt'])
    .where('member_id', '=', memberId)
    .execute();
}

export async function upsertLimit(db: Executor, memberId: number, row: RgLimitRow, at: Date): Promise<void> {
  const values = {
    amount: row.amount,
    pending_amount: row.pendingAmount,
    pending_effective_at: row.pendingEffectiveAt,
    updated_at: at,
  };
  await db
    .insertInto('rg_limits')
    .values({ member_id: memberId, kind: row.kind, period: row.period, ...values })
    .onConflict((oc) => oc.columns(['member_id', 'kind', 'period']).doUpdateSet(values))
    .execute();
}

export async function findState(db: Executor, memberId: number): Promise<RgStateRow | undefined> {
  return db
    .selectFrom('rg_member_states')
    .select([
      'break_until as breakUntil',
      'excluded_until as excludedUntil',
      'is_permanently_excluded as isPermanentlyExcluded',
      'reality_check_minutes as realityCheckMinutes',
    ])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The members among `memberIds` self-excluded (for good or until after `at`) or on a break at `at`. */
export async function findBlockedAmong(db: Executor, memberIds: readonly number[], at: Date): Promise<number[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('rg_member_states')
    .select('member_id')
    // One array parameter, so a whole period's members (100,000 and more) fit in one read.
    .where(sql<boolean>`member_id = ANY(${sql.val([...new Set(memberIds)])}::bigint[])`)
    .where((eb) => eb.or([eb('is_permanently_excluded', '=', true), eb('excluded_until', '>', at), eb('break_until', '>', at)]))
    .execute();
  return rows.map((r) => Number(r.member_id));
}

/**
 * Creates the member's state row if missing and locks it. Every change of a member's limits and
 * every limit check inside a caller's transaction takes this lock, so checks of one member run one
 * at a time and each sees the stakes the previous one let through.
 */
export async function lockState(db: Executor, memberId: number, at: Date): Promise<RgStateRow> {
  await db
    .insertInto('rg_member_states')
    .values({ member_id: memberId, updated_at: at })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  return db
    .selectFrom('rg_member_states')
    .select([
      'break_until as breakUntil',
      'excluded_until as excludedUntil',
      'is_permanently_excluded as isPermanentlyExcluded',
      'reality_check_minutes as realityCheckMinutes',
    ])
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Locks the state row only if the member has one (a member who never set anything has no limits). */
export async function lockStateIfAny(db: Executor, memberId: number): Promise<RgStateRow | undefined> {
  return db
    .selectFrom('rg_member_states')
    .select([
      'break_until as breakUntil',
      'excluded_until as excludedUntil',
      'is_permanently_excluded as isPermanentlyExcluded',
      'reality_check_minutes as realityCheckMinutes',
    ])
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

const dateOrNull = (value: string | null): Date | null => (value === null ? null : new Date(value));

/**
 * `lockStateIfAny` and `findLimits` in one round trip (a stake's check): the member's state row,
 * locked for the rest of the transaction when there is one, and the member's limits.
 */
export async function lockStateAndFindLimits(
  trx: Transaction<DB>,
  memberId: number,
): Promise<{ state: RgStateRow | undefined; limits: RgLimitRow[] }> {
  type StateJson = {
    breakUntil: string | null;
    excludedUntil: string | null;
    isPermanentlyExcluded: boolean;
    realityCheckMinutes: number | null;
  };
  type LimitJson = {
    kind: RgLimitRow['kind'];
    period: RgLimitRow['period'];
    amount: number | null;
    pendingAmount: number | null;
    pendingEffectiveAt: string | null;
  };
  const { rows } = await sql<{ state: StateJson | null; limits: LimitJson[] }>`
    SELECT
      (SELECT json_build_object('breakUntil', break_until, 'excludedUntil', excluded_until,
                                'isPermanentlyExcluded', is_permanently_excluded, 'realityCheckMinutes', reality_check_minutes)
         FROM rg_member_states WHERE member_id = ${memberId} FOR UPDATE) AS state,
      (SELECT coalesce(json_agg(json_build_object('kind', kind, 'period', period, 'amount', amount,
                                                  'pendingAmount', pending_amount, 'pendingEffectiveAt', pending_effective_at)), '[]'::json)
         FROM rg_limits WHERE member_id = ${memberId}) AS limits`.execute(trx);
  const row = rows[0];
  const state = row?.state
    ? {
        breakUntil: dateOrNull(row.state.breakUntil),
        excludedUntil: dateOrNull(row.state.excludedUntil),
        isPermanentlyExcluded: row.state.isPermanentlyExcluded,
        realityCheckMinutes: row.state.realityCheckMinutes,
      }
    : undefined;
  const limits = (row?.limits ?? []).map((l) => ({ ...l, pendingEffectiveAt: dateOrNull(l.pendingEffectiveAt) }));
  return { state, limits };
}

export async function updateState(db: Executor, memberId: number, state: RgStateRow, at: Date): Promise<void> {
  await db
    .updateTable('rg_member_states')
    .set({
      break_until: state.breakUntil,
      excluded_until: state.excludedUntil,
      is_permanently_excluded: state.isPermanentlyExcluded,
      reality_check_minutes: state.realityCheckMinutes,
      updated_at: at,
    })
    .where('member_id', '=', memberId)
    .execute();
}

/** Members of the merchant self-excluded or on a break at `at` (the back-office reports). */
export async function findMerchantBlocks(db: Executor, merchantId: number, at: Date) {
  const rows = await db
    .selectFrom('rg_member_states as s')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 's.member_id')
    .select([
      's.member_id as memberId',
      'm.username',
      's.break_until as breakUntil',
      's.excluded_until as excludedUntil',
      's.is_permanently_excluded as isPermanentlyExcluded',
      's.updated_at as updatedAt',
    ])
    .where('m.merchant_id', '=', merchantId)
    .where((eb) => eb.or([eb('s.is_permanently_excluded', '=', true), eb('s.excluded_until', '>', at), eb('s.break_until', '>', at)]))
    .orderBy('s.member_id')
    .execute();
  return rows.map((r) => ({ ...r, memberId: Number(r.memberId) }));
}

/** Every limit row of the merchant's members, with the member's currency. */
export async function findMerchantLimits(db: Executor, merchantId: number) {
  const rows = await db
    .selectFrom('rg_limits as l')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 'l.member_id')
    .select([
      'l.member_id as memberId',
      'm.username',
      'm.currency',
      'l.kind',
      'l.period',
      'l.amount',
      'l.pending_amount as pendingAmount',
      'l.pending_effective_at as pendingEffectiveAt',
    ])
    .where('m.merchant_id', '=', merchantId)
    .orderBy('l.member_id')
    .execute();
  return rows.map((r) => ({ ...r, memberId: Number(r.memberId), currency: r.currency.trim() }));
}

// Refusals by a limit (responsible-gaming triggers).

const dayText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Counts one refusal of the member by a limit kind on a day: the day's row is created or counted up in one statement. */
export async function countRefusal(
  db: Executor,
  row: { memberId: number; merchantId: number; kind: RefusalReason; day: string; at: Date },
): Promise<void> {
  await db
    .insertInto('rg_limit_refusals')
    .values({ member_id: row.memberId, merchant_id: row.merchantId, kind: row.kind, day: row.day, refusals: 1, last_at: row.at })
    .onConflict((oc) =>
      oc.columns(['member_id', 'kind', 'day']).doUpdateSet({
        refusals: sql<number>`rg_limit_refusals.refusals + 1`,
        last_at: sql<Date>`greatest(rg_limit_refusals.last_at, excluded.last_at)`,
      }),
    )
    .execute();
}

/** A refusal's reason: a limit's kind, or the member's break or self-exclusion. */
type RefusalReason = DB['rg_limit_refusals']['kind'];

type RefusalDayRow = { day: string; kind: RefusalReason; refusals: number; lastAt: Date };

/** The member's refusals on its latest `days` days with any before `before` (a day, exclusive), newest day first. */
export async function findRefusalsOfMember(
  db: Executor,
  memberId: number,
  before: string | undefined,
  days: number,
): Promise<RefusalDayRow[]> {
  let latest = db.selectFrom('rg_limit_refusals').select('day').distinct().where('member_id', '=', memberId);
  if (before !== undefined) latest = latest.where('day', '<', before);
  const rows = await db
    .selectFrom('rg_limit_refusals')
    .select([dayText('day').as('day'), 'kind', 'refusals', 'last_at'])
    .where('member_id', '=', memberId)
    .where('day', 'in', latest.orderBy('day', 'desc').limit(days))
    .orderBy('day', 'desc')
    .orderBy('kind')
    .execute();
  return rows.map((r) => ({ day: r.day, kind: r.kind, refusals: Number(r.refusals), lastAt: new Date(r.last_at) }));
}

type RefusalReportRow = { day: string; kind: RefusalReason; members: number; refusals: number };

/** The merchant's refusals per day and limit kind over the days `from`…`to` (both included). */
export async function findRefusalsByDay(db: Executor, merchantId: number, from: string, to: string): Promise<RefusalReportRow[]> {
  const rows = await db
    .selectFrom('rg_limit_refusals')
    .select([
      dayText('day').as('day'),
      'kind',
      (eb) => eb.fn.count<string>('member_id').as('members'),
      (eb) => eb.fn.sum<string>('refusals').as('refusals'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['day', 'kind'])
    .orderBy('day')
    .orderBy('kind')
    .execute();
  return rows.map((r) => ({ day: r.day, kind: r.kind, members: Number(r.members), refusals: Number(r.refusals) }));
}

/** The merchant's members refused at least once per limit kind over the days, each counted once. */
export async function countRefusedMembers(
  db: Executor,
  merchantId: number,
  from: string,
  to: string,
): Promise<{ kind: RefusalReason; members: number; refusals: number }[]> {
  const rows = await db
    .selectFrom('rg_limit_refusals')
    .select([
      'kind',
      (eb) => eb.fn.count<string>('member_id').distinct().as('members'),
      (eb) => eb.fn.sum<string>('refusals').as('refusals'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  return rows.map((r) => ({ kind: r.kind, members: Number(r.members), refusals: Number(r.refusals) }));
}
