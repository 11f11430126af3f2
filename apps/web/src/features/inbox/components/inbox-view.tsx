import type { InboxFilter, InboxMessage } from '@platform/contracts/inbox';
import { useEffect, useRef, useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useDeleteMessage, useInboxPage, useOpenMessage, useReadAll } from '../api/inbox-api.ts';
import { useInboxTranslation } from '../i18n/register-translations.ts';
import '../inbox.css';

/** The member's platform messages: a list with unread markers, one message opened, mark all read, delete. */
export function InboxView() {
  const { t } = useInboxTranslation();
  const [filter, setFilter] = useState<InboxFilter>('all');
  const [pageNo, setPageNo] = useState(1);
  const [opened, setOpened] = useState<InboxMessage | null>(null);
  const [toDelete, setToDelete] = useState<{ id: number; title: string } | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const page = useInboxPage(filter, pageNo);
  const open = useOpenMessage();
  const readAll = useReadAll();
  const remove = useDeleteMessage();
  const detailRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  /** The message last opened, to give focus back to its row when the list returns. */
  const lastOpened = useRef<number | null>(null);

  useEffect(() => {
    if (opened) {
      detailRef.current?.focus();
      return;
    }
    const id = lastOpened.current;
    if (id === null) return;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
    (row ?? listRef.current?.querySelector<HTMLElement>('.inbox__filter'))?.focus();
  }, [opened]);

  // A page emptied by a delete or read-all steps back to the last page that has messages.
  const totalPages = page.data?.totalPages ?? 1;
  useEffect(() => {
    if (pageNo > totalPages) setPageNo(totalPages);
  }, [pageNo, totalPages]);

  function choose(next: InboxFilter): void {
    setFilter(next);
    setPageNo(1);
    setNotice(null);
  }

  function openMessage(id: number): void {
    setNotice(null);
    open.mutate(id, {
      onSuccess: (message) => {
        lastOpened.current = message.id;
        setOpened(message);
      },
      onError: (error) => setNotice({ ok: false, text: errorText(error) }),
    });
  }

  function confirmDelete(): void {
    if (!toDelete) return;
    const { id } = toDelete;
    remove.mutate(id, {
      onSuccess: () => {
        setToDelete(null);
        setOpened(null);
        setNotice({ ok: true, text: t('deleted') });
      },
      onError: (error) => {
        setToDelete(null);
        setNotice({ ok: false, text: errorText(error) });
      },
    });
  }

  const deleteDialog = toDelete && (
    <ModalDialog title={t('deleteTitle')} onClose={() => setToDelete(null)} size="small">
      <p className="inbox__confirm-text">{t('deleteConfirm', { title: toDelete.title })}</p>
      <div className="inbox__confirm-actions">
        <button type="button" className="button" data-autofocus onClick={() => setToDelete(null)}>
          {t('deleteNo')}
        </button>
        <button type="button" className="button button--primary" disabled={remove.isPending} onClick={confirmDelete}>
          {t('deleteYes')}
        </button>
      </div>
    </ModalDialog>
  );

  const status = notice && (
    <p className={notice.ok ? 'mc-success' : 'inbox__error'} role={notice.ok ? 'status' : 'alert'}>
      {notice.text}
    </p>
  );

  if (opened) {
    return (
      <div className="inbox" data-testid="inbox-message">
        <button type="button" className="button inbox__back" onClick={() => setOpened(null)}>
          ← {t('back')}
        </button>
        <article className="inbox__article">
          <header className="inbox__article-head">
            <span className={`inbox__category inbox__category--${opened.category}`}>{t(`category.${opened.category}`)}</span>
            <h4 className="inbox__article-title" tabIndex={-1} ref={detailRef}>
              {opened.title}
            </h4>
            <p className="mc-note">
              {t('sentAt')} <time dateTime={opened.createdAt}>{formatDateTime(opened.createdAt)}</time>
            </p>
          </header>
          {/* The body is operator HTML cleaned by the server's allow-list when it was saved. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (content.sanitize.ts) */}
          <div className="inbox__body" dangerouslySetInnerHTML={{ __html: opened.bodyHtml }} />
        </article>
        <div className="inbox__actions">
          <button type="button" className="button" onClick={() => setToDelete({ id: opened.id, title: opened.title })}>
            {t('delete')}
          </button>
        </div>
        {status}
        {deleteDialog}
      </div>
    );
  }

  let body = (
    <div className="mc-state" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="mc-state__text">{t('loading')}</span>
    </div>
  );
  if (page.error && !page.data) {
    body = (
      <div className="mc-state mc-state--error" role="alert">
        <p className="mc-state__title">{t('loadError')}</p>
        <p className="mc-state__text">{errorText(page.error)}</p>
        <button type="button" className="button" onClick={() => void page.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (page.data && page.data.list.length === 0) {
    body = <p className="inbox__empty">{filter === 'unread' ? t('emptyUnread') : t('empty')}</p>;
  } else if (page.data) {
    body = (
      <ul className="inbox__list" data-testid="inbox-list">
        {page.data.list.map((message) => (
          <li key={message.id} className={message.isRead ? 'inbox__item' : 'inbox__item inbox__item--unread'}>
            <button
              type="button"
              className="inbox__open"
              data-message-id={message.id}
              disabled={open.isPending}
              onClick={() => openMessage(message.id)}
            >
              <span className="inbox__dot" aria-hidden="true" />
              <span className="inbox__item-main">
                <span className="inbox__item-title">{message.title}</span>
                <span className="inbox__item-meta">
                  <span className={`inbox__category inbox__category--${message.category}`}>{t(`category.${message.category}`)}</span>
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                  {!message.isRead && <span className="inbox__unread-tag">{t('unread')}</span>}
                </span>
              </span>
            </button>
            <button
              type="button"
              className="inbox__delete"
              aria-label={`${t('delete')}: ${message.title}`}
              onClick={() => setToDelete({ id: message.id, title: message.title })}
            >
              {t('delete')}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  const unread = page.data?.unReadCount ?? 0;
  return (
    <div className="inbox" ref={listRef}>
      <div className="inbox__toolbar">
        <fieldset className="inbox__filters">
          <legend className="visually-hidden">{t('filter.label')}</legend>
          {(['all', 'unread'] as const).map((key) => (
            <button key={key} type="button" className="inbox__filter" aria-pressed={filter === key} onClick={() => choose(key)}>
              {t(`filter.${key}`)}
            </button>
          ))}
        </fieldset>
        <span className="mc-note" data-testid="inbox-unread">
          {t('unreadCount', { count: unread })}
        </span>
        <button
          type="button"
          className="button inbox__read-all"
          disabled={unread === 0 || readAll.isPending}
          onClick={() =>
            readAll.mutate(undefined, {
              onSuccess: () => setNotice({ ok: true, text: t('readAllDone') }),
              onError: (error) => setNotice({ ok: false, text: errorText(error) }),
            })
          }
        >
          {t('readAll')}
        </button>
      </div>
      {status}
      {body}
      {page.data && page.data.totalPages > 1 && (
        <nav className="inbox__pager" aria-label={t('pager.label')}>
          <button type="button" className="button" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            {t('pager.previous')}
          </button>
          <span className="mc-note">{t('pager.position', { page: pageNo, pages: page.data.totalPages })}</span>
          <button type="button" className="button" disabled={pageNo >= page.data.totalPages} onClick={() => setPageNo(pageNo + 1)}>
            {t('pager.next')}
          </button>
        </nav>
      )}
      {deleteDialog}
    </div>
  );
}
