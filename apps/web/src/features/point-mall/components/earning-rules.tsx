import type { EarningRuleSummary } from '@platform/contracts/points';
import { VALID_BET_ALL_CATEGORIES } from '@platform/contracts/points';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { useGameCategoryName } from '../../../hooks/use-game-category-name.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import type { PointConfig } from '../api/point-mall-api.ts';
import { usePointMallTranslation } from '../i18n/register-translations.ts';

/** How to earn: the operator's earning rules in words, with their daily caps. */
export function EarningRules({ config, currency }: { config: UseQueryResult<PointConfig>; currency: string | null }) {
  const { t, i18n } = usePointMallTranslation();
  const money = useMoneyFormat();
  const categoryName = useGameCategoryName();
  const number = new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB');
  if (config.error) return <ErrorState error={config.error} onRetry={() => void config.refetch()} />;
  if (!config.data) return <LoadingState />;
  const code = currency ?? config.data.currency;
  const line = (rule: EarningRuleSummary): string => {
    const points = number.format(rule.amount);
    switch (rule.event) {
      case 'sign_in_streak':
        return t('earn.rules.sign_in_streak', { days: rule.streakDays ?? 0, points });
      case 'deposit':
        return rule.minDeposit
          ? t('earn.rules.deposit', { amount: money(rule.minDeposit, code), points })
          : t('earn.rules.deposit_any', { points });
      case 'valid_bet':
        return t('earn.rules.valid_bet', {
          amount: money(rule.validBetMin ?? 0, code),
          category: !rule.category || rule.category === VALID_BET_ALL_CATEGORIES ? t('earn.allCategories') : categoryName(rule.category),
          points,
        });
      default:
        return t(`earn.rules.${rule.event}`, { points });
    }
  };
  const rules = config.data.earningRules;
  return (
    <div className="pm-section">
      {rules.length === 0 ? (
        <p className="pm-empty">{t('earn.empty')}</p>
      ) : (
        <>
          <p className="pm-hint">{t('earn.intro')}</p>
          <ul className="pm-rules" data-testid="earning-rules">
            {rules.map((rule) => (
              <li key={JSON.stringify(rule)} className="pm-rule">
                <span>{line(rule)}</span>
                {rule.dailyCap !== null && <span className="pm-hint"> ({t('earn.cap', { points: number.format(rule.dailyCap) })})</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="pm-hint">{t('neverExpire')}</p>
    </div>
  );
}
