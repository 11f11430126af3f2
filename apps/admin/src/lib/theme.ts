export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'lotus.admin.theme';

/** The saved theme, else the system's. */
export function initialTheme(): Theme {
  const saved = window.localStorage.getItem(STORAGE_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme, save = false): void {
  document.documentElement.dataset.theme = theme;
  if (save) window.localStorage.setItem(STORAGE_KEY, theme);
}
