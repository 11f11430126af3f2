import { useTranslation } from 'react-i18next';
import { BrandLogo } from './brand-logo.tsx';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <div className="full-page" role="status" aria-live="polite">
      <BrandLogo size="large" />
      <span className="spinner" aria-hidden="true" />
      <p className="full-page__text">{t('app.loading')}</p>
    </div>
  );
}
