import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame.tsx';
import { AppDownload } from '../features/app-download/components/app-download.tsx';

/** `/down` and `/download`: the apps, their QR codes and the installation guide. */
export function DownloadPage() {
  const { t } = useTranslation();
  const title = t('pages.download');
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  return (
    <PageFrame title={title}>
      <AppDownload />
    </PageFrame>
  );
}
