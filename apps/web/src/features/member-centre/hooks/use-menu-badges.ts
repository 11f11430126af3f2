import type { MemberCentrePage } from '../member-centre-pages.ts';

/**
 * The counts on the badged items (missions, inbox, rewards; spec section 2). A count shows only
 * when it comes from a real call: the mission summary (MCSFE_getMissionSummaryDetails), the unread
 * message count (CSP_unreadCount) and the claimable rewards are not served yet, so every slot is
 * null and no badge shows. Each slot is filled here when its call lands.
 */
export function useMenuBadges(): Partial<Record<MemberCentrePage, number | null>> {
  return { missionLeaderboard: null, messageV2: null, rewardCenter: null };
}
