import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { redEnvelopesEn } from './en.ts';
import { redEnvelopesVi } from './vi.ts';

/** The red envelope texts, in their own namespace; English fills in for other languages. */
export const RED_ENVELOPES_NS = 'redEnvelopes';

export function registerRedEnvelopesTranslations(): void {
  if (!i18next.hasResourceBundle('vi', RED_ENVELOPES_NS)) i18next.addResourceBundle('vi', RED_ENVELOPES_NS, redEnvelopesVi);
  if (!i18next.hasResourceBundle('en', RED_ENVELOPES_NS)) i18next.addResourceBundle('en', RED_ENVELOPES_NS, redEnvelopesEn);
}

/**
 * The texts, registered on first use: the notice is part of every page, and i18next is set up by
 * the app only after the modules load, so nothing is registered at import time.
 */
export function useRedEnvelopesTranslation() {
  registerRedEnvelopesTranslations();
  return useTranslation(RED_ENVELOPES_NS);
}
