import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { AdminApiError } from '../api/client.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';
import { zh } from './zh.ts';
import { zhErrors } from './zh-errors.ts';

/** The console's languages: Vietnamese (the default), English, Chinese; all three complete. */
export const LANGUAGES = [
  { code: 'vi', label: 'Tiếng Việt' },
  { code: 'en', label: 'English' },
  { code: 'zh', label: '中文' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'lotus.admin.lang';

function savedLanguage(): Language {
  const saved = window.localStorage.getItem(STORAGE_KEY);
  return LANGUAGES.some((language) => language.code === saved) ? (saved as Language) : 'vi';
}

export async function initI18n(language: Language = savedLanguage()): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: { vi: { translation: vi }, en: { translation: en }, zh: { translation: zh } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = language;
}

/**
 * A section's own texts, added when its chunk loads (so they stay out of the first load), under
 * `key` in the three languages. The section calls it at the top of its module.
 */
export function addSectionTexts<T extends object>(key: string, texts: { vi: T; en: T; zh: T }): void {
  for (const language of LANGUAGES) i18next.addResourceBundle(language.code, 'translation', { [key]: texts[language.code] }, true, true);
}

export function changeLanguage(language: Language): void {
  window.localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  void i18next.changeLanguage(language);
}

/**
 * The sentence to show for a failed call, in the operator's language: the message of the envelope's
 * code (the server writes it in Vietnamese or English; Chinese from zh-errors.ts), never a field name.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof AdminApiError)) return i18next.t('error.generic');
  if (error.code === null) return error.status === null ? i18next.t('error.network') : i18next.t('error.generic');
  if (i18next.language === 'zh') return zhErrors[error.code as keyof typeof zhErrors] ?? error.message;
  return error.message || i18next.t('error.generic');
}
