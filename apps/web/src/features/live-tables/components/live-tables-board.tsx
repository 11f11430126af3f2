import type { LiveTable } from '@platform/contracts/live-tables';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteCurrency } from '../../../api/home-queries.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { useLiveTables } from '../api/get-live-tables.ts';
import { LIVE_TABLES_NS, registerLiveTablesTranslations } from '../i18n/register-translations.ts';
import '../live-tables.css';

registerLiveTablesTranslations();

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

/** Seconds left to bet, counted down here between two answers of the server. */
function useCountdown(seconds: number, stamp: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [seconds]);
  return Math.max(0, seconds - Math.floor((now - stamp) / 1000));
}

/** One result as a small drawn mark: a coloured dot with a letter or a number. */
function ResultMark({ game, value }: { game: LiveTable['game']; value: string }) {
  const { t } = useTranslation(LIVE_TABLES_NS);
  if (game === 'roulette') {
    const n = Number(value);
    const colour = n === 0 ? 'green' : RED.has(n) ? 'red' : 'black';
    return <span className={`live-mark live-mark--${colour}`}>{value}</span>;
  }
  if (game === 'sic-bo') {
    const dice = value.split(' ').map(Number);
    const total = dice.reduce((s, d) => s + d, 0);
    const isTriple = dice.length === 3 && dice.every((d) => d === dice[0]);
    const kind = isTriple ? 'triple' : total >= 11 ? 'big' : 'small';
    return (
      <span className={`live-mark live-mark--${kind}`} title={`${value} · ${t(`sicBo.${kind}`)}`}>
        {total}
      </span>
    );
  }
  const winner = value as 'PLAYER' | 'BANKER' | 'TIE' | 'DRAGON' | 'TIGER';
  // Dragon tiger's tie gets a sign of its own: its letter would be the tiger's (T in English, H in Vietnamese).
  const label = game === 'dragon-tiger' && winner === 'TIE' ? t('winners.DT_TIE') : t(`winners.${winner}`);
  return <span className={`live-mark live-mark--${winner.toLowerCase()}`}>{label}</span>;
}

/** The live tables are the house game server's: its vendor code opens them. */
export const LIVE_TABLES_VENDOR = 'HOUSE';

type OpenTable = (game: { vendor: string; gameCode: string; name: string }) => void;

function TableCard({ table, stamp, onOpen }: { table: LiveTable; stamp: number; onOpen?: OpenTable | undefined }) {
  const { t } = useTranslation(LIVE_TABLES_NS);
  const money = useMoneyFormat();
  const currency = useSiteCurrency();
  const seconds = useCountdown(table.phase === 'betting' ? table.secondsLeft : 0, stamp);
  const marks = table.game === 'baccarat' ? table.road.slice(-10) : [...table.results].reverse();
  return (
    <li className={`live-table live-table--${table.game}`} data-game-code={table.gameCode}>
      <div className="live-table__head">
        <strong>{t(`games.${table.game}`)}</strong>
        <span className="live-table__id">{t('table', { table: table.tableId.toUpperCase() })}</span>
      </div>
      <p className={`live-table__phase live-table__phase--${table.phase}`}>
        {t(`phase.${table.phase}`, { seconds })}
        {table.round > 0 && <span className="live-table__round"> · {t('round', { round: table.round })}</span>}
      </p>
      {/* Always in place (empty outside the betting window), so the card keeps its height. */}
      <div className="live-table__bar" aria-hidden="true">
        <span style={{ width: table.phase === 'betting' ? `${Math.min(100, (seconds / 15) * 100)}%` : '0%' }} />
      </div>
      <p className="live-table__limits">
        {t('limits', { min: money(table.limits.min, currency), max: money(table.limits.max, currency) })}
      </p>
      <div className="live-table__road" role="img" aria-label={t('last')}>
        {marks.length === 0 ? (
          <span className="live-table__empty">{t('noResults')}</span>
        ) : (
          marks.map((value, i) => (
            // The marks are a sequence: the position is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: results repeat, and their order is their key
            <ResultMark key={i} game={table.game} value={value} />
          ))
        )}
      </div>
      {onOpen && (
        <button
          type="button"
          className="live-table__open"
          onClick={() =>
            onOpen({
              vendor: LIVE_TABLES_VENDOR,
              gameCode: table.gameCode,
              name: `${t(`games.${table.game}`)} ${table.tableId.toUpperCase()}`,
            })
          }
        >
          {t('open', { table: table.tableId.toUpperCase() })}
        </button>
      )}
    </li>
  );
}

/** The /live page's board: every house table with its live state, refreshed every few seconds; a card opens its table. */
export function LiveTablesBoard({ onOpen }: { onOpen?: OpenTable }) {
  const { t } = useTranslation(LIVE_TABLES_NS);
  const query = useLiveTables();
  // Each answer (every few seconds) arrives in a store update, drawn at once: the cards are drawn from
  // a deferred copy instead, in a transition, so a refresh is not one long task (docs/web-shell.md).
  const data = useDeferredValue(query.data);
  const stamp = useDeferredValue(query.dataUpdatedAt);
  // While the first answer is on its way the board keeps its place (a title line and one row of cards).
  if (query.isPending || (data === undefined && query.data !== undefined)) {
    return (
      <section className="live-board live-board--loading" aria-hidden="true">
        <span className="live-board__title" />
        <ul className="live-board__list">
          <li className="live-table live-table--placeholder" />
          <li className="live-table live-table--placeholder" />
        </ul>
      </section>
    );
  }
  if (!data?.isAvailable || data.tables.length === 0) {
    return data && !data.isAvailable ? <p className="live-board__note">{t('unavailable')}</p> : null;
  }
  return (
    <section className="live-board" aria-label={t('title')}>
      <h2 className="live-board__title">{t('title')}</h2>
      <ul className="live-board__list">
        {data.tables.map((table) => (
          <TableCard key={table.gameCode} table={table} stamp={stamp} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}
