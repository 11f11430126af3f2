import type { RewardCenterTranslation } from './vi.ts';

export const rewardCenterEn: RewardCenterTranslation = {
  title: 'Rewards to claim',
  count_one: '{{count}} reward',
  count_other: '{{count}} rewards',
  empty: 'You have no rewards waiting. Complete missions or sign in to earn more.',
  claim: 'Claim',
  claiming: 'Claiming…',
  claimed: 'Claimed {{reward}}.',
  expires: 'Expires {{time}}',
  sources: {
    mission: 'Mission',
    sign_in: 'Sign-in',
    referral: 'Invite friends',
    vip: 'VIP',
    code: 'Redeem code',
    operator: 'Gift',
    promotion: 'Promotion',
    red_envelope: 'Red envelope',
    rebate: 'Rebate',
  },
  reward: { points: '{{amount}} points', bonus: 'Promotion bonus' },
  code: {
    title: 'Enter a redeem code',
    label: 'Redeem code',
    placeholder: 'For example: LOTUS2026',
    submit: 'Redeem',
    submitting: 'Redeeming…',
    empty: 'Enter a redeem code.',
    redeemed: 'Code redeemed: you received {{reward}}.',
  },
  history: {
    title: 'Rewards you have claimed',
    empty: 'You have not claimed any rewards yet. Rewards you claim and codes you redeem show here.',
    claimedAt: 'Claimed {{time}}',
  },
};
