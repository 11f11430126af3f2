import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../auth/components/change-password-form.tsx';
import { useSessionStore } from '../../auth/hooks/session-store.ts';
import { MEMBER_CENTRE_NS } from '../i18n/register-translations.ts';
import { SectionCard } from './section-card.tsx';

/**
 * Change the login password. The server ends every session on success; signing out here lets the
 * member centre ask for a login, after which it opens again.
 */
export function PasswordSection() {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const signOut = useSessionStore((s) => s.signOut);
  return (
    <SectionCard title={t('password.title')}>
      <p className="mc-note">{t('password.text')}</p>
      <div className="mc-narrow">
        <ChangePasswordForm onChanged={signOut} />
      </div>
    </SectionCard>
  );
}
