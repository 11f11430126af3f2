import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { helpEn } from './en.ts';
import { helpVi } from './vi.ts';

/** The help centre's texts travel with its chunk, in their own namespace; English fills in for other languages. */
export const HELP_NS = 'help';

export function registerHelpTranslations(): void {
  if (!i18next.hasResourceBundle('vi', HELP_NS)) i18next.addResourceBundle('vi', HELP_NS, helpVi);
  if (!i18next.hasResourceBundle('en', HELP_NS)) i18next.addResourceBundle('en', HELP_NS, helpEn);
}

export function useHelpTranslation() {
  registerHelpTranslations();
  return useTranslation(HELP_NS);
}
