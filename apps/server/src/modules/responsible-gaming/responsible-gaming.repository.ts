import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

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
