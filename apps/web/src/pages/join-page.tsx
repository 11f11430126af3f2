import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/page-frame.tsx';
import { JoinProgramme } from '../features/join/components/join-programme.tsx';

/** `/join`: the agent programme and its application form. */
export function JoinPage() {
  const { t } = useTranslation();
  const title = t('pages.join');
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  return (
    <PageFrame title={title}>
      <JoinProgramme />
    </PageFrame>
  );
}
