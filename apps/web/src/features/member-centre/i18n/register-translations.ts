import i18next from 'i18next';
import { memberCentreEn } from './en.ts';
import { memberCentreMoneyEn } from './money.en.ts';
import { memberCentreMoneyVi } from './money.vi.ts';
import { recordsEn } from './records.en.ts';
import { recordsVi } from './records.vi.ts';
import { memberCentreVi } from './vi.ts';

/** The member centre's texts travel with its chunk, in their own namespace; English fills in for other languages. */
export const MEMBER_CENTRE_NS = 'memberCentre';
/** The deposit, withdrawal, payment password and bank card texts. */
export const MONEY_NS = 'memberCentreMoney';

/** The wallet, records and responsible-gaming pages' texts: their own namespace, travelling with the same chunk. */
export const MC_RECORDS_NS = 'mcRecords';

export function registerMemberCentreTranslations(): void {
  if (!i18next.hasResourceBundle('vi', MC_RECORDS_NS)) i18next.addResourceBundle('vi', MC_RECORDS_NS, recordsVi);
  if (!i18next.hasResourceBundle('en', MC_RECORDS_NS)) i18next.addResourceBundle('en', MC_RECORDS_NS, recordsEn);
  if (!i18next.hasResourceBundle('vi', MEMBER_CENTRE_NS)) i18next.addResourceBundle('vi', MEMBER_CENTRE_NS, memberCentreVi);
  if (!i18next.hasResourceBundle('en', MEMBER_CENTRE_NS)) i18next.addResourceBundle('en', MEMBER_CENTRE_NS, memberCentreEn);
  if (!i18next.hasResourceBundle('vi', MONEY_NS)) i18next.addResourceBundle('vi', MONEY_NS, memberCentreMoneyVi);
  if (!i18next.hasResourceBundle('en', MONEY_NS)) i18next.addResourceBundle('en', MONEY_NS, memberCentreMoneyEn);
}
