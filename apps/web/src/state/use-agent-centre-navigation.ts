import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AGENT_CENTRE_PARAM, type AgentCentrePage, DEFAULT_AGENT_CENTRE_PAGE } from './agent-centre-pages.ts';

/** Set on the history entry the agent centre pushed, so closing it can step back instead. */
type AgentCentreState = { agentCentrePushed?: boolean } | null;

/**
 * The agent centre lives in the URL (`?ac=<pageKey>`), as the member centre does with `?mc=`: a link
 * opens it on a page, the browser's back button closes it, and changing pages replaces the entry so
 * one back press still closes it. Features open a page of the agent centre through this hook.
 */
export function useAgentCentreNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  const requested = new URLSearchParams(location.search).get(AGENT_CENTRE_PARAM);
  const state = location.state as AgentCentreState;
  const { search, pathname, hash } = location;

  const hrefFor = useCallback(
    (page: AgentCentrePage) => {
      const next = new URLSearchParams(search);
      next.set(AGENT_CENTRE_PARAM, page);
      return `${pathname}?${next.toString()}${hash}`;
    },
    [search, pathname, hash],
  );

  const openPage = useCallback(
    (page: AgentCentrePage = DEFAULT_AGENT_CENTRE_PAGE) => {
      const isOpen = new URLSearchParams(search).has(AGENT_CENTRE_PARAM);
      navigate(hrefFor(page), {
        replace: isOpen,
        state: isOpen ? state : ({ agentCentrePushed: true } satisfies AgentCentreState),
      });
    },
    [navigate, hrefFor, search, state],
  );

  const close = useCallback(() => {
    if (state?.agentCentrePushed) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(search);
    next.delete(AGENT_CENTRE_PARAM);
    const rest = next.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}${hash}`, { replace: true });
  }, [navigate, state, search, pathname, hash]);

  return { requested, openPage, close, hrefFor };
}
