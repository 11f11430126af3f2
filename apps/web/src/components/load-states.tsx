import { useTranslation } from 'react-i18next';
import { MEMBER_CENTRE_NS } from '../i18n/member-centre/register-translations.ts';
import { errorText } from '../lib/api-client.ts';

/** A designed wait: a spinner and its text for screen readers. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  return (
    <div className="mc-state" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="mc-state__text">{label ?? t('loading')}</span>
    </div>
  );
}

/** A failed load: what happened, in the server's words when it gave them, and a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  return (
    <div className="mc-state mc-state--error" role="alert">
      <p className="mc-state__title">{t('loadError')}</p>
      <p className="mc-state__text">{errorText(error)}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
