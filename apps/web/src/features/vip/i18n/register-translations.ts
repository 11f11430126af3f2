import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { vipEn } from './en.ts';
import { vipVi } from './vi.ts';

/** The player-rank page's texts, in their own namespace; English fills in for other languages. */
const VIP_NS = 'vip';

export function registerVipTranslations(): void {
  if (!i18next.hasResourceBundle('vi', VIP_NS)) i18next.addResourceBundle('vi', VIP_NS, vipVi);
  if (!i18next.hasResourceBundle('en', VIP_NS)) i18next.addResourceBundle('en', VIP_NS, vipEn);
}

/** The texts, registered on first use (i18next is set up by the app after the modules load). */
export function useVipTranslation() {
  registerVipTranslations();
  return useTranslation(VIP_NS);
}
