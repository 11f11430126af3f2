import { useSearchParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { SocialLogin } from '../features/auth/components/social-login.tsx';
import { useSocialTranslation } from '../features/auth/i18n/register-translations.ts';

/** `/social-login?code=…|ticket=…|error=…`: where a third-party sign-in comes back to. */
export function SocialLoginPage() {
  const { t: ts } = useSocialTranslation();
  const [params] = useSearchParams();
  return (
    <PageFrame title={ts('title')}>
      <SocialLogin code={params.get('code')} ticket={params.get('ticket')} error={params.get('error')} />
    </PageFrame>
  );
}
