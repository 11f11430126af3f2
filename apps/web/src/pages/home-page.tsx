import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useNavigate } from 'react-router';
import { CategoryArt } from '../components/game-art.tsx';
import { BannerCarousel } from '../features/content/components/banner-carousel.tsx';
import { NoticeMarquee } from '../features/content/components/notice-marquee.tsx';
import { useGameLauncher } from '../features/games/components/game-launcher.tsx';
import { HotGames } from '../features/home/components/hot-games.tsx';
import { JackpotCounter } from '../features/home/components/jackpot-counter.tsx';
import { WinnerBoard } from '../features/home/components/winner-board.tsx';
import { useAfterFirstView } from '../hooks/use-after-first-view.ts';
import { GAME_CATEGORIES } from '../lib/site-sections.ts';
import { CATEGORY_GAME_TYPES } from '../shell/main-nav.tsx';
import { useSessionStore } from '../state/session-store.ts';
import '../features/home/home.css';
import { usePopupStore } from '../state/popup-store.ts';

/** The popup a route opens over home (/register, /register.html, /login). */
function useRoutePopup(): 'login' | 'register' | undefined {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { popup?: 'login' | 'register' } | undefined;
  return handle?.popup;
}

/** The hot games, each launching its own game by the site's launch rules (maintenance and sub-game dialogs included). */
export function HotGamesSection() {
  const launcher = useGameLauncher();
  return (
    <>
      <HotGames onPlay={launcher.launchGame} />
      {launcher.dialogs}
    </>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const popup = useRoutePopup();
  const isLogin = useSessionStore((s) => s.isLogin);
  const open = usePopupStore((s) => s.open);
  const current = usePopupStore((s) => s.popup);
  const navigate = useNavigate();
  const hasOpenedRef = useRef(false);
  // The hot games and the winners are below the first view: drawn after it (hooks/use-after-first-view.ts).
  const isPastFirstView = useAfterFirstView();
  useEffect(() => {
    document.title = 'Lotus';
  }, []);
  useEffect(() => {
    if (popup && !isLogin) open(popup);
  }, [popup, isLogin, open]);
  useEffect(() => {
    // Closing the popup a route opened leaves that route, so a reload does not open it again. A
    // login that closed it has already gone where it goes (the agent centre, a member-centre page).
    if (!popup) return;
    if (current !== null) hasOpenedRef.current = true;
    else if (hasOpenedRef.current && !useSessionStore.getState().isLogin) void navigate('/index', { replace: true });
  }, [popup, current, navigate]);
  const hero = (
    <section className="hero" aria-labelledby="hero-title">
      <h2 id="hero-title" className="hero__title">
        {t('home.welcomeTitle')}
      </h2>
      <p className="hero__text">{t('home.welcomeText')}</p>
    </section>
  );
  return (
    <>
      {/* The page's heading; the banners (or, without any, the welcome block) show the brand. */}
      <h1 className="visually-hidden">{t('home.welcomeTitle')}</h1>
      <BannerCarousel fallback={hero} />
      <NoticeMarquee />
      <JackpotCounter />
      <section className="categories" aria-labelledby="categories-title">
        <h2 id="categories-title" className="categories__title">
          {t('home.categoriesTitle')}
        </h2>
        <ul className="categories__list">
          {GAME_CATEGORIES.map((category) => (
            <li key={category.key} className={`category category--${category.key}`}>
              <Link className="category__link" to={category.path}>
                <CategoryArt className="category__art" gameType={CATEGORY_GAME_TYPES[category.key]} />
                <span className="category__name">{t(`pages.${category.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {isPastFirstView && (
        <div className="home-grid">
          <HotGamesSection />
          <WinnerBoard />
        </div>
      )}
    </>
  );
}
