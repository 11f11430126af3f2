import { useTranslation } from 'react-i18next';
import { AGENT_TEAM_NS } from '../i18n/register-translations.ts';

/** Previous / next under a team list, in the team pages' words. */
export function TeamPager({ pageNo, totalPages, onPage }: { pageNo: number; totalPages: number; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation(AGENT_TEAM_NS);
  if (totalPages <= 1) return null;
  return (
    <nav className="at-pager" aria-label={t('pager.label')}>
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

/** The name of an account type in the member's language. */
export function useAccountTypeName(): (type: number) => string {
  const { t } = useTranslation(AGENT_TEAM_NS);
  return (type) => t(`accountType.${type}`, { defaultValue: String(type) });
}
