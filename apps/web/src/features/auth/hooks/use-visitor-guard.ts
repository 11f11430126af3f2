import { useLocation } from 'react-router';
import { isSettingOn, useSettingsTree } from '../../../api/get-settings-tree.ts';
import { GUARD_OPEN_PATHS } from '../../../lib/site-sections.ts';
import { useSessionStore } from '../../../state/session-store.ts';

/**
 * The spec's loginedToHomePage option. The server has no dedicated flag yet, so it is read from the
 * settings tree as a node with modId `loginedToHomePage`; this is the one place to change when it gets one.
 */
export const VISITOR_GUARD_MOD_ID = 'loginedToHomePage';

/** True when the current route must send a visitor without a session to /login. */
export function useVisitorGuard(): boolean {
  const { pathname } = useLocation();
  const isLogin = useSessionStore((s) => s.isLogin);
  const tree = useSettingsTree();
  if (isLogin || !isSettingOn(tree.data, VISITOR_GUARD_MOD_ID)) return false;
  return !GUARD_OPEN_PATHS.includes(pathname);
}
