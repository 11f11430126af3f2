import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { appDownloadEn } from './en.ts';
import { appDownloadVi } from './vi.ts';

/** The download page's texts travel with its chunk, in their own namespace; English fills in for other languages. */
export const APP_DOWNLOAD_NS = 'appDownload';

export function registerAppDownloadTranslations(): void {
  if (!i18next.hasResourceBundle('vi', APP_DOWNLOAD_NS)) i18next.addResourceBundle('vi', APP_DOWNLOAD_NS, appDownloadVi);
  if (!i18next.hasResourceBundle('en', APP_DOWNLOAD_NS)) i18next.addResourceBundle('en', APP_DOWNLOAD_NS, appDownloadEn);
}

export function useAppDownloadTranslation() {
  registerAppDownloadTranslations();
  return useTranslation(APP_DOWNLOAD_NS);
}
