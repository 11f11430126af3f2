import type { GameItem } from '@platform/contracts/games';
import { useDeferredValue, useState } from 'react';
import { useHotGames } from '../../../api/home-queries.ts';
import { GameArtwork } from '../../../components/game-art.tsx';
import { useGameCategoryName } from '../../../hooks/use-game-category-name.ts';
import { useShellHomeTranslation } from '../../../i18n/shell-home/register-translations.ts';

/** The hot list's types (spec section 9), in the order of their tabs. */
const HOT_TYPES = [
  { type: 'ELOTT' },
  { type: 'LOTT' },
  { type: 'LIVE' },
  { type: 'SPORTS' },
  { type: 'FISH' },
  { type: 'RNG' },
  { type: 'PVP' },
] as const;

/**
 * Hot games by type, as cards. Picking one launches that game (`onPlay` runs the site's launch
 * rules: a visitor is asked to log in, a lottery game opens its draw, any other game its /game page).
 */
export function HotGames({ onPlay }: { onPlay: (game: GameItem) => void }) {
  const { t } = useShellHomeTranslation();
  const categoryName = useGameCategoryName();
  const hot = useHotGames();
  // The answer arrives in a store update, drawn at once: its cards are drawn in a transition instead,
  // the placeholders staying until then (docs/web-shell.md, "First paint").
  const data = useDeferredValue(hot.data);
  const types = HOT_TYPES.filter((entry) => (data?.[entry.type]?.length ?? 0) > 0);
  const [chosen, setChosen] = useState<string | null>(null);
  const active = types.find((entry) => entry.type === chosen) ?? types[0];
  let body: React.ReactNode;
  if (hot.isPending || (data === undefined && !hot.isError))
    // Placeholders in the shape of the tabs and a row of cards keep the page from jumping on arrival.
    body = (
      <>
        <p className="visually-hidden">{t('loading')}</p>
        <div className="hot__tabs" aria-hidden="true">
          <span className="hot__tab hot__tab--pending" />
        </div>
        <ul className="hot__list" aria-hidden="true">
          {[0, 1, 2, 3].map((slot) => (
            <li key={slot} className="hot__item">
              <span className="hot__card hot__card--pending">
                <span className="hot__image" />
                <span className="hot__name">&nbsp;</span>
                <span className="hot__vendor">&nbsp;</span>
              </span>
            </li>
          ))}
        </ul>
      </>
    );
  else if (hot.isError)
    body = (
      <p className="home-state home-state--error">
        {t('error')}{' '}
        <button type="button" className="link-button" onClick={() => void hot.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  else if (!active) body = <p className="home-state">{t('hot.empty')}</p>;
  else
    body = (
      <>
        <fieldset className="hot__tabs">
          <legend className="visually-hidden">{t('hot.types')}</legend>
          {types.map((entry) => (
            <button
              key={entry.type}
              type="button"
              className="hot__tab"
              aria-pressed={entry.type === active.type}
              onClick={() => setChosen(entry.type)}
            >
              {categoryName(entry.type)}
            </button>
          ))}
        </fieldset>
        <ul className="hot__list">
          {(data?.[active.type] ?? []).slice(0, 12).map((game) => (
            <li key={game.nodeId} className="hot__item">
              <button type="button" className="hot__card" onClick={() => onPlay(game)}>
                <span className="hot__image">
                  <GameArtwork src={game.imageUrl} code={game.gameCode} name={game.gameName} category={game.gameType} />
                </span>
                <span className="hot__name">{game.gameName}</span>
                <span className="hot__vendor">{game.isMaintenance ? t('hot.maintenance') : game.vendorName}</span>
              </button>
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <section className="hot" aria-labelledby="hot-title">
      <h2 id="hot-title" className="hot__title">
        {t('hot.title')}
      </h2>
      {body}
    </section>
  );
}
