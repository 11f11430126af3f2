import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../components/brand-logo.tsx';
import { ComingSoon } from '../components/coming-soon.tsx';

/** /helpmc: the help page without the site frame, for embedding in apps. */
export function BareHelpPage() {
  const { t } = useTranslation();
  return (
    <main className="bare-page">
      <BrandLogo />
      <h1 className="page__title">{t('pages.helpmc')}</h1>
      <ComingSoon />
    </main>
  );
}
