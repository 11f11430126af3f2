import i18next from 'i18next';
import { recordsEn } from './records.en.ts';
import { recordsVi } from './records.vi.ts';

/** The wallet, records, transfers and responsible-gaming texts, in their own namespace; English fills in for other languages. */
export const MC_RECORDS_NS = 'mcRecords';

export function registerWalletRecordsTranslations(): void {
  if (!i18next.hasResourceBundle('vi', MC_RECORDS_NS)) i18next.addResourceBundle('vi', MC_RECORDS_NS, recordsVi);
  if (!i18next.hasResourceBundle('en', MC_RECORDS_NS)) i18next.addResourceBundle('en', MC_RECORDS_NS, recordsEn);
}

// Every part of the feature names its namespace through this module, so the texts arrive with the
// feature's first chunk, which loads after i18next has started.
registerWalletRecordsTranslations();
