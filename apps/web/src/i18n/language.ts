import { SITE_LANGUAGE_CODES, SITE_LANGUAGE_NAMES, type SiteLanguageCode } from '@platform/contracts/site-languages';

/** The quick VI / EN buttons; the spec's default is Vietnamese. Both are in the main bundle. */
export const BUNDLED_LANGUAGES = ['vi', 'en'] as const;

export type BundledLanguage = (typeof BUNDLED_LANGUAGES)[number];
/** The other translation packs, each loaded on demand from packs/<code>.ts: the site's languages past the bundled two. */
export type PackLanguage = Exclude<SiteLanguageCode, BundledLanguage>;
export const PACK_LANGUAGES: readonly PackLanguage[] = SITE_LANGUAGE_CODES.filter(
  (code): code is PackLanguage => !(BUNDLED_LANGUAGES as readonly string[]).includes(code),
);

/** Every language of the site, in the contracts' order (Vietnamese, English, then the packs). */
export const LANGUAGES = SITE_LANGUAGE_CODES;
export type Language = SiteLanguageCode;
export const DEFAULT_LANGUAGE: Language = 'vi';
/** What a pack's missing key shows. */
export const FALLBACK_LANGUAGE: Language = 'en';

/** Each language by its own name, as a reader of that language looks for it (one list with the console's). */
export const LANGUAGE_NAMES: Record<Language, string> = SITE_LANGUAGE_NAMES;

/** The languages written right to left: the page mirrors for them. */
const RTL_LANGUAGES: readonly string[] = ['ar', 'fa', 'ur'];

export function textDirection(language: Language): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/** The spec keeps the choice in local storage under `lang`. */
const STORAGE_KEY = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isBundledLanguage(value: Language): value is BundledLanguage {
  return (BUNDLED_LANGUAGES as readonly string[]).includes(value);
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
