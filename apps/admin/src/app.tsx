import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { AdminApiError } from './api/client.ts';
import { useSession } from './api/session-store.ts';
import { type SectionKey, sectionsFor } from './lib/sections.ts';
import { Layout, Overview } from './shell/layout.tsx';
import { SignInPage } from './shell/sign-in.tsx';

/** Each section is its own chunk, loaded when the operator opens it. */
const SECTION_PAGES: Record<SectionKey, ComponentType> = {
  deposits: lazy(() => import('./sections/deposits.tsx')),
  withdrawals: lazy(() => import('./sections/withdrawals.tsx')),
  adjustments: lazy(() => import('./sections/adjustments.tsx')),
  kyc: lazy(() => import('./sections/kyc.tsx')),
  feedback: lazy(() => import('./sections/feedback.tsx')),
  'agent-applications': lazy(() => import('./sections/agent-applications.tsx')),
  'support-chat': lazy(() => import('./sections/support-chat.tsx')),
  members: lazy(() => import('./sections/members.tsx')),
  promotions: lazy(() => import('./sections/promotions.tsx')),
  'vip-ladder': lazy(() => import('./sections/vip-ladder.tsx')),
  rebates: lazy(() => import('./sections/rebates.tsx')),
  'point-mall': lazy(() => import('./sections/point-mall.tsx')),
  missions: lazy(() => import('./sections/missions.tsx')),
  'redeem-codes': lazy(() => import('./sections/redeem-codes.tsx')),
  'social-providers': lazy(() => import('./sections/social-providers.tsx')),
  'lottery-results': lazy(() => import('./sections/lottery-results.tsx')),
  'lottery-games': lazy(() => import('./sections/lottery-games.tsx')),
  content: lazy(() => import('./sections/content.tsx')),
  help: lazy(() => import('./sections/help-centre.tsx')),
  inbox: lazy(() => import('./sections/inbox.tsx')),
  chat: lazy(() => import('./sections/chat.tsx')),
  catalogue: lazy(() => import('./sections/catalogue.tsx')),
  jackpots: lazy(() => import('./sections/jackpots.tsx')),
  'table-limits': lazy(() => import('./sections/table-limits.tsx')),
  cockfight: lazy(() => import('./sections/cockfight.tsx')),
  sportsbook: lazy(() => import('./sections/sportsbook.tsx')),
  reports: lazy(() => import('./sections/reports.tsx')),
  settings: lazy(() => import('./sections/settings.tsx')),
  audit: lazy(() => import('./sections/audit.tsx')),
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        // A refusal (no session, no role, not found) is an answer, not a network hiccup.
        retry: (failures, error) => !(error instanceof AdminApiError && error.status !== null && error.status < 500) && failures < 2,
      },
    },
  });
}

function Console() {
  const { t } = useTranslation();
  const session = useSession();
  const client = useQueryClient();
  const token = session?.token;
  // Another operator (or the same one again) starts from an empty cache.
  useEffect(() => {
    if (token === undefined) client.clear();
  }, [client, token]);
  if (!session) return <SignInPage />;
  const operator = session.admin;
  return (
    <Layout operator={operator}>
      <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
        <Routes>
          <Route path="/" element={<Overview operator={operator} />} />
          {sectionsFor(operator).map((section) => {
            const Page = SECTION_PAGES[section.key];
            return <Route key={section.key} path={`/${section.path}/*`} element={<Page />} />;
          })}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </Layout>
  );
}

export function App({ client }: { client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <Console />
    </QueryClientProvider>
  );
}
