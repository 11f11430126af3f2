import type { SocialSignedInValue } from '@platform/contracts/social-sign-in';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { errorText } from '../../../lib/api-client.ts';
import { exchangeSocialCode, useSocialLinkInfo } from '../api/social-sign-in.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import { useSocialTranslation } from '../i18n/register-translations.ts';
import { SocialLinkScreen } from './social-link-screen.tsx';

/** The codes the server's redirect may carry in ?error=, each with its sentence in auth.social. */
const REDIRECT_ERRORS = {
  social_provider_unavailable: 'providerUnavailable',
  social_sign_in_expired: 'expired',
  social_sign_in_failed: 'failed',
} as const;

function redirectErrorKey(code: string) {
  return Object.hasOwn(REDIRECT_ERRORS, code)
    ? REDIRECT_ERRORS[code as keyof typeof REDIRECT_ERRORS]
    : REDIRECT_ERRORS.social_sign_in_failed;
}

/**
 * Where a third-party sign-in comes back to (/social-login): `?code=` is exchanged once for the
 * session, `?ticket=` shows the linking screen, `?error=` says what went wrong. Signed in, the site
 * goes on as after a password login.
 */
export function SocialLogin({ code, ticket, error }: { code: string | null; ticket: string | null; error: string | null }) {
  const { t: ts } = useSocialTranslation();
  const completeLogin = useCompleteLogin();
  const [problem, setProblem] = useState<string | null>(null);
  const exchanged = useRef(false);
  // Once linked or signed in the ticket is spent: its query stops.
  const [isLinked, setLinked] = useState(false);
  const info = useSocialLinkInfo(code || isLinked ? null : ticket);

  const signedIn = useCallback(
    (value: SocialSignedInValue) => {
      // Rendered at once, so the spent ticket's query has no watcher when the login refreshes every query.
      flushSync(() => setLinked(true));
      return completeLogin(value.login, undefined, value.returnTo);
    },
    [completeLogin],
  );

  useEffect(() => {
    if (!code || exchanged.current) return;
    // A code is good once: the exchange runs once even when the effect runs twice.
    exchanged.current = true;
    exchangeSocialCode(code).then(signedIn, (failure: unknown) => setProblem(errorText(failure)));
  }, [code, signedIn]);

  const errorMessage =
    problem ??
    (error ? ts(redirectErrorKey(error)) : null) ??
    (info.isError ? errorText(info.error) : null) ??
    (!code && !ticket ? ts('failed') : null);

  if (errorMessage) {
    return (
      <div className="social-link">
        <p className="form__error" role="alert">
          {errorMessage}
        </p>
        <Link className="button button--primary button--block" to="/login">
          {ts('backToLogin')}
        </Link>
      </div>
    );
  }
  if (ticket && info.data) return <SocialLinkScreen ticket={ticket} info={info.data} onSignedIn={signedIn} />;
  return <p aria-live="polite">{ts('signingIn')}</p>;
}
