import { RECORDS_RANGE_DAYS_MAX } from '@platform/contracts/records';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { useGameCategoryName } from '../../../hooks/use-game-category-name.ts';
import { type BetProfitValue, useBetProfit, useConsolidatedFunds } from '../api/records-api.ts';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';
import { addDays, MEMBER_TIME_ZONE_DEFAULT, useMoney } from './format.ts';
import { ProfitChart } from './profit-chart.tsx';
import { RecordCard } from './record-card.tsx';
import { DateRangeFilter, initialRange, rangeProblem } from './record-controls.tsx';
import './records.css';

/** Report days of the betting record are the server's (Vietnam, UTC+7). */
const TIME_ZONE = MEMBER_TIME_ZONE_DEFAULT;

type Sums = { count: number; stake: number; validBet: number; payout: number; winLoss: number };

/**
 * Profit and loss of settled rounds per day and per game category, summed by the server from the
 * same rounds as the betting record, with a small chart of each day's win/loss.
 */
export function ProfitLossPage() {
  const { t } = useTranslation(MC_RECORDS_NS);
  const [range, setRange] = useState(() => initialRange(TIME_ZONE));
  const problem = rangeProblem(range, t);
  const profit = useBetProfit({ beginDate: range.from, endDate: range.to }, problem === null);

  let body = <LoadingState />;
  if (problem) body = <p className="form__error">{problem}</p>;
  else if (profit.error) body = <ErrorState error={profit.error} onRetry={() => void profit.refetch()} />;
  else if (profit.data && profit.data.days.length === 0) body = <p className="mc-note rc-empty">{t('profit.empty')}</p>;
  else if (profit.data) body = <ProfitBody value={profit.data} />;

  return (
    <div className="mc-sections">
      <RecordCard label={t('profit.title')}>
        <div className="filter-bar">
          <DateRangeFilter value={range} timeZone={TIME_ZONE} onChange={setRange} />
        </div>
        <p className="mc-note">{t('profit.text')}</p>
        <div aria-busy={profit.isFetching}>{body}</div>
      </RecordCard>
    </div>
  );
}

function byCategory(value: BetProfitValue): (Sums & { gameCategory: string })[] {
  const map = new Map<string, Sums & { gameCategory: string }>();
  for (const day of value.days) {
    for (const c of day.categories) {
      const into = map.get(c.gameCategory) ?? { gameCategory: c.gameCategory, count: 0, stake: 0, validBet: 0, payout: 0, winLoss: 0 };
      into.count += c.count;
      into.stake += c.stake;
      into.validBet += c.validBet;
      into.payout += c.payout;
      into.winLoss += c.winLoss;
      map.set(c.gameCategory, into);
    }
  }
  return [...map.values()].sort((a, b) => b.stake - a.stake);
}

/** Each day of the range, oldest first, with 0 for a day without settled rounds (the chart's x axis). */
function everyDay(value: BetProfitValue): { day: string; amount: number }[] {
  const byDay = new Map(value.days.map((d) => [d.day, d.winLoss]));
  const out: { day: string; amount: number }[] = [];
  for (let day = value.beginDate; day <= value.endDate && out.length <= RECORDS_RANGE_DAYS_MAX; day = addDays(day, 1)) {
    out.push({ day, amount: byDay.get(day) ?? 0 });
  }
  return out;
}

function ProfitBody({ value }: { value: BetProfitValue }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const categoryName = useGameCategoryName();
  const money = useMoney();
  // The report's amounts are in the member's wallet currency.
  const funds = useConsolidatedFunds();
  const currency = funds.data?.currency ?? 'VND';
  const days = [...value.days].sort((a, b) => (a.day < b.day ? 1 : -1));
  const categories = byCategory(value);
  const cell = (label: string, amount: number, signed = false) => (
    <td data-label={label} className={signed ? (amount > 0 ? 'rc-amount--up' : amount < 0 ? 'rc-amount--down' : undefined) : undefined}>
      {money(amount, currency)}
    </td>
  );
  const head = (first: string) => (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">{t('bets.count')}</th>
        <th scope="col">{t('bets.stake')}</th>
        <th scope="col">{t('bets.validBet')}</th>
        <th scope="col">{t('bets.payout')}</th>
        <th scope="col">{t('bets.winLoss')}</th>
      </tr>
    </thead>
  );
  const row = (sums: Sums) => (
    <>
      <td data-label={t('bets.count')}>{sums.count}</td>
      {cell(t('bets.stake'), sums.stake)}
      {cell(t('bets.validBet'), sums.validBet)}
      {cell(t('bets.payout'), sums.payout)}
      {cell(t('bets.winLoss'), sums.winLoss, true)}
    </>
  );
  return (
    <div className="mc-stack">
      <dl className="rc-summary" data-testid="profit-totals">
        <div>
          <dt>{t('bets.count')}</dt>
          <dd data-field="count">{value.totals.count}</dd>
        </div>
        <div>
          <dt>{t('bets.stake')}</dt>
          <dd data-field="stake">{money(value.totals.stake, currency)}</dd>
        </div>
        <div>
          <dt>{t('bets.payout')}</dt>
          <dd data-field="payout">{money(value.totals.payout, currency)}</dd>
        </div>
        <div>
          <dt>{t('profit.profit')}</dt>
          <dd data-field="winLoss" className={value.totals.winLoss >= 0 ? 'rc-amount--up' : 'rc-amount--down'}>
            {money(value.totals.winLoss, currency)}
          </dd>
        </div>
      </dl>
      <ProfitChart days={everyDay(value)} format={(amount) => money(amount, currency)} />
      <h5 className="rc-subtitle">{t('profit.byCategory')}</h5>
      <table className="mc-table rc-table" data-testid="profit-categories">
        <caption className="visually-hidden">{t('profit.byCategory')}</caption>
        {head(t('bets.category'))}
        <tbody>
          {categories.map((c) => (
            <tr key={c.gameCategory} data-category={c.gameCategory}>
              <th scope="row" data-label={t('bets.category')}>
                {categoryName(c.gameCategory)}
              </th>
              {row(c)}
            </tr>
          ))}
        </tbody>
      </table>
      <h5 className="rc-subtitle">{t('profit.byDay')}</h5>
      <table className="mc-table rc-table" data-testid="profit-days">
        <caption className="visually-hidden">{t('profit.byDay')}</caption>
        {head(t('profit.day'))}
        <tbody>
          {days.map((d) => (
            <tr key={d.day} data-day={d.day}>
              <th scope="row" className="mc-table__time" data-label={t('profit.day')}>
                {d.day}
              </th>
              {row(d)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
