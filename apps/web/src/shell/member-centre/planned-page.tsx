import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icon.tsx';
import { MEMBER_CENTRE_NS } from '../../i18n/member-centre/register-translations.ts';
import type { MemberCentrePage } from '../../state/member-centre-pages.ts';

/**
 * A page whose calls are not served yet: the modal's header already says what the page is for; this
 * says plainly that it is not open yet. No figures, no sample rows.
 */
export function PlannedPage({ page }: { page: MemberCentrePage }) {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  return (
    <div className="mc-planned" data-page={page}>
      <Icon name="hourglass" className="mc-planned__icon" />
      <h4 className="mc-planned__title">{t('comingSoon.title')}</h4>
      <p className="mc-planned__text">{t('comingSoon.text')}</p>
    </div>
  );
}
