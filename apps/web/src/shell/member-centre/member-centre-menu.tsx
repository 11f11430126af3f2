import { type MouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_CENTRE_NS } from '../../i18n/member-centre/register-translations.ts';
import type { MemberCentrePage } from '../../state/member-centre-pages.ts';
import { PageIcon } from './page-icon.tsx';
import { useMenuBadges } from './use-menu-badges.ts';

type MemberCentreMenuProps = {
  pages: readonly MemberCentrePage[];
  current: MemberCentrePage;
  hrefFor: (page: MemberCentrePage) => string;
  onSelect: (page: MemberCentrePage) => void;
};

/** The page list: real links (each page has its own address), the current one marked. */
export function MemberCentreMenu({ pages, current, hrefFor, onSelect }: MemberCentreMenuProps) {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const badges = useMenuBadges();
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    // On a phone the menu is a strip that scrolls sideways: keep the current page in view.
    const item = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    item?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, []);

  function select(event: MouseEvent<HTMLAnchorElement>, page: MemberCentrePage): void {
    // A modified click opens the address in a new tab, as links do.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSelect(page);
  }

  return (
    <nav className="member-centre__menu" aria-label={t('menuLabel')}>
      <ul ref={listRef} className="member-centre__menu-list">
        {pages.map((page) => {
          const count = badges[page];
          return (
            <li key={page}>
              <a
                className="member-centre__menu-item"
                href={hrefFor(page)}
                aria-current={page === current ? 'page' : undefined}
                onClick={(event) => select(event, page)}
              >
                <PageIcon page={page} />
                <span className="member-centre__menu-label">{t(`pages.${page}.title`)}</span>
                {count !== null && count !== undefined && count > 0 && (
                  <span className="member-centre__badge">
                    <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
                    <span className="visually-hidden">{t('badge', { count })}</span>
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
