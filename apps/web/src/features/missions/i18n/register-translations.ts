import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { missionsEn } from './en.ts';
import { missionsVi } from './vi.ts';

/** The missions page's texts, in their own namespace; English fills in for other languages. */
const MISSIONS_NS = 'missions';

export function registerMissionsTranslations(): void {
  if (!i18next.hasResourceBundle('vi', MISSIONS_NS)) i18next.addResourceBundle('vi', MISSIONS_NS, missionsVi);
  if (!i18next.hasResourceBundle('en', MISSIONS_NS)) i18next.addResourceBundle('en', MISSIONS_NS, missionsEn);
}

/** The texts, registered on first use (i18next is set up by the app after the modules load). */
export function useMissionsTranslation() {
  registerMissionsTranslations();
  return useTranslation(MISSIONS_NS);
}
