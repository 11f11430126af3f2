import { useEffect } from 'react';
import { DEFAULT_MEMBER_CENTRE_PAGE, isMemberCentrePage, isPageVisible } from '../../state/member-centre-pages.ts';
import { usePopupStore } from '../../state/popup-store.ts';
import { useSessionStore } from '../../state/session-store.ts';
import { useMemberCentreNavigation } from '../../state/use-member-centre-navigation.ts';

import { MemberCentreModal } from './member-centre-modal.tsx';

/**
 * Shows the member centre while the URL asks for it. A visitor gets the login popup (the centre
 * opens once logged in); a trial account gets the real-account warning (spec: any token with a
 * type other than 4 shows the member centre).
 */
export function MemberCentreGate() {
  const { requested, openPage, close } = useMemberCentreNavigation();
  const isLogin = useSessionStore((s) => s.isLogin);
  const isTrial = useSessionStore((s) => s.isTrial);
  const toUpline = useSessionStore((s) => s.userInfo?.toUpline ?? false);
  const openPopup = usePopupStore((s) => s.open);
  const isRequested = requested !== null;
  const page = isMemberCentrePage(requested) && isPageVisible(requested, { toUpline }) ? requested : null;

  useEffect(() => {
    if (!isRequested) return;
    if (!isLogin) openPopup('login');
    else if (isTrial) {
      close();
      openPopup('realAccount');
    }
  }, [isRequested, isLogin, isTrial, openPopup, close]);

  useEffect(() => {
    // An unknown or hidden page key opens the default page.
    if (isRequested && isLogin && !isTrial && page === null) openPage(DEFAULT_MEMBER_CENTRE_PAGE);
  }, [isRequested, isLogin, isTrial, page, openPage]);

  if (!isLogin || isTrial || page === null) return null;
  return <MemberCentreModal page={page} />;
}
