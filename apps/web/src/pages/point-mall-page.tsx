import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../api/get-member-info.ts';
import { PageFrame } from '../components/page-frame.tsx';
import { PointMall } from '../features/point-mall/components/point-mall.tsx';

/** `/pointMall`: the points mall, in its own chunk. */
export function PointMallPage() {
  const { t } = useTranslation();
  const title = t('pages.pointMall');
  const currency = useMemberInfo().data?.currency ?? null;
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  return (
    <PageFrame title={title}>
      <PointMall currency={currency} />
    </PageFrame>
  );
}
