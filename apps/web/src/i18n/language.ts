/** The languages of the switcher; the spec's default is Vietnamese. */
export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';

/** The spec keeps the choice in local storage under `lang`. */
const STORAGE_KEY = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Accepts the spec's upper-case codes (VI, EN) as well, since other pages may write them. */
export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY)?.toLowerCase();
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The spec's `hisLang` keeps the language chosen before, for pages that offer a way back. */
const PREVIOUS_KEY = 'hisLang';

export function storeLanguage(language: Language, previous?: string): void {
  try {
    if (previous && previous !== language) window.localStorage.setItem(PREVIOUS_KEY, previous);
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing can refuse storage; the choice then lasts for this page only.
  }
}
