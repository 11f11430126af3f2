import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import type { SectionKey } from '../lib/site-sections.ts';
import { SiteLayout } from './site-layout.tsx';

/** A game lobby: the section's games (category routes and /games). */
function lobbyRoute(path: string, section: SectionKey): RouteObject {
  return { path, handle: { section }, lazy: async () => ({ Component: (await import('../pages/lobby-page.tsx')).LobbyPage }) };
}

/** The game page: /game in the site's frame, /seamless on its own. */
function gameRoute(path: string, section: SectionKey): RouteObject {
  return { path, handle: { section }, lazy: async () => ({ Component: (await import('../pages/game-page.tsx')).GamePage }) };
}

/** The rankings pages: the section names which ranking. */
function rankingRoute(path: string, section: 'depositRank' | 'betRank'): RouteObject {
  return { path, handle: { section }, lazy: async () => ({ Component: (await import('../pages/ranking-page.tsx')).RankingPage }) };
}

/** The app download page: /down and /download (the one the visitor guard leaves open). */
function downloadRoute(path: string): RouteObject {
  return {
    path,
    handle: { section: 'download' },
    lazy: async () => ({ Component: (await import('../pages/download-page.tsx')).DownloadPage }),
  };
}

const homeRoute = (path: string, popup?: 'login' | 'register'): RouteObject => ({
  path,
  handle: { popup },
  lazy: async () => ({ Component: (await import('../pages/home-page.tsx')).HomePage }),
});

/** `/` goes to `/index`, keeping the query and hash (a payment gateway returns with `?mc=…`). */
function RootRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/index', search, hash }} replace />;
}

const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <RootRedirect /> },
      homeRoute('/index'),
      homeRoute('/register', 'register'),
      homeRoute('/register.html', 'register'),
      homeRoute('/login', 'login'),
      {
        path: '/noticePage',
        handle: { section: 'noticePage' },
        lazy: async () => ({ Component: (await import('../features/content/components/notice-page.tsx')).NoticePage }),
      },
      lobbyRoute('/live', 'live'),
      lobbyRoute('/sports', 'sports'),
      lobbyRoute('/esports', 'esports'),
      lobbyRoute('/elott', 'elott'),
      lobbyRoute('/rng', 'rng'),
      lobbyRoute('/fish', 'fish'),
      lobbyRoute('/pvp', 'pvp'),
      {
        // Spec: the lottery page has the header only (no footer or right bar).
        path: '/lottery',
        handle: { section: 'lottery', headerOnly: true },
        lazy: async () => ({ Component: (await import('../pages/lottery-page.tsx')).LotteryRoutePage }),
      },
      lobbyRoute('/games/:games?/:type?/:vassalage?', 'games'),
      gameRoute('/seamless', 'seamless'),
      gameRoute('/game', 'game'),
      {
        path: '/pointMall',
        handle: { section: 'pointMall' },
        lazy: async () => ({ Component: (await import('../pages/point-mall-page.tsx')).PointMallPage }),
      },
      rankingRoute('/deposit-rank', 'depositRank'),
      rankingRoute('/bet-rank', 'betRank'),
      {
        path: '/winners',
        handle: { section: 'winners' },
        lazy: async () => ({ Component: (await import('../pages/winners-page.tsx')).WinnersPage }),
      },
      {
        path: '/news',
        handle: { section: 'news' },
        lazy: async () => ({ Component: (await import('../features/content/components/news-page.tsx')).NewsPage }),
      },
      {
        path: '/promotions',
        handle: { section: 'promotions' },
        lazy: async () => ({ Component: (await import('../pages/promotions-page.tsx')).PromotionsPage }),
      },
      {
        path: '/promoDetail',
        handle: { section: 'promoDetail' },
        lazy: async () => ({ Component: (await import('../pages/promotions-page.tsx')).PromoDetailPage }),
      },
      {
        path: '/help',
        handle: { section: 'help' },
        lazy: async () => ({ Component: (await import('../pages/help-page.tsx')).HelpPage }),
      },
      downloadRoute('/down'),
      downloadRoute('/download'),
      {
        path: '/join',
        handle: { section: 'join' },
        lazy: async () => ({ Component: (await import('../pages/join-page.tsx')).JoinPage }),
      },
      { path: '/social-login', lazy: async () => ({ Component: (await import('../pages/social-login-page.tsx')).SocialLoginPage }) },
      { path: '/reset-password', lazy: async () => ({ Component: (await import('../pages/reset-password-page.tsx')).ResetPasswordPage }) },
      { path: '*', lazy: async () => ({ Component: (await import('../pages/not-found-page.tsx')).NotFoundPage }) },
    ],
  },
  // The chat room's own page (what the chat URL points at) has no site frame either.
  {
    path: '/chatroom',
    lazy: async () => ({ Component: (await import('../pages/chat-room-page.tsx')).ChatRoomPage }),
  },
  // The bare help page has no site frame.
  {
    path: '/helpmc',
    handle: { section: 'helpmc' },
    lazy: async () => ({ Component: (await import('../pages/bare-help-page.tsx')).BareHelpPage }),
  },
];

export function createSiteRouter() {
  return createBrowserRouter(routes);
}
