import type { AmountMinor } from '@platform/contracts/money';
import { formatAmount } from '@platform/contracts/money-format';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RankPeriod, useGameMenus, useWinnerRanking } from '../api/home-queries.ts';
import { GameArt } from '../components/game-art.tsx';
import { PageFrame } from '../components/page-frame.tsx';
import { useGameCategoryName } from '../hooks/use-game-category-name.ts';
import { useShellHomeTranslation } from '../i18n/shell-home/register-translations.ts';
import { formatTableTime, withZoneLabel } from '../lib/time-format.ts';
import '../features/home/home.css';

const PERIODS: readonly RankPeriod[] = ['DAY', 'WEEK', 'MONTH'];
const ALL = 'ALL';

/**
 * The winner ranking (/winners): the 20 biggest real-money wins of today, this week or this month,
 * of every game or of one category, names masked as on the home page's winner board.
 */
export function WinnersPage() {
  const { t } = useTranslation();
  const { t: th, i18n } = useShellHomeTranslation();
  const categoryName = useGameCategoryName();
  const [period, setPeriod] = useState<RankPeriod>('WEEK');
  const [category, setCategory] = useState(ALL);
  const menus = useGameMenus();
  const ranking = useWinnerRanking(category, period);
  const title = t('pages.winners');
  const locale = i18n.language === 'vi' ? 'vi-VN' : 'en-GB';
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  const categories = [ALL, ...new Set((menus.data ?? []).filter((m) => m.vendors.length > 0).map((m) => m.gameType))];

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
  else if (ranking.data.list.length === 0) body = <p className="home-state">{th('winners.empty')}</p>;
  else
    body = (
      <table className="ranking__table winners-ranking__table">
        <thead>
          <tr>
            <th scope="col">{th('ranking.rank')}</th>
            <th scope="col">{th('winners.game')}</th>
            <th scope="col" className="winners-ranking__player">
              {th('winners.player')}
            </th>
            <th scope="col" className="ranking__amount">
              {th('winners.amount')}
            </th>
            <th scope="col" className="winners-ranking__time">
              {withZoneLabel(th('winners.time'))}
            </th>
          </tr>
        </thead>
        <tbody>
          {ranking.data.list.map((row, index) => (
            <tr
              key={`${row.winTime}-${row.vendorCode}-${row.gameCode}-${row.customerName}`}
              className={index < 3 ? 'ranking__row ranking__row--top winners-ranking__row' : 'ranking__row winners-ranking__row'}
            >
              <td className="ranking__rank">{index + 1}</td>
              <td>
                <span className="winners__game">
                  {row.iconUrl ? (
                    <img className="winners__icon" src={row.iconUrl} alt="" width={36} height={36} loading="lazy" />
                  ) : (
                    <span className="winners__icon" aria-hidden="true">
                      <GameArt code={row.gameCode} name={row.gameName} category="" compact />
                    </span>
                  )}
                  <span className="winners__game-text">
                    <span className="winners__game-name">{row.gameName}</span>
                    {/* On a phone the member and the time show under the game; their columns are hidden. */}
                    <span className="winners-ranking__under">{row.customerName}</span>
                    <span className="winners-ranking__under">{formatTableTime(row.winTime)}</span>
                  </span>
                </span>
              </td>
              <td className="winners-ranking__player">{row.customerName}</td>
              <td className="ranking__amount">{formatAmount(row.winAmount as AmountMinor, row.currency, locale)}</td>
              <td className="winners-ranking__time">{formatTableTime(row.winTime)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );

  return (
    <PageFrame title={title}>
      <div className="ranking">
        <fieldset className="hot__tabs">
          <legend className="visually-hidden">{th('hot.types')}</legend>
          {categories.map((code) => (
            <button key={code} type="button" className="hot__tab" aria-pressed={code === category} onClick={() => setCategory(code)}>
              {code === ALL ? th('winners.allGames') : categoryName(code)}
            </button>
          ))}
        </fieldset>
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
