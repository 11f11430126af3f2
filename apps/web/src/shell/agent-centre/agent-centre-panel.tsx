import '../member-centre/member-centre.css';
import './agent-centre.css';
import { type MouseEvent, Suspense, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentSelf } from '../../api/agent-network.ts';
import { LoadingState } from '../../components/load-states.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { AGENT_CENTRE_NS, registerAgentCentreTranslations } from '../../i18n/agent-centre/register-translations.ts';
import type { AgentCentrePage } from '../../state/agent-centre-pages.ts';
import { useSessionStore } from '../../state/session-store.ts';
import { useAgentCentreNavigation } from '../../state/use-agent-centre-navigation.ts';
import { LoadBoundary } from '../member-centre/load-boundary.tsx';
import { AgentPageIcon } from './page-icon.tsx';
import { forgetPage, pageComponent } from './page-registry.ts';

registerAgentCentreTranslations();

/**
 * The agent centre (spec section 2): a panel with the page menu on the left, a close control, and
 * the chosen page on the right, the active page highlighted. A dialog on wide screens; full screen
 * on a phone, where the menu becomes a strip that scrolls sideways above the page. The pages reuse
 * the member centre's page styles (`mc-*`).
 */
export function AgentCentrePanel({ pages, page }: { pages: readonly AgentCentrePage[]; page: AgentCentrePage | null }) {
  const { t } = useTranslation(AGENT_CENTRE_NS);
  const { close, openPage, hrefFor } = useAgentCentreNavigation();
  const headingId = useId();
  return (
    <ModalDialog title={t('title')} onClose={close} size="wide" bodyClassName="member-centre agent-centre">
      <AgentCentreMenu pages={pages} current={page} hrefFor={hrefFor} onSelect={openPage} />
      <section className="member-centre__content agent-centre__content" aria-labelledby={page ? headingId : undefined}>
        {page === null ? (
          <p className="mc-note">{t('noPages')}</p>
        ) : (
          <>
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
          </>
        )}
      </section>
    </ModalDialog>
  );
}

type MenuProps = {
  pages: readonly AgentCentrePage[];
  current: AgentCentrePage | null;
  hrefFor: (page: AgentCentrePage) => string;
  onSelect: (page: AgentCentrePage) => void;
};

/** The page list: real links (each page has its own address), the current one marked; the agent and its team size on top. */
function AgentCentreMenu({ pages, current, hrefFor, onSelect }: MenuProps) {
  const { t } = useTranslation(AGENT_CENTRE_NS);
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const self = useAgentSelf(customerId);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    // On a phone the menu is a strip that scrolls sideways: keep the current page in view.
    listRef.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, []);

  function select(event: MouseEvent<HTMLAnchorElement>, page: AgentCentrePage): void {
    // A modified click opens the address in a new tab, as links do.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSelect(page);
  }

  return (
    <nav className="member-centre__menu agent-centre__menu" aria-label={t('menuLabel')}>
      {self.data && (
        <p className="agent-centre__who" data-testid="agent-centre-who">
          <strong>{self.data.username}</strong>
          <span>{t('team', { count: self.data.team.total })}</span>
        </p>
      )}
      <ul ref={listRef} className="member-centre__menu-list">
        {pages.map((page) => (
          <li key={page}>
            <a
              className="member-centre__menu-item"
              href={hrefFor(page)}
              data-page={page}
              aria-current={page === current ? 'page' : undefined}
              onClick={(event) => select(event, page)}
            >
              <AgentPageIcon page={page} />
              <span className="member-centre__menu-label">{t(`pages.${page}.title`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
