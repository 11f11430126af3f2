import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { EarningEvent, EarningParams } from './points.tables.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type AwardRow = {
  id: number;
  memberId: number;
  ruleKey: string;
  occurrenceKey: string;
  localDate: string;
  amount: number;
  requestedAmount: number;
  note: string | null;
  transferId: number | null;
  createdAt: Date;
};

const AWARD_COLUMNS = [
  'id',
  'member_id as memberId',
  'rule_key as ruleKey',
  'occurrence_key as occurrenceKey',
  sql<string>`to_char(local_date, 'YYYY-MM-DD')`.as('localDate'),
  'amount',
  'requested_amount as requestedAmount',
  'note',
  'transfer_id as transferId',
  'created_at as createdAt',
] as const;

/**
 * Claims the (member, rule, occurrence) slot: a row when this call took it, undefined when another
 * call had (that call's transaction is waited for, so a concurrent duplicate sees it committed).
 */
export async function claimAward(
  trx: Transaction<DB>,
  row: {
    merchantId: number;
    memberId: number;
    ruleKey: string;
    occurrenceKey: string;
    localDate: string;
    requestedAmount: number;
    note: string | null;
    at: Date;
  },
): Promise<{ id: number } | undefined> {
  return trx
    .insertInto('points_awards')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      rule_key: row.ruleKey,
      occurrence_key: row.occurrenceKey,
      local_date: row.localDate,
      amount: 0,
      requested_amount: row.requestedAmount,
      note: row.note,
      transfer_id: null,
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['member_id', 'rule_key', 'occurrence_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function setAwardPaid(trx: Transaction<DB>, id: number, amount: number, transferId: number): Promise<void> {
  await trx.updateTable('points_awards').set({ amount, transfer_id: transferId }).where('id', '=', id).execute();
}

export async function findAward(
  executor: Executor,
  memberId: number,
  ruleKey: string,
  occurrenceKey: string,
): Promise<AwardRow | undefined> {
  return executor
    .selectFrom('points_awards')
    .select(AWARD_COLUMNS)
    .where('member_id', '=', memberId)
    .where('rule_key', '=', ruleKey)
    .where('occurrence_key', '=', occurrenceKey)
    .executeTakeFirst();
}

export async function findAwardOccurrences(
  executor: Executor,
  filter: { memberIds: readonly number[]; ruleKey: string; occurrenceKey: string },
): Promise<Set<number>> {
  if (filter.memberIds.length === 0) return new Set();
  const rows = await executor
    .selectFrom('points_awards')
    .select('member_id')
    .where('member_id', 'in', filter.memberIds)
    .where('rule_key', '=', filter.ruleKey)
    .where('occurrence_key', '=', filter.occurrenceKey)
    .execute();
  return new Set(rows.map((r) => Number(r.member_id)));
}

/**
 * Adds up to `wanted` to the member's total of the rule on the day, never past `cap`; answers what
 * was added. The row is made if missing, then locked, so concurrent awards of one rule and day queue.
 */
export async function takeFromDailyCap(
  trx: Transaction<DB>,
  key: { memberId: number; ruleKey: string; localDate: string },
  wanted: number,
  cap: number,
): Promise<number> {
  await trx
    .insertInto('points_daily_totals')
    .values({ member_id: key.memberId, rule_key: key.ruleKey, local_date: key.localDate, total: 0 })
    .onConflict((oc) => oc.columns(['member_id', 'rule_key', 'local_date']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('points_daily_totals')
    .select('total')
    .where('member_id', '=', key.memberId)
    .where('rule_key', '=', key.ruleKey)
    .where('local_date', '=', key.localDate)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const taken = Math.max(0, Math.min(wanted, cap - Number(row.total)));
  if (taken > 0) {
    await trx
      .updateTable('points_daily_totals')
      .set({ total: Number(row.total) + taken })
      .where('member_id', '=', key.memberId)
      .where('rule_key', '=', key.ruleKey)
      .where('local_date', '=', key.localDate)
      .execute();
  }
  return taken;
}

export async function findAwardsOfMember(executor: Executor, memberId: number, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    executor
      .selectFrom('points_awards')
      .select(AWARD_COLUMNS)
      .where('member_id', '=', memberId)
      .where('amount', '>', 0)
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    executor
      .selectFrom('points_awards')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('member_id', '=', memberId)
      .where('amount', '>', 0)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

// Earning rules.

export type RuleRow = {
  id: number;
  merchantId: number;
  ruleKey: string;
  event: EarningEvent;
  amount: number;
  dailyCap: number | null;
  params: EarningParams;
  isEnabled: boolean;
  createdAt: Date;
  updatedAt: Date;
};

const RULE_COLUMNS = [
  'id',
  'merchant_id as merchantId',
  'rule_key as ruleKey',
  'event',
  'amount',
  'daily_cap as dailyCap',
  'params',
  'is_enabled as isEnabled',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

export async function findRules(executor: Executor, merchantId: number): Promise<RuleRow[]> {
  return executor.selectFrom('points_earning_rules').select(RULE_COLUMNS).where('merchant_id', '=', merchantId).orderBy('id').execute();
}

export async function findEnabledRulesOfEvent(executor: Executor, merchantId: number, event: EarningEvent): Promise<RuleRow[]> {
  return executor
    .selectFrom('points_earning_rules')
    .select(RULE_COLUMNS)
    .where('merchant_id', '=', merchantId)
    .where('event', '=', event)
    .where('is_enabled', '=', true)
    .orderBy('id')
    .execute();
}

/** Enabled rules of an event across all merchants (the valid-bet evaluation job). */
export async function findEnabledRulesOfEventEverywhere(executor: Executor, event: EarningEvent): Promise<RuleRow[]> {
  return executor
    .selectFrom('points_earning_rules')
    .select(RULE_COLUMNS)
    .where('event', '=', event)
    .where('is_enabled', '=', true)
    .orderBy('id')
    .execute();
}

export async function findRule(executor: Executor, merchantId: number, id: number): Promise<RuleRow | undefined> {
  return executor
    .selectFrom('points_earning_rules')
    .select(RULE_COLUMNS)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertRule(
  executor: Executor,
  row: {
    merchantId: number;
    ruleKey: string;
    event: EarningEvent;
    amount: number;
    dailyCap: number | null;
    params: EarningParams;
    isEnabled: boolean;
    at: Date;
  },
): Promise<RuleRow> {
  return executor
    .insertInto('points_earning_rules')
    .values({
      merchant_id: row.merchantId,
      rule_key: row.ruleKey,
      event: row.event,
      amount: row.amount,
      daily_cap: row.dailyCap,
      params: JSON.stringify(row.params),
      is_enabled: row.isEnabled,
      created_at: row.at,
      updated_at: row.at,
    })
    .returning(RULE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateRule(
  executor: Executor,
  merchantId: number,
  id: number,
  row: { event: EarningEvent; amount: number; dailyCap: number | null; params: EarningParams; isEnabled: boolean; at: Date },
): Promise<RuleRow | undefined> {
  return executor
    .updateTable('points_earning_rules')
    .set({
      event: row.event,
      amount: row.amount,
      daily_cap: row.dailyCap,
      params: JSON.stringify(row.params),
      is_enabled: row.isEnabled,
      updated_at: row.at,
    })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .returning(RULE_COLUMNS)
    .executeTakeFirst();
}
