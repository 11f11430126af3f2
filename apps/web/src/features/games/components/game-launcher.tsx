import type { GameItem } from '@platform/contracts/games';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useVendorLanes } from '../../../api/get-vendor-lanes.ts';
import { useLaunch } from '../hooks/use-launch.ts';
import { registerGamesTranslations } from '../i18n/register-translations.ts';
import '../games.css';
import { GameDialogs } from './game-dialogs.tsx';

registerGamesTranslations();

/**
 * The launch rules for a game shown outside a lobby (the home page's hot games): login, trial,
 * maintenance, lottery and the /game page, with each vendor's wallet style from the vendor lanes.
 * Render `dialogs` once where the launches happen: maintenance and sub-game lists open there.
 */
export function useGameLauncher(): { launchGame: (game: GameItem) => void; dialogs: React.ReactNode } {
  const { i18n } = useTranslation();
  const lanes = useVendorLanes(i18n.language);
  const walletStyles = useMemo(
    () => new Map((lanes.data ?? []).flatMap((l) => l.cards.map((c) => [c.vassalage, c.walletStyle] as const))),
    [lanes.data],
  );
  const { launchGame } = useLaunch(walletStyles);
  return { launchGame, dialogs: <GameDialogs onLaunch={launchGame} /> };
}
