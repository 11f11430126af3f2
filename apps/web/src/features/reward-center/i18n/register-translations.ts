import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { rewardCenterEn } from './en.ts';
import { rewardCenterVi } from './vi.ts';

/** The rewards centre's texts, in their own namespace; English fills in for other languages. */
const REWARD_CENTER_NS = 'rewardCenter';

export function registerRewardCenterTranslations(): void {
  if (!i18next.hasResourceBundle('vi', REWARD_CENTER_NS)) i18next.addResourceBundle('vi', REWARD_CENTER_NS, rewardCenterVi);
  if (!i18next.hasResourceBundle('en', REWARD_CENTER_NS)) i18next.addResourceBundle('en', REWARD_CENTER_NS, rewardCenterEn);
}

/** The texts, registered on first use (i18next is set up by the app after the modules load). */
export function useRewardCenterTranslation() {
  registerRewardCenterTranslations();
  return useTranslation(REWARD_CENTER_NS);
}
