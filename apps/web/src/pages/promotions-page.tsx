import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMemberInfo } from '../api/get-member-info.ts';
import { PageFrame } from '../components/page-frame.tsx';
import { BannerCarousel } from '../features/content/components/banner-carousel.tsx';
import { PromotionDetail } from '../features/promotions/components/promotion-detail.tsx';
import { PromotionList } from '../features/promotions/components/promotion-list.tsx';

/** The page's title in the tab, and the member's currency the amounts are written in. */
function usePromotionsFrame(key: 'promotions' | 'promoDetail'): { title: string; currency: string | null } {
  const { t } = useTranslation();
  const title = t(`pages.${key}`);
  const currency = useMemberInfo().data?.currency ?? null;
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  return { title, currency };
}

/** `/promotions`: the page's banner group (w_promotion), then the member's promotions by category. */
export function PromotionsPage() {
  const { title, currency } = usePromotionsFrame('promotions');
  return (
    <PageFrame title={title}>
      <BannerCarousel groupName="w_promotion" fallback={null} />
      <PromotionList currency={currency} />
    </PageFrame>
  );
}

/** `/promoDetail?id=`: one promotion's rules, the member's progress and action (the same chunk as the list). */
export function PromoDetailPage() {
  const { title, currency } = usePromotionsFrame('promoDetail');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <PageFrame title={title}>
      <PromotionDetail id={Number.isSafeInteger(id) ? id : 0} currency={currency} />
    </PageFrame>
  );
}
