import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { FlashMessage } from '../components/flash-message.tsx';
import { useVisitorGuard } from '../features/auth/hooks/use-visitor-guard.ts';
import { PopupAnnouncementLauncher } from '../features/content/components/popup-announcement-launcher.tsx';
import { RedEnvelopeNotice } from '../features/red-envelopes/components/red-envelope-notice.tsx';
import { RealityCheckHost } from '../features/wallet-records/responsible-gaming/reality-check-host.tsx';
import { useAfterFirstView } from '../hooks/use-after-first-view.ts';
import { AgentCentreHost } from '../shell/agent-centre/agent-centre-host.tsx';
import { MemberCentreHost } from '../shell/member-centre/member-centre-host.tsx';
import { PopupHost } from '../shell/popup-host.tsx';
import { RightBar } from '../shell/right-bar.tsx';
import { SiteFooter } from '../shell/site-footer.tsx';
import { SiteHeader } from '../shell/site-header.tsx';
import { useLiveBalance } from '../shell/use-live-balance.ts';

/** The frame of every routed page: header, the page, footer, and the account popups. */
export function SiteLayout() {
  const { t } = useTranslation();
  const mustLogIn = useVisitorGuard();
  // The footer and the right bar are below or beside the first view: drawn after it (hooks/use-after-first-view.ts).
  const isPastFirstView = useAfterFirstView();
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
      {!isHeaderOnly && isPastFirstView && <SiteFooter />}
      {!isHeaderOnly && isPastFirstView && <RightBar />}
      <MemberCentreHost />
      <AgentCentreHost />
      <RealityCheckHost />
      <RedEnvelopeNotice />
      <PopupHost />
      <PopupAnnouncementLauncher />
      <FlashMessage />
    </div>
  );
}
