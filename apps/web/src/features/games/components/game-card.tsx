import type { GameItem } from '@platform/contracts/games';
import { betUnitsToMinor } from '@platform/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { useSiteCurrency } from '../../../api/home-queries.ts';
import { GameArtwork } from '../../../components/game-art.tsx';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { GAMES_NS } from '../i18n/register-translations.ts';

type GameCardProps = {
  game: GameItem;
  isFavorite: boolean;
  /** Absent where favourites are not offered (a visitor sees the star and is asked to log in). */
  onToggleFavorite?: () => void;
  onLaunch: () => void;
};

/** A game in the lobby: picture, name, vendor, minimum bet, badges and the favourite star. */
export function GameCard({ game, isFavorite, onToggleFavorite, onLaunch }: GameCardProps) {
  const { t } = useTranslation(GAMES_NS);
  const money = useMoneyFormat();
  const currency = useSiteCurrency();
  // The catalogue's minimum bet is in bet units (0.01 …): shown as the merchant's money (1.000 ₫).
  const minBet = money(betUnitsToMinor(game.minBet, currency), currency);
  return (
    <li className={`game-card${game.isMaintenance ? ' is-maintenance' : ''}`} data-game={game.gameCode}>
      <button type="button" className="game-card__launch" onClick={onLaunch}>
        <GameArtwork src={game.imageUrl} code={game.gameCode} name={game.gameName} category={game.gameType} />
        <span className="game-card__name">{game.gameName}</span>
        <span className="game-card__vendor">{game.vendorName}</span>
        <span className="game-card__meta">{t('card.minBet', { amount: minBet })}</span>
      </button>
      <span className="game-card__badges">
        {game.isHot === 1 && <span className="game-badge game-badge--hot">{t('card.hot')}</span>}
        {game.isMaintenance && <span className="game-badge game-badge--maintenance">{t('card.maintenance')}</span>}
      </span>
      {onToggleFavorite && (
        <button
          type="button"
          className="game-card__star"
          aria-pressed={isFavorite}
          aria-label={isFavorite ? t('card.removeFavorite', { name: game.gameName }) : t('card.addFavorite', { name: game.gameName })}
          onClick={onToggleFavorite}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
              fill={isFavorite ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
    </li>
  );
}
