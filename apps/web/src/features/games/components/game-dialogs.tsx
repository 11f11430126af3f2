import type { GameItem } from '@platform/contracts/games';
import { useTranslation } from 'react-i18next';
import { GameArtwork } from '../../../components/game-art.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { usePopularGames } from '../api/get-popular-games.ts';
import { useVendorGames } from '../api/get-vendor-games.ts';
import { type GameDialog, useGameDialogStore } from '../hooks/game-dialog-store.ts';
import { GAMES_NS } from '../i18n/register-translations.ts';

function MiniGameList({ games, onLaunch }: { games: GameItem[]; onLaunch: (game: GameItem) => void }) {
  return (
    <ul className="mini-games">
      {games.map((game) => (
        <li key={game.nodeId}>
          <button type="button" className="mini-games__item" onClick={() => onLaunch(game)}>
            <GameArtwork src={game.imageUrl} code={game.gameCode} name={game.gameName} category={game.gameType} />
            <span className="mini-games__name">{game.gameName}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Maintenance: the operator's message, and popular games to play instead. */
export function MaintenanceNotice({
  name,
  message,
  gameType,
  onLaunch,
}: {
  name: string;
  message: string;
  gameType: string;
  onLaunch: (game: GameItem) => void;
}) {
  const { t, i18n } = useTranslation(GAMES_NS);
  const popular = usePopularGames(gameType, i18n.language);
  const others = (popular.data ?? []).filter((game) => game.gameName !== name);
  return (
    <div className="maintenance-notice" data-testid="maintenance-notice">
      <p className="dialog__text">{t('maintenance.text', { name })}</p>
      {message && <p className="maintenance-notice__message">{message}</p>}
      <h3 className="maintenance-notice__heading">{t('maintenance.popular')}</h3>
      {popular.isPending ? (
        <span className="spinner" role="status" aria-label={t('lobby.loading')} />
      ) : others.length > 0 ? (
        <MiniGameList games={others} onLaunch={onLaunch} />
      ) : (
        <p className="dialog__text">{t('maintenance.noPopular')}</p>
      )}
    </div>
  );
}

function VendorGames({ dialog, onLaunch }: { dialog: Extract<GameDialog, { kind: 'vendorGames' }>; onLaunch: (game: GameItem) => void }) {
  const { t, i18n } = useTranslation(GAMES_NS);
  const games = useVendorGames(dialog.card.vassalage, dialog.card.gameType, i18n.language);
  if (games.isPending) return <span className="spinner" role="status" aria-label={t('lobby.loading')} />;
  if (games.isError) return <p role="alert">{t('lobby.loadError')}</p>;
  if (games.data.games.length === 0) return <p className="dialog__text">{t('vassalage.empty')}</p>;
  return <MiniGameList games={games.data.games} onLaunch={onLaunch} />;
}

/** The lobby's open popup, if any. */
export function GameDialogs({ onLaunch }: { onLaunch: (game: GameItem) => void }) {
  const { t } = useTranslation(GAMES_NS);
  const dialog = useGameDialogStore((s) => s.dialog);
  const close = useGameDialogStore((s) => s.close);
  if (!dialog) return null;
  if (dialog.kind === 'maintenance') {
    return (
      <ModalDialog title={t('maintenance.title')} onClose={close}>
        <MaintenanceNotice name={dialog.name} message={dialog.message} gameType={dialog.gameType} onLaunch={onLaunch} />
        <div className="form__actions">
          <button type="button" className="button" onClick={close}>
            {t('maintenance.close')}
          </button>
        </div>
      </ModalDialog>
    );
  }
  if (dialog.kind === 'vendorGames') {
    return (
      <ModalDialog title={t('card.vendorGames', { name: dialog.card.displayName })} onClose={close}>
        <VendorGames dialog={dialog} onLaunch={onLaunch} />
      </ModalDialog>
    );
  }
  return (
    <ModalDialog title={t('game.title')} onClose={close} size="small">
      <p className="dialog__text">{t('game.popupBlocked')}</p>
    </ModalDialog>
  );
}
