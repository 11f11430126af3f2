import { useTranslation } from 'react-i18next';
import { MONEY_NS } from '../i18n/member-centre/register-translations.ts';

/** Previous / next under a history list. */
export function Pager({ pageNo, totalPages, onPage }: { pageNo: number; totalPages: number; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation(MONEY_NS);
  if (totalPages <= 1) return null;
  return (
    <nav className="mm-pager" aria-label={t('pager.label')}>
      <button type="button" className="button" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('pager.previous')}
      </button>
      <span className="mc-note">{t('pager.position', { page: pageNo, pages: totalPages })}</span>
      <button type="button" className="button" disabled={pageNo >= totalPages} onClick={() => onPage(pageNo + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
