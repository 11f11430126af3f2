import { randomUUID } from 'node:crypto';
import { DomainError } from '../../lib/domain-error.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import type { RedEnvelopesService } from '../red-envelopes/red-envelopes.service.ts';
import type { ReferralsService } from '../referrals/referrals.service.ts';
import type { Principal } from '../session/session.service.ts';
import type { VipService } from '../vip/vip.service.ts';
import type { ExternalRewardSource } from './rewards.service.ts';

const positiveId = (id: string) => {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw new DomainError('reward_unavailable');
  return n;
};

/**
 * The rewards other modules keep, as the rewards centre lists and claims them: promotions with a
 * claim button, red envelopes the member may open, accrued rebates (claimed all at once) and the
 * rewards of invited friends who qualified (claimed through the referrals module).
 */
export function rewardSourcesOf(modules: {
  promotions: Pick<PromotionsService, 'forMember' | 'claim'>;
  redEnvelopes: Pick<RedEnvelopesService, 'claimable' | 'claim'>;
  vip: Pick<VipService, 'rebates'>;
  referrals: Pick<ReferralsService, 'pendingRewards' | 'claim'>;
}): ExternalRewardSource[] {
  return [
    {
      source: 'promotion',
      list: async (principal, language) => {
        const { list } = await modules.promotions.forMember(principal, language);
        return list
          .filter((p) => p.status === 'CLAIM')
          .map((p) => ({
            key: `promotion:${p.id}`,
            source: 'promotion',
            title: p.title,
            kind: 'bonus',
            amount: null,
            createdAt: p.startsAt,
            expiresAt: p.endsAt,
          }));
      },
      claim: async (principal, id, context) => {
        await modules.promotions.claim(principal, positiveId(id), context);
        return { key: `promotion:${id}`, kind: 'bonus', amount: null };
      },
    },
    {
      source: 'red_envelope',
      list: async (principal) => {
        const { list } = await modules.redEnvelopes.claimable(principal);
        return list.map((e) => ({
          key: `red_envelope:${e.id}`,
          source: 'red_envelope',
          title: e.message,
          kind: 'cash',
          amount: null,
          createdAt: null,
          expiresAt: e.expiresAt,
        }));
      },
      claim: async (principal, id, context) => {
        const claimed = await modules.redEnvelopes.claim(principal, positiveId(id), context);
        return { key: `red_envelope:${id}`, kind: 'cash', amount: Number(claimed.amount) };
      },
    },
    {
      source: 'rebate',
      list: async (principal, language) => {
        const manual = await modules.vip.rebates.manual(principal);
        const amount = Number(manual.claimable);
        if (amount <= 0) return [];
        const title = language.startsWith('vi') ? 'Hoàn trả cược' : 'Betting rebate';
        return [{ key: 'rebate:all', source: 'rebate', title, kind: 'cash', amount, createdAt: null, expiresAt: null }];
      },
      claim: async (principal, id) => {
        if (id !== 'all') throw new DomainError('reward_unavailable');
        const claimed = await modules.vip.rebates.claim(principal, randomUUID());
        return { key: 'rebate:all', kind: 'cash', amount: Number(claimed.amount) };
      },
    },
    {
      source: 'referral',
      list: async (principal, language) => {
        const rewards = await modules.referrals.pendingRewards(principal.memberId);
        return rewards.map((r) => ({
          key: `referral:${r.id}`,
          source: 'referral',
          title:
            r.role === 'referrer'
              ? language.startsWith('vi')
                ? `Thưởng mời bạn: ${r.friend}`
                : `Invite reward: ${r.friend}`
              : language.startsWith('vi')
                ? 'Thưởng bạn mới được mời'
                : 'Welcome reward for an invited friend',
          kind: 'cash',
          amount: Number(r.amount),
          createdAt: r.createdAt,
          expiresAt: null,
        }));
      },
      claim: async (principal, id, context) => {
        const claimed = await modules.referrals.claim(principal, positiveId(id), context);
        return { key: `referral:${id}`, kind: 'cash', amount: Number(claimed.amount) };
      },
    },
  ] satisfies (ExternalRewardSource & { list: (p: Principal, l: string) => unknown })[];
}
