import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon.tsx';
import { pageRange } from '../../../lib/page-range.ts';
import { GAMES_NS } from '../i18n/register-translations.ts';

/** The desktop pager (spec: page range 3, 1 margin page); every button waits while a page loads. */
export function GamesPager({
  pageNo,
  totalPages,
  isBusy,
  onPage,
}: {
  pageNo: number;
  totalPages: number;
  isBusy: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(GAMES_NS);
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('lobby.pages')}>
      <button
        type="button"
        className="pager__button"
        disabled={isBusy || pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
        aria-label={t('lobby.previous')}
      >
        <Icon name="chevronLeft" />
      </button>
      {pageRange(pageNo, totalPages).map((page, index) =>
        page === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${index}`} className="pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={page}
            type="button"
            className="pager__button"
            aria-current={page === pageNo ? 'page' : undefined}
            aria-label={t('lobby.page', { page })}
            disabled={isBusy && page !== pageNo}
            onClick={() => page !== pageNo && onPage(page)}
          >
            {page}
          </button>
        ),
      )}
      <button
        type="button"
        className="pager__button"
        disabled={isBusy || pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
        aria-label={t('lobby.next')}
      >
        <Icon name="chevronRight" />
      </button>
    </nav>
  );
}
