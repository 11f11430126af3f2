import type { MemberPromotion } from '@platform/contracts/promotions';
import type { ReactNode } from 'react';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { usePromotionsTranslation } from '../i18n/register-translations.ts';
import { Countdown } from './countdown.tsx';

/** The member's status as a coloured label. */
export function StatusLabel({ status }: { status: MemberPromotion['status'] }) {
  const { t } = usePromotionsTranslation();
  return (
    <span className={`pr-status pr-status--${status.toLowerCase()}`} data-testid="promotion-status" data-status={status}>
      {t(`statuses.${status}`)}
    </span>
  );
}

/**
 * The countdown that matters for the status: to the start, to a grant's expiry (on a card; the
 * detail page shows it with the progress), or to the period's end.
 */
export function PromotionCountdown({ promotion, withGrant = true }: { promotion: MemberPromotion; withGrant?: boolean }) {
  if (promotion.status === 'COMING_SOON') return <Countdown kind="startsIn" at={promotion.startsAt} />;
  if (withGrant && promotion.status === 'PROCESSING' && promotion.grant)
    return <Countdown kind="expiresIn" at={promotion.grant.expiresAt} />;
  return <Countdown kind="endsIn" at={promotion.endsAt} />;
}

/** Promotions are a member's: a visitor is asked to log in, a trial account is told they are for real accounts. */
export function MemberOnly({ children }: { children: ReactNode }) {
  const { t } = usePromotionsTranslation();
  const isLogin = useSessionStore((s) => s.isLogin);
  const isTrial = useSessionStore((s) => s.isTrial);
  const open = usePopupStore((s) => s.open);
  if (!isLogin)
    return (
      <div className="pr-empty" data-testid="promotions-login">
        <p>{t('loginNeeded')}</p>
        <button type="button" className="button button--primary" onClick={() => open('login')}>
          {t('logIn')}
        </button>
      </div>
    );
  if (isTrial) return <p className="pr-empty">{t('realAccountNeeded')}</p>;
  return <>{children}</>;
}
