import type { GameItem } from '@platform/contracts/games';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { gamesKeys } from '../../../api/games-keys.ts';
import { walletKeys } from '../../../api/get-balance.ts';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { launchGame } from '../api/launch-game.ts';
import { GAMES_NS, registerGamesTranslations } from '../i18n/register-translations.ts';
import { gameAction, gamePagePath } from '../lobby-filters.ts';
import '../games.css';
import { MaintenanceNotice } from './game-dialogs.tsx';

registerGamesTranslations();

/** Only transfer-style vendors ask for a transfer first: its form (and the form library) loads with it. */
const TransferPrompt = lazy(async () => ({ default: (await import('./transfer-prompt.tsx')).TransferPrompt }));

/** Only a path of this site may be the way back (never another site). */
function safeLocalPath(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/index';
}

/** The site header, footer and breadcrumbs give way to the game while the toggle is on. */
function useGameFocus(isOn: boolean): void {
  useEffect(() => {
    if (!isOn) return;
    document.documentElement.dataset.gameFocus = 'true';
    return () => {
      delete document.documentElement.dataset.gameFocus;
    };
  }, [isOn]);
}

/**
 * `/game` (the game in a frame inside the site) and `/seamless` (the game filling its own window).
 * The page launches the game named in its address, so a reload starts it again; a transfer-style
 * vendor first asks for the amount to bring in. Leaving refreshes the balance.
 */
export function GamePage({ variant }: { variant: 'frame' | 'window' }) {
  const { t, i18n } = useTranslation(GAMES_NS);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isLogin = useSessionStore((s) => s.isLogin);
  const openPopup = usePopupStore((s) => s.open);
  const vendor = params.get('vendor') ?? '';
  const gameType = params.get('type') ?? '';
  const gameCode = params.get('game') ?? undefined;
  // A card room chosen in the room list: handed to the game in the address's fragment (not signed, not sent to the server).
  const room = /^[a-z0-9-]{1,24}$/.test(params.get('room') ?? '') ? params.get('room') : null;
  const name = params.get('name') || gameCode || vendor;
  const vendorName = params.get('vendorName') || vendor;
  const from = safeLocalPath(params.get('from'));
  const isTransfer = params.get('wallet') === 'transfer';
  const [isTransferDone, setIsTransferDone] = useState(!isTransfer);
  const [isFocused, setIsFocused] = useState(variant === 'window');
  const [attempt, setAttempt] = useState(0);
  const [isPopupBlocked, setIsPopupBlocked] = useState(false);
  useGameFocus(isFocused);

  useEffect(() => {
    document.title = `${name} · Lotus`;
  }, [name]);
  // The game may have moved money: the balance is asked again when the game closes.
  useEffect(
    () => () => {
      // The vendor wallets' balances sit under the wallet's keys.
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
    [queryClient],
  );

  const canLaunch = isLogin && vendor !== '' && gameType !== '' && isTransferDone;
  const launch = useQuery({
    queryKey: [...gamesKeys.all, 'launch', vendor, gameType, gameCode, i18n.language, attempt],
    queryFn: () => launchGame({ gameType, vendor, gameCode, language: i18n.language, returnUrl: from }),
    enabled: canLaunch,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  const close = () => {
    if (variant === 'window' && window.opener) window.close();
    else navigate(from);
  };
  const openWindow = () => {
    const path = `/seamless?${params.toString()}`;
    const opened = window.open(path, '_blank');
    setIsPopupBlocked(opened === null);
  };
  const playInstead = (game: GameItem) => {
    const action = gameAction(game, { isLogin, isTrial: useSessionStore.getState().isTrial });
    if (action.kind === 'play') navigate(gamePagePath(action, from));
    else if (action.kind === 'realAccount') openPopup('realAccount');
  };

  let body: ReactNode;
  if (vendor === '' || gameType === '') {
    body = <p className="game-page__state">{t('game.missing')}</p>;
  } else if (!isLogin) {
    body = (
      <div className="game-page__state">
        <p>{t('game.loginNeeded')}</p>
        {variant === 'frame' ? (
          <button type="button" className="button button--primary" onClick={() => openPopup('login')}>
            {t('lobby.login')}
          </button>
        ) : (
          <Link className="button button--primary" to="/login">
            {t('lobby.login')}
          </Link>
        )}
      </div>
    );
  } else if (!isTransferDone) {
    body = (
      <Suspense
        fallback={
          <div className="game-page__state" role="status">
            <span className="spinner" aria-hidden="true" />
          </div>
        }
      >
        <TransferPrompt vendor={vendor} vendorName={vendorName} onDone={() => setIsTransferDone(true)} />
      </Suspense>
    );
  } else if (launch.isPending) {
    body = (
      <div className="game-page__state" role="status">
        <span className="spinner" aria-hidden="true" /> {t('game.launching')}
      </div>
    );
  } else if (launch.isError) {
    const code = launch.error instanceof ApiError ? launch.error.code : null;
    body = (
      <div className="game-page__state game-page__state--error" role="alert">
        <h2 className="game-page__error-title">{t('game.launchFailed')}</h2>
        <p data-testid="launch-error">{errorText(launch.error)}</p>
        {code === 'game_maintenance' && <MaintenanceNotice name={name} message="" gameType={gameType} onLaunch={playInstead} />}
        <div className="form__actions">
          <Link className="button" to={from}>
            {t('game.backToLobby')}
          </Link>
          {code !== 'game_maintenance' && code !== 'in_need_true_account' && (
            <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('game.retry')}
            </button>
          )}
        </div>
      </div>
    );
  } else {
    body = (
      <iframe
        className="game-page__frame"
        src={room ? `${launch.data.content}#room=${room}` : launch.data.content}
        title={t('game.frameTitle', { name })}
        allow="fullscreen; autoplay"
        referrerPolicy="no-referrer"
      />
    );
  }

  return (
    <div className={`game-page game-page--${variant}${isFocused ? ' is-focused' : ''}`}>
      <div className="game-page__bar">
        <h1 className="game-page__title">
          {name}
          {launch.data?.isTrial && <span className="game-badge">{t('game.trial')}</span>}
        </h1>
        <div className="game-page__actions">
          {variant === 'frame' && (
            <>
              <button type="button" className="button button--small" aria-pressed={isFocused} onClick={() => setIsFocused((v) => !v)}>
                {isFocused ? t('game.showHeader') : t('game.hideHeader')}
              </button>
              <button type="button" className="button button--small" onClick={openWindow} disabled={!launch.data}>
                {t('game.newWindow')}
              </button>
            </>
          )}
          <button type="button" className="button button--small button--primary" onClick={close}>
            {t('game.close')}
          </button>
        </div>
      </div>
      {isPopupBlocked && (
        <p className="game-page__notice" role="alert">
          {t('game.popupBlocked')}
        </p>
      )}
      {body}
    </div>
  );
}
