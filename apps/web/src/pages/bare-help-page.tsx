import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../components/brand-logo.tsx';
import { HelpCentre } from '../features/help/components/help-centre.tsx';

/** /helpmc: the help centre without the site's header and footer, as an app's web view shows it. */
export function BareHelpPage() {
  const { t } = useTranslation();
  const title = t('pages.helpmc');
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  return (
    <main className="bare-page">
      <BrandLogo />
      <h1 className="page__title">{title}</h1>
      <HelpCentre isBare />
    </main>
  );
}
