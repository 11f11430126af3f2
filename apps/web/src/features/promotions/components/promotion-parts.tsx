import type { MemberPromotion } from '@platform/contracts/promotions';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { usePromotionsTranslation } from '../i18n/register-translations.ts';
import { Countdown } from './countdown.tsx';

/** The member's status as a coloured label; a promotion for other VIP levels names them. */
export function StatusLabel({ promotion }: { promotion: Pick<MemberPromotion, 'status' | 'vipRequirement'> }) {
  const { t } = usePromotionsTranslation();
  const { status, vipRequirement } = promotion;
  return (
    <span className={`pr-status pr-status--${status.toLowerCase()}`} data-testid="promotion-status" data-status={status}>
      {status === 'NOT_FOR_LEVEL' && vipRequirement ? levelText(t, vipRequirement) : t(`statuses.${status}`)}
    </span>
  );
}

/** "For VIP3 and above", or "Only for VIP2, VIP4" when the levels are not a run to the top. */
function levelText(
  t: (key: string, values?: Record<string, string>) => string,
  requirement: NonNullable<MemberPromotion['vipRequirement']>,
) {
  return requirement.from ? t('levels.from', { code: requirement.from }) : t('levels.only', { codes: requirement.codes.join(', ') });
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

/**
 * What a visitor is told above the public list: register or log in to take part; a trial account is
 * told promotions are for real accounts.
 */
export function VisitorIntro() {
  const { t } = usePromotionsTranslation();
  const isTrial = useSessionStore((s) => s.isTrial);
  if (isTrial) return <p className="pr-note">{t('realAccountNeeded')}</p>;
  return (
    <p className="pr-note" data-testid="promotions-visitor">
      {t('visitor.intro')}
    </p>
  );
}

/** A visitor's action on a promotion a new member could take: log in to join, or register. */
export function VisitorAction({ promotion }: { promotion: MemberPromotion }) {
  const { t } = usePromotionsTranslation();
  const isTrial = useSessionStore((s) => s.isTrial);
  const open = usePopupStore((s) => s.open);
  if (isTrial || !['JOIN', 'CLAIM', 'APPLY', 'JOINED'].includes(promotion.status)) return null;
  return (
    <div className="pr-action pr-action--visitor" data-status={promotion.status}>
      <button type="button" className="button button--primary" onClick={() => open('login')}>
        {t('visitor.logInToJoin')}
      </button>
      <button type="button" className="button button--ghost" onClick={() => open('register')}>
        {t('visitor.register')}
      </button>
    </div>
  );
}
