/** The spec keeps the theme in local storage; light is the default. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
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
