import type { ReactNode } from 'react';
import { useSystemTranslation } from '../i18n/register-translations.ts';
import { StatusPage } from './status-page.tsx';

/**
 * The site was opened on a host that is not one of the operator's domains (the permission call's
 * `host.isAllowed: false`): spec "domain check failed, contact customer service".
 */
export function DomainBlockedPage({ host, customerService }: { host: string; customerService?: ReactNode }) {
  const { t } = useSystemTranslation();
  return (
    <StatusPage tone="blocked" icon={<DomainIcon />}>
      <h1 className="status-card__title">{t('domain.title')}</h1>
      <p className="status-card__text">{t('domain.text', { host })}</p>
      {customerService}
    </StatusPage>
  );
}

function DomainIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.6 15.6 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4zM4.3 14a8 8 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8 8 0 0 1 0 4h-3.4z" />
    </svg>
  );
}
