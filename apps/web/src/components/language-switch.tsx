import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n.ts';
import { BUNDLED_LANGUAGES, isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n/language.ts';

/** VI / EN as a two-button group (the pressed one is the current language), then every language in a select. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'vi';
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('language.label')}</legend>
      {BUNDLED_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className="language-switch__option"
          aria-pressed={language === current}
          lang={language}
          title={LANGUAGE_NAMES[language]}
          onClick={() => void changeLanguage(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
      <select
        className="language-switch__more"
        aria-label={t('language.more')}
        value={current}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isLanguage(chosen)) void changeLanguage(chosen);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
