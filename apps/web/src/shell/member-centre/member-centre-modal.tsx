import './member-centre.css';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/load-states.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { MEMBER_CENTRE_NS, registerMemberCentreTranslations } from '../../i18n/member-centre/register-translations.ts';
import { isPageVisible, MEMBER_CENTRE_PAGES, type MemberCentrePage } from '../../state/member-centre-pages.ts';
import { useSessionStore } from '../../state/session-store.ts';
import { useMemberCentreNavigation } from '../../state/use-member-centre-navigation.ts';
import { LoadBoundary } from './load-boundary.tsx';
import { MemberCentreMenu } from './member-centre-menu.tsx';
import { forgetPage, pageComponent } from './page-registry.ts';

registerMemberCentreTranslations();

/**
 * The member centre: a dialog with the page menu beside the chosen page on wide screens, full screen
 * with the menu as a scrolling strip above the page on phones.
 */
export function MemberCentreModal({ page }: { page: MemberCentrePage }) {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const { close, openPage, hrefFor } = useMemberCentreNavigation();
  const toUpline = useSessionStore((s) => s.userInfo?.toUpline ?? false);
  const headingId = useId();
  const pages = MEMBER_CENTRE_PAGES.filter((key) => isPageVisible(key, { toUpline }));
  return (
    <ModalDialog title={t('title')} onClose={close} size="wide" bodyClassName="member-centre">
      <MemberCentreMenu pages={pages} current={page} hrefFor={hrefFor} onSelect={openPage} />
      <section className="member-centre__content" aria-labelledby={headingId}>
        <header className="member-centre__page-header">
          <h3 id={headingId} className="member-centre__page-title">
            {t(`pages.${page}.title`)}
          </h3>
          <p className="member-centre__page-description">{t(`pages.${page}.description`)}</p>
        </header>
        <LoadBoundary key={page} onRetry={() => forgetPage(page)}>
          {() => {
            const Page = pageComponent(page);
            return (
              <Suspense fallback={<LoadingState />}>
                <Page />
              </Suspense>
            );
          }}
        </LoadBoundary>
      </section>
    </ModalDialog>
  );
}
