import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { lotteryEn } from './en.ts';
import { lotteryVi } from './vi.ts';

/** The lottery page's texts travel with its chunk, in their own namespace; English fills in for other languages. */
export const LOTTERY_NS = 'lottery';

export function registerLotteryTranslations(): void {
  if (!i18next.hasResourceBundle('vi', LOTTERY_NS)) i18next.addResourceBundle('vi', LOTTERY_NS, lotteryVi);
  if (!i18next.hasResourceBundle('en', LOTTERY_NS)) i18next.addResourceBundle('en', LOTTERY_NS, lotteryEn);
}

export function useLotteryTranslation() {
  registerLotteryTranslations();
  return useTranslation(LOTTERY_NS);
}
