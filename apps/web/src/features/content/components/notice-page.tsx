import type { AnnouncementType } from '@platform/contracts/content';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/page-frame.tsx';
import { AnnouncementList } from './announcement-list.tsx';

/** The kinds of notice the page offers; popups and marquee headlines have their own places. */
const PAGE_TYPES = ['B', 'PR', 'PL'] as const satisfies readonly AnnouncementType[];
type PageType = (typeof PAGE_TYPES)[number];

function isPageType(value: string | null): value is PageType {
  return value !== null && (PAGE_TYPES as readonly string[]).includes(value);
}

/** /noticePage: every announcement in effect, by kind, 9 per page; the kind and page are in the address. */
export function NoticePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rawType = params.get('type');
  const type: PageType = isPageType(rawType) ? rawType : 'B';
  const pageNo = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const title = t('pages.noticePage');
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  const setQuery = (nextType: PageType, nextPage: number) => {
    const next = new URLSearchParams();
    if (nextType !== 'B') next.set('type', nextType);
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };
  return (
    <PageFrame title={title}>
      <div className="notice-page">
        <fieldset className="notice-page__types">
          <legend className="visually-hidden">{t('content.types')}</legend>
          {PAGE_TYPES.map((pageType) => (
            <button
              key={pageType}
              type="button"
              className="notice-page__type"
              aria-pressed={pageType === type}
              onClick={() => setQuery(pageType, 1)}
            >
              {t(`content.type.${pageType}`)}
            </button>
          ))}
        </fieldset>
        <AnnouncementList
          key={type}
          type={type}
          headingLevel={2}
          pageNo={pageNo}
          onPage={(page) => {
            setQuery(type, page);
            window.scrollTo(0, 0);
          }}
        />
      </div>
    </PageFrame>
  );
}
