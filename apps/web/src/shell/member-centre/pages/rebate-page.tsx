import { RebateRecords } from '../../../features/rebates/components/rebate-records.tsx';

/** Rebate (`bonusDetails`): the rebates on valid bets, period by period (D, W, H, M), with their inputs (docs/vip-and-rebates.md). */
export function RebatePage() {
  return <RebateRecords />;
}
