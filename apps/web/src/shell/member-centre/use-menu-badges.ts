import { useTranslation } from 'react-i18next';
import { useClaimableRewards, useMissionSummary } from '../../api/loyalty.ts';
import { useUnreadCount } from '../../features/inbox/api/inbox-api.ts';
import type { MemberCentrePage } from '../../state/member-centre-pages.ts';

/**
 * The counts on the badged items (missions, inbox, rewards; spec section 2): the unread message
 * count (CSP_unreadCount); on missions, the missions whose reward waits plus today's sign-in when not
 * done (MCSFE_getMissionSummaryDetails' `claimableCount`); on rewards, every reward waiting to be
 * claimed. A slot stays null (no badge) until its call answers.
 */
export function useMenuBadges(): Partial<Record<MemberCentrePage, number | null>> {
  const { i18n } = useTranslation();
  const unread = useUnreadCount();
  const missions = useMissionSummary(i18n.language).data?.claimableCount ?? null;
  const rewards = useClaimableRewards(i18n.language).data?.count ?? null;
  return { missionLeaderboard: missions, messageV2: unread, rewardCenter: rewards };
}
