import i18next from 'i18next';
import { memberCentreEn } from './en.ts';
import { memberCentreVi } from './vi.ts';

/** The member centre's texts travel with its chunk, in their own namespace; English fills in for other languages. */
export const MEMBER_CENTRE_NS = 'memberCentre';

export function registerMemberCentreTranslations(): void {
  if (!i18next.hasResourceBundle('vi', MEMBER_CENTRE_NS)) i18next.addResourceBundle('vi', MEMBER_CENTRE_NS, memberCentreVi);
  if (!i18next.hasResourceBundle('en', MEMBER_CENTRE_NS)) i18next.addResourceBundle('en', MEMBER_CENTRE_NS, memberCentreEn);
}
