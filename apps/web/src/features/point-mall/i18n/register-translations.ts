import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { pointMallEn } from './en.ts';
import { pointMallVi } from './vi.ts';

/** The points mall's texts, in their own namespace; English fills in for other languages. */
const POINT_MALL_NS = 'pointMall';

export function registerPointMallTranslations(): void {
  if (!i18next.hasResourceBundle('vi', POINT_MALL_NS)) i18next.addResourceBundle('vi', POINT_MALL_NS, pointMallVi);
  if (!i18next.hasResourceBundle('en', POINT_MALL_NS)) i18next.addResourceBundle('en', POINT_MALL_NS, pointMallEn);
}

/** The texts, registered on first use (i18next is set up by the app after the modules load). */
export function usePointMallTranslation() {
  registerPointMallTranslations();
  return useTranslation(POINT_MALL_NS);
}
