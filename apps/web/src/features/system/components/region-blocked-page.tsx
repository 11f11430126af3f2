import type { SystemStatusValue } from '@platform/contracts/system';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

/** Status 2. Shows the visitor's IP so customer service can look into a wrong block. */
export function RegionBlockedPage({ status, customerService }: { status: SystemStatusValue; customerService?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <StatusPage tone="blocked" icon={<BlockedIcon />}>
      <h1 className="status-card__title">{t('blockip')}</h1>
      <p className="status-card__text">{t('info_ip_block')}</p>
      <dl className="status-card__ip">
        <dt>{t('block.yourIp')}</dt>
        <dd>
          <code>{status.ip}</code>
        </dd>
      </dl>
      {customerService}
    </StatusPage>
  );
}

function BlockedIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 0 1 6.3 12.9L7.1 5.7A8 8 0 0 1 12 4zm0 16a8 8 0 0 1-6.3-12.9l11.2 11.2A8 8 0 0 1 12 20z" />
    </svg>
  );
}
