import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repo from './member-directory.repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The accounts module owns `members`. Other modules read a member through these functions and
 * change one only through the writes below; they never query the table themselves (ADR 0013, checked
 * by `src/architecture/ownership.test.ts`). Each takes the caller's `db` or `trx` first, so a read or
 * a write joins the caller's transaction.
 */

export type MemberSummary = repo.MemberSummaryRow;

function trimmed(row: repo.MemberSummaryRow | undefined): MemberSummary | undefined {
  return row && { ...row, id: Number(row.id), merchantId: Number(row.merchantId), currency: row.currency.trim() };
}

/**
 * The members table without its secrets, for another module's repository to join where a list
 * needs the member's username (or filters on it):
 * `.innerJoin(publicMembers(db).as('m'), 'm.id', 'w.member_id')`. Columns keep their table names.
 */
export const publicMembers = repo.publicMembers;

/** A member by id: merchant, username, type, upline, currency, status, registration time. */
export async function findMember(db: Executor, memberId: number): Promise<MemberSummary | undefined> {
  return trimmed(await repo.findSummaryById(db, memberId));
}

/** A member by id, only if it belongs to the merchant (an operator's or a member's scope). */
export async function findMemberOfMerchant(db: Executor, merchantId: number, memberId: number): Promise<MemberSummary | undefined> {
  return trimmed(await repo.findSummaryOfMerchant(db, merchantId, memberId));
}

/**
 * Locks the member's row for the rest of `trx`, so one member's requests that count something
 * (messages per minute, feedback per hour, open deposits) run one after the other. `no key update`
 * does not block rows that reference the member; with `merchantId`, a member of another merchant is
 * not found.
 */
export async function lockMember(
  trx: Transaction<DB>,
  memberId: number,
  options: { strength?: 'update' | 'no key update'; merchantId?: number } = {},
): Promise<MemberSummary | undefined> {
  return trimmed(await repo.lockById(trx, memberId, options.strength ?? 'update', options.merchantId));
}

/**
 * Locks many members of the merchant at once (ascending id, so two callers never deadlock), for the
 * rest of `trx`: a set-based writer's `lockMember`. Answers them by id; an id of another merchant
 * or of nobody is not in the answer.
 */
export async function lockMembers(
  trx: Transaction<DB>,
  memberIds: readonly number[],
  options: { strength?: 'update' | 'no key update'; merchantId: number },
): Promise<Map<number, MemberSummary>> {
  const rows = await repo.lockByIds(trx, memberIds, options.strength ?? 'update', options.merchantId);
  const found = new Map<number, MemberSummary>();
  for (const row of rows) {
    const member = trimmed(row);
    if (member) found.set(member.id, member);
  }
  return found;
}

/** The merchant's members among `memberIds`, by id, in one read (a set-based job's `findMember`). */
export async function findMembersOfMerchant(
  db: Executor,
  merchantId: number,
  memberIds: readonly number[],
): Promise<Map<number, MemberSummary>> {
  const found = new Map<number, MemberSummary>();
  for (const row of await repo.findSummariesOfMerchant(db, merchantId, memberIds)) {
    const member = trimmed(row);
    if (member) found.set(member.id, member);
  }
  return found;
}

/** Which of `memberIds` are members of the merchant. */
export function findMemberIdsOfMerchant(db: Executor, merchantId: number, memberIds: readonly number[]): Promise<number[]> {
  return repo.findIdsOfMerchant(db, merchantId, memberIds);
}

/** Usernames by member id (ids that are not members are left out). */
export async function findUsernames(db: Executor, memberIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await repo.findUsernames(db, memberIds);
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}

/** A member of the merchant by username, any case (an operator names a member). */
export async function findMemberByUsername(db: Executor, merchantId: number, username: string): Promise<MemberSummary | undefined> {
  return trimmed(await repo.findByUsernameOfMerchant(db, merchantId, username));
}

/** A member of the agent's direct or indirect downline by username, any case; never the agent. */
export async function findDownlineByUsername(
  db: Executor,
  agent: { id: number; merchantId: number; uplinePath: string },
  username: string,
): Promise<MemberSummary | undefined> {
  return trimmed(await repo.findDownlineByUsername(db, agent, username));
}

/**
 * The root of a team: an agent's id, merchant and path. A member's path names every ancestor and
 * the member itself (`/1/5/23/`), so the team is every member whose path starts with the agent's
 * (ADR 0017), read with one prefix match on an index.
 */
export type TeamRoot = repo.TeamRoot;

/**
 * The agent's whole team (every level below it, never the agent), as a sub-query of the public
 * columns another module's repository joins or filters on:
 * `.where('x.member_id', 'in', teamMembers(db, agent).select('members.id'))` or
 * `.innerJoin(teamMembers(db, agent).as('m'), 'm.id', 'x.member_id')`.
 */
export const teamMembers = repo.teamMembers;

/** A member of the agent's team (any level) by id; never the agent itself. */
export async function findDownlineById(db: Executor, agent: TeamRoot, memberId: number): Promise<MemberSummary | undefined> {
  return trimmed(await repo.findDownlineById(db, agent, memberId));
}

/** Which of `memberIds` are in the agent's team (any level), in one read; never the agent itself. */
export function findDownlineIdsAmong(db: Executor, agent: TeamRoot, memberIds: readonly number[]): Promise<number[]> {
  return repo.findDownlineIdsAmong(db, agent, memberIds);
}

/** The team's size on each level below the agent (level 1 is the direct downline); empty levels are left out. */
export function countTeamByLevel(db: Executor, agent: TeamRoot): Promise<{ level: number; count: number }[]> {
  return repo.countTeamByLevel(db, agent);
}

/** One page of a member's direct downline, newest first, each with the size of its own whole team. */
export async function findDirectDownline(
  db: Executor,
  parent: TeamRoot,
  page: { offset: number; limit: number },
): Promise<{ rows: (MemberSummary & { teamSize: number })[]; total: number }> {
  const { rows, total } = await repo.findDirectDownline(db, parent, page);
  return { rows: rows.map((r) => ({ ...(trimmed(r) as MemberSummary), teamSize: r.teamSize })), total };
}

/**
 * Waits for any subtree move of these merchants to commit, and keeps new ones out until `trx` ends:
 * upline paths read afterwards in `trx` stay as they are (the daily team rollups add to ancestors).
 */
export async function holdDownlineMoves(trx: Transaction<DB>, merchantIds: Iterable<number>): Promise<void> {
  for (const merchantId of [...new Set(merchantIds)].sort((a, b) => a - b)) await repo.lockDownlineMoves(trx, merchantId, 'shared');
}

type MemberCredentials = repo.MemberCredentialsRow;

/** The hashes a member proves themselves with, and the name and mobile number on file (bank cards and withdrawals check them). */
export function findMemberCredentials(db: Executor, memberId: number): Promise<MemberCredentials | undefined> {
  return repo.findCredentials(db, memberId);
}

/** Sets the member's real name only if none is set yet: the first bank card names the member. */
export function setPayeeNameIfMissing(db: Executor, memberId: number, payeeName: string): Promise<void> {
  return repo.setPayeeNameIfMissing(db, memberId, payeeName);
}

/**
 * Sets the payment password hash; with `onlyIfUnset`, only while none is set (the first set wins a
 * race), else only while the hash is still `expectedHash`. Answers whether it was set.
 */
export function setPaymentPasswordHash(
  db: Executor,
  memberId: number,
  hash: string,
  condition: { onlyIfUnset: true } | { expectedHash: string },
): Promise<boolean> {
  return repo.setPaymentPasswordHash(db, memberId, hash, condition);
}
