import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { DEFAULT_LANGUAGE, type Language, readStoredLanguage, storeLanguage } from './language.ts';
import { vi } from './vi.ts';

export async function initI18n(): Promise<void> {
  const language = readStoredLanguage();
  await i18next.use(initReactI18next).init({
    resources: { vi: { translation: vi }, en: { translation: en } },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language, i18next.language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}
