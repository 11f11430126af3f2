import { useUnreadCount } from '../../features/inbox/api/inbox-api.ts';
import type { MemberCentrePage } from '../../state/member-centre-pages.ts';

/**
 * The counts on the badged items (missions, inbox, rewards; spec section 2). A count shows only
 * when it comes from a real call: the inbox's is the unread message count (CSP_unreadCount). The
 * mission summary (MCSFE_getMissionSummaryDetails) and the claimable rewards are not served yet, so
 * those slots stay null and no badge shows; each is filled here when its call lands.
 */
export function useMenuBadges(): Partial<Record<MemberCentrePage, number | null>> {
  const unread = useUnreadCount();
  return { missionLeaderboard: null, messageV2: unread, rewardCenter: null };
}
