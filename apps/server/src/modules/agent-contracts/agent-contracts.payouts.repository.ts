import type { ContractPeriod } from '@platform/contracts/agents/agent-contracts';
import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';
import { type ContractRow, findContractsWhere } from './agent-contracts.repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type PayoutRow = {
  id: number;
  contractId: number;
  holderId: number;
  periodStart: string;
  periodEnd: string;
  /** An hourly wage's hour, a real-time salary's slot: the instants it starts and ends; null for the day kinds. */
  slotStart: Date | null;
  slotEnd: Date | null;
  currency: string;
  metrics: { bet: number; validBet: number; activeMembers: number; netLoss: number };
  tier: number | null;
  rateBasisPoints: number;
  ownAmount: number;
  downlineAmounts: { contractId: number; holderId: number; amount: number }[];
  payout: number;
  clampAmount: number;
  paidBy: 'house' | 'upline' | 'platform';
  payerMemberId: number | null;
  ownTransferId: number | null;
  clampTransferId: number | null;
  /** What this payout took back for corrections of earlier periods that had been overpaid. */
  deductedAmount: number;
};

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The contracts of a kind in force at an instant (signed before it, not ended before it): the one
 * given, or those held by the direct downline of a member.
 */
export async function findInForceAt(
  db: Executor,
  filter: { kind: ContractKind; at: Date } & (
    | { contractId: number }
    | { merchantId: number; holderParentId: number }
    | { merchantId: number }
  ),
): Promise<ContractRow[]> {
  return findContractsWhere(db, (q) => {
    let query = q
      .where('c.kind', '=', filter.kind)
      .where('c.signed_at', 'is not', null)
      .where('c.signed_at', '<', filter.at)
      .where((eb) => eb.or([eb('c.ended_at', 'is', null), eb('c.ended_at', '>=', filter.at)]));
    if ('contractId' in filter) query = query.where('c.id', '=', filter.contractId);
    else {
      query = query.where('c.merchant_id', '=', filter.merchantId);
      if ('holderParentId' in filter) query = query.where('h.parent_id', '=', filter.holderParentId);
    }
    return query;
  });
}

/** What a settlement needs to know of a contract before it reads it in force: its merchant, kind and period. */
export async function findSettlementKeyOf(
  db: Executor,
  contractId: number,
): Promise<{ merchantId: number; kind: ContractKind; period: ContractPeriod } | undefined> {
  const row = await db
    .selectFrom('agent_contracts')
    .select(['merchant_id', 'kind', 'period'])
    .where('id', '=', contractId)
    .executeTakeFirst();
  return row === undefined ? undefined : { merchantId: Number(row.merchant_id), kind: row.kind, period: row.period };
}

function payoutsQuery(db: Executor) {
  return db
    .selectFrom('agent_contract_payouts as p')
    .innerJoin(publicMembers(db).as('h'), 'h.id', 'p.holder_id')
    .select([
      'p.id',
      'p.contract_id',
      'p.kind',
      'p.holder_id',
      'h.username as holder_username',
      'p.slot_start',
      'p.slot_end',
      'p.currency',
      'p.metrics',
      'p.tier',
      'p.rate_basis_points',
      'p.own_amount',
      'p.downline_amounts',
      'p.payout',
      'p.clamp_amount',
      'p.paid_by',
      'p.payer_member_id',
      'p.own_transfer_id',
      'p.clamp_transfer_id',
      'p.deducted_amount',
      'p.created_at',
    ])
    .select((eb) => [
      eb.fn<string>('to_char', ['p.period_start', eb.val('YYYY-MM-DD')]).as('periodStart'),
      eb.fn<string>('to_char', ['p.period_end', eb.val('YYYY-MM-DD')]).as('periodEnd'),
    ]);
}

/** A payout record as the operator's list shows it: the row, its kind, holder's username and time. */
export type ListedPayoutRow = PayoutRow & { kind: ContractKind; holderUsername: string; createdAt: Date };

function toPayout(r: Awaited<ReturnType<ReturnType<typeof payoutsQuery>['executeTakeFirstOrThrow']>>): ListedPayoutRow {
  return {
    id: Number(r.id),
    contractId: Number(r.contract_id),
    kind: r.kind,
    holderId: Number(r.holder_id),
    holderUsername: r.holder_username.trim(),
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    slotStart: r.slot_start === null ? null : new Date(r.slot_start),
    slotEnd: r.slot_end === null ? null : new Date(r.slot_end),
    currency: r.currency.trim(),
    metrics: json(r.metrics),
    tier: r.tier === null ? null : Number(r.tier),
    rateBasisPoints: Number(r.rate_basis_points),
    ownAmount: Number(r.own_amount),
    downlineAmounts: json(r.downline_amounts),
    payout: Number(r.payout),
    clampAmount: Number(r.clamp_amount),
    paidBy: r.paid_by,
    payerMemberId: r.payer_member_id === null ? null : Number(r.payer_member_id),
    ownTransferId: r.own_transfer_id === null ? null : Number(r.own_transfer_id),
    clampTransferId: r.clamp_transfer_id === null ? null : Number(r.clamp_transfer_id),
    deductedAmount: Number(r.deducted_amount),
    createdAt: new Date(r.created_at),
  };
}

/** What a payout is unique on besides its contract: the day a period starts, or an hour's or slot's start. */
export type PeriodKey = { periodStart: string; slotStart: Date | null };

export async function findPayout(db: Executor, contractId: number, key: PeriodKey): Promise<PayoutRow | undefined> {
  const query = payoutsQuery(db).where('p.contract_id', '=', contractId);
  const r = await (key.slotStart === null
    ? query.where('p.period_start', '=', key.periodStart).where('p.slot_start', 'is', null)
    : query.where('p.slot_start', '=', key.slotStart)
  ).executeTakeFirst();
  if (!r) return undefined;
  const { kind: _kind, holderUsername: _holderUsername, createdAt: _createdAt, ...payout } = toPayout(r);
  return payout;
}

/** A page of the merchant's payout records, newest period first. */
export async function listPayouts(
  db: Executor,
  filter: {
    merchantId: number;
    ids?: number[];
    kind?: ContractKind | undefined;
    holderId?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
  page: { offset: number; limit: number },
): Promise<{ rows: ListedPayoutRow[]; totalCount: number }> {
  let base = payoutsQuery(db).where('p.merchant_id', '=', filter.merchantId);
  if (filter.ids) base = base.where('p.id', 'in', filter.ids.length > 0 ? filter.ids : [0]);
  if (filter.kind) base = base.where('p.kind', '=', filter.kind);
  if (filter.holderId !== undefined) base = base.where('p.holder_id', '=', filter.holderId);
  if (filter.from) base = base.where('p.period_start', '>=', filter.from);
  if (filter.to) base = base.where('p.period_start', '<=', filter.to);
  const [count, rows] = await Promise.all([
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    base
      .orderBy('p.period_start', 'desc')
      .orderBy('p.slot_start', (o) => o.desc().nullsLast())
      .orderBy('p.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { rows: rows.map(toPayout), totalCount: Number(count.n) };
}

export async function insertDebt(
  db: Executor,
  row: { merchantId: number; payoutId: number; correctionId?: number; debtorId: number; amount: number; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('agent_contract_debts')
    .values({
      merchant_id: row.merchantId,
      payout_id: row.payoutId,
      correction_id: row.correctionId ?? null,
      debtor_id: row.debtorId,
      amount: row.amount,
      status: 'open',
      created_at: row.createdAt,
    })
    .execute();
}

/** The open debts of a member (what it owes for downline payouts the platform made for it). */
export async function findOpenDebts(db: Executor, debtorId: number): Promise<{ id: number; payoutId: number; amount: number }[]> {
  const rows = await db
    .selectFrom('agent_contract_debts')
    .select(['id', 'payout_id', 'amount'])
    .where('debtor_id', '=', debtorId)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), payoutId: Number(r.payout_id), amount: Number(r.amount) }));
}

export type DebtRow = {
  id: number;
  payoutId: number;
  contractId: number;
  debtorId: number;
  debtorUsername: string;
  amount: number;
  currency: string;
  status: 'open' | 'settled';
  createdAt: Date;
  settledAt: Date | null;
};

function debtsQuery(db: Executor) {
  return db
    .selectFrom('agent_contract_debts as d')
    .innerJoin('agent_contract_payouts as p', 'p.id', 'd.payout_id')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 'd.debtor_id')
    .select([
      'd.id',
      'd.merchant_id',
      'd.payout_id',
      'p.contract_id',
      'd.debtor_id',
      'm.username',
      'd.amount',
      'p.currency',
      'd.status',
      'd.created_at',
      'd.settled_at',
    ]);
}

function toDebt(r: Awaited<ReturnType<ReturnType<typeof debtsQuery>['executeTakeFirstOrThrow']>>): DebtRow {
  return {
    id: Number(r.id),
    payoutId: Number(r.payout_id),
    contractId: Number(r.contract_id),
    debtorId: Number(r.debtor_id),
    debtorUsername: r.username.trim(),
    amount: Number(r.amount),
    currency: r.currency.trim(),
    status: r.status,
    createdAt: new Date(r.created_at),
    settledAt: r.settled_at === null ? null : new Date(r.settled_at),
  };
}

/** A page of the merchant's upline debts, newest first. */
export async function listDebts(
  db: Executor,
  filter: { merchantId: number; status?: 'open' | 'settled' | undefined; debtorId?: number | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: DebtRow[]; totalCount: number }> {
  let base = debtsQuery(db).where('d.merchant_id', '=', filter.merchantId);
  if (filter.status) base = base.where('d.status', '=', filter.status);
  if (filter.debtorId !== undefined) base = base.where('d.debtor_id', '=', filter.debtorId);
  const [count, rows] = await Promise.all([
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    base.orderBy('d.id', 'desc').offset(page.offset).limit(page.limit).execute(),
  ]);
  return { rows: rows.map(toDebt), totalCount: Number(count.n) };
}

/** One debt of the merchant, its row locked for the rest of the transaction. */
export async function findDebtForUpdate(db: Transaction<DB>, merchantId: number, debtId: number): Promise<DebtRow | undefined> {
  const locked = await db
    .selectFrom('agent_contract_debts')
    .select('id')
    .where('id', '=', debtId)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) return undefined;
  const r = await debtsQuery(db).where('d.id', '=', debtId).executeTakeFirst();
  return r === undefined ? undefined : toDebt(r);
}

export async function markDebtSettled(db: Transaction<DB>, debtId: number, at: Date): Promise<void> {
  await db.updateTable('agent_contract_debts').set({ status: 'settled', settled_at: at }).where('id', '=', debtId).execute();
}

/** Whether the member owes anything for downline payouts the platform made for it. */
export async function hasOpenDebt(db: Executor, debtorId: number): Promise<boolean> {
  const row = await db
    .selectFrom('agent_contract_debts')
    .select('id')
    .where('debtor_id', '=', debtorId)
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Orders the settlements of one (contract, period) for the rest of the transaction: a second run
 * waits for the first, then finds its payout row, so it never chooses a payer of its own (the
 * upline's wallet the first run has just drawn on, say).
 */
export async function lockPeriod(trx: Transaction<DB>, contractId: number, periodKey: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`agent-contract-payout:${contractId}:${periodKey}`}, 0))`.execute(trx);
}

/**
 * Orders a member's debts against its moves out of its agent wallet, for the rest of the
 * transaction: the debtor check (`assertNotDebtor`) takes it before it reads the open debts, and a
 * settlement or correction takes it for a payer before it reads the payer's wallet (and so before
 * it may record a debt). A debt is then either committed before the check reads, or recorded after
 * the move has committed; it cannot slip in between. Taken in member order, before any wallet lock.
 */
export async function lockDebtors(trx: Transaction<DB>, memberIds: readonly number[]): Promise<void> {
  if (memberIds.length === 0) return;
  const keys = [...new Set(memberIds)].sort((a, b) => a - b).map((id) => `agent-contract-debtor:${id}`);
  await sql`SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))
              FROM (SELECT k FROM unnest(${sql.val(keys)}::text[]) WITH ORDINALITY AS u(k, n) ORDER BY n) o`.execute(trx);
}

/** The upline paths of members (those who deposited in a slot without playing in it). */
export async function findUplinePaths(db: Executor, memberIds: readonly number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await publicMembers(db)
    .where('members.id', 'in', [...memberIds])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.upline_path]));
}

/** What the corrections of a payout credited so far (added to the payout's own and clamp amounts), and how many there are. */
export async function findCorrectionTotals(
  db: Executor,
  payoutId: number,
): Promise<{ count: number; ownDelta: number; clampDelta: number }> {
  const r = await db
    .selectFrom('agent_contract_corrections')
    .select((eb) => [
      eb.fn.countAll<string>().as('n'),
      eb.fn.coalesce(eb.fn.sum<string>('own_delta'), eb.val('0')).as('own'),
      eb.fn.coalesce(eb.fn.sum<string>('clamp_delta'), eb.val('0')).as('clamp'),
    ])
    .where('payout_id', '=', payoutId)
    .executeTakeFirstOrThrow();
  return { count: Number(r.n), ownDelta: Number(r.own), clampDelta: Number(r.clamp) };
}

export type CorrectionRow = {
  id: number;
  payoutId: number;
  contractId: number;
  holderId: number;
  seq: number;
  metrics: PayoutRow['metrics'];
  tier: number | null;
  rateBasisPoints: number;
  ownAmount: number;
  downlineAmounts: PayoutRow['downlineAmounts'];
  payout: number;
  clampAmount: number;
  ownDelta: number;
  clampDelta: number;
  paidBy: PayoutRow['paidBy'] | null;
  payerMemberId: number | null;
  ownTransferId: number | null;
  clampTransferId: number | null;
  ownDeductionLeft: number;
  ownRefundMemberId: number | null;
  clampDeductionLeft: number;
};

export async function insertCorrection(
  db: Transaction<DB>,
  row: Omit<CorrectionRow, 'id'> & { merchantId: number; createdAt: Date },
): Promise<number> {
  const inserted = await db
    .insertInto('agent_contract_corrections')
    .values({
      merchant_id: row.merchantId,
      payout_id: row.payoutId,
      contract_id: row.contractId,
      holder_id: row.holderId,
      seq: row.seq,
      metrics: JSON.stringify(row.metrics),
      tier: row.tier,
      rate_basis_points: row.rateBasisPoints,
      own_amount: row.ownAmount,
      downline_amounts: JSON.stringify(row.downlineAmounts),
      payout: row.payout,
      clamp_amount: row.clampAmount,
      own_delta: row.ownDelta,
      clamp_delta: row.clampDelta,
      paid_by: row.paidBy,
      payer_member_id: row.payerMemberId,
      own_transfer_id: row.ownTransferId,
      clamp_transfer_id: row.clampTransferId,
      own_deduction_left: row.ownDeductionLeft,
      own_refund_member_id: row.ownRefundMemberId,
      clamp_deduction_left: row.clampDeductionLeft,
      created_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/**
 * The merchant's payouts whose period ended on or after a day (the corrections' window): each
 * (contract, kind, period), the periods in order and, in a period, uplines first.
 */
export async function findPayoutsEndingSince(
  db: Executor,
  filter: { merchantId: number; since: string },
): Promise<{ contractId: number; kind: ContractKind; periodStart: string; periodEnd: string; slotStart: Date | null }[]> {
  const rows = await db
    .selectFrom('agent_contract_payouts as p')
    .innerJoin(publicMembers(db).as('h'), 'h.id', 'p.holder_id')
    .select(['p.contract_id', 'p.kind', 'p.slot_start'])
    .select((eb) => [
      eb.fn<string>('to_char', ['p.period_start', eb.val('YYYY-MM-DD')]).as('periodStart'),
      eb.fn<string>('to_char', ['p.period_end', eb.val('YYYY-MM-DD')]).as('periodEnd'),
    ])
    .where('p.merchant_id', '=', filter.merchantId)
    .where('p.period_end', '>=', filter.since)
    .orderBy('p.kind')
    .orderBy('p.period_start')
    .orderBy('p.slot_start')
    .orderBy(sql`length(h.upline_path) - length(replace(h.upline_path, '/', ''))`)
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    contractId: Number(r.contract_id),
    kind: r.kind,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    slotStart: r.slot_start === null ? null : new Date(r.slot_start),
  }));
}

/** The payouts of many contracts for one period (day or slot), by contract id. */
export async function findPayoutsOf(db: Executor, contractIds: readonly number[], key: PeriodKey): Promise<Map<number, PayoutRow>> {
  if (contractIds.length === 0) return new Map();
  const query = payoutsQuery(db).where(sql<boolean>`p.contract_id = ANY(${sql.val([...contractIds])}::bigint[])`);
  const rows = await (key.slotStart === null
    ? query.where('p.period_start', '=', key.periodStart).where('p.slot_start', 'is', null)
    : query.where('p.slot_start', '=', key.slotStart)
  ).execute();
  return new Map(
    rows.map((r) => {
      const { kind: _kind, holderUsername: _holderUsername, createdAt: _createdAt, ...payout } = toPayout(r);
      return [payout.contractId, payout];
    }),
  );
}

/**
 * Records many payouts of one period in one statement (each column sent as one array); answers the
 * new rows' ids by contract id (a (contract, period) already recorded is left out).
 */
export async function insertPayoutsOnce(
  db: Executor,
  rows: readonly (Omit<PayoutRow, 'id'> & { merchantId: number; kind: ContractKind; createdAt: Date })[],
): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const col = <T>(pick: (row: (typeof rows)[number]) => T) => sql.val(rows.map(pick));
  const inserted = await sql<{ id: string; contract_id: string }>`
    INSERT INTO agent_contract_payouts
           (merchant_id, contract_id, kind, holder_id, period_start, period_end, slot_start, slot_end, currency, metrics, tier,
            rate_basis_points, own_amount, downline_amounts, payout, clamp_amount, paid_by, payer_member_id, own_transfer_id,
            clamp_transfer_id, deducted_amount, created_at)
    SELECT * FROM unnest(
      ${col((r) => r.merchantId)}::bigint[], ${col((r) => r.contractId)}::bigint[], ${col((r) => r.kind)}::text[],
      ${col((r) => r.holderId)}::bigint[], ${col((r) => r.periodStart)}::date[], ${col((r) => r.periodEnd)}::date[],
      ${col((r) => r.slotStart?.toISOString() ?? null)}::timestamptz[], ${col((r) => r.slotEnd?.toISOString() ?? null)}::timestamptz[],
      ${col((r) => r.currency)}::text[], ${col((r) => JSON.stringify(r.metrics))}::jsonb[], ${col((r) => r.tier)}::integer[],
      ${col((r) => r.rateBasisPoints)}::integer[], ${col((r) => r.ownAmount)}::bigint[], ${col((r) => JSON.stringify(r.downlineAmounts))}::jsonb[],
      ${col((r) => r.payout)}::bigint[], ${col((r) => r.clampAmount)}::bigint[], ${col((r) => r.paidBy)}::text[],
      ${col((r) => r.payerMemberId)}::bigint[], ${col((r) => r.ownTransferId)}::bigint[], ${col((r) => r.clampTransferId)}::bigint[],
      ${col((r) => r.deductedAmount)}::bigint[], ${col((r) => r.createdAt.toISOString())}::timestamptz[])
    ON CONFLICT DO NOTHING
    RETURNING id, contract_id`.execute(db);
  return new Map(inserted.rows.map((r) => [Number(r.contract_id), Number(r.id)]));
}

/** Which of many contracts have a payout for one period (day or slot): their ids, nothing else read. */
export async function findPaidContractIds(db: Executor, contractIds: readonly number[], key: PeriodKey): Promise<Set<number>> {
  if (contractIds.length === 0) return new Set();
  const query = db
    .selectFrom('agent_contract_payouts as p')
    .select('p.contract_id')
    .where(sql<boolean>`p.contract_id = ANY(${sql.val([...contractIds])}::bigint[])`);
  const rows = await (key.slotStart === null
    ? query.where('p.period_start', '=', key.periodStart).where('p.slot_start', 'is', null)
    : query.where('p.slot_start', '=', key.slotStart)
  ).execute();
  return new Set(rows.map((r) => Number(r.contract_id)));
}

/** Many debts in one statement (see `insertDebt`). */
export async function insertDebts(
  db: Executor,
  rows: readonly { merchantId: number; payoutId: number; debtorId: number; amount: number; createdAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('agent_contract_debts')
    .values(
      rows.map((row) => ({
        merchant_id: row.merchantId,
        payout_id: row.payoutId,
        correction_id: null,
        debtor_id: row.debtorId,
        amount: row.amount,
        status: 'open' as const,
        created_at: row.createdAt,
      })),
    )
    .execute();
}

/**
 * `lockPeriod` for many contracts of one period, in one statement and always in the same order (by
 * contract id), so two runs locking overlapping sets wait for each other instead of deadlocking.
 */
export async function lockPeriods(trx: Transaction<DB>, contractIds: readonly number[], periodKey: string): Promise<void> {
  if (contractIds.length === 0) return;
  const keys = [...contractIds].sort((a, b) => a - b).map((id) => `agent-contract-payout:${id}:${periodKey}`);
  await sql`SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0)))
              FROM (SELECT k FROM unnest(${sql.val(keys)}::text[]) WITH ORDINALITY AS u(k, n) ORDER BY n) o`.execute(trx);
}

/**
 * The open deductions (what corrections found overpaid and is still to be given back) of many
 * contracts, locked for the rest of the transaction: by contract id, each oldest first.
 */
export async function lockOpenDeductionsOf(
  db: Transaction<DB>,
  contractIds: readonly number[],
): Promise<Map<number, { id: number; ownLeft: number; ownRefundMemberId: number | null; clampLeft: number }[]>> {
  const byContract = new Map<number, { id: number; ownLeft: number; ownRefundMemberId: number | null; clampLeft: number }[]>();
  if (contractIds.length === 0) return byContract;
  const rows = await db
    .selectFrom('agent_contract_corrections')
    .select(['id', 'contract_id', 'own_deduction_left', 'own_refund_member_id', 'clamp_deduction_left'])
    .where('contract_id', 'in', [...contractIds])
    .where((eb) => eb.or([eb('own_deduction_left', '>', 0), eb('clamp_deduction_left', '>', 0)]))
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const r of rows) {
    const list = byContract.get(Number(r.contract_id)) ?? [];
    list.push({
      id: Number(r.id),
      ownLeft: Number(r.own_deduction_left),
      ownRefundMemberId: r.own_refund_member_id === null ? null : Number(r.own_refund_member_id),
      clampLeft: Number(r.clamp_deduction_left),
    });
    byContract.set(Number(r.contract_id), list);
  }
  return byContract;
}

/** What is left to deduct of many corrections, in one statement. */
export async function setDeductionsLeft(db: Transaction<DB>, rows: readonly { id: number; own: number; clamp: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    UPDATE agent_contract_corrections c SET own_deduction_left = u.own, clamp_deduction_left = u.clamp
      FROM unnest(${sql.val(rows.map((r) => r.id))}::bigint[], ${sql.val(rows.map((r) => r.own))}::bigint[],
                  ${sql.val(rows.map((r) => r.clamp))}::bigint[]) AS u(id, own, clamp)
     WHERE c.id = u.id`.execute(db);
}

/** The currencies of members, by id. */
export async function findCurrencies(db: Executor, memberIds: readonly number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await publicMembers(db)
    .where('members.id', 'in', [...memberIds])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.currency.trim()]));
}

/**
 * The open deductions of the merchant's contracts that ended before an instant, locked for the rest
 * of the transaction (oldest first): no payout of such a contract will give them back.
 */
export async function lockOpenDeductionsOfEnded(
  db: Transaction<DB>,
  filter: { merchantId: number; endedBefore: Date },
): Promise<{ id: number; contractId: number; holderId: number; ownLeft: number; clampLeft: number }[]> {
  const rows = await db
    .selectFrom('agent_contract_corrections as r')
    .innerJoin('agent_contracts as c', 'c.id', 'r.contract_id')
    .select(['r.id', 'r.contract_id', 'r.holder_id', 'r.own_deduction_left', 'r.clamp_deduction_left'])
    .where('c.merchant_id', '=', filter.merchantId)
    .where('c.ended_at', '<', filter.endedBefore)
    .where((eb) => eb.or([eb('r.own_deduction_left', '>', 0), eb('r.clamp_deduction_left', '>', 0)]))
    .orderBy('r.id')
    .forUpdate('r')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    contractId: Number(r.contract_id),
    holderId: Number(r.holder_id),
    ownLeft: Number(r.own_deduction_left),
    clampLeft: Number(r.clamp_deduction_left),
  }));
}
