import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMemberInfo } from '../api/get-member-info.ts';
import { PageFrame } from '../components/page-frame.tsx';
import { PromotionDetail } from '../features/promotions/components/promotion-detail.tsx';

/** `/promoDetail?id=`: one promotion's rules, the member's progress and action. */
export function PromoDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const title = t('pages.promoDetail');
  const currency = useMemberInfo().data?.currency ?? null;
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  return (
    <PageFrame title={title}>
      <PromotionDetail id={Number.isSafeInteger(id) ? id : 0} currency={currency} />
    </PageFrame>
  );
}
