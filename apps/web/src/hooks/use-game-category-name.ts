import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The categories that have a page of their own are named as their page; the rest have names of their own. */
const PAGE_OF_CATEGORY: Record<string, string> = {
  LIVE: 'live',
  RNG: 'rng',
  FISH: 'fish',
  PVP: 'pvp',
  SPORTS: 'sports',
  ESPORTS: 'esports',
  LOTT: 'lottery',
  ELOTT: 'elott',
};

/**
 * The one place a game category code (`RNG`, `LOTT`…) becomes its name in the member's language:
 * the home page, the lobby, the betting record, profit and loss and the agents' reports say the same.
 * A code no text knows shows as it is.
 */
export function useGameCategoryName(): (code: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (code: string) => {
      const page = PAGE_OF_CATEGORY[code];
      return page ? t(`pages.${page}`) : t(`gameCategory.${code}`, { defaultValue: code });
    },
    [t],
  );
}
