import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useGameMenus } from '../api/home-queries.ts';
import { cockfightGamePath, GAME_CATEGORIES } from '../lib/site-sections.ts';
import { VendorMenu } from './vendor-menu.tsx';
import './vendor-menu.css';

const PLAIN_ITEMS = [
  { key: 'home', path: '/index' },
  { key: 'promotions', path: '/promotions' },
  { key: 'download', path: '/download' },
] as const;

/** The server's category code of each header category. */
export const CATEGORY_GAME_TYPES: Record<(typeof GAME_CATEGORIES)[number]['key'], string> = {
  live: 'LIVE',
  rng: 'RNG',
  fish: 'FISH',
  pvp: 'PVP',
  sports: 'SPORTS',
  esports: 'ESPORTS',
  lottery: 'LOTT',
};

function PlainItem({ label, path, onNavigate }: { label: string; path: string; onNavigate?: () => void }) {
  return (
    <li className="main-nav__item">
      <NavLink className="main-nav__link" to={path} onClick={onNavigate}>
        {label}
      </NavLink>
    </li>
  );
}

/** The header's navigation: Home, the game categories (each with its vendors), Cockfight (launches the game), Promotions and App Download. */
export function MainNav({ id, onNavigate }: { id: string; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const menus = useGameMenus();
  const cockfight = menus.data?.find((menu) => menu.gameType === 'COCKFIGHT')?.vendors.find((v) => !v.isMaintenance);
  return (
    <nav id={id} className="main-nav" aria-label={t('nav.main')}>
      <ul className="main-nav__list">
        <PlainItem label={t('nav.home')} path={PLAIN_ITEMS[0].path} onNavigate={onNavigate} />
        {GAME_CATEGORIES.map((category) => {
          const gameType = CATEGORY_GAME_TYPES[category.key];
          const vendors = menus.data?.find((menu) => menu.gameType === gameType)?.vendors ?? [];
          const label = t(`nav.${category.key}`);
          if (vendors.length === 0) return <PlainItem key={category.key} label={label} path={category.path} onNavigate={onNavigate} />;
          return (
            <VendorMenu
              key={category.key}
              label={label}
              path={category.path}
              gameType={gameType}
              vendors={vendors}
              onNavigate={onNavigate}
            />
          );
        })}
        {cockfight && (
          <PlainItem label={t('nav.cockfight')} path={cockfightGamePath(cockfight, t('nav.cockfight'))} onNavigate={onNavigate} />
        )}
        <PlainItem label={t('nav.promotions')} path={PLAIN_ITEMS[1].path} onNavigate={onNavigate} />
        <PlainItem label={t('nav.download')} path={PLAIN_ITEMS[2].path} onNavigate={onNavigate} />
      </ul>
    </nav>
  );
}
