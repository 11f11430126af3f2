import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { inboxEn } from './en.ts';
import { inboxVi } from './vi.ts';

/** The inbox's texts travel with its chunk, in their own namespace; English fills in for other languages. */
export const INBOX_NS = 'inbox';

export function registerInboxTranslations(): void {
  if (!i18next.hasResourceBundle('vi', INBOX_NS)) i18next.addResourceBundle('vi', INBOX_NS, inboxVi);
  if (!i18next.hasResourceBundle('en', INBOX_NS)) i18next.addResourceBundle('en', INBOX_NS, inboxEn);
}

export function useInboxTranslation() {
  registerInboxTranslations();
  return useTranslation(INBOX_NS);
}
