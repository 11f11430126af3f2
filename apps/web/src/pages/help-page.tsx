import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame.tsx';
import { HelpCentre } from '../features/help/components/help-centre.tsx';

/** `/help`: the help centre inside the site's frame. */
export function HelpPage() {
  const { t } = useTranslation();
  const title = t('pages.help');
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  return (
    <PageFrame title={title}>
      <HelpCentre />
    </PageFrame>
  );
}
