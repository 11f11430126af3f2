import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { GAME_CATEGORIES } from '../../../app/site-sections.ts';

const PLAIN_ITEMS = [
  { key: 'home', path: '/index' },
  { key: 'promotions', path: '/promotions' },
  { key: 'download', path: '/download' },
] as const;

/** The header's navigation: Home, the game categories, Promotions and App Download. */
export function MainNav({ id, onNavigate }: { id: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const items = [PLAIN_ITEMS[0], ...GAME_CATEGORIES.map((c) => ({ key: c.key, path: c.path })), PLAIN_ITEMS[1], PLAIN_ITEMS[2]];
  return (
    <nav id={id} className="main-nav" aria-label={t('nav.main')}>
      <ul className="main-nav__list">
        {items.map((item) => (
          <li key={item.key}>
            <NavLink className="main-nav__link" to={item.path} onClick={onNavigate}>
              {t(`nav.${item.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
