/** The spec keeps the theme in local storage; light is the default. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
/** Also read by public/theme-init.js, which sets the theme before the first paint. */
const STORAGE_KEY = 'theme';

export function readStoredTheme(): Theme {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Set before the first render so the page never flashes the other theme. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

export function storeTheme(theme: Theme): void {
  applyTheme(theme);
  try {
    window.localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage refused: the theme lasts for this page only.
  }
}
