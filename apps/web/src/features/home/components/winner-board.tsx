import type { AmountMinor } from '@platform/contracts/money';
import { formatAmount } from '@platform/contracts/money-format';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useWinnerBoard } from '../../../api/home-queries.ts';
import { GameArt } from '../../../components/game-art.tsx';
import { useShellHomeTranslation } from '../../../i18n/shell-home/register-translations.ts';

/** The 20 biggest recent wins: game icon, masked player, game and amount; asked again on a language change. */
export function WinnerBoard() {
  const { t, i18n } = useShellHomeTranslation();
  const board = useWinnerBoard();
  // The answer arrives in a store update, drawn at once: its twenty rows are drawn in a transition instead.
  const list = useDeferredValue(board.data?.list);
  const locale = i18n.language === 'vi' ? 'vi-VN' : 'en-GB';
  let body: React.ReactNode;
  if (board.isPending) body = <p className="home-state">{t('loading')}</p>;
  else if (board.isError)
    body = (
      <p className="home-state home-state--error">
        {t('error')}{' '}
        <button type="button" className="link-button" onClick={() => void board.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  else if (list === undefined) body = <p className="home-state">{t('loading')}</p>;
  else if (list.length === 0) body = <p className="home-state">{t('winners.empty')}</p>;
  else
    body = (
      <table className="winners__table">
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('winners.game')}</th>
            <th scope="col">{t('winners.player')}</th>
            <th scope="col">{t('winners.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((row) => (
            <tr key={`${row.winTime}-${row.vendorCode}-${row.gameCode}-${row.customerName}`} className="winners__row">
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
                    {/* On a phone the member shows under the game, and the member column is hidden. */}
                    <span className="winners__who">{row.customerName}</span>
                  </span>
                </span>
              </td>
              <td className="winners__name">{row.customerName}</td>
              <td className="winners__amount">{formatAmount(row.winAmount as AmountMinor, row.currency, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <section className="winners" aria-labelledby="winners-title" aria-busy={board.isFetching}>
      <h2 id="winners-title" className="winners__title">
        {t('winners.title')}
        <Link to="/winners" className="winners__more">
          {t('winners.seeAll')}
        </Link>
      </h2>
      {body}
    </section>
  );
}
