import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { chatEn } from './en.ts';
import { chatVi } from './vi.ts';

/** The chat room's texts, in their own namespace; English fills in for other languages. */
export const CHAT_NS = 'chat';

export function registerChatTranslations(): void {
  if (!i18next.hasResourceBundle('vi', CHAT_NS)) i18next.addResourceBundle('vi', CHAT_NS, chatVi);
  if (!i18next.hasResourceBundle('en', CHAT_NS)) i18next.addResourceBundle('en', CHAT_NS, chatEn);
}

export function useChatTranslation() {
  registerChatTranslations();
  return useTranslation(CHAT_NS);
}
