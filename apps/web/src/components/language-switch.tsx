import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n.ts';
import { isLanguage, LANGUAGES } from '../i18n/language.ts';

/** VI / EN as a two-button group; the pressed one is the current language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'vi';
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{t('language.label')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          className="language-switch__option"
          aria-pressed={language === current}
          lang={language}
          title={t(`language.${language}`)}
          onClick={() => void changeLanguage(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
