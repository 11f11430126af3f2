import { AGENT_ACCOUNT_TYPES } from '@platform/contracts/account-types';
import type { ContractEndReason, ContractPeriod, ContractRequestType, ContractStatus } from '@platform/contracts/agents/agent-contracts';
import type { ContractKind, ContractTier } from '@platform/contracts/agents/contract-tiers';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers, type TeamRoot, teamMembers } from '../accounts/member-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type ContractRow = {
  id: number;
  merchantId: number;
  kind: ContractKind;
  holderId: number;
  holderUsername: string;
  holderParentId: number | null;
  holderUplinePath: string;
  offeredByMemberId: number | null;
  offeredByUsername: string | null;
  offeredByAdminId: number | null;
  tiers: ContractTier[];
  period: ContractPeriod;
  status: ContractStatus;
  endReason: ContractEndReason | null;
  createdAt: Date;
  signedAt: Date | null;
  endedAt: Date | null;
};

export type RequestRow = {
  id: number;
  merchantId: number;
  contractId: number;
  kind: ContractKind;
  type: ContractRequestType;
  holderId: number;
  requestedByMemberId: number;
  requestedByUsername: string | null;
  status: 'pending' | 'accepted' | 'rejected' | 'void';
  createdAt: Date;
};

const toDate = (v: Date | string) => new Date(v);
const toDateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));
const toNumberOrNull = (v: number | string | null) => (v === null ? null : Number(v));

function parseTiers(value: unknown): ContractTier[] {
  return (typeof value === 'string' ? JSON.parse(value) : value) as ContractTier[];
}

function contractsQuery(db: Executor) {
  return db
    .selectFrom('agent_contracts as c')
    .innerJoin(publicMembers(db).as('h'), 'h.id', 'c.holder_id')
    .leftJoin(publicMembers(db).as('o'), 'o.id', 'c.offered_by_member_id')
    .select([
      'c.id',
      'c.merchant_id as merchantId',
      'c.kind',
      'c.holder_id as holderId',
      'h.username as holderUsername',
      'h.parent_id as holderParentId',
      'h.upline_path as holderUplinePath',
      'c.offered_by_member_id as offeredByMemberId',
      'o.username as offeredByUsername',
      'c.offered_by_admin_id as offeredByAdminId',
      'c.tiers',
      'c.period',
      'c.status',
      'c.end_reason as endReason',
      'c.created_at as createdAt',
      'c.signed_at as signedAt',
      'c.ended_at as endedAt',
    ]);
}

type RawContract = Awaited<ReturnType<ReturnType<typeof contractsQuery>['execute']>>[number];

function toContract(r: RawContract): ContractRow {
  return {
    id: Number(r.id),
    merchantId: Number(r.merchantId),
    kind: r.kind,
    holderId: Number(r.holderId),
    holderUsername: r.holderUsername,
    holderParentId: toNumberOrNull(r.holderParentId),
    holderUplinePath: r.holderUplinePath,
    offeredByMemberId: toNumberOrNull(r.offeredByMemberId),
    offeredByUsername: r.offeredByUsername ?? null,
    offeredByAdminId: toNumberOrNull(r.offeredByAdminId),
    tiers: parseTiers(r.tiers),
    period: r.period,
    status: r.status,
    endReason: r.endReason,
    createdAt: toDate(r.createdAt),
    signedAt: toDateOrNull(r.signedAt),
    endedAt: toDateOrNull(r.endedAt),
  };
}

function requestsQuery(db: Executor) {
  return db
    .selectFrom('agent_contract_requests as r')
    .leftJoin(publicMembers(db).as('q'), 'q.id', 'r.requested_by_member_id')
    .select([
      'r.id',
      'r.merchant_id as merchantId',
      'r.contract_id as contractId',
      'r.kind',
      'r.type',
      'r.holder_id as holderId',
      'r.requested_by_member_id as requestedByMemberId',
      'q.username as requestedByUsername',
      'r.status',
      'r.created_at as createdAt',
    ]);
}

type RawRequest = Awaited<ReturnType<ReturnType<typeof requestsQuery>['execute']>>[number];

function toRequest(r: RawRequest): RequestRow {
  return {
    id: Number(r.id),
    merchantId: Number(r.merchantId),
    contractId: Number(r.contractId),
    kind: r.kind,
    type: r.type,
    holderId: Number(r.holderId),
    requestedByMemberId: Number(r.requestedByMemberId),
    requestedByUsername: r.requestedByUsername ?? null,
    status: r.status,
    createdAt: toDate(r.createdAt),
  };
}

/** Contracts chosen by the caller's filter on the contract (`c`) and its holder (`h`), oldest first. */
export async function findContractsWhere(
  db: Executor,
  filter: (query: ReturnType<typeof contractsQuery>) => ReturnType<typeof contractsQuery>,
): Promise<ContractRow[]> {
  return (await filter(contractsQuery(db)).orderBy('c.id').execute()).map(toContract);
}

/**
 * One writer at a time for a merchant's contracts of one kind, until the transaction ends: every
 * check of the chain rule reads what the previous writer committed.
 */
export async function lockKind(trx: Transaction<DB>, merchantId: number, kind: ContractKind): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`agent-contracts:${merchantId}:${kind}`}, 0))`.execute(trx);
}

export async function findContract(db: Executor, merchantId: number, id: number): Promise<ContractRow | undefined> {
  const row = await contractsQuery(db).where('c.id', '=', id).where('c.merchant_id', '=', merchantId).executeTakeFirst();
  return row ? toContract(row) : undefined;
}

/** The holder's pending and active contracts of the kind. */
export async function findOpenOfHolder(
  db: Executor,
  holderId: number,
  kind: ContractKind,
): Promise<{ active: ContractRow | undefined; pending: ContractRow | undefined }> {
  const rows = (
    await contractsQuery(db)
      .where('c.holder_id', '=', holderId)
      .where('c.kind', '=', kind)
      .where('c.status', 'in', ['pending', 'active'])
      .execute()
  ).map(toContract);
  return { active: rows.find((r) => r.status === 'active'), pending: rows.find((r) => r.status === 'pending') };
}

/** The pending and active contracts of the kind held by these members. */
export async function findOpenOfHolders(db: Executor, holderIds: readonly number[], kind: ContractKind): Promise<ContractRow[]> {
  if (holderIds.length === 0) return [];
  return (
    await contractsQuery(db)
      .where('c.holder_id', 'in', [...holderIds])
      .where('c.kind', '=', kind)
      .where('c.status', 'in', ['pending', 'active'])
      .orderBy('c.id')
      .execute()
  ).map(toContract);
}

/** The pending and active contracts of the kind held by anyone in the root's team (never the root). */
export async function findOpenInTeam(db: Executor, root: TeamRoot, kind: ContractKind): Promise<ContractRow[]> {
  return (
    await contractsQuery(db)
      .innerJoin(teamMembers(db, root).as('t'), 't.id', 'c.holder_id')
      .where('c.kind', '=', kind)
      .where('c.status', 'in', ['pending', 'active'])
      .orderBy('c.id')
      .execute()
  ).map(toContract);
}

export async function insertContract(
  db: Executor,
  row: {
    merchantId: number;
    kind: ContractKind;
    holderId: number;
    offeredBy: { memberId: number } | { adminId: number };
    tiers: readonly ContractTier[];
    period: ContractPeriod;
    status: 'pending' | 'active';
    at: Date;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('agent_contracts')
    .values({
      merchant_id: row.merchantId,
      kind: row.kind,
      holder_id: row.holderId,
      offered_by_member_id: 'memberId' in row.offeredBy ? row.offeredBy.memberId : null,
      offered_by_admin_id: 'adminId' in row.offeredBy ? row.offeredBy.adminId : null,
      tiers: JSON.stringify(row.tiers),
      period: row.period,
      status: row.status,
      created_at: row.at,
      signed_at: row.status === 'active' ? row.at : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function activate(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .updateTable('agent_contracts')
    .set({ status: 'active', signed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function markRejected(db: Executor, id: number, at: Date): Promise<void> {
  await db
    .updateTable('agent_contracts')
    .set({ status: 'rejected', ended_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Ends open contracts; answers the ids it ended (those still open). */
export async function markTerminated(db: Executor, ids: readonly number[], reason: ContractEndReason, at: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('agent_contracts')
    .set({ status: 'terminated', end_reason: reason, ended_at: at })
    .where('id', 'in', [...ids])
    .where('status', 'in', ['pending', 'active'])
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function insertRequest(
  db: Executor,
  row: {
    merchantId: number;
    contractId: number;
    kind: ContractKind;
    type: ContractRequestType;
    holderId: number;
    requestedBy: number;
    at: Date;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('agent_contract_requests')
    .values({
      merchant_id: row.merchantId,
      contract_id: row.contractId,
      kind: row.kind,
      type: row.type,
      holder_id: row.holderId,
      requested_by_member_id: row.requestedBy,
      status: 'pending',
      created_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function findRequest(db: Executor, merchantId: number, id: number): Promise<RequestRow | undefined> {
  const row = await requestsQuery(db).where('r.id', '=', id).where('r.merchant_id', '=', merchantId).executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

export async function decideRequest(db: Executor, id: number, status: 'accepted' | 'rejected', at: Date): Promise<void> {
  await db
    .updateTable('agent_contract_requests')
    .set({ status, decided_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Voids what still waits on these contracts (they ended). */
export async function voidRequestsOf(db: Executor, contractIds: readonly number[], at: Date): Promise<void> {
  if (contractIds.length === 0) return;
  await db
    .updateTable('agent_contract_requests')
    .set({ status: 'void', decided_at: at })
    .where('contract_id', 'in', [...contractIds])
    .where('status', '=', 'pending')
    .execute();
}

/** The requests waiting for the holder's answer, oldest first (of one kind, or of every kind). */
export async function findPendingForHolder(db: Executor, holderId: number, kind?: ContractKind): Promise<RequestRow[]> {
  let query = requestsQuery(db).where('r.holder_id', '=', holderId).where('r.status', '=', 'pending');
  if (kind) query = query.where('r.kind', '=', kind);
  return (await query.orderBy('r.id').execute()).map(toRequest);
}

/** The pending termination requests on these contracts. */
export async function findPendingTerminations(db: Executor, contractIds: readonly number[]): Promise<RequestRow[]> {
  if (contractIds.length === 0) return [];
  return (
    await requestsQuery(db)
      .where('r.contract_id', 'in', [...contractIds])
      .where('r.type', '=', 'termination')
      .where('r.status', '=', 'pending')
      .execute()
  ).map(toRequest);
}

/** A page of the parent's direct downline agents, by username. */
export async function findDirectDownlineAgents(
  db: Executor,
  parent: { id: number; merchantId: number },
  page: { offset: number; limit: number },
): Promise<{ rows: { id: number; username: string; accountType: number }[]; total: number }> {
  const base = publicMembers(db)
    .where('members.merchant_id', '=', parent.merchantId)
    .where('members.parent_id', '=', parent.id)
    .where('members.account_type', 'in', [...AGENT_ACCOUNT_TYPES]);
  const [rows, count] = await Promise.all([
    db
      .selectFrom(base.as('d'))
      .select(['d.id', 'd.username', 'd.account_type'])
      .orderBy('d.username')
      .orderBy('d.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db.selectFrom(base.as('d')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ id: Number(r.id), username: r.username, accountType: Number(r.account_type) })),
    total: Number(count.n),
  };
}

export async function findPageOfMerchant(
  db: Executor,
  merchantId: number,
  filter: { kind?: ContractKind | undefined; status?: ContractStatus | undefined; holderId?: number | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: ContractRow[]; total: number }> {
  let query = contractsQuery(db).where('c.merchant_id', '=', merchantId);
  if (filter.kind) query = query.where('c.kind', '=', filter.kind);
  if (filter.status) query = query.where('c.status', '=', filter.status);
  if (filter.holderId !== undefined) query = query.where('c.holder_id', '=', filter.holderId);
  let count = db.selectFrom('agent_contracts as c').select(sql<number>`count(*)::int`.as('n')).where('c.merchant_id', '=', merchantId);
  if (filter.kind) count = count.where('c.kind', '=', filter.kind);
  if (filter.status) count = count.where('c.status', '=', filter.status);
  if (filter.holderId !== undefined) count = count.where('c.holder_id', '=', filter.holderId);
  const [rows, total] = await Promise.all([
    query.orderBy('c.id', 'desc').offset(page.offset).limit(page.limit).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toContract), total: Number(total.n) };
}

/** Every open contract of the merchant (the chain check of tests and the operator's view). */
export async function findOpenOfMerchant(db: Executor, merchantId: number): Promise<ContractRow[]> {
  return (
    await contractsQuery(db)
      .where('c.merchant_id', '=', merchantId)
      .where('c.status', 'in', ['pending', 'active'])
      .orderBy('c.id')
      .execute()
  ).map(toContract);
}
