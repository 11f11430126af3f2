import { ManualRebate } from '../../../features/rebates/components/manual-rebate.tsx';

/** Manual rebate (`manualRebate`): what has accrued, claimed with "claim now" (docs/vip-and-rebates.md). */
export function ManualRebatePage() {
  return <ManualRebate />;
}
