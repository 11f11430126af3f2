import { usePointMallTranslation } from '../i18n/register-translations.ts';

/** Previous / next under a list of the points mall. */
export function PagePager({ pageNo, totalPages, onPage }: { pageNo: number; totalPages: number; onPage: (pageNo: number) => void }) {
  const { t } = usePointMallTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pm-pager" aria-label={t('position', { page: pageNo, pages: totalPages })}>
      <button type="button" className="button" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('previous')}
      </button>
      <span className="pm-hint">{t('position', { page: pageNo, pages: totalPages })}</span>
      <button type="button" className="button" disabled={pageNo >= totalPages} onClick={() => onPage(pageNo + 1)}>
        {t('next')}
      </button>
    </nav>
  );
}
