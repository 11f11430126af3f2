import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { rebatesEn } from './en.ts';
import { rebatesVi } from './vi.ts';

/** The rebate pages' texts, in their own namespace; English fills in for other languages. */
const REBATES_NS = 'rebates';

export function registerRebatesTranslations(): void {
  if (!i18next.hasResourceBundle('vi', REBATES_NS)) i18next.addResourceBundle('vi', REBATES_NS, rebatesVi);
  if (!i18next.hasResourceBundle('en', REBATES_NS)) i18next.addResourceBundle('en', REBATES_NS, rebatesEn);
}

/** The texts, registered on first use (i18next is set up by the app after the modules load). */
export function useRebatesTranslation() {
  registerRebatesTranslations();
  return useTranslation(REBATES_NS);
}
