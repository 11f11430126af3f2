import i18next from 'i18next';
import { liveTablesEn } from './en.ts';
import { liveTablesVi } from './vi.ts';

/** The /live board's texts, in their own namespace; English fills in for other languages. */
export const LIVE_TABLES_NS = 'live-tables';

export function registerLiveTablesTranslations(): void {
  if (!i18next.hasResourceBundle('vi', LIVE_TABLES_NS)) i18next.addResourceBundle('vi', LIVE_TABLES_NS, liveTablesVi);
  if (!i18next.hasResourceBundle('en', LIVE_TABLES_NS)) i18next.addResourceBundle('en', LIVE_TABLES_NS, liveTablesEn);
}
