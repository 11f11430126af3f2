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

export function ThemeSwitch() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(() => initialTheme());
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="button"
      aria-pressed={theme === 'dark'}
      aria-label={`${t('shell.theme')}: ${t(`shell.${theme}`)}`}
      onClick={() => {
        applyTheme(next, true);
        setTheme(next);
      }}
    >
      {t(`shell.${next}`)}
    </button>
  );
}
