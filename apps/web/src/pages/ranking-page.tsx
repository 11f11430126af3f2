import type { AmountMinor } from '@platform/contracts/money';
import { formatAmount } from '@platform/contracts/money-format';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RankPeriod, useRanking } from '../api/home-queries.ts';
import { PageFrame } from '../components/page-frame.tsx';
import { BannerCarousel } from '../features/content/components/banner-carousel.tsx';
import { useShellHomeTranslation } from '../i18n/shell-home/register-translations.ts';
import { formatLocaleDate } from '../lib/time-format.ts';
import { useSectionKey } from './section-page.tsx';
import '../features/home/home.css';

const PERIODS: readonly RankPeriod[] = ['DAY', 'WEEK', 'MONTH'];

/** The top-20 deposit (/deposit-rank) or valid-bet (/bet-rank) ranking of a period, under its banner group. */
export function RankingPage() {
  const { t } = useTranslation();
  const { t: th, i18n } = useShellHomeTranslation();
  const section = useSectionKey();
  const kind = section === 'depositRank' ? 'deposit' : 'bet';
  const [period, setPeriod] = useState<RankPeriod>('MONTH');
  const ranking = useRanking(kind, period);
  const title = t(`pages.${section}`);
  const locale = i18n.language === 'vi' ? 'vi-VN' : 'en-GB';
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  const day = (iso: string) => formatLocaleDate(iso, i18n.language);

  let body: React.ReactNode;
  if (ranking.isPending) body = <p className="home-state">{th('loading')}</p>;
  else if (ranking.isError)
    body = (
      <p className="home-state home-state--error">
        {th('error')}{' '}
        <button type="button" className="link-button" onClick={() => void ranking.refetch()}>
          {th('retry')}
        </button>
      </p>
    );
  else if (ranking.data.list.length === 0) body = <p className="home-state">{th('ranking.empty')}</p>;
  else
    body = (
      <table className="ranking__table">
        <caption className="ranking__caption">
          {th('ranking.range', { from: day(ranking.data.beginTime), to: day(ranking.data.endTime) })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{th('ranking.rank')}</th>
            <th scope="col">{th('ranking.player')}</th>
            <th scope="col" className="ranking__amount">
              {kind === 'deposit' ? th('ranking.depositAmount') : th('ranking.betAmount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {ranking.data.list.map((row) => (
            <tr key={row.rank} className={row.rank <= 3 ? 'ranking__row ranking__row--top' : 'ranking__row'}>
              <td className="ranking__rank">{row.rank}</td>
              <td>{row.customerName}</td>
              <td className="ranking__amount">{formatAmount(row.amount as AmountMinor, ranking.data.currency, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );

  return (
    <PageFrame title={title}>
      <BannerCarousel groupName={kind === 'deposit' ? 'w_deposit20' : 'w_bet20'} fallback={null} />
      <div className="ranking">
        <fieldset className="hot__tabs">
          <legend className="visually-hidden">{th('ranking.periods')}</legend>
          {PERIODS.map((p) => (
            <button key={p} type="button" className="hot__tab" aria-pressed={p === period} onClick={() => setPeriod(p)}>
              {th(`ranking.period.${p}`)}
            </button>
          ))}
        </fieldset>
        <div aria-busy={ranking.isFetching}>{body}</div>
      </div>
    </PageFrame>
  );
}
