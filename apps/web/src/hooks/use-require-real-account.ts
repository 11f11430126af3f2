import { useCallback } from 'react';
import { usePopupStore } from '../state/popup-store.ts';
import { useSessionStore } from '../state/session-store.ts';

/**
 * Runs an action that needs a real account: a visitor gets the login popup, a trial account the
 * in_need_true_account warning.
 */
export function useRequireRealAccount(): (action: () => void) => void {
  const isLogin = useSessionStore((s) => s.isLogin);
  const isTrial = useSessionStore((s) => s.isTrial);
  const open = usePopupStore((s) => s.open);
  return useCallback(
    (action) => {
      if (!isLogin) open('login');
      else if (isTrial) open('realAccount');
      else action();
    },
    [isLogin, isTrial, open],
  );
}
