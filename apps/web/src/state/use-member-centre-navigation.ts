import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MemberCentrePage } from './member-centre-pages.ts';
import { DEFAULT_MEMBER_CENTRE_PAGE, MEMBER_CENTRE_PARAM } from './member-centre-param.ts';

/** Set on the history entry the member centre pushed, so closing it can step back instead. */
type MemberCentreState = { memberCentrePushed?: boolean } | null;

/**
 * The member centre lives in the URL (`?mc=<pageKey>`): a link opens it on a page, the browser's
 * back button closes it, and changing pages replaces the entry so one back press still closes it.
 */
export function useMemberCentreNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const requested = params.get(MEMBER_CENTRE_PARAM);
  const state = location.state as MemberCentreState;
  const search = location.search;
  const pathname = location.pathname;
  const hash = location.hash;

  const hrefFor = useCallback(
    (page: MemberCentrePage) => {
      const next = new URLSearchParams(search);
      next.set(MEMBER_CENTRE_PARAM, page);
      return `${pathname}?${next.toString()}${hash}`;
    },
    [search, pathname, hash],
  );

  const openPage = useCallback(
    (page: MemberCentrePage = DEFAULT_MEMBER_CENTRE_PAGE) => {
      const isOpen = new URLSearchParams(search).has(MEMBER_CENTRE_PARAM);
      navigate(hrefFor(page), {
        replace: isOpen,
        state: isOpen ? state : ({ memberCentrePushed: true } satisfies MemberCentreState),
      });
    },
    [navigate, hrefFor, search, state],
  );

  const close = useCallback(() => {
    if (state?.memberCentrePushed) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(search);
    next.delete(MEMBER_CENTRE_PARAM);
    const rest = next.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}${hash}`, { replace: true });
  }, [navigate, state, search, pathname, hash]);

  return { requested, openPage, close, hrefFor };
}
