import { pageOffset } from '@platform/contracts/pagination';
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { daysBetweenInclusive } from '../../lib/time-zone.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import { createDailyStatsMaintenance, type RollupSources } from './daily-stats.maintenance.ts';
import { createDailyStatsReconciliation } from './daily-stats.reconciliation.ts';
import * as repo from './daily-stats.repository.ts';
import { createTeamStatsService } from './team-stats.service.ts';

/** Longest span of days one read may cover. */
const DAILY_STATS_RANGE_DAYS_MAX = 366;
/** Most members one read may name (team reads go through `team`, which joins the tree instead). */
const DAILY_STATS_MEMBERS_MAX = 1000;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function checkedFilter(filter: repo.DayFilter): repo.DayFilter {
  if (!DAY_PATTERN.test(filter.from) || !DAY_PATTERN.test(filter.to)) throw new DomainError('bad_request', 'date');
  const days = daysBetweenInclusive(filter.from, filter.to);
  if (days < 1 || days > DAILY_STATS_RANGE_DAYS_MAX) throw new DomainError('bad_request', 'date range');
  if (filter.memberIds.length > DAILY_STATS_MEMBERS_MAX) throw new DomainError('bad_request', 'memberIds');
  return filter;
}

export type DailyStatsService = ReturnType<typeof createDailyStatsService>;

/**
 * Daily rollups per member: settled real-money rounds per game category, and money movements, per
 * calendar day of the merchant's time zone; kept by a consumer of the bet records and the ledger
 * (daily-stats.maintenance.ts) and reconciled against them (daily-stats.reconciliation.ts).
 * See docs/daily-stats.md.
 */
export function createDailyStatsService(
  deps: RollupSources & {
    db: Kysely<DB>;
    now: () => Date;
    logger: JobLogger;
    metrics?: Registry;
    node?: string;
    /** Tests only: smaller consumer batches and reconciliation chunks, and a hook after each chunk. */
    batchRows?: number;
    chunkMembers?: number;
    afterChunk?: (chunk: { afterMemberId: number; uptoMemberId: number }) => Promise<void>;
  },
) {
  const { db } = deps;
  const maintenance = createDailyStatsMaintenance(deps);
  const reconciliation = createDailyStatsReconciliation({ ...deps, catchUp: maintenance.catchUp });
  return {
    /** Game rollups of these members, days `from`..`to` inclusive (`YYYY-MM-DD`, the merchant's zone). */
    gameDays: async (filter: repo.DayFilter) => repo.findGameDays(db, checkedFilter(filter)),
    /** Money rollups of these members, days `from`..`to` inclusive. */
    moneyDays: async (filter: repo.DayFilter) => repo.findMoneyDays(db, checkedFilter(filter)),
    /**
     * Per member of the merchant, the valid bet per category over days `from`..`to` inclusive (members
     * without rounds left out): what rebates and VIP levels are computed from.
     */
    validBetByMemberAndCategory: async (filter: { merchantId: number; from: string; to: string }) =>
      repo.sumValidBetByMemberAndCategory(db, filter),
    /** `validBetByMemberAndCategory` as a subquery to join (`member_id`, `category`, `valid_bet`), for a settlement computed in SQL. */
    validBetSource: (filter: { merchantId: number; from: string; to: string }) => repo.validBetByMemberAndCategorySource(db, filter),
    /** The valid bet per member, category and vendor over days `from`..`to` inclusive, as a subquery (`member_id`, `category`, `vendor_code`, `valid_bet`). */
    validBetByVendorSource: (filter: { merchantId: number; from: string; to: string }) => repo.validBetByVendorSource(db, filter),
    /**
     * Per member of the merchant whose settled rounds over days `from`..`to` inclusive lost money, the
     * net loss (stakes less payouts, all categories): what cashback is computed from.
     */
    netLossByMember: async (filter: { merchantId: number; from: string; to: string }) => repo.sumNetLossByMember(db, filter),
    /** Per member of the merchant, the deposits over days `from`..`to` inclusive (members without deposits left out). */
    depositsByMember: async (filter: { merchantId: number; from: string; to: string }) => repo.sumDepositsByMember(db, filter),
    /** Merchant-wide reads for the back-office reports (days inclusive, the merchant's zone). */
    merchant: {
      gameDays: async (filter: { merchantId: number; from: string; to: string }) => repo.sumMerchantGameDays(db, filter),
      activePlayersByDay: async (filter: { merchantId: number; from: string; to: string }) => repo.countActivePlayersByDay(db, filter),
      activePlayers: async (filter: { merchantId: number; from: string; to: string }) => repo.countActivePlayers(db, filter),
      moneyDays: async (filter: { merchantId: number; from: string; to: string }) => repo.sumMerchantMoneyDays(db, filter),
      depositors: async (filter: { merchantId: number; from: string; to: string }) => repo.countDepositors(db, filter),
      memberResults: async (filter: { merchantId: number; from: string; to: string; order: 'winners' | 'losers'; limit: number }) =>
        repo.findMemberResults(db, filter),
    },
    /**
     * Brings the rollups up to every finished transaction. The job runs it every minute; a reader
     * that must show a round settled a moment ago calls it first (cheap when nothing changed).
     */
    refresh: maintenance.catchUp,
    /**
     * The accounts module's move of a member under another upline calls this in its transaction,
     * after the subtree's paths were rewritten: the team rollups of the ancestors it left and joined
     * follow (ADR 0018).
     */
    subtreeMoved: maintenance.subtreeMoved,
    reconciliation: {
      run: reconciliation.run,
      yesterdayOf: reconciliation.yesterdayOf,
      list: (merchantId: number, page: { pageNo: number; pageSize: number }) =>
        repo.findReconciliations(db, { merchantId, limit: page.pageSize, offset: pageOffset(page) }),
      find: (merchantId: number, day: string) => repo.findReconciliation(db, { merchantId, day }),
      differences: (merchantId: number, day: string, page: { pageNo: number; pageSize: number }) =>
        repo.findDifferences(db, { merchantId, day, limit: page.pageSize, offset: pageOffset(page) }),
    },
    /** Team figures over the rollups for the agent centre's reports (team-stats.service.ts). */
    team: createTeamStatsService({ db }),
  };
}
