import i18next from 'i18next';
import { memberCentreEn } from './en.ts';
import { memberCentreMoneyEn } from './money.en.ts';
import { memberCentreMoneyVi } from './money.vi.ts';
import { memberCentreVi } from './vi.ts';

/**
 * The member centre's texts shared by its frame and several features (loading states, page titles, the
 * profile and password sections; the money texts of deposits and withdrawals). They travel with the
 * member centre's chunk, in their own namespaces; English fills in for other languages.
 */
export const MEMBER_CENTRE_NS = 'memberCentre';
/** The deposit, withdrawal, payment password and bank card texts. */
export const MONEY_NS = 'memberCentreMoney';

export function registerMemberCentreTranslations(): void {
  if (!i18next.hasResourceBundle('vi', MEMBER_CENTRE_NS)) i18next.addResourceBundle('vi', MEMBER_CENTRE_NS, memberCentreVi);
  if (!i18next.hasResourceBundle('en', MEMBER_CENTRE_NS)) i18next.addResourceBundle('en', MEMBER_CENTRE_NS, memberCentreEn);
  if (!i18next.hasResourceBundle('vi', MONEY_NS)) i18next.addResourceBundle('vi', MONEY_NS, memberCentreMoneyVi);
  if (!i18next.hasResourceBundle('en', MONEY_NS)) i18next.addResourceBundle('en', MONEY_NS, memberCentreMoneyEn);
}

// The frame and every feature that speaks in these namespaces import this module, so the texts are
// there whichever of them loads first (always after i18next has started).
registerMemberCentreTranslations();
