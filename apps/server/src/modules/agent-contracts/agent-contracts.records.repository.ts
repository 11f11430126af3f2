import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type RecordFilter = { holderId: number; kind: ContractKind; from: string; to: string };

export type RecordRow = {
  id: number;
  contractId: number;
  kind: ContractKind;
  periodStart: string;
  periodEnd: string;
  slotStart: Date | null;
  metrics: { bet: number; validBet: number; activeMembers: number; netLoss: number };
  tier: number | null;
  rateBasisPoints: number;
  ownAmount: number;
  downlineAmounts: { contractId: number; holderId: number; amount: number }[];
  payout: number;
  clampAmount: number;
  paidBy: 'house' | 'upline' | 'platform';
  payerMemberId: number | null;
  deductedAmount: number;
  createdAt: Date;
};

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function filtered(db: Kysely<DB>, f: RecordFilter) {
  return db
    .selectFrom('agent_contract_payouts as p')
    .where('p.holder_id', '=', f.holderId)
    .where('p.kind', '=', f.kind)
    .where('p.period_start', '>=', f.from)
    .where('p.period_start', '<=', f.to);
}

/** A page of a holder's payout records of a kind whose period starts in the range, newest period first. */
export async function findRecordPage(db: Kysely<DB>, f: RecordFilter, page: { limit: number; offset: number }): Promise<RecordRow[]> {
  const rows = await filtered(db, f)
    .select([
      'p.id',
      'p.contract_id',
      'p.kind',
      'p.slot_start',
      'p.metrics',
      'p.tier',
      'p.rate_basis_points',
      'p.own_amount',
      'p.downline_amounts',
      'p.payout',
      'p.clamp_amount',
      'p.paid_by',
      'p.payer_member_id',
      'p.deducted_amount',
      'p.created_at',
    ])
    .select((eb) => [
      eb.fn<string>('to_char', ['p.period_start', eb.val('YYYY-MM-DD')]).as('periodStart'),
      eb.fn<string>('to_char', ['p.period_end', eb.val('YYYY-MM-DD')]).as('periodEnd'),
    ])
    .orderBy('p.period_start', 'desc')
    .orderBy('p.slot_start', (o) => o.desc().nullsLast())
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    contractId: Number(r.contract_id),
    kind: r.kind,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    slotStart: r.slot_start === null ? null : new Date(r.slot_start),
    metrics: json(r.metrics),
    tier: r.tier === null ? null : Number(r.tier),
    rateBasisPoints: Number(r.rate_basis_points),
    ownAmount: Number(r.own_amount),
    downlineAmounts: json(r.downline_amounts),
    payout: Number(r.payout),
    clampAmount: Number(r.clamp_amount),
    paidBy: r.paid_by,
    payerMemberId: r.payer_member_id === null ? null : Number(r.payer_member_id),
    deductedAmount: Number(r.deducted_amount),
    createdAt: new Date(r.created_at),
  }));
}

/** The own amounts and payouts of the range per day of the period's start, oldest first. */
export async function sumRecordsByDay(db: Kysely<DB>, f: RecordFilter): Promise<{ day: string; ownAmount: number; payout: number }[]> {
  const rows = await filtered(db, f)
    .select((eb) => [
      eb.fn<string>('to_char', ['p.period_start', eb.val('YYYY-MM-DD')]).as('day'),
      eb.fn.sum<string>('p.own_amount').as('own'),
      eb.fn.sum<string>('p.payout').as('payout'),
    ])
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, ownAmount: Number(r.own), payout: Number(r.payout) }));
}

/** The count and sums over every record of the range (the downlines' part is own + clamp − payout). */
export async function sumRecords(
  db: Kysely<DB>,
  f: RecordFilter,
): Promise<{ count: number; ownAmount: number; payout: number; clampAmount: number }> {
  const r = await filtered(db, f)
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      eb.fn.coalesce(eb.fn.sum<string>('p.own_amount'), eb.val('0')).as('own'),
      eb.fn.coalesce(eb.fn.sum<string>('p.payout'), eb.val('0')).as('payout'),
      eb.fn.coalesce(eb.fn.sum<string>('p.clamp_amount'), eb.val('0')).as('clamp'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(r.count), ownAmount: Number(r.own), payout: Number(r.payout), clampAmount: Number(r.clamp) };
}
