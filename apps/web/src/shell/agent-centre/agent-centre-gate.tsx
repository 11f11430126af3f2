import { useEffect } from 'react';
import { isSettingOn, useSettingsTree } from '../../api/get-settings-tree.ts';
import { isAgentCentrePage } from '../../state/agent-centre-pages.ts';
import { usePopupStore } from '../../state/popup-store.ts';
import { useSessionStore } from '../../state/session-store.ts';
import { useAgentCentreNavigation } from '../../state/use-agent-centre-navigation.ts';
import { AgentCentrePanel } from './agent-centre-panel.tsx';
import { defaultPage, registeredPages } from './page-registry.ts';

/**
 * Shows the agent centre while the URL asks for it, to agents only (types 1, 2, 41, 42). A visitor
 * gets the login popup (the centre opens once logged in); a trial account gets the real-account
 * warning; a player's address loses the parameter and nothing opens. An unknown page, one not
 * built yet, or one whose feature flag the settings tree has off, opens the default page (while
 * the tree loads, every page is offered, as the right bar does).
 */
export function AgentCentreGate() {
  const { requested, openPage, close } = useAgentCentreNavigation();
  const isLogin = useSessionStore((s) => s.isLogin);
  const isTrial = useSessionStore((s) => s.isTrial);
  const isAgent = useSessionStore((s) => s.isAgent);
  const openPopup = usePopupStore((s) => s.open);
  const isRequested = requested !== null;
  const tree = useSettingsTree(isLogin && isAgent);
  const pages = registeredPages((modId) => !tree.data || isSettingOn(tree.data, modId));
  const page = isAgentCentrePage(requested) && pages.includes(requested) ? requested : null;
  const fallback = defaultPage(pages);

  useEffect(() => {
    if (!isRequested) return;
    if (!isLogin) openPopup('login');
    else if (isTrial) {
      close();
      openPopup('realAccount');
    } else if (!isAgent) close();
  }, [isRequested, isLogin, isTrial, isAgent, openPopup, close]);

  useEffect(() => {
    if (isRequested && isAgent && page === null && fallback !== null) openPage(fallback);
  }, [isRequested, isAgent, page, fallback, openPage]);

  if (!isLogin || !isAgent) return null;
  if (page === null && fallback !== null) return null;
  return <AgentCentrePanel pages={pages} page={page} />;
}
