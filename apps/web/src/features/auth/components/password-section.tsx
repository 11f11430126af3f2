import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { MEMBER_CENTRE_NS } from '../../../i18n/member-centre/register-translations.ts';
import { usePasswordChanged } from '../hooks/use-password-changed.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

/**
 * Change the login password. On success the member goes on with the new session the server
 * answers: the member centre closes, the site goes to '/', and a confirmation shows.
 */
export function PasswordSection() {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const passwordChanged = usePasswordChanged();
  return (
    <SectionCard title={t('password.title')}>
      <p className="mc-note">{t('password.text')}</p>
      <div className="mc-narrow">
        <ChangePasswordForm onChanged={passwordChanged} />
      </div>
    </SectionCard>
  );
}
