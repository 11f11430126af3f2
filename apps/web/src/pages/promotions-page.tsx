import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../api/get-member-info.ts';
import { PageFrame } from '../components/page-frame.tsx';
import { BannerCarousel } from '../features/content/components/banner-carousel.tsx';
import { PromotionList } from '../features/promotions/components/promotion-list.tsx';

/** `/promotions`: the page's banner group (w_promotion), then the member's promotions by category. */
export function PromotionsPage() {
  const { t } = useTranslation();
  const title = t('pages.promotions');
  const currency = useMemberInfo().data?.currency ?? null;
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  return (
    <PageFrame title={title}>
      <BannerCarousel groupName="w_promotion" fallback={null} />
      <PromotionList currency={currency} />
    </PageFrame>
  );
}
