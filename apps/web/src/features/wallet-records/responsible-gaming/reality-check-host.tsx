import type { RgRealityCheckValue } from '@platform/contracts/responsible-gaming';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { nextReminderAt } from './reality-check-rules.ts';

const RealityCheckDialog = lazy(async () => ({ default: (await import('./reality-check-dialog.tsx')).RealityCheckDialog }));

export const realityCheckKey = (customerId: number) => ['realityCheck', customerId] as const;

/**
 * The reality-check reminder of a real account: when the member set an interval (responsible
 * gaming), every interval after login a dialog tells the time played and the session's result,
 * asked from the server at that moment.
 */
export function RealityCheckHost() {
  const isLogin = useSessionStore((s) => s.isLogin);
  const isTrial = useSessionStore((s) => s.isTrial);
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const query = useQuery({
    queryKey: realityCheckKey(customerId ?? 0),
    queryFn: ({ signal }) => apiGet<RgRealityCheckValue>('/wps/member/responsible-gaming/reality-check', signal),
    enabled: isLogin && !isTrial && customerId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [lastDue, setLastDue] = useState(0);
  const [shown, setShown] = useState<RgRealityCheckValue | null>(null);
  const value = query.data;
  const { refetch } = query;

  useEffect(() => {
    if (!value?.intervalMinutes || !isLogin) return;
    // The server's clock, as far as this device can tell: its time when the answer came, moved on since.
    const offset = Date.parse(value.serverTime) - query.dataUpdatedAt;
    const serverNow = Date.now() + offset;
    const due = nextReminderAt(Date.parse(value.sessionStartedAt), value.intervalMinutes, Math.max(serverNow, lastDue));
    const timer = window.setTimeout(
      async () => {
        setLastDue(due);
        const fresh = await refetch();
        if (fresh.data?.intervalMinutes) setShown(fresh.data);
      },
      Math.max(0, due - serverNow),
    );
    return () => window.clearTimeout(timer);
  }, [value, query.dataUpdatedAt, lastDue, isLogin, refetch]);

  if (!shown || !isLogin) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog value={shown} onClose={() => setShown(null)} />
    </Suspense>
  );
}
