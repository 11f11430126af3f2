import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { referralEn } from './en.ts';
import { referralVi } from './vi.ts';

/** The invite-friends page's texts, in their own namespace; English fills in for other languages. */
const REFERRAL_NS = 'referral';

function registerReferralTranslations(): void {
  if (!i18next.hasResourceBundle('vi', REFERRAL_NS)) i18next.addResourceBundle('vi', REFERRAL_NS, referralVi);
  if (!i18next.hasResourceBundle('en', REFERRAL_NS)) i18next.addResourceBundle('en', REFERRAL_NS, referralEn);
}

/** The texts, registered on first use (i18next is set up by the app after the modules load). */
export function useReferralTranslation() {
  registerReferralTranslations();
  return useTranslation(REFERRAL_NS);
}
