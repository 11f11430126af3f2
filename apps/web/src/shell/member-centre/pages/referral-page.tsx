import { ReferralPage as InviteFriends } from '../../../features/referral/components/referral-page.tsx';

/** Invite friends (`referral`): the player's code, link and QR code, the rules, rewards to claim and the friends invited (docs/referral.md). */
export function ReferralPage() {
  return <InviteFriends />;
}
