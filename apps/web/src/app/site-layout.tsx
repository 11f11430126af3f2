import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useVisitorGuard } from '../features/auth/hooks/use-visitor-guard.ts';
import { PopupAnnouncementLauncher } from '../features/content/components/popup-announcement-launcher.tsx';
import { PopupHost } from '../features/layout/components/popup-host.tsx';
import { RightBar } from '../features/layout/components/right-bar.tsx';
import { SiteFooter } from '../features/layout/components/site-footer.tsx';
import { SiteHeader } from '../features/layout/components/site-header.tsx';
import { MemberCentreHost } from '../features/member-centre/components/member-centre-host.tsx';
import { RealityCheckHost } from '../features/member-centre/reality-check/reality-check-host.tsx';
import { useLiveBalance } from '../features/wallet/hooks/use-live-balance.ts';

/** The frame of every routed page: header, the page, footer, and the account popups. */
export function SiteLayout() {
  const { t } = useTranslation();
  const mustLogIn = useVisitorGuard();
  useLiveBalance();
  const { pathname } = useLocation();
  const matches = useMatches();
  // A page whose route says so (the lottery) shows the header only.
  const isHeaderOnly = (matches[matches.length - 1]?.handle as { headerOnly?: boolean } | undefined)?.headerOnly === true;
  useEffect(() => {
    // A new page starts at its top, as a full page load would.
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  if (mustLogIn) return <Navigate to="/login" replace />;
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      {!isHeaderOnly && <SiteFooter />}
      {!isHeaderOnly && <RightBar />}
      <MemberCentreHost />
      <RealityCheckHost />
      <PopupHost />
      <PopupAnnouncementLauncher />
    </div>
  );
}
