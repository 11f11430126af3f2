import { useSiteCurrency } from '../api/home-queries.ts';
import { useMoneyFormat } from '../lib/money-format.ts';

/**
 * What a reward gives, as the missions and rewards pages say it: money in the site's currency,
 * points with the page's word for them, or the page's word for a promotion bonus of the
 * promotion's amount.
 */
export function useRewardText(words: { points: (amount: string) => string; bonus: string }) {
  const money = useMoneyFormat();
  const currency = useSiteCurrency();
  return (kind: 'cash' | 'bonus' | 'points', amount: number | null): string => {
    if (kind === 'points') return words.points((amount ?? 0).toLocaleString());
    if (amount === null) return words.bonus;
    return money(amount, currency);
  };
}
