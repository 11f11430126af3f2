import { useMoneyFormat } from '../../../lib/money-format.ts';
import { useBalanceFollowsGrants, useWageringProgress } from '../api/promotions-api.ts';
import { usePromotionsTranslation } from '../i18n/register-translations.ts';
import { GrantProgress } from './grant-progress.tsx';
import './promotions.css';

/**
 * The withdraw page's promotion wagering: what is still owed on active bonus grants and why it
 * blocks a withdrawal, each grant's progress bar and the bonus balance. Nothing shows without an
 * active grant.
 */
export function WageringPanel({ currency }: { currency: string | null }) {
  const { t } = usePromotionsTranslation();
  const moneyFormat = useMoneyFormat();
  const progress = useWageringProgress();
  useBalanceFollowsGrants(progress.data?.grants);
  if (!progress.data || !currency || progress.data.grants.length === 0) return null;
  const { grants, remainingTurnover, bonusBalance } = progress.data;
  const money = (n: number) => moneyFormat(n, currency);
  return (
    <section className="mc-card pr-wagering" data-testid="withdraw-wagering" aria-label={t('wagering.title')}>
      <h4 className="mc-card__title">{t('wagering.title')}</h4>
      <p className={remainingTurnover > 0 ? 'pr-hint' : 'mc-success'} data-field="wagering-state">
        {remainingTurnover > 0 ? t('wagering.blocked', { amount: money(remainingTurnover) }) : t('wagering.clear')}
      </p>
      {remainingTurnover > 0 && <p className="pr-muted">{t('wagering.why')}</p>}
      <p className="pr-muted">{t('wagering.bonus', { amount: money(bonusBalance) })}</p>
      {grants.map((grant) => (
        <GrantProgress key={grant.id} grant={grant} currency={currency} />
      ))}
    </section>
  );
}
