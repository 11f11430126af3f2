import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../auth/hooks/session-store.ts';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
import { useHotGames } from '../api/home-queries.ts';
import { useShellHomeTranslation } from '../i18n/register-translations.ts';

/** The hot list's types (spec section 9) and the category page of each. */
export const HOT_TYPES = [
  { type: 'ELOTT', path: '/elott' },
  { type: 'LOTT', path: '/lottery' },
  { type: 'LIVE', path: '/live' },
  { type: 'SPORTS', path: '/sports' },
  { type: 'FISH', path: '/fish' },
  { type: 'RNG', path: '/rng' },
  { type: 'PVP', path: '/pvp' },
] as const;

/**
 * Hot games by type, as cards. A visitor who picks one is asked to log in; a member goes to the
 * game's category page.
 */
export function HotGames() {
  const { t } = useShellHomeTranslation();
  const hot = useHotGames();
  const isLogin = useSessionStore((s) => s.isLogin);
  const openPopup = usePopupStore((s) => s.open);
  const navigate = useNavigate();
  const types = HOT_TYPES.filter((entry) => (hot.data?.[entry.type]?.length ?? 0) > 0);
  const [chosen, setChosen] = useState<string | null>(null);
  const active = types.find((entry) => entry.type === chosen) ?? types[0];
  const play = (path: string) => {
    if (!isLogin) openPopup('login');
    else void navigate(path);
  };
  let body: React.ReactNode;
  if (hot.isPending)
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
              {t(`hot.type.${entry.type}`)}
            </button>
          ))}
        </fieldset>
        <ul className="hot__list">
          {(hot.data[active.type] ?? []).slice(0, 12).map((game) => (
            <li key={game.nodeId} className="hot__item">
              <button type="button" className="hot__card" onClick={() => play(active.path)}>
                {game.imageUrl ? (
                  <img className="hot__image" src={game.imageUrl} alt="" loading="lazy" width={160} height={120} />
                ) : (
                  <span className="hot__image hot__image--blank" aria-hidden="true">
                    {game.gameName.slice(0, 1)}
                  </span>
                )}
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
