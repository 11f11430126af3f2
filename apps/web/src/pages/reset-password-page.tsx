import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form.tsx';

/** `/reset-password?token=...`: where the password-reset mail leads. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <PageFrame title={t('resetPassword.title')}>
      <ResetPasswordForm token={params.get('token')} />
    </PageFrame>
  );
}
