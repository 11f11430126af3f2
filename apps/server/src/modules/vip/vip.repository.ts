import { pageOffset } from '@platform/contracts/pagination';
import type {
  CashbackLine,
  CashbackRule,
  CashbackRuleInput,
  RebateLine,
  RebateRule,
  RebateRuleInput,
  VipLevel,
  VipLevelInput,
} from '@platform/contracts/vip';
import { type Insertable, type Kysely, type RawBuilder, type Selectable, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';
import type { CashbackLinesTable, CashbackRulesTable, RebateLinesTable, RebateRulesTable } from './vip.tables.ts';

type Executor = Kysely<DB> | Transaction<DB>;

const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

// Rule set versions.

type RuleSet = 'levels' | 'rebates' | 'cashback';

/** The version of the merchant's rule set (0 before its first save). */
export async function findRuleSetVersion(db: Executor, merchantId: number, ruleSet: RuleSet): Promise<number> {
  const row = await db
    .selectFrom('vip_rule_set_versions')
    .select('version')
    .where('merchant_id', '=', merchantId)
    .where('rule_set', '=', ruleSet)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/**
 * Moves the rule set's version on by one if it is still `expected` (any version when undefined), in
 * one statement that holds the row until the caller's transaction ends, so of two saves that read the
 * same version one goes through and the other finds it moved. The new version, or undefined when it
 * was not `expected`.
 */
export async function advanceRuleSetVersion(
  trx: Transaction<DB>,
  merchantId: number,
  ruleSet: RuleSet,
  expected: number | undefined,
  at: Date,
): Promise<number | undefined> {
  if (expected === 0) {
    const inserted = await trx
      .insertInto('vip_rule_set_versions')
      .values({ merchant_id: merchantId, rule_set: ruleSet, version: 1, updated_at: at })
      .onConflict((oc) => oc.columns(['merchant_id', 'rule_set']).doNothing())
      .returning('version')
      .executeTakeFirst();
    return inserted ? Number(inserted.version) : undefined;
  }
  if (expected === undefined) {
    const row = await trx
      .insertInto('vip_rule_set_versions')
      .values({ merchant_id: merchantId, rule_set: ruleSet, version: 1, updated_at: at })
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'rule_set']).doUpdateSet({ version: sql<number>`vip_rule_set_versions.version + 1`, updated_at: at }),
      )
      .returning('version')
      .executeTakeFirstOrThrow();
    return Number(row.version);
  }
  const updated = await trx
    .updateTable('vip_rule_set_versions')
    .set({ version: sql<number>`version + 1`, updated_at: at })
    .where('merchant_id', '=', merchantId)
    .where('rule_set', '=', ruleSet)
    .where('version', '=', expected)
    .returning('version')
    .executeTakeFirst();
  return updated ? Number(updated.version) : undefined;
}

// Levels.

export async function findLevels(db: Executor, merchantId: number): Promise<VipLevel[]> {
  const rows = await db.selectFrom('vip_levels').selectAll().where('merchant_id', '=', merchantId).orderBy('level').execute();
  return rows.map((r) => ({
    level: r.level,
    code: r.code,
    names: r.names,
    minDeposit: Number(r.min_deposit),
    minValidBet: Number(r.min_valid_bet),
    keepDeposit: Number(r.keep_deposit),
    keepValidBet: Number(r.keep_valid_bet),
    upgradeBonus: Number(r.upgrade_bonus),
    periodicBonus: Number(r.periodic_bonus),
    periodicPeriod: r.periodic_period,
  }));
}

/**
 * Who is at which VIP level (`member_id`, `level`; a member without a row is at level 0), as a
 * sub-query another module's repository may use in its own query (the inbox's VIP segments).
 */
export function memberLevelsForJoin(db: Executor) {
  return db.selectFrom('vip_member_levels').select(['vip_member_levels.member_id', 'vip_member_levels.level']);
}

/** Replaces the merchant's ladder: levels listed are written, levels above the highest listed are removed. */
export async function replaceLevels(trx: Transaction<DB>, merchantId: number, levels: readonly VipLevelInput[], at: Date): Promise<void> {
  for (const l of levels) {
    const values = {
      code: l.code,
      names: JSON.stringify(l.names),
      min_deposit: l.minDeposit,
      min_valid_bet: l.minValidBet,
      keep_deposit: l.keepDeposit,
      keep_valid_bet: l.keepValidBet,
      upgrade_bonus: l.upgradeBonus,
      periodic_bonus: l.periodicBonus,
      periodic_period: l.periodicPeriod,
      updated_at: at,
    };
    await trx
      .insertInto('vip_levels')
      .values({ merchant_id: merchantId, level: l.level, ...values })
      .onConflict((oc) => oc.columns(['merchant_id', 'level']).doUpdateSet(values))
      .execute();
  }
  await trx.deleteFrom('vip_levels').where('merchant_id', '=', merchantId).where('level', '>=', levels.length).execute();
}

export type MemberLevelRow = { memberId: number; level: number; reachedOn: string; evaluatedOn: string };

const memberLevelColumns = [
  'member_id as memberId',
  'level',
  day('reached_on').as('reachedOn'),
  day('evaluated_on').as('evaluatedOn'),
] as const;

export async function findMemberLevel(db: Executor, memberId: number): Promise<MemberLevelRow | undefined> {
  const row = await db.selectFrom('vip_member_levels').select(memberLevelColumns).where('member_id', '=', memberId).executeTakeFirst();
  return row && { ...row, memberId: Number(row.memberId) };
}

type LevelMemberRow = { memberId: number; username: string; reachedOn: string; evaluatedOn: string };

/** A page of the merchant's members holding `level` (stored rows only), the latest to reach it first. */
export async function findMembersAtLevel(
  db: Executor,
  merchantId: number,
  level: number,
  page: { pageNo: number; pageSize: number },
): Promise<{ list: LevelMemberRow[]; total: number }> {
  const base = db.selectFrom('vip_member_levels as v').where('v.merchant_id', '=', merchantId).where('v.level', '=', level);
  const [rows, count] = await Promise.all([
    base
      .innerJoin(publicMembers(db).as('u'), 'u.id', 'v.member_id')
      .select(['v.member_id', 'u.username', day('v.reached_on').as('reachedOn'), day('v.evaluated_on').as('evaluatedOn')])
      .orderBy('v.reached_on', 'desc')
      .orderBy('v.member_id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({ memberId: Number(r.member_id), username: r.username, reachedOn: r.reachedOn, evaluatedOn: r.evaluatedOn })),
    total: Number(count?.n ?? 0),
  };
}

/** How many of the merchant's members hold each level above 0 (stored rows). */
export async function countMembersByLevel(db: Executor, merchantId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('vip_member_levels')
    .select(['level', (eb) => eb.fn.countAll<string>().as('n')])
    .where('merchant_id', '=', merchantId)
    .where('level', '>', 0)
    .groupBy('level')
    .execute();
  return new Map(rows.map((r) => [Number(r.level), Number(r.n)]));
}

/** The stored level of every member of the merchant that has one. */
export async function findMemberLevelsOfMerchant(db: Executor, merchantId: number): Promise<MemberLevelRow[]> {
  const rows = await db.selectFrom('vip_member_levels').select(memberLevelColumns).where('merchant_id', '=', merchantId).execute();
  return rows.map((r) => ({ ...r, memberId: Number(r.memberId) }));
}

/** The member's stored level, locked for the rest of the transaction (no row: nothing to lock, level 0). */
export async function lockMemberLevel(trx: Transaction<DB>, memberId: number): Promise<MemberLevelRow | undefined> {
  const row = await trx
    .selectFrom('vip_member_levels')
    .select(memberLevelColumns)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  return row && { ...row, memberId: Number(row.memberId) };
}

export async function upsertMemberLevel(
  trx: Transaction<DB>,
  row: { merchantId: number; memberId: number; level: number; reachedOn: string; evaluatedOn: string; at: Date },
): Promise<void> {
  const values = { level: row.level, reached_on: row.reachedOn, evaluated_on: row.evaluatedOn, updated_at: row.at };
  await trx
    .insertInto('vip_member_levels')
    .values({ member_id: row.memberId, merchant_id: row.merchantId, ...values })
    .onConflict((oc) => oc.column('member_id').doUpdateSet(values))
    .execute();
}

export async function insertLevelChange(
  trx: Transaction<DB>,
  row: {
    merchantId: number;
    memberId: number;
    day: string;
    fromLevel: number;
    toLevel: number;
    deposits: number;
    validBet: number;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('vip_level_changes')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      day: row.day,
      from_level: row.fromLevel,
      to_level: row.toLevel,
      deposits: row.deposits,
      valid_bet: row.validBet,
      created_at: row.at,
    })
    .execute();
}

/** Records an upgrade bonus; undefined when (member, level) already has one. */
export async function insertUpgradeBonusOnce(
  trx: Transaction<DB>,
  row: { merchantId: number; memberId: number; level: number; amount: number; transferId: number | null; at: Date },
): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('vip_upgrade_bonuses')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      level: row.level,
      amount: row.amount,
      status: row.transferId === null ? 'withheld' : 'paid',
      transfer_id: row.transferId,
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['member_id', 'level']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : undefined;
}

export async function hasUpgradeBonus(db: Executor, memberId: number, level: number): Promise<boolean> {
  const row = await db
    .selectFrom('vip_upgrade_bonuses')
    .select('id')
    .where('member_id', '=', memberId)
    .where('level', '=', level)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a periodic bonus; undefined when (member, period, period start) already has one. */
export async function insertPeriodicBonusOnce(
  trx: Transaction<DB>,
  row: {
    merchantId: number;
    memberId: number;
    level: number;
    period: 'W' | 'M';
    periodStart: string;
    periodEnd: string;
    amount: number;
    transferId: number | null;
    at: Date;
  },
): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('vip_periodic_bonuses')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      level: row.level,
      period: row.period,
      period_start: row.periodStart,
      period_end: row.periodEnd,
      amount: row.amount,
      status: row.transferId === null ? 'withheld' : 'paid',
      transfer_id: row.transferId,
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['member_id', 'period', 'period_start']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? Number(inserted.id) : undefined;
}

/** The members of the merchant already holding a periodic bonus for the period. */
export async function findPeriodicBonusMembers(
  db: Executor,
  merchantId: number,
  period: 'W' | 'M',
  periodStart: string,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('vip_periodic_bonuses')
    .select('member_id')
    .where('merchant_id', '=', merchantId)
    .where('period', '=', period)
    .where('period_start', '=', periodStart)
    .execute();
  return new Set(rows.map((r) => Number(r.member_id)));
}

// Rebate rules.

const ruleOf = (r: Selectable<RebateRulesTable>): RebateRule => ({
  id: Number(r.id),
  vipLevel: Number(r.vip_level),
  category: r.category as RebateRule['category'],
  vendorCode: r.vendor_code === '' ? null : r.vendor_code,
  period: r.period,
  mode: r.mode,
  ratePpm: Number(r.rate_ppm),
  maxAmount: r.max_amount === null ? null : Number(r.max_amount),
  isEnabled: r.is_enabled,
});

export async function findRules(db: Executor, merchantId: number, filter: { enabledOnly: boolean }): Promise<RebateRule[]> {
  let query = db.selectFrom('rebate_rules').selectAll().where('merchant_id', '=', merchantId);
  if (filter.enabledOnly) query = query.where('is_enabled', '=', true);
  const rows = await query.orderBy('vip_level').orderBy('category').orderBy('period').orderBy('vendor_code').execute();
  return rows.map(ruleOf);
}

/**
 * Replaces the merchant's rule set: a listed rule is written (the same (level, category, period,
 * vendor) keeps its id, so its lines stay its own), a rule not listed is disabled.
 */
export async function replaceRules(trx: Transaction<DB>, merchantId: number, rules: readonly RebateRuleInput[], at: Date): Promise<void> {
  await trx.updateTable('rebate_rules').set({ is_enabled: false, updated_at: at }).where('merchant_id', '=', merchantId).execute();
  for (const r of rules) {
    const values = { mode: r.mode, rate_ppm: r.ratePpm, max_amount: r.maxAmount, is_enabled: true, updated_at: at };
    await trx
      .insertInto('rebate_rules')
      .values({
        merchant_id: merchantId,
        vip_level: r.vipLevel,
        category: r.category,
        period: r.period,
        vendor_code: r.vendorCode ?? '',
        ...values,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'vip_level', 'category', 'period', 'vendor_code']).doUpdateSet(values))
      .execute();
  }
}

// Rebate lines.

export type NewRebateLine = Omit<Insertable<RebateLinesTable>, 'id' | 'claim_id'>;

/** Rows one multi-row insert sends (well under the drivers' bound parameters). */
const INSERT_BATCH = 1_500;

/**
 * Writes a chunk's lines in as few statements as it takes, each `ON CONFLICT DO NOTHING` on (member,
 * rule, period start, revision): answers how many were written (fewer when another writer got there
 * first, which the caller's member locks rule out).
 */
export async function insertLines(trx: Transaction<DB>, lines: readonly NewRebateLine[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < lines.length; i += INSERT_BATCH) {
    const inserted = await trx
      .insertInto('rebate_lines')
      .values(lines.slice(i, i + INSERT_BATCH))
      .onConflict((oc) => oc.columns(['member_id', 'rule_id', 'period_start', 'revision']).doNothing())
      .returning('id')
      .execute();
    written += inserted.length;
  }
  return written;
}

/** One (member, category) of a period as its lines stand: the first line's rule and inputs, the bases and amounts of all its revisions. */
export type PeriodLineTotal = {
  memberId: number;
  category: string;
  ruleId: number;
  vipLevel: number;
  ratePpm: number;
  maxAmount: number | null;
  mode: 'auto' | 'claim';
  betBase: number;
  amount: number;
  nextRevision: number;
};

/** The period's lines of these members, added up per (member, category), with the rule and inputs of its first line. */
export async function findPeriodLineTotals(
  db: Executor,
  filter: { merchantId: number; memberIds: readonly number[]; period: string; periodStart: string },
): Promise<PeriodLineTotal[]> {
  if (filter.memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('rebate_lines')
    .select([
      'member_id as memberId',
      'category',
      'rule_id as ruleId',
      'vip_level as vipLevel',
      'rate_ppm as ratePpm',
      'max_amount as maxAmount',
      'mode',
      'revision',
      'bet_base as betBase',
      'amount',
    ])
    .where('merchant_id', '=', filter.merchantId)
    .where('member_id', 'in', [...filter.memberIds])
    .where('period', '=', filter.period as RebateLinesTable['period'])
    .where('period_start', '=', filter.periodStart)
    .orderBy('member_id')
    .orderBy('category')
    .orderBy('revision')
    .execute();
  const totals = new Map<string, PeriodLineTotal>();
  for (const r of rows) {
    const key = `${r.memberId}:${r.category}`;
    const known = totals.get(key);
    if (known) {
      known.betBase += Number(r.betBase);
      known.amount += Number(r.amount);
      known.nextRevision = Math.max(known.nextRevision, Number(r.revision) + 1);
      continue;
    }
    totals.set(key, {
      memberId: Number(r.memberId),
      category: r.category,
      ruleId: Number(r.ruleId),
      vipLevel: Number(r.vipLevel),
      ratePpm: Number(r.ratePpm),
      maxAmount: r.maxAmount === null ? null : Number(r.maxAmount),
      mode: r.mode,
      betBase: Number(r.betBase),
      amount: Number(r.amount),
      nextRevision: Number(r.revision) + 1,
    });
  }
  return [...totals.values()];
}

const lineColumns = [
  'id',
  'rule_id as ruleId',
  'revision',
  'period',
  day('period_start').as('periodStart'),
  day('period_end').as('periodEnd'),
  'category',
  'vendor_code as vendorCode',
  'vip_level as vipLevel',
  'bet_base as betBase',
  'rate_ppm as ratePpm',
  'amount',
  'mode',
  'status',
  'created_at as createdAt',
  'paid_at as paidAt',
] as const;

type LineRow = {
  id: number;
  ruleId: number;
  revision: number;
  period: RebateLine['period'];
  periodStart: string;
  periodEnd: string;
  category: string;
  vendorCode: string;
  vipLevel: number;
  betBase: number;
  ratePpm: number;
  amount: number;
  mode: RebateLine['mode'];
  status: RebateLine['status'];
  createdAt: Date;
  paidAt: Date | null;
};

const presentLine = (r: LineRow): RebateLine => ({
  ...r,
  id: Number(r.id),
  ruleId: Number(r.ruleId),
  revision: Number(r.revision),
  vendorCode: r.vendorCode === '' ? null : r.vendorCode,
  vipLevel: Number(r.vipLevel),
  betBase: Number(r.betBase),
  ratePpm: Number(r.ratePpm),
  amount: Number(r.amount),
  createdAt: new Date(r.createdAt).toISOString(),
  paidAt: r.paidAt === null ? null : new Date(r.paidAt).toISOString(),
});

export type LineFilter = { memberId: number; from?: string; to?: string; category?: string | undefined };

/** A page of the member's lines, newest period first, and the range's totals. */
export async function findLines(
  db: Executor,
  filter: LineFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ list: RebateLine[]; totalCount: number; totalBetBase: number; totalAmount: number }> {
  let base = db.selectFrom('rebate_lines').where('member_id', '=', filter.memberId);
  if (filter.from !== undefined) base = base.where('period_start', '>=', filter.from);
  if (filter.to !== undefined) base = base.where('period_start', '<=', filter.to);
  if (filter.category !== undefined) base = base.where('category', '=', filter.category);
  const [rows, totals] = await Promise.all([
    base.select(lineColumns).orderBy('period_start', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(pageOffset(page)).execute(),
    base
      .select([
        sql<string>`count(*)::text`.as('count'),
        sql<string>`coalesce(sum(bet_base), 0)::text`.as('betBase'),
        sql<string>`coalesce(sum(amount), 0)::text`.as('amount'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => presentLine(r as LineRow)),
    totalCount: Number(totals.count),
    totalBetBase: Number(totals.betBase),
    totalAmount: Number(totals.amount),
  };
}

/** The member's accrued lines, locked for the rest of the transaction (a claim takes them). */
export async function lockAccruedLines(trx: Transaction<DB>, memberId: number): Promise<{ id: number; amount: number }[]> {
  const rows = await trx
    .selectFrom('rebate_lines')
    .select(['id', 'amount'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'accrued')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => ({ id: Number(r.id), amount: Number(r.amount) }));
}

/** The member's accrued lines summed per category. */
export async function sumAccruedByCategory(
  db: Executor,
  memberId: number,
): Promise<{ category: string; betBase: number; amount: number; lines: number }[]> {
  const rows = await db
    .selectFrom('rebate_lines')
    .select([
      'category',
      sql<string>`sum(bet_base)::text`.as('betBase'),
      sql<string>`sum(amount)::text`.as('amount'),
      sql<string>`count(*)::text`.as('lines'),
    ])
    .where('member_id', '=', memberId)
    .where('status', '=', 'accrued')
    .groupBy('category')
    .orderBy('category')
    .execute();
  return rows.map((r) => ({ category: r.category, betBase: Number(r.betBase), amount: Number(r.amount), lines: Number(r.lines) }));
}

export async function markClaimed(trx: Transaction<DB>, lineIds: readonly number[], claimId: number, at: Date): Promise<void> {
  if (lineIds.length === 0) return;
  await trx.updateTable('rebate_lines').set({ status: 'claimed', claim_id: claimId, paid_at: at }).where('id', 'in', lineIds).execute();
}

export type ClaimRow = { id: number; amount: number; lines: number };

export async function findClaim(db: Executor, memberId: number, requestId: string): Promise<ClaimRow | undefined> {
  const row = await db
    .selectFrom('rebate_claims')
    .select(['id', 'amount', 'lines'])
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row && { id: Number(row.id), amount: Number(row.amount), lines: Number(row.lines) };
}

export async function insertClaim(
  trx: Transaction<DB>,
  row: { merchantId: number; memberId: number; requestId: string; amount: number; lines: number; transferId: number; at: Date },
): Promise<number> {
  const inserted = await trx
    .insertInto('rebate_claims')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      request_id: row.requestId,
      amount: row.amount,
      lines: row.lines,
      transfer_id: row.transferId,
      created_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

// Cashback rules.

const cashbackRuleOf = (r: Selectable<CashbackRulesTable>): CashbackRule => ({
  id: Number(r.id),
  vipLevel: Number(r.vip_level),
  period: r.period,
  ratePpm: Number(r.rate_ppm),
  minLoss: Number(r.min_loss),
  maxAmount: r.max_amount === null ? null : Number(r.max_amount),
  isEnabled: r.is_enabled,
});

export async function findCashbackRules(db: Executor, merchantId: number, filter: { enabledOnly: boolean }): Promise<CashbackRule[]> {
  let query = db.selectFrom('cashback_rules').selectAll().where('merchant_id', '=', merchantId);
  if (filter.enabledOnly) query = query.where('is_enabled', '=', true);
  const rows = await query.orderBy('vip_level').orderBy('period').execute();
  return rows.map(cashbackRuleOf);
}

/** Replaces the merchant's cashback rules: a listed (level, period) keeps its id, a rule not listed is disabled. */
export async function replaceCashbackRules(
  trx: Transaction<DB>,
  merchantId: number,
  rules: readonly CashbackRuleInput[],
  at: Date,
): Promise<void> {
  await trx.updateTable('cashback_rules').set({ is_enabled: false, updated_at: at }).where('merchant_id', '=', merchantId).execute();
  for (const r of rules) {
    const values = { rate_ppm: r.ratePpm, min_loss: r.minLoss, max_amount: r.maxAmount, is_enabled: true, updated_at: at };
    await trx
      .insertInto('cashback_rules')
      .values({ merchant_id: merchantId, vip_level: r.vipLevel, period: r.period, ...values })
      .onConflict((oc) => oc.columns(['merchant_id', 'vip_level', 'period']).doUpdateSet(values))
      .execute();
  }
}

// Cashback lines.

export type NewCashbackLine = Omit<Insertable<CashbackLinesTable>, 'id'>;

/** The members among these already holding a cashback line of the period (any rule). */
export async function findCashbackMembersOfPeriod(
  db: Executor,
  filter: { merchantId: number; memberIds: readonly number[]; period: string; periodStart: string },
): Promise<Set<number>> {
  if (filter.memberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('cashback_lines')
    .select('member_id')
    .where('merchant_id', '=', filter.merchantId)
    .where('member_id', 'in', [...filter.memberIds])
    .where('period', '=', filter.period as CashbackLinesTable['period'])
    .where('period_start', '=', filter.periodStart)
    .execute();
  return new Set(rows.map((r) => Number(r.member_id)));
}

/** Writes a chunk's cashback lines, `ON CONFLICT DO NOTHING` on (member, rule, period start): answers how many were written. */
export async function insertCashbackLines(trx: Transaction<DB>, lines: readonly NewCashbackLine[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < lines.length; i += INSERT_BATCH) {
    const inserted = await trx
      .insertInto('cashback_lines')
      .values(lines.slice(i, i + INSERT_BATCH))
      .onConflict((oc) => oc.columns(['member_id', 'rule_id', 'period_start']).doNothing())
      .returning('id')
      .execute();
    written += inserted.length;
  }
  return written;
}

/** A page of the member's cashback lines whose period starts in the range, newest first, and the range's totals. */
export async function findCashbackLines(
  db: Executor,
  filter: { memberId: number; from?: string; to?: string },
  page: { pageNo: number; pageSize: number },
): Promise<{ list: CashbackLine[]; totalCount: number; totalNetLoss: number; totalAmount: number }> {
  let base = db.selectFrom('cashback_lines').where('member_id', '=', filter.memberId);
  if (filter.from !== undefined) base = base.where('period_start', '>=', filter.from);
  if (filter.to !== undefined) base = base.where('period_start', '<=', filter.to);
  const [rows, totals] = await Promise.all([
    base
      .select([
        'id',
        'rule_id as ruleId',
        'period',
        day('period_start').as('periodStart'),
        day('period_end').as('periodEnd'),
        'vip_level as vipLevel',
        'net_loss as netLoss',
        'min_loss as minLoss',
        'rate_ppm as ratePpm',
        'max_amount as maxAmount',
        'amount',
        'status',
        'created_at as createdAt',
      ])
      .orderBy('period_start', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page))
      .execute(),
    base
      .select([
        sql<string>`count(*)::text`.as('count'),
        sql<string>`coalesce(sum(net_loss), 0)::text`.as('netLoss'),
        sql<string>`coalesce(sum(amount), 0)::text`.as('amount'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      ruleId: Number(r.ruleId),
      period: r.period,
      periodStart: r.periodStart,
      periodEnd: r.periodEnd,
      vipLevel: Number(r.vipLevel),
      netLoss: Number(r.netLoss),
      minLoss: Number(r.minLoss),
      ratePpm: Number(r.ratePpm),
      maxAmount: r.maxAmount === null ? null : Number(r.maxAmount),
      amount: Number(r.amount),
      status: r.status,
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    totalCount: Number(totals.count),
    totalNetLoss: Number(totals.netLoss),
    totalAmount: Number(totals.amount),
  };
}

/**
 * One (member, category, vendor) of a period to settle, computed in one statement from the rollups:
 * the member's status, currency and level, the enabled rule of that level for the category, vendor
 * ('' for the category's rule) and period (if any), and the lines it already holds for the period
 * (the first line's terms, the totals of all revisions, the next revision), if any. `validBet` is the
 * rule's bet base: the valid bet at the vendor for a vendor's rule; for the category's rule, the
 * category's valid bet less what was bet at the vendors the member's level has rules for.
 */
export type RebateCandidate = {
  memberId: number;
  category: string;
  vendorCode: string;
  validBet: number;
  status: string;
  currency: string;
  level: number;
  rule: { id: number; ratePpm: number; maxAmount: number | null; mode: 'auto' | 'claim' } | null;
  held: PeriodLineTotal | null;
};

/** Whether the merchant's lines of the period include a vendor's rule's (a settlement then reads the vendor rollups). */
export async function hasVendorLines(db: Executor, filter: { merchantId: number; period: string; periodStart: string }): Promise<boolean> {
  const row = await db
    .selectFrom('rebate_lines')
    .select('id')
    .where('merchant_id', '=', filter.merchantId)
    .where('period', '=', filter.period as 'D')
    .where('period_start', '=', filter.periodStart)
    .where('vendor_code', '<>', '')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The period's (member, category, vendor) keys with a bet base that have a rule of the member's level
 * or lines already, in one read joining the rollups (`bets` per category and, when vendor rules or
 * vendor lines are in play, `vendorBets` per vendor: the daily-stats module's subqueries), the
 * members, their levels, the rules and the period's lines; ordered by member.
 */
export async function findRebateCandidates(
  db: Executor,
  filter: {
    merchantId: number;
    period: string;
    periodStart: string;
    bets: RawBuilder<unknown>;
    vendorBets: RawBuilder<unknown> | null;
    /** One member's keys only (the member's running estimate); every member's when left out. */
    memberId?: number;
  },
): Promise<RebateCandidate[]> {
  const { merchantId, period, periodStart } = filter;
  const ofMember = filter.memberId === undefined ? sql`` : sql` AND b.member_id = ${filter.memberId}`;
  // The key's lines of the period, found through the member's index (whatever the planner thinks
  // of a day's fresh rollups or lines: a probe per key, never a scan per key).
  const lineKey = (alias: string, k: string) =>
    sql.raw(`${alias}.member_id = ${k}.member_id AND ${alias}.category = ${k}.category AND ${alias}.vendor_code = ${k}.vendor_code`);
  const periodLines = sql`l.merchant_id = ${merchantId} AND l.period = ${period} AND l.period_start = ${periodStart}::date`;
  const levelled = (bets: RawBuilder<unknown>) => sql`
      SELECT b.*, coalesce(v.level, 0) AS level
        FROM ${bets} b LEFT JOIN vip_member_levels v ON v.member_id = b.member_id
       WHERE b.valid_bet > 0${ofMember}`;
  // Without vendors in play every key is a category's: its whole valid bet. With them, the keys come
  // from the vendor rows alone (they add up to the category's): a vendor is a key of its own when
  // its line of the period is written, or when the member's level has a rule for it and the
  // category's line of the period is not written yet; else its valid bet goes to the category's key.
  // So a vendor's rule added after the category's line was written does not count again the bets
  // that line counted: each bet of the period counts under one rule (docs/vip-and-rebates.md).
  const keys =
    filter.vendorBets === null
      ? sql`keys AS (SELECT member_id, category, ''::text AS vendor_code, level, valid_bet FROM (${levelled(filter.bets)}) lv)`
      : sql`
    named AS (
      SELECT vip_level, category, vendor_code FROM rebate_rules
       WHERE merchant_id = ${merchantId} AND period = ${period} AND is_enabled AND vendor_code <> ''
    ),
    keys AS (
      SELECT member_id, category, key_vendor AS vendor_code, level, sum(valid_bet) AS valid_bet
        FROM (
          SELECT vl.member_id, vl.category, vl.level, vl.valid_bet,
                 CASE WHEN (EXISTS (SELECT 1 FROM named n WHERE n.vip_level = vl.level AND n.category = vl.category AND n.vendor_code = vl.vendor_code)
                            AND NOT EXISTS (SELECT 1 FROM rebate_lines l WHERE l.member_id = vl.member_id AND l.category = vl.category
                                                                          AND l.vendor_code = '' AND ${periodLines}))
                        OR EXISTS (SELECT 1 FROM rebate_lines l WHERE ${lineKey('l', 'vl')} AND ${periodLines})
                      THEN vl.vendor_code ELSE '' END AS key_vendor
            FROM (${levelled(filter.vendorBets)}) vl
        ) tagged
       GROUP BY member_id, category, key_vendor, level
    )`;
  const result = await sql<{
    member_id: string;
    category: string;
    vendor_code: string;
    valid_bet: string;
    status: string;
    currency: string;
    level: number;
    rule_id: string | null;
    rule_rate: number | null;
    rule_max: string | null;
    rule_mode: 'auto' | 'claim' | null;
    h_rule_id: string | null;
    h_level: number | null;
    h_rate: number | null;
    h_max: string | null;
    h_mode: 'auto' | 'claim' | null;
    h_base: string | null;
    h_amount: string | null;
    h_next: number | null;
  }>`
    WITH ${keys}
    SELECT k.member_id::text AS member_id, k.category, k.vendor_code, k.valid_bet::text AS valid_bet, m.status, m.currency, k.level,
           r.id::text AS rule_id, r.rate_ppm AS rule_rate, r.max_amount::text AS rule_max, r.mode AS rule_mode,
           h.rule_id::text AS h_rule_id, h.vip_level AS h_level, h.rate_ppm AS h_rate, h.max_amount::text AS h_max, h.mode AS h_mode,
           h.bet_base::text AS h_base, h.amount::text AS h_amount, h.next_revision::integer AS h_next
      FROM keys k
      JOIN (${publicMembers(db)}) m ON m.id = k.member_id
      LEFT JOIN rebate_rules r ON r.merchant_id = ${merchantId} AND r.vip_level = k.level AND r.category = k.category
                              AND r.vendor_code = k.vendor_code AND r.period = ${period} AND r.is_enabled
      LEFT JOIN LATERAL (
        SELECT f.rule_id, f.vip_level, f.rate_ppm, f.max_amount, f.mode, t.bet_base, t.amount, t.next_revision
          FROM (SELECT l.rule_id, l.vip_level, l.rate_ppm, l.max_amount, l.mode FROM rebate_lines l
                 WHERE ${lineKey('l', 'k')} AND ${periodLines} ORDER BY l.revision LIMIT 1) f
         CROSS JOIN (SELECT sum(l.bet_base) AS bet_base, sum(l.amount) AS amount, max(l.revision) + 1 AS next_revision
                       FROM rebate_lines l WHERE ${lineKey('l', 'k')} AND ${periodLines}) t
      ) h ON true
     WHERE k.valid_bet > 0 AND (r.id IS NOT NULL OR h.rule_id IS NOT NULL)
     ORDER BY k.member_id, k.category, k.vendor_code`.execute(db);
  return result.rows.map((r) => ({
    memberId: Number(r.member_id),
    category: r.category,
    vendorCode: r.vendor_code,
    validBet: Number(r.valid_bet),
    status: r.status,
    currency: r.currency.trim(),
    level: Number(r.level),
    rule:
      r.rule_id === null
        ? null
        : {
            id: Number(r.rule_id),
            ratePpm: Number(r.rule_rate),
            maxAmount: r.rule_max === null ? null : Number(r.rule_max),
            mode: r.rule_mode ?? 'auto',
          },
    held:
      r.h_rule_id === null
        ? null
        : {
            memberId: Number(r.member_id),
            category: r.category,
            ruleId: Number(r.h_rule_id),
            vipLevel: Number(r.h_level),
            ratePpm: Number(r.h_rate),
            maxAmount: r.h_max === null ? null : Number(r.h_max),
            mode: r.h_mode ?? 'auto',
            betBase: Number(r.h_base),
            amount: Number(r.h_amount),
            nextRevision: Number(r.h_next),
          },
  }));
}

/**
 * Writes many lines in one statement (one array per column), skipping a line whose (member, rule,
 * period start, revision) is already written; answers the lines written as `member:rule:revision`.
 */
export async function insertLineSet(trx: Transaction<DB>, lines: readonly NewRebateLine[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const col = <T>(pick: (l: NewRebateLine) => T) => sql.val(lines.map(pick));
  const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : d === null || d === undefined ? null : String(d));
  const result = await sql<{ member_id: string; rule_id: string; revision: number }>`
    INSERT INTO rebate_lines
           (merchant_id, member_id, rule_id, revision, period, period_start, period_end, category, vendor_code, vip_level, currency,
            bet_base, rate_ppm, max_amount, amount, mode, status, transfer_id, created_at, paid_at)
    SELECT * FROM unnest(${col((l) => l.merchant_id)}::bigint[], ${col((l) => l.member_id)}::bigint[], ${col((l) => l.rule_id)}::bigint[],
                         ${col((l) => l.revision ?? 0)}::integer[], ${col((l) => l.period)}::text[], ${col((l) => l.period_start)}::date[],
                         ${col((l) => l.period_end)}::date[], ${col((l) => l.category)}::text[], ${col((l) => l.vendor_code ?? '')}::text[],
                         ${col((l) => l.vip_level)}::integer[],
                         ${col((l) => l.currency)}::text[], ${col((l) => l.bet_base)}::bigint[], ${col((l) => l.rate_ppm)}::integer[],
                         ${col((l) => l.max_amount ?? null)}::bigint[], ${col((l) => l.amount)}::bigint[], ${col((l) => l.mode)}::text[],
                         ${col((l) => l.status)}::text[], ${col((l) => l.transfer_id ?? null)}::bigint[],
                         ${col((l) => iso(l.created_at))}::timestamptz[], ${col((l) => iso(l.paid_at))}::timestamptz[])
    ON CONFLICT (member_id, rule_id, period_start, revision) DO NOTHING
    RETURNING member_id, rule_id, revision`.execute(trx);
  return new Set(result.rows.map((r) => `${r.member_id}:${r.rule_id}:${r.revision}`));
}
