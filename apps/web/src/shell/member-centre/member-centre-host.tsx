import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MEMBER_CENTRE_PARAM } from '../../state/member-centre-param.ts';
import { useSessionStore } from '../../state/session-store.ts';

// The member centre is its own chunk (and each of its pages another), loaded when the address asks for it.
const MemberCentreGate = lazy(async () => ({ default: (await import('./member-centre-gate.tsx')).MemberCentreGate }));

/** In the main bundle: only looks for `?mc=` in the address. */
export function MemberCentreHost() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const isLogin = useSessionStore((s) => s.isLogin);
  if (!new URLSearchParams(search).has(MEMBER_CENTRE_PARAM)) return null;
  return (
    <Suspense
      fallback={
        isLogin ? (
          <div className="member-centre-loading" role="status">
            <span className="visually-hidden">{t('app.loading')}</span>
          </div>
        ) : null
      }
    >
      <MemberCentreGate />
    </Suspense>
  );
}
