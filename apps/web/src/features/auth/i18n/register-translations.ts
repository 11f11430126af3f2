import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { socialEn } from './social-en.ts';
import { socialVi } from './social-vi.ts';

/** Third-party sign-in's texts, in their own namespace; English fills in for the other languages. */
export const SOCIAL_NS = 'socialSignIn';

function registerSocialTranslations(): void {
  if (!i18next.hasResourceBundle('vi', SOCIAL_NS)) i18next.addResourceBundle('vi', SOCIAL_NS, socialVi);
  if (!i18next.hasResourceBundle('en', SOCIAL_NS)) i18next.addResourceBundle('en', SOCIAL_NS, socialEn);
}

export function useSocialTranslation() {
  registerSocialTranslations();
  return useTranslation(SOCIAL_NS);
}
