import { RewardCenterView } from '../../../features/reward-center/components/reward-center-view.tsx';

/** Rewards (`rewardCenter`): every reward waiting to be claimed, from every source, and the redeem-code box (docs/loyalty.md). */
export function RewardCenterPage() {
  return <RewardCenterView />;
}
