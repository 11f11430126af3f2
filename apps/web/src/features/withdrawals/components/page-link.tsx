import type { ReactNode } from 'react';
import type { MemberCentrePage } from '../../../state/member-centre-pages.ts';
import { useMemberCentreNavigation } from '../../../state/use-member-centre-navigation.ts';

/** A link to another page of the member centre (a real href; a click changes page in place). */
export function PageLink({ page, children }: { page: MemberCentrePage; children: ReactNode }) {
  const { hrefFor, openPage } = useMemberCentreNavigation();
  return (
    <a
      className="mm-link"
      href={hrefFor(page)}
      onClick={(event) => {
        event.preventDefault();
        openPage(page);
      }}
    >
      {children}
    </a>
  );
}
