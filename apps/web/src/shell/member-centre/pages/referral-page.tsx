import { PlannedPage } from '../planned-page.tsx';

/**
 * Invite friends: the invitation link and code, and the friends who joined.
 * No call serves it yet: the page says so, and is filled in here when its calls land.
 */
export function ReferralPage() {
  return <PlannedPage page="referral" />;
}
