import type { Grant } from '@platform/contracts/promotions';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatMediumDateTime } from '../../../lib/time-format.ts';
import { usePromotionsTranslation } from '../i18n/register-translations.ts';
import { Countdown } from './countdown.tsx';

/** Whole percent of the wagering done, for the bar (0 to 100). */
export function wageringPercent(grant: Pick<Grant, 'progress' | 'requiredTurnover'>): number {
  if (grant.requiredTurnover <= 0) return 100;
  return Math.min(100, Math.floor((grant.progress / grant.requiredTurnover) * 100));
}

/** A grant's wagering as a progress bar, what is left, its bonus balance and when it expires. */
export function GrantProgress({ grant, currency }: { grant: Grant; currency: string }) {
  const { t, i18n } = usePromotionsTranslation();
  const moneyFormat = useMoneyFormat();
  const money = (n: number) => moneyFormat(n, currency);
  const percent = wageringPercent(grant);
  const label = t('progress.wagering', { done: money(grant.progress), required: money(grant.requiredTurnover) });
  const left = grant.requiredTurnover - grant.progress;
  const active = grant.status === 'active';
  return (
    <div className="pr-grant" data-testid="grant-progress" data-status={grant.status}>
      <div className="pr-grant__head">
        <span>{label}</span>
        <span className="pr-grant__left" data-field="left">
          {left > 0 ? t('progress.left', { amount: money(left) }) : t('progress.done')}
        </span>
      </div>
      <div className="pr-bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="pr-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <dl className="pr-facts pr-facts--grant">
        <div>
          <dt>{t('progress.bonus')}</dt>
          <dd>{money(grant.amount)}</dd>
        </div>
        <div>
          <dt>{active ? t('progress.bonusBalance') : t('progress.converted')}</dt>
          <dd data-field="bonus-balance">{money(active ? grant.bonusBalance : grant.converted)}</dd>
        </div>
        <div>
          <dt>{t('progress.expires')}</dt>
          <dd>
            {active ? <Countdown kind="expiresIn" at={grant.expiresAt} /> : t(`progress.grantStatus.${grant.status}`)}
            <span className="pr-muted">{formatMediumDateTime(grant.expiresAt, i18n.language)}</span>
          </dd>
        </div>
      </dl>
      {active && grant.maxStake !== null && <p className="pr-muted">{t('progress.maxStake', { amount: money(grant.maxStake) })}</p>}
    </div>
  );
}
