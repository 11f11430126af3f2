import { pageOffset } from '@platform/contracts/pagination';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import * as repo from './team-stats.repository.ts';

export type { ChildFigures, DayRange, GameFigures, MoneyFigures, TeamRoot } from './team-stats.repository.ts';

/** Most direct downline members one page of subordinate figures lists. */
export const TEAM_CHILDREN_PAGE_SIZE_MAX = 100;

export type TeamStatsService = ReturnType<typeof createTeamStatsService>;

/**
 * Team figures for the agent centre's reports (`dailyStats.team`): sums of the daily rollups over a
 * team found by its upline path. The caller has already checked that the root is the agent or a
 * member of its team; these reads trust the root they are given.
 */
export function createTeamStatsService(deps: { db: Kysely<DB> }) {
  const { db } = deps;
  return {
    /** Members who joined per day of the zone in [from, to). */
    joinedByDay: (root: repo.TeamRoot, range: { from: Date; to: Date; timeZone: string }) => repo.countJoinedByDay(db, root, range),
    /** Play per day, with the members who played that day. */
    gameByDay: (root: repo.TeamRoot, days: repo.DayRange) => repo.sumGameByDay(db, root, days),
    /** Members who played at least one round in the days. */
    activeMembers: (root: repo.TeamRoot, days: repo.DayRange) => repo.countActive(db, root, days),
    /** Members whose valid bet or deposits over the days reach the thresholds (agent contracts' active members). */
    qualifiedMembers: (root: repo.TeamRoot, days: repo.DayRange, rule: { minValidBet: number | null; minDeposit: number | null }) =>
      repo.countQualified(db, root, days, rule),
    /**
     * `gameByDay` and `qualifiedMembers` of many teams of one merchant at once (summed over the days),
     * by root id: one grouped read of the roots' team rows, one of the days' member rows.
     */
    ofTeams: async (
      merchantId: number,
      rootIds: readonly number[],
      days: repo.DayRange,
      rule: { minValidBet: number | null; minDeposit: number | null },
    ): Promise<Map<number, repo.GameFigures & { qualifiedMembers: number }>> => {
      const [games, qualified] = await Promise.all([
        repo.sumGameOfTeams(db, merchantId, rootIds, days),
        repo.countQualifiedOfTeams(db, merchantId, rootIds, days, rule),
      ]);
      const none: repo.GameFigures = { betCount: 0, stake: 0, validBet: 0, payout: 0, winLoss: 0 };
      return new Map(rootIds.map((id) => [id, { ...(games.get(id) ?? none), qualifiedMembers: qualified.get(id) ?? 0 }]));
    },
    /** Money per day, of the whole team or one member of it. */
    moneyByDay: (root: repo.TeamRoot, days: repo.DayRange, memberId?: number) => repo.sumMoneyByDay(db, root, days, memberId),
    /** Each direct downline member with its team rolled up (every child, not a page). */
    byChild: (root: repo.TeamRoot, days: repo.DayRange) => repo.sumByChild(db, root, days),
    /** One member's own figures. */
    ofMember: (member: { merchantId: number; memberId: number }, days: repo.DayRange) => repo.sumOfMember(db, member, days),
    /** A page of the root's direct downline by username. */
    children: (root: repo.TeamRoot, page: { pageNo: number; pageSize: number }) => {
      const pageSize = Math.min(page.pageSize, TEAM_CHILDREN_PAGE_SIZE_MAX);
      return repo.findChildren(db, root, { limit: pageSize, offset: pageOffset({ pageNo: page.pageNo, pageSize }) });
    },
  };
}
