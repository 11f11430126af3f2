import { socialStartUrl, useSocialProviders } from '../api/social-sign-in.ts';
import { useSocialTranslation } from '../i18n/register-translations.ts';

/** Pages that open the login or registration popup: a sign-in started there goes back home instead. */
const POPUP_PATHS = new Set(['/login', '/register', '/register.html', '/social-login']);

/** A button per enabled third-party provider; nothing when the merchant has none. */
export function SocialSignInButtons() {
  const { t: ts } = useSocialTranslation();
  const providers = useSocialProviders();
  const list = providers.data ?? [];
  if (list.length === 0) return null;
  const { pathname, search } = window.location;
  const returnTo = POPUP_PATHS.has(pathname) ? '/' : `${pathname}${search}`;
  return (
    <div className="social-sign-in">
      <p className="social-sign-in__or">{ts('or')}</p>
      {list.map((provider) => (
        <a key={provider.key} className="button button--ghost button--block" href={socialStartUrl(provider.key, returnTo)}>
          {ts('continueWith', { name: provider.name })}
        </a>
      ))}
    </div>
  );
}
