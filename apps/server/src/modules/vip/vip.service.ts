import { DomainError } from '../../lib/domain-error.ts';
import { findMemberByUsername } from '../accounts/member-directory.ts';
import { createCashback } from './vip.cashback.ts';
import { createVipLevels, type VipDeps } from './vip.levels.ts';
import { createRebates } from './vip.rebates.ts';
import * as repo from './vip.repository.ts';

export type VipService = ReturnType<typeof createVipService>;

/** Who is at which VIP level, for another module's query (see the repository); no row is level 0. */
export const vipMemberLevelsForJoin = repo.memberLevelsForJoin;

/**
 * VIP levels and rebates (docs/vip-and-rebates.md): the ladder and each member's level with its
 * daily evaluation and upgrade bonuses; rebate rules by level and category, their settlement per
 * period from the daily rollups, the member's claim and records; the operator's calls.
 */
export function createVipService(deps: VipDeps & { rebateChunkSize?: number }) {
  const levels = createVipLevels(deps);
  const memberLevels = async (merchantId: number) =>
    new Map((await repo.findMemberLevelsOfMerchant(deps.db, merchantId)).map((r) => [r.memberId, r.level]));
  const rebates = createRebates({
    ...deps,
    chunkSize: deps.rebateChunkSize,
    levelOf: levels.levelOf,
    notExcluded: levels.notExcluded,
    memberLevels,
  });
  const cashback = createCashback({ ...deps, chunkSize: deps.rebateChunkSize, levelOf: levels.levelOf, memberLevels });

  /** A member of the merchant by username, for the operator's calls. */
  async function memberIdOf(merchantId: number, username: string): Promise<number> {
    const member = await findMemberByUsername(deps.db, merchantId, username);
    if (!member) throw new DomainError('vip_member_not_found');
    return member.id;
  }

  return {
    levels,
    rebates,
    cashback,
    /** The club label (`clubLabel`) the member's level gives; null while the merchant has no ladder. */
    clubOf: levels.clubOf,
    playerRank: async (principal: { memberId: number; merchantId: number; currency: string }, language: string) =>
      levels.playerRank(principal, language, await rebates.rulesOf(principal.merchantId)),
    memberIdOf,
    /** Every stored level of the merchant's members, by member id (a member absent holds level 0): one read. */
    memberLevels,
  };
}
