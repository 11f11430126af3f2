import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../components/brand-logo.tsx';
import { Icon } from '../components/icon.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { VisitorActions } from '../features/auth/components/visitor-actions.tsx';
import { useSessionStore } from '../state/session-store.ts';
import { LoggedInBar } from './logged-in-bar.tsx';
import { MainNav } from './main-nav.tsx';
import { ThemeSwitch } from './theme-switch.tsx';

const NAV_ID = 'main-nav';

/** Logo, account area, language and theme; the navigation folds into a menu on phones. */
export function SiteHeader() {
  const { t } = useTranslation();
  const isLogin = useSessionStore((s) => s.isLogin);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) setMenuOpen(false);
  }, [pathname]);
  return (
    <header className={`site-header${isMenuOpen ? ' site-header--menu-open' : ''}`}>
      <div className="site-header__inner">
        <button
          type="button"
          className="icon-button site-header__menu-toggle"
          aria-expanded={isMenuOpen}
          aria-controls={NAV_ID}
          aria-label={isMenuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={isMenuOpen ? 'close' : 'menu'} />
        </button>
        {/* The accessible name starts with the visible brand text, as speech control users say what they see. */}
        <Link className="site-header__home" to="/index" aria-label={`LOTUS, ${t('nav.home')}`}>
          <BrandLogo />
        </Link>
        <div className="site-header__account">{isLogin ? <LoggedInBar /> : <VisitorActions />}</div>
        <div className="site-header__tools">
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </div>
      <div className="site-header__nav">
        <MainNav id={NAV_ID} onNavigate={() => setMenuOpen(false)} />
      </div>
    </header>
  );
}
