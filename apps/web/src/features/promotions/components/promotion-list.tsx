import type { MemberPromotion } from '@platform/contracts/promotions';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePromotionList } from '../../../api/promotions.ts';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { useBalanceFollowsGrants, useIsVisitor, usePublicPromotions } from '../api/promotions-api.ts';
import { usePromotionsTranslation } from '../i18n/register-translations.ts';
import { GrantProgress } from './grant-progress.tsx';
import { PromotionAction } from './promotion-action.tsx';
import { PromotionCountdown, StatusLabel, VisitorAction, VisitorIntro } from './promotion-parts.tsx';
import './promotions.css';

type Tab = 'ALL' | MemberPromotion['category'];

/**
 * `/promotions`: category tabs and a card per promotion with its status, countdown and action. A
 * visitor (or a trial account) sees the public list, with "log in to join" and "register".
 */
export function PromotionList({ currency }: { currency: string | null }) {
  const { t, i18n } = usePromotionsTranslation();
  const visitor = useIsVisitor();
  const mine = usePromotionList(i18n.language);
  const open = usePublicPromotions(i18n.language, visitor);
  const promotions = visitor ? open : mine;
  const [tab, setTab] = useState<Tab>('ALL');
  useBalanceFollowsGrants(promotions.data?.list.map((p) => p.grant));
  if (promotions.error) return <ErrorState error={promotions.error} onRetry={() => void promotions.refetch()} />;
  if (!promotions.data) return <LoadingState />;
  const { list } = promotions.data;
  // The tabs the list has, in the server's order of the promotions.
  const tabs: Tab[] = ['ALL', ...new Set(list.map((p) => p.category))];
  const shown = tab === 'ALL' ? list : list.filter((p) => p.category === tab);
  return (
    <div className="pr-page">
      {visitor && <VisitorIntro />}
      <div className="pr-tabs" role="tablist" aria-label={t('tabs')}>
        {tabs.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={each === tab}
            className={`pr-tab${each === tab ? ' pr-tab--on' : ''}`}
            onClick={() => setTab(each)}
          >
            {t(`promotionTypes.${each}`)}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="pr-empty">{t('empty')}</p>
      ) : (
        <ul className="pr-cards" data-testid="promotion-cards">
          {shown.map((p) => (
            <li key={p.id} className="pr-card" data-promotion={p.code}>
              <div className="pr-card__top">
                <span className="pr-card__category">{t(`promotionTypes.${p.category}`)}</span>
                <StatusLabel promotion={p} />
              </div>
              {p.image && <img className="pr-card__image" src={p.image} alt="" loading="lazy" data-testid="promotion-image" />}
              <h2 className="pr-card__title">{p.title}</h2>
              <p className="pr-card__body">{p.body}</p>
              <PromotionCountdown promotion={p} />
              {p.status === 'PROCESSING' && p.grant && currency && <GrantProgress grant={p.grant} currency={currency} />}
              <div className="pr-card__actions">
                {visitor ? <VisitorAction promotion={p} /> : <PromotionAction promotion={p} />}
                <Link className="button button--ghost" to={`/promoDetail?id=${p.id}`} aria-label={`${t('details')}: ${p.title}`}>
                  {t('details')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
