import type { Announcement, AnnouncementType } from '@platform/contracts/content';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon.tsx';
import { pageRange } from '../../../lib/page-range.ts';
import { formatDateTime } from '../../../lib/time-format.ts';
import { useAnnouncementPage } from '../api/content-queries.ts';
import '../content.css';

/** One announcement: title and start time; the HTML body (cleaned by the server on save) opens below. */
export function AnnouncementItem({
  announcement,
  isExpanded,
  onToggle,
  headingLevel = 3,
}: {
  announcement: Announcement;
  isExpanded: boolean;
  onToggle: () => void;
  /** 2 on a page whose only heading above is its title; 3 under a dialog's or a section's heading. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const bodyId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className={`announcement${isExpanded ? ' is-expanded' : ''}`}>
      <Heading className="announcement__heading">
        <button type="button" className="announcement__toggle" aria-expanded={isExpanded} aria-controls={bodyId} onClick={onToggle}>
          <span className="announcement__title">{announcement.title}</span>
          <span className="announcement__meta">
            <span className="visually-hidden">{t('content.posted')} </span>
            <time dateTime={announcement.startDate}>{formatDateTime(announcement.startDate)}</time>
          </span>
          <Icon name="chevronDown" className="announcement__chevron" />
          <span className="visually-hidden">{isExpanded ? t('content.hideBody') : t('content.showBody')}</span>
        </button>
      </Heading>
      <div id={bodyId} className="announcement__body" hidden={!isExpanded}>
        {announcement.content ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores bodies cleaned by an allow-list (no scripts, handlers or styles).
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: announcement.content }} />
        ) : (
          <p className="announcement__no-body">{t('content.noBody')}</p>
        )}
      </div>
    </li>
  );
}

export function Pager({ pageNo, totalPages, onPage }: { pageNo: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('content.pages')}>
      <button
        type="button"
        className="pager__button"
        aria-label={t('content.previousPage')}
        disabled={pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        <Icon name="chevronLeft" />
      </button>
      {pageRange(pageNo, totalPages).map((page, index) =>
        page === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
          <span key={`gap-${index}`} className="pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={page}
            type="button"
            className="pager__button"
            aria-label={t('content.page', { page })}
            aria-current={page === pageNo ? 'page' : undefined}
            onClick={() => onPage(page)}
          >
            {page}
          </button>
        ),
      )}
      <button
        type="button"
        className="pager__button"
        aria-label={t('content.nextPage')}
        disabled={pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
      >
        <Icon name="chevronRight" />
      </button>
    </nav>
  );
}

/** Announcements of one type, 9 per page, each expandable; loading, empty and error states included. */
export function AnnouncementList({
  type,
  pageNo,
  onPage,
  focusId = null,
  headingLevel = 3,
}: {
  type: AnnouncementType;
  pageNo: number;
  onPage: (page: number) => void;
  focusId?: number | null;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const query = useAnnouncementPage(type, pageNo);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(focusId === null ? [] : [focusId]));
  useEffect(() => {
    if (focusId !== null) setExpanded((s) => new Set([...s, focusId]));
  }, [focusId]);
  const toggle = (id: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (query.isPending) {
    return (
      <div className="notice-state" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{t('content.loading')}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="notice-state notice-state--error" role="alert">
        <p>{t('content.error')}</p>
        <button type="button" className="button button--primary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {t('content.retry')}
        </button>
      </div>
    );
  }
  const page = query.data;
  if (page.list.length === 0) {
    return (
      <div className="notice-state">
        <Icon name="megaphone" className="notice-state__icon" />
        <p>{type === 'B' ? t('content.empty') : t('content.emptyType')}</p>
      </div>
    );
  }
  return (
    <div className={`notice-list${query.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={query.isPlaceholderData}>
      <ul className="notice-list__items">
        {page.list.map((announcement) => (
          <AnnouncementItem
            key={announcement.id}
            announcement={announcement}
            isExpanded={expanded.has(announcement.id)}
            onToggle={() => toggle(announcement.id)}
            headingLevel={headingLevel}
          />
        ))}
      </ul>
      <Pager pageNo={page.pageNo} totalPages={page.totalPages} onPage={onPage} />
    </div>
  );
}
