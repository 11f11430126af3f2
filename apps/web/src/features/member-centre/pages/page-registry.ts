import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { MemberCentrePage } from '../member-centre-pages.ts';

type PageModule = { default: ComponentType };

/** Each page is its own chunk, loaded the first time it is shown. */
const LOADERS: Record<MemberCentrePage, () => Promise<PageModule>> = {
  securityCenter: async () => ({ default: (await import('./security-center-page.tsx')).SecurityCenterPage }),
  transferFund: async () => ({ default: (await import('./transfer-fund-page.tsx')).TransferFundPage }),
  depositv2: async () => ({ default: (await import('./deposit-page.tsx')).DepositPage }),
  withdraw: async () => ({ default: (await import('./withdraw-page.tsx')).WithdrawPage }),
  transferUpline: async () => ({ default: (await import('./transfer-upline-page.tsx')).TransferUplinePage }),
  personalHistoryCopy: async () => ({ default: (await import('./betting-record-page.tsx')).BettingRecordPage }),
  transactionHistory: async () => ({ default: (await import('./account-record-page.tsx')).AccountRecordPage }),
  personalProfit: async () => ({ default: (await import('./profit-loss-page.tsx')).ProfitLossPage }),
  bonusDetails: async () => ({ default: (await import('./rebate-page.tsx')).RebatePage }),
  rewardCenter: async () => ({ default: (await import('./reward-center-page.tsx')).RewardCenterPage }),
  referral: async () => ({ default: (await import('./referral-page.tsx')).ReferralPage }),
  missionLeaderboard: async () => ({ default: (await import('./missions-page.tsx')).MissionsPage }),
  messageV2: async () => ({ default: (await import('./inbox-page.tsx')).InboxPage }),
  manualRebate: async () => ({ default: (await import('./manual-rebate-page.tsx')).ManualRebatePage }),
  playerRank: async () => ({ default: (await import('./player-rank-page.tsx')).PlayerRankPage }),
};

const loaded = new Map<MemberCentrePage, LazyExoticComponent<ComponentType>>();

export function pageComponent(page: MemberCentrePage): LazyExoticComponent<ComponentType> {
  let component = loaded.get(page);
  if (!component) {
    component = lazy(LOADERS[page]);
    loaded.set(page, component);
  }
  return component;
}

/** After a failed chunk load: the next render asks the network again instead of the cached failure. */
export function forgetPage(page: MemberCentrePage): void {
  loaded.delete(page);
}
