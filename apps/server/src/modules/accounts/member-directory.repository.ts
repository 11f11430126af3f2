import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The queries on `members` that the accounts module runs for other modules. Other modules never
 * import this file: they call `member-directory.ts`, which is the accounts module's public surface
 * for members (ADR 0013).
 */

/**
 * The members table without its secrets, as a sub-query another module's repository may join
 * (`.innerJoin(publicMembers(db).as('m'), 'm.id', 'x.member_id')`) where a list needs a member's
 * name or must filter on it. PostgreSQL pulls a plain sub-query like this one up into the outer
 * query, so the join costs what a join on the table costs.
 */
export function publicMembers(db: Executor) {
  return db
    .selectFrom('members')
    .select([
      'members.id',
      'members.merchant_id',
      'members.username',
      'members.nickname',
      'members.account_type',
      'members.parent_id',
      'members.upline_path',
      'members.currency',
      'members.status',
      'members.created_at',
    ]);
}

const summaryColumns = [
  'members.id as id',
  'members.merchant_id as merchantId',
  'members.username as username',
  'members.nickname as nickname',
  'members.account_type as accountType',
  'members.parent_id as parentId',
  'members.upline_path as uplinePath',
  'members.currency as currency',
  'members.status as status',
  'members.created_at as createdAt',
] as const;

export type MemberSummaryRow = {
  id: number;
  merchantId: number;
  username: string;
  nickname: string | null;
  accountType: number;
  parentId: number | null;
  uplinePath: string;
  currency: string;
  status: 'active' | 'locked' | 'closed';
  createdAt: Date;
};

export async function findSummaryById(db: Executor, memberId: number): Promise<MemberSummaryRow | undefined> {
  return db.selectFrom('members').select(summaryColumns).where('members.id', '=', memberId).executeTakeFirst();
}

export async function findSummaryOfMerchant(db: Executor, merchantId: number, memberId: number): Promise<MemberSummaryRow | undefined> {
  return db
    .selectFrom('members')
    .select(summaryColumns)
    .where('members.id', '=', memberId)
    .where('members.merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** Takes the member's row lock (`FOR UPDATE`, or `FOR NO KEY UPDATE` which does not block foreign keys). */
export async function lockById(
  trx: Transaction<DB>,
  memberId: number,
  strength: 'update' | 'no key update',
  merchantId?: number,
): Promise<MemberSummaryRow | undefined> {
  let query = trx.selectFrom('members').select(summaryColumns).where('members.id', '=', memberId);
  if (merchantId !== undefined) query = query.where('members.merchant_id', '=', merchantId);
  return strength === 'update' ? query.forUpdate().executeTakeFirst() : query.forNoKeyUpdate().executeTakeFirst();
}

/** Locks many members' rows (ascending id, for the rest of `trx`); a member of another merchant is left out. */
export async function lockByIds(
  trx: Transaction<DB>,
  memberIds: readonly number[],
  strength: 'update' | 'no key update',
  merchantId: number,
): Promise<MemberSummaryRow[]> {
  if (memberIds.length === 0) return [];
  const query = trx
    .selectFrom('members')
    .select(summaryColumns)
    .where('members.id', 'in', [...new Set(memberIds)])
    .where('members.merchant_id', '=', merchantId)
    .orderBy('members.id');
  return strength === 'update' ? query.forUpdate().execute() : query.forNoKeyUpdate().execute();
}

/** The merchant's members among `memberIds` (one read, any number of ids), ascending. */
export async function findSummariesOfMerchant(db: Executor, merchantId: number, memberIds: readonly number[]): Promise<MemberSummaryRow[]> {
  if (memberIds.length === 0) return [];
  return db
    .selectFrom('members')
    .select(summaryColumns)
    .where(sql<boolean>`members.id = ANY(${sql.val([...new Set(memberIds)])}::bigint[])`)
    .where('members.merchant_id', '=', merchantId)
    .orderBy('members.id')
    .execute();
}

export async function findIdsOfMerchant(db: Executor, merchantId: number, memberIds: readonly number[]): Promise<number[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', [...memberIds])
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function findUsernames(db: Executor, memberIds: readonly number[]): Promise<{ id: number; username: string }[]> {
  if (memberIds.length === 0) return [];
  return db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('id', 'in', [...memberIds])
    .execute();
}

/**
 * A member of the agent's downline by username (any case): same merchant, and the member's path
 * starts with the agent's path (paths name every ancestor), never the agent itself.
 */
export async function findDownlineByUsername(
  db: Executor,
  agent: { id: number; merchantId: number; uplinePath: string },
  username: string,
): Promise<MemberSummaryRow | undefined> {
  return db
    .selectFrom('members')
    .select(summaryColumns)
    .where('members.merchant_id', '=', agent.merchantId)
    .where(sql<boolean>`lower(members.username) = lower(${username})`)
    .where('members.upline_path', 'like', teamPattern(agent.uplinePath))
    .where('members.id', '<>', agent.id)
    .executeTakeFirst();
}

/** A member of the merchant by username (any case). */
export async function findByUsernameOfMerchant(db: Executor, merchantId: number, username: string): Promise<MemberSummaryRow | undefined> {
  return db
    .selectFrom('members')
    .select(summaryColumns)
    .where('members.merchant_id', '=', merchantId)
    .where(sql<boolean>`lower(members.username) = lower(${username})`)
    .executeTakeFirst();
}

/** The team's path prefix as a LIKE pattern: every member whose path starts with the agent's. */
function teamPattern(uplinePath: string): string {
  return `${uplinePath.replace(/[\\%_]/g, '\\$&')}%`;
}

/** The agent's whole team (every level, never the agent), as a sub-query of public columns to join. */
export function teamMembers(db: Executor, agent: TeamRoot) {
  return publicMembers(db)
    .where('members.merchant_id', '=', agent.merchantId)
    .where('members.upline_path', 'like', teamPattern(agent.uplinePath))
    .where('members.id', '<>', agent.id);
}

export type TeamRoot = { id: number; merchantId: number; uplinePath: string };

/** A member of the agent's team by id, never the agent. */
export async function findDownlineById(db: Executor, agent: TeamRoot, memberId: number): Promise<MemberSummaryRow | undefined> {
  return db
    .selectFrom('members')
    .select(summaryColumns)
    .where('members.id', '=', memberId)
    .where('members.merchant_id', '=', agent.merchantId)
    .where('members.upline_path', 'like', teamPattern(agent.uplinePath))
    .where('members.id', '<>', agent.id)
    .executeTakeFirst();
}

/** Which of `memberIds` are in the agent's team (one read), never the agent. */
export async function findDownlineIdsAmong(db: Executor, agent: TeamRoot, memberIds: readonly number[]): Promise<number[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom('members')
    .select('members.id')
    .where(sql<boolean>`members.id = ANY(${sql.val([...new Set(memberIds)])}::bigint[])`)
    .where('members.merchant_id', '=', agent.merchantId)
    .where('members.upline_path', 'like', teamPattern(agent.uplinePath))
    .where('members.id', '<>', agent.id)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** How many members the agent's team has on each level below it (1 = direct downline). */
export async function countTeamByLevel(db: Executor, agent: TeamRoot): Promise<{ level: number; count: number }[]> {
  const agentDepth = depthOf(agent.uplinePath);
  const depth = sql<number>`(length(members.upline_path) - length(replace(members.upline_path, '/', ''))) - 1`;
  const rows = await db
    .selectFrom('members')
    .select([sql<number>`${depth} - ${agentDepth}`.as('level'), sql<string>`count(*)`.as('count')])
    .where('members.merchant_id', '=', agent.merchantId)
    .where('members.upline_path', 'like', teamPattern(agent.uplinePath))
    .where('members.id', '<>', agent.id)
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((r) => ({ level: Number(r.level), count: Number(r.count) }));
}

/** The number of ancestors-and-self a path names: `/1/5/23/` → 3. */
function depthOf(uplinePath: string): number {
  return uplinePath.split('/').length - 2;
}

/**
 * One page of the parent's direct downline (newest first), each with the size of its own team (all
 * levels below it). The team sizes are one grouped prefix count over the page's members.
 */
export async function findDirectDownline(
  db: Executor,
  parent: TeamRoot,
  page: { offset: number; limit: number },
): Promise<{ rows: (MemberSummaryRow & { teamSize: number })[]; total: number }> {
  const base = db.selectFrom('members').where('members.merchant_id', '=', parent.merchantId).where('members.parent_id', '=', parent.id);
  const [rows, total] = await Promise.all([
    base
      .select(summaryColumns)
      .select((eb) =>
        eb
          .selectFrom('members as t')
          .select(sql<string>`count(*)`.as('n'))
          .where('t.merchant_id', '=', parent.merchantId)
          // Paths hold only digits and '/', so a prefix is the range [path, path || '~') in byte
          // order, which the text_pattern_ops index answers for a prefix taken from another row.
          .where(sql<boolean>`t.upline_path ~>=~ members.upline_path and t.upline_path ~<~ (members.upline_path || '~')`)
          .where(sql<boolean>`t.id <> members.id`)
          .as('teamSize'),
      )
      .orderBy('members.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, teamSize: Number(r.teamSize ?? 0) })), total: Number(total.n) };
}

export type MemberCredentialsRow = {
  id: number;
  merchantId: number;
  payeeName: string | null;
  mobileNum: string | null;
  passwordHash: string | null;
  paymentPasswordHash: string | null;
};

export function findCredentials(db: Executor, memberId: number): Promise<MemberCredentialsRow | undefined> {
  return db
    .selectFrom('members')
    .select([
      'id',
      'merchant_id as merchantId',
      'payee_name as payeeName',
      'mobile_num as mobileNum',
      'password_hash as passwordHash',
      'payment_password_hash as paymentPasswordHash',
    ])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export async function setPayeeNameIfMissing(db: Executor, memberId: number, payeeName: string): Promise<void> {
  await db.updateTable('members').set({ payee_name: payeeName }).where('id', '=', memberId).where('payee_name', 'is', null).execute();
}

export async function setPaymentPasswordHash(
  db: Executor,
  memberId: number,
  hash: string,
  condition: { onlyIfUnset: true } | { expectedHash: string },
): Promise<boolean> {
  let query = db.updateTable('members').set({ payment_password_hash: hash }).where('id', '=', memberId);
  query =
    'onlyIfUnset' in condition
      ? query.where('payment_password_hash', 'is', null)
      : query.where('payment_password_hash', '=', condition.expectedHash);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The lock that serialises one merchant's subtree moves (`exclusive`, held by a move for its
 * transaction) against readers of upline paths that must not see a move half-way (`shared`).
 */
export async function lockDownlineMoves(trx: Transaction<DB>, merchantId: number, mode: 'exclusive' | 'shared'): Promise<void> {
  const key = `downline-move:${merchantId}`;
  if (mode === 'exclusive') await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  else await sql`SELECT pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`.execute(trx);
}
