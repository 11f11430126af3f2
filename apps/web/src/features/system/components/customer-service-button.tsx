import { useTranslation } from 'react-i18next';

/** Opens the operator's customer-service link in a new tab; hidden when none is configured. */
export function CustomerServiceButton({ url }: { url: string }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <a className="button button--primary button--block" href={url} target="_blank" rel="noopener noreferrer">
      <svg className="button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 3a8 8 0 0 0-8 8v5a3 3 0 0 0 3 3h1v-7H6v-1a6 6 0 1 1 12 0v1h-2v7h2v1h-5v2h5a2 2 0 0 0 2-2v-8a8 8 0 0 0-8-8z" />
      </svg>
      {t('in_customer_service')}
    </a>
  );
}
