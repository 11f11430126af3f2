import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { promotionsEn } from './en.ts';
import { promotionsVi } from './vi.ts';

/** The promotions pages' texts, in their own namespace; English fills in for other languages. */
const PROMOTIONS_NS = 'promotions';

export function registerPromotionsTranslations(): void {
  if (!i18next.hasResourceBundle('vi', PROMOTIONS_NS)) i18next.addResourceBundle('vi', PROMOTIONS_NS, promotionsVi);
  if (!i18next.hasResourceBundle('en', PROMOTIONS_NS)) i18next.addResourceBundle('en', PROMOTIONS_NS, promotionsEn);
}

/** The texts, registered on first use (i18next is set up by the app after the modules load). */
export function usePromotionsTranslation() {
  registerPromotionsTranslations();
  return useTranslation(PROMOTIONS_NS);
}
