import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/page-frame.tsx';
import { AnnouncementList } from './announcement-list.tsx';

/** /news: the site's news (announcements of type N), newest first, 9 per page; the page is in the address. */
export function NewsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const title = t('pages.news');
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  return (
    <PageFrame title={title}>
      <div className="notice-page">
        <AnnouncementList
          type="N"
          headingLevel={2}
          pageNo={pageNo}
          onPage={(page) => {
            setParams(page > 1 ? new URLSearchParams({ page: String(page) }) : new URLSearchParams());
            window.scrollTo(0, 0);
          }}
        />
      </div>
    </PageFrame>
  );
}
