import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';
import { BrandLogo } from './brand-logo.tsx';

/** What went wrong in the visitor's words, and a way to try again. */
export function FullPageError({ error, onRetry, isRetrying }: { error: unknown; onRetry: () => void; isRetrying: boolean }) {
  const { t } = useTranslation();
  let message = t('error.unknown');
  if (error instanceof ApiError) {
    if (error.kind === 'network') message = t('error.network');
    else if (error.kind === 'timeout') message = t('error.timeout');
    else if (error.code) message = error.message;
  }
  return (
    <div className="full-page" role="alert">
      <BrandLogo size="large" />
      <h1 className="full-page__title">{t('error.title')}</h1>
      <p className="full-page__text">{message}</p>
      <button type="button" className="button button--primary" onClick={onRetry} disabled={isRetrying}>
        {t('error.retry')}
      </button>
    </div>
  );
}
