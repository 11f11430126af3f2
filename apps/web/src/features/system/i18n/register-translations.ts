import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { systemEn } from './en.ts';
import { systemVi } from './vi.ts';

/** The site-state pages' own texts, in their own namespace; English fills in for other languages. */
const SYSTEM_NS = 'system';

function registerSystemTranslations(): void {
  if (!i18next.hasResourceBundle('vi', SYSTEM_NS)) i18next.addResourceBundle('vi', SYSTEM_NS, systemVi);
  if (!i18next.hasResourceBundle('en', SYSTEM_NS)) i18next.addResourceBundle('en', SYSTEM_NS, systemEn);
}

export function useSystemTranslation() {
  registerSystemTranslations();
  return useTranslation(SYSTEM_NS);
}
