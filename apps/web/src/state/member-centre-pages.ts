/** The member centre's pages (spec section 2, "Member center"), in the spec's order. */
export const MEMBER_CENTRE_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  'playerRank',
] as const;

export type MemberCentrePage = (typeof MEMBER_CENTRE_PAGES)[number];

export { DEFAULT_MEMBER_CENTRE_PAGE, MEMBER_CENTRE_PARAM } from './member-centre-param.ts';

/** The spec puts count badges on these items: missions, inbox and rewards. */
export const BADGED_PAGES: readonly MemberCentrePage[] = ['missionLeaderboard', 'messageV2', 'rewardCenter'];

/** Pages only some members see; a deep link to a hidden page opens the default page instead. */
export function isPageVisible(page: MemberCentrePage, member: { toUpline: boolean }): boolean {
  // Transfer to upline is an agent's move to a parent agent (the session's toUpline).
  if (page === 'transferUpline') return member.toUpline;
  return true;
}

export function isMemberCentrePage(value: string | null): value is MemberCentrePage {
  return value !== null && (MEMBER_CENTRE_PAGES as readonly string[]).includes(value);
}
