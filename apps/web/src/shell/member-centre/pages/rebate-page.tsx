import { BonusDetails } from '../../../features/rebates/components/bonus-details.tsx';

/** Rebate (`bonusDetails`): the bet rebates (D, W, H, M) and the loss cashback (D, W, M), with their inputs (docs/vip-and-rebates.md). */
export function RebatePage() {
  return <BonusDetails />;
}
