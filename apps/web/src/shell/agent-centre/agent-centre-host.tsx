import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AGENT_CENTRE_PARAM } from '../../state/agent-centre-pages.ts';
import { useSessionStore } from '../../state/session-store.ts';

// The agent centre is its own chunk (and each of its pages another), loaded when the address asks for it.
const AgentCentreGate = lazy(async () => ({ default: (await import('./agent-centre-gate.tsx')).AgentCentreGate }));

/** In the main bundle: only looks for `?ac=` in the address. */
export function AgentCentreHost() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const isAgent = useSessionStore((s) => s.isAgent);
  if (!new URLSearchParams(search).has(AGENT_CENTRE_PARAM)) return null;
  return (
    <Suspense
      fallback={
        isAgent ? (
          <div className="member-centre-loading" role="status">
            <span className="visually-hidden">{t('app.loading')}</span>
          </div>
        ) : null
      }
    >
      <AgentCentreGate />
    </Suspense>
  );
}
