import i18next from 'i18next';
import { gamesEn } from './en.ts';
import { gamesVi } from './vi.ts';

/** The lobby's texts travel with its chunk, in their own namespace; English fills in for other languages. */
export const GAMES_NS = 'games';

export function registerGamesTranslations(): void {
  if (!i18next.hasResourceBundle('vi', GAMES_NS)) i18next.addResourceBundle('vi', GAMES_NS, gamesVi);
  if (!i18next.hasResourceBundle('en', GAMES_NS)) i18next.addResourceBundle('en', GAMES_NS, gamesEn);
}
