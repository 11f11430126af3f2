import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { FALLBACK_LANGUAGE, isBundledLanguage, type Language, readStoredLanguage, storeLanguage, textDirection } from './language.ts';
import { loadPack, loadShellHomePack } from './load-pack.ts';
import { SHELL_HOME_NS } from './shell-home/register-translations.ts';
import { vi } from './vi.ts';

/** Fetches the language's pack unless it is bundled or already here; a failed fetch leaves English to fill in. */
async function ensureResources(language: Language): Promise<void> {
  if (isBundledLanguage(language) || i18next.hasResourceBundle(language, 'translation')) return;
  try {
    const [pack, shellHome] = await Promise.all([loadPack(language), loadShellHomePack(language)]);
    i18next.addResourceBundle(language, SHELL_HOME_NS, shellHome, true, true);
    i18next.addResourceBundle(language, 'translation', pack, true, true);
  } catch {
    // Offline or a stale deploy: the keys show in English, the fallback.
  }
}

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

export async function initI18n(): Promise<void> {
  const language = readStoredLanguage();
  const resources: Resource = { vi: { translation: vi }, en: { translation: en } };
  if (!isBundledLanguage(language)) {
    try {
      const [pack, shellHome] = await Promise.all([loadPack(language), loadShellHomePack(language)]);
      resources[language] = { translation: pack, [SHELL_HOME_NS]: shellHome };
    } catch {
      // The keys show in English, the fallback.
    }
  }
  await i18next.use(initReactI18next).init({
    resources,
    lng: language,
    // Vietnamese is the default language; a key missing from a pack shows in English.
    fallbackLng: FALLBACK_LANGUAGE,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyToDocument(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language, i18next.language);
  await ensureResources(language);
  await i18next.changeLanguage(language);
  applyToDocument(language);
}
