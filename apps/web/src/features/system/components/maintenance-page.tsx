import type { SystemStatusValue } from '@platform/contracts/system';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMediumDateTime } from '../../../lib/time-format.ts';
import { StatusPage } from './status-page.tsx';

/** Status 1. The operator's title and text when written, the translated defaults otherwise. */
export function MaintenancePage({ status, customerService }: { status: SystemStatusValue; customerService?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { title, info, endsAt } = status.maintenance;
  const endsAtText = endsAt ? formatMediumDateTime(endsAt, i18n.language) : null;
  return (
    <StatusPage tone="maintenance" icon={<MaintenanceIcon />}>
      <h1 className="status-card__title">{title || t('game_maintenance')}</h1>
      <p className="status-card__text">{info || t('info_maintenance')}</p>
      {endsAtText ? <p className="status-card__note">{t('maintenance.expectedEnd', { time: endsAtText })}</p> : null}
      {customerService}
    </StatusPage>
  );
}

function MaintenanceIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M22.7 19.3 13.6 10.2a6 6 0 0 0-7.8-7.8l3.9 3.9-2.8 2.8-3.9-3.9a6 6 0 0 0 7.8 7.8l9.1 9.1a1 1 0 0 0 1.4 0l1.4-1.4a1 1 0 0 0 0-1.4z" />
    </svg>
  );
}
