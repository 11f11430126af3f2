import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { MemberCentrePage } from '../../state/member-centre-pages.ts';

type PageModule = { default: ComponentType };

/** Each page is its own chunk, loaded the first time it is shown. */
const LOADERS: Record<MemberCentrePage, () => Promise<PageModule>> = {
  securityCenter: async () => ({ default: (await import('./pages/security-center-page.tsx')).SecurityCenterPage }),
  transferFund: async () => ({
    default: (await import('../../features/wallet-records/transfers/transfer-fund-page.tsx')).TransferFundPage,
  }),
  depositv2: async () => ({ default: (await import('../../features/deposits/components/deposit-page.tsx')).DepositPage }),
  withdraw: async () => ({ default: (await import('./pages/withdraw-page.tsx')).WithdrawPage }),
  transferUpline: async () => ({
    default: (await import('../../features/wallet-records/transfers/transfer-upline-page.tsx')).TransferUplinePage,
  }),
  personalHistoryCopy: async () => ({
    default: (await import('../../features/wallet-records/records/betting-record-page.tsx')).BettingRecordPage,
  }),
  transactionHistory: async () => ({
    default: (await import('../../features/wallet-records/records/account-record-page.tsx')).AccountRecordPage,
  }),
  personalProfit: async () => ({ default: (await import('../../features/wallet-records/records/profit-loss-page.tsx')).ProfitLossPage }),
  bonusDetails: async () => ({ default: (await import('./pages/rebate-page.tsx')).RebatePage }),
  rewardCenter: async () => ({ default: (await import('./pages/reward-center-page.tsx')).RewardCenterPage }),
  referral: async () => ({ default: (await import('./pages/referral-page.tsx')).ReferralPage }),
  missionLeaderboard: async () => ({ default: (await import('./pages/missions-page.tsx')).MissionsPage }),
  messageV2: async () => ({ default: (await import('./pages/inbox-page.tsx')).InboxPage }),
  manualRebate: async () => ({ default: (await import('./pages/manual-rebate-page.tsx')).ManualRebatePage }),
  playerRank: async () => ({ default: (await import('./pages/player-rank-page.tsx')).PlayerRankPage }),
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
