import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MemberSummary, TeamRoot } from './member-directory.ts';
import * as repo from './team-directory.repository.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Team reads for the agent centre's management page, beside `member-directory.ts` (the accounts
 * module's public surface for members; ADR 0013): other modules call these, never the tables.
 */

/** One page of the agent's team members (any level, never the agent) whose username contains `text`, shortest names first. */
export async function searchTeam(
  db: Executor,
  agent: TeamRoot,
  text: string,
  page: { offset: number; limit: number },
): Promise<{ rows: MemberSummary[]; total: number }> {
  const { rows, total } = await repo.searchTeam(db, agent, text, page);
  return {
    rows: rows.map((r) => ({ ...r, id: Number(r.id), merchantId: Number(r.merchantId), currency: r.currency.trim() })),
    total,
  };
}

/** The size of each given member's own team (all levels below it), by member id. */
export async function teamSizesOf(
  db: Executor,
  merchantId: number,
  members: readonly { id: number; uplinePath: string }[],
): Promise<Map<number, number>> {
  const rows = await repo.teamSizesOf(db, merchantId, members);
  return new Map(rows.map((r) => [r.id, r.teamSize]));
}

/** When each member last logged in; members who never did are absent. */
export async function lastLoginsOf(db: Executor, memberIds: readonly number[]): Promise<Map<number, Date>> {
  const rows = await repo.findLastLogins(db, memberIds);
  return new Map(rows.map((r) => [r.memberId, r.lastLoginAt]));
}
