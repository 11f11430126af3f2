import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/icon.tsx';
import { readStoredTheme, storeTheme, type Theme } from '../lib/theme.ts';

/** Light / dark: one toggle button whose pressed state means dark. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(readStoredTheme);
  const isDark = theme === 'dark';
  return (
    <button
      type="button"
      className="icon-button theme-switch"
      aria-pressed={isDark}
      aria-label={t('theme.dark')}
      title={isDark ? t('theme.switchToLight') : t('theme.switchToDark')}
      onClick={() => {
        const next: Theme = isDark ? 'light' : 'dark';
        storeTheme(next);
        setTheme(next);
      }}
    >
      <Icon name={isDark ? 'moon' : 'sun'} />
    </button>
  );
}
