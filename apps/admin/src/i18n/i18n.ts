import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { AdminApiError } from '../api/client.ts';

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

/** The console's Chinese error sentences by code, once Chinese has been loaded. */
let zhErrors: Readonly<Record<string, string>> = {};

/**
 * Each language's texts, in a chunk of its own: the first load carries only the operator's language
 * (the others come when the operator switches), and Chinese brings its error sentences with it.
 */
const PACKS: Record<Language, () => Promise<object>> = {
  vi: () => import('./vi.ts').then((m) => m.vi),
  en: () => import('./en.ts').then((m) => m.en),
  zh: () =>
    Promise.all([import('./zh.ts'), import('./zh-errors.ts')]).then(([texts, errors]) => {
      zhErrors = errors.zhErrors;
      return texts.zh;
    }),
};

const loaded = new Set<Language>();

async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const texts = await PACKS[language]();
  // Merged under the sections' texts already added in that language (addSectionTexts).
  i18next.addResourceBundle(language, 'translation', texts, true, false);
  loaded.add(language);
}

/**
 * Starts the console's texts in `language` (the saved one by default), loading its pack; `languages`
 * loads more at once (the tests load all three, so a switch in a test is immediate).
 */
export async function initI18n(language: Language = savedLanguage(), languages: readonly Language[] = [language]): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: {},
    lng: language,
    // Every pack is complete (lib/sections.test.ts); a key missing from one is shown as the key.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  await Promise.all([...new Set([language, ...languages])].map(loadLanguage));
  document.documentElement.lang = language;
}

/**
 * A section's own texts, added when its chunk loads (so they stay out of the first load), under
 * `key` in the three languages. The section calls it at the top of its module.
 */
export function addSectionTexts<T extends object>(key: string, texts: { vi: T; en: T; zh: T }): void {
  for (const language of LANGUAGES) i18next.addResourceBundle(language.code, 'translation', { [key]: texts[language.code] }, true, true);
}

/** Switches the console's language (at once when its pack is loaded, else once it has arrived) and keeps the choice. */
export function changeLanguage(language: Language): void {
  window.localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
  if (loaded.has(language)) {
    void i18next.changeLanguage(language);
    return;
  }
  void loadLanguage(language).then(
    () => i18next.changeLanguage(language),
    // Offline or a new build since the page loaded: the console stays in its language.
    () => undefined,
  );
}

/**
 * The sentence to show for a failed call, in the operator's language: the message of the envelope's
 * code (the server writes it in Vietnamese or English; Chinese from zh-errors.ts), never a field name.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof AdminApiError)) return i18next.t('error.generic');
  if (error.code === null) return error.status === null ? i18next.t('error.network') : i18next.t('error.generic');
  if (i18next.language === 'zh') return zhErrors[error.code] ?? error.message;
  return error.message || i18next.t('error.generic');
}
