import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { joinEn } from './en.ts';
import { joinVi } from './vi.ts';

/** The join page's texts travel with its chunk, in their own namespace; English fills in for other languages. */
export const JOIN_NS = 'join';

export function registerJoinTranslations(): void {
  if (!i18next.hasResourceBundle('vi', JOIN_NS)) i18next.addResourceBundle('vi', JOIN_NS, joinVi);
  if (!i18next.hasResourceBundle('en', JOIN_NS)) i18next.addResourceBundle('en', JOIN_NS, joinEn);
}

export function useJoinTranslation() {
  registerJoinTranslations();
  return useTranslation(JOIN_NS);
}
