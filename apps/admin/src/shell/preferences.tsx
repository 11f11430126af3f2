import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../i18n/i18n.ts';
import { applyTheme, initialTheme, type Theme } from '../lib/theme.ts';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="inline-field">
      <span className="visually-hidden">{t('shell.language')}</span>
      <select
        name="language"
        aria-label={t('shell.language')}
        value={i18n.language}
        onChange={(event) => changeLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A toggle: "Dark" pressed or not (a constant name, so its state is what a screen reader hears). */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(() => initialTheme());
  return (
    <button
      type="button"
      className="button"
      aria-pressed={theme === 'dark'}
      title={t('shell.theme')}
      onClick={() => {
        const next: Theme = theme === 'dark' ? 'light' : 'dark';
        applyTheme(next, true);
        setTheme(next);
      }}
    >
      {t('shell.dark')}
    </button>
  );
}
