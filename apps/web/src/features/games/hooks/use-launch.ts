import type { GameItem, VendorCard } from '@platform/contracts/games';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { gameAction, gamePagePath, type LaunchAction, STORED_VASSALAGE_KEY, vendorCardAction } from '../lobby-filters.ts';
import { useGameDialogStore } from './game-dialog-store.ts';

/**
 * Runs the launch rules for a game or vendor card: login, trial, maintenance, lottery, slots,
 * sub-game lists, and the /game page for a game to play. `walletStyles` maps vendor codes to their
 * wallet style, so a transfer-style vendor's game first asks for the amount to bring in.
 */
export function useLaunch(walletStyles: ReadonlyMap<string, string>) {
  const navigate = useNavigate();
  const location = useLocation();
  const isLogin = useSessionStore((s) => s.isLogin);
  const isTrial = useSessionStore((s) => s.isTrial);
  const openPopup = usePopupStore((s) => s.open);
  const openDialog = useGameDialogStore((s) => s.open);
  const closeDialog = useGameDialogStore((s) => s.close);

  const run = useCallback(
    (action: LaunchAction, room?: string) => {
      switch (action.kind) {
        case 'login':
          closeDialog();
          openPopup('login');
          return;
        case 'realAccount':
          closeDialog();
          openPopup('realAccount');
          return;
        case 'maintenance':
          openDialog(action);
          return;
        case 'vendorGames':
          openDialog(action);
          return;
        case 'navigate':
          closeDialog();
          if (action.storeVassalage) sessionStorage.setItem(STORED_VASSALAGE_KEY, action.storeVassalage);
          navigate(action.to);
          return;
        case 'play':
          closeDialog();
          navigate(gamePagePath(action, `${location.pathname}${location.search}`, walletStyles.get(action.vendor), room));
          return;
      }
    },
    [closeDialog, openPopup, openDialog, navigate, location.pathname, location.search, walletStyles],
  );

  const context = { isLogin, isTrial };
  return {
    launchGame: (game: GameItem) => run(gameAction(game, context)),
    /** A game known by its code only (a live table on the board): the login and real-account rules, then its /game page. */
    launchByCode: (play: Omit<Extract<LaunchAction, { kind: 'play' }>, 'kind'>) => {
      if (!isLogin) run({ kind: 'login' });
      else if (isTrial) run({ kind: 'realAccount' });
      else run({ kind: 'play', ...play });
    },
    /** A card room of the room list: the game opens seated at that room. */
    joinRoom: (game: GameItem, room: string) => run(gameAction(game, context), room),
    openVendor: (card: VendorCard) => run(vendorCardAction(card, context)),
  };
}
