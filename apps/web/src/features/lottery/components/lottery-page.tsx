import type { LotteryGameEntry } from '@platform/contracts/lottery';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBalance } from '../../../api/get-balance.ts';
import { findResource, usePermission } from '../../../api/home-queries.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import {
  lotteryKeys,
  type TimedMenu,
  useDrawHistory,
  useLotteryMenu,
  useMyTickets,
  usePlayTypes,
  useRankedLottery,
} from '../api/lottery-api.ts';
import { useLotteryTranslation } from '../i18n/register-translations.ts';
import {
  ALL_DAYS,
  expectedCloseAt,
  expectedDrawAt,
  filterGames,
  formatCountdown,
  type ListMode,
  readFavourites,
  toggleFavourite,
  WEEKDAY_ORDER,
} from '../lottery-rules.ts';
import { BetSlip } from './bet-slip.tsx';
import { MyTickets } from './my-tickets.tsx';
import { ResultsBoard } from './results-board.tsx';
import { ScrollRow } from './scroll-row.tsx';
import '../lottery.css';

const MODES: readonly ListMode[] = ['all', 'hot', 'fav', 'recent'];
/** After a draw time passes, results and tickets are asked for this often until they arrive. */
const AWAIT_RESULT_POLL_MS = 5_000;

/** The device clock, ticking every second while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // The whole page (its list of games included) draws again each second: in a transition, in slices
    // a phone can answer input between, rather than one task a second (docs/web-shell.md, "First paint").
    const timer = window.setInterval(() => startTransition(() => setNow(Date.now())), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The countdown line of a game: betting closes in, draw in, or waiting for the next draw. */
function countdownOf(game: LotteryGameEntry, menu: TimedMenu, now: number): { state: 'open' | 'locked' | 'none'; ms: number } {
  if (!game.numero) return { state: 'none', ms: 0 };
  const closeAt = expectedCloseAt(game, menu.receivedAt, menu.roundTripMs);
  if (now < closeAt) return { state: 'open', ms: closeAt - now };
  return { state: 'locked', ms: expectedDrawAt(game, menu.receivedAt, menu.roundTripMs) - now };
}

function GameList({
  games,
  menu,
  now,
  selectedId,
  favourites,
  onSelect,
  onToggleFavourite,
}: {
  games: LotteryGameEntry[];
  menu: TimedMenu;
  now: number;
  selectedId: string | null;
  favourites: readonly string[];
  onSelect: (gameId: string) => void;
  onToggleFavourite: ((gameId: string) => void) | null;
}) {
  const { t } = useLotteryTranslation();
  return (
    <ul className="lottery-games">
      {games.map((game) => {
        const countdown = countdownOf(game, menu, now);
        const isFavourite = favourites.includes(game.gameId);
        return (
          <li key={game.gameId} className="lottery-games__item">
            <button
              type="button"
              className="lottery-game"
              aria-current={game.gameId === selectedId ? 'true' : undefined}
              onClick={() => onSelect(game.gameId)}
            >
              <span className="lottery-game__name">{game.remark}</span>
              <span className="lottery-game__time">
                {countdown.state === 'open' && t('list.closesIn', { time: formatCountdown(countdown.ms) })}
                {countdown.state === 'locked' && t('list.drawing')}
                {countdown.state === 'none' && t('list.noDraw')}
              </span>
            </button>
            {onToggleFavourite && (
              <button
                type="button"
                className="lottery-star"
                aria-pressed={isFavourite}
                aria-label={t(isFavourite ? 'list.unfavourite' : 'list.favourite', { name: game.remark })}
                onClick={() => onToggleFavourite(game.gameId)}
              >
                {isFavourite ? '★' : '☆'}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The lottery page (spec "Lottery (Vietnam) page"): the stations and fast games by tag, weekday,
 * mode and name with a countdown each, and for the chosen game its draw, results board and
 * history, the bet slip and the member's tickets. The chosen game is the `gameCode` query parameter.
 */
export function LotteryPage() {
  const { t, i18n } = useLotteryTranslation();
  const language = i18n.language === 'vi' ? 'vi' : 'en';
  const [params, setParams] = useSearchParams();
  const gameCode = params.get('gameCode');
  const queryClient = useQueryClient();
  const isLogin = useSessionStore((s) => s.isLogin);
  const username = useSessionStore((s) => s.userInfo?.username ?? null);
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const openPopup = usePopupStore((s) => s.open);
  const balance = useBalance(customerId);
  const permission = usePermission();
  const drawHistoryLink = findResource(permission.data, 'DRAW_HISTORY');
  const now = useNow();
  const searchId = useId();
  const weekdayId = useId();

  const [tag, setTag] = useState<string | null>(null);
  const [weekday, setWeekday] = useState<number>(ALL_DAYS);
  const [mode, setMode] = useState<ListMode>('all');
  const [search, setSearch] = useState('');
  const [favourites, setFavourites] = useState<string[]>([]);
  useEffect(() => {
    setFavourites(username ? readFavourites(localStorage, username) : []);
  }, [username]);

  const menu = useLotteryMenu(language);
  const needsLogin = (mode === 'fav' || mode === 'recent') && !isLogin;
  const ranked = useRankedLottery(
    mode === 'recent' ? 'recent' : 'hot',
    language,
    customerId,
    mode === 'hot' || (mode === 'recent' && isLogin),
  );
  const list = menu.data?.list ?? [];
  const games = useMemo(
    () => filterGames(list, { tag, weekday, mode, search, favourites, ranked: ranked.data ?? [] }),
    [list, tag, weekday, mode, search, favourites, ranked.data],
  );
  const selected = list.find((game) => game.gameId === gameCode) ?? null;

  const choose = (gameId: string, replace = false) => {
    // Only the parameters the page was given stay: gameCode, and vendor and playType when present.
    const next = new URLSearchParams();
    next.set('gameCode', gameId);
    for (const key of ['vendor', 'playType']) {
      const value = params.get(key);
      if (value) next.set(key, value);
    }
    setParams(next, { replace });
  };
  // Opening the page without a game (the lottery navigation) starts on the first game.
  const firstGameId = list[0]?.gameId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: choose reads the current parameters; it runs once the menu arrives
  useEffect(() => {
    if (!gameCode && firstGameId) choose(firstGameId, true);
  }, [gameCode, firstGameId]);

  const playTypes = usePlayTypes(selected?.gameId ?? null);
  const history = useDrawHistory(selected?.gameId ?? null);
  const tickets = useMyTickets(selected?.gameId ?? null, isLogin ? customerId : null);

  // Once the chosen game's draw time passes, its result and the tickets on it are asked for until they come.
  const [awaiting, setAwaiting] = useState<string | null>(null);
  const countdown = selected && menu.data ? countdownOf(selected, menu.data, now) : null;
  useEffect(() => {
    if (selected?.numero && countdown?.state === 'locked' && countdown.ms <= 0) setAwaiting(selected.numero);
  }, [selected?.numero, countdown?.state, countdown?.ms]);
  const hasResult = awaiting !== null && (history.data ?? []).some((draw) => draw.numero === awaiting && draw.result !== null);
  const hasOpenTicket = awaiting !== null && (tickets.data ?? []).some((ticket) => ticket.numero === awaiting && ticket.status === 'open');
  useEffect(() => {
    if (!awaiting || !selected) return;
    if (hasResult && !hasOpenTicket) {
      setAwaiting(null);
      return;
    }
    const timer = window.setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.history(selected.gameId) });
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.tickets(selected.gameId, isLogin ? customerId : null) });
    }, AWAIT_RESULT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [awaiting, hasResult, hasOpenTicket, selected, queryClient, isLogin, customerId]);

  const toggleFav = username
    ? (gameId: string) => setFavourites(toggleFavourite(localStorage, username, gameId))
    : (_gameId: string) => openPopup('login');
  const tags = menu.data?.tags ?? [];

  return (
    <div className="lottery">
      <h1 className="visually-hidden">{t('title')}</h1>
      <section className="lottery-menu" aria-label={t('list.label')}>
        <nav aria-label={t('list.tags')}>
          <ScrollRow count={tags.length + 1} label={t('list.tags')}>
            <div className="lottery-tags">
              <button type="button" className="lottery-chip" aria-pressed={tag === null} onClick={() => setTag(null)}>
                {t('list.allTags')}
              </button>
              {tags.map((name) => (
                <button key={name} type="button" className="lottery-chip" aria-pressed={tag === name} onClick={() => setTag(name)}>
                  {t(`tags.${name}`, { defaultValue: name })}
                </button>
              ))}
            </div>
          </ScrollRow>
        </nav>
        <fieldset className="tabs lottery-modes">
          <legend className="visually-hidden">{t('list.modes')}</legend>
          {MODES.map((m) => (
            <button key={m} type="button" className="tabs__tab" aria-pressed={mode === m} onClick={() => setMode(m)}>
              {t(`modes.${m}`)}
            </button>
          ))}
        </fieldset>
        <div className="lottery-filters">
          <div className="form-field">
            <label htmlFor={weekdayId} className="form-field__label">
              {t('list.weekday')}
            </label>
            <select
              id={weekdayId}
              className="form-field__input"
              value={weekday}
              onChange={(event) => setWeekday(Number(event.target.value))}
            >
              <option value={ALL_DAYS}>{t('weekdays.all')}</option>
              {WEEKDAY_ORDER.map((day) => (
                <option key={day} value={day}>
                  {t(`weekdays.d${day}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="form-field">
            <label htmlFor={searchId} className="form-field__label">
              {t('list.search')}
            </label>
            <input
              id={searchId}
              className="form-field__input"
              type="search"
              value={search}
              placeholder={t('list.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        {menu.isPending && <p className="lottery-state">{t('loading')}</p>}
        {menu.isError && (
          <p className="lottery-state lottery-error">
            {t('list.error')}{' '}
            <button type="button" className="link-button" onClick={() => void menu.refetch()}>
              {t('retry')}
            </button>
          </p>
        )}
        {needsLogin && (
          <p className="lottery-state">
            {t('list.loginNeeded')}{' '}
            <button type="button" className="link-button" onClick={() => openPopup('login')}>
              {t('login')}
            </button>
          </p>
        )}
        {menu.data && !needsLogin && (
          <>
            <p className="visually-hidden" aria-live="polite">
              {t('list.count', { count: games.length })}
            </p>
            {games.length === 0 ? (
              <p className="lottery-state">{t(mode === 'fav' ? 'list.emptyFav' : mode === 'recent' ? 'list.emptyRecent' : 'list.empty')}</p>
            ) : (
              <GameList
                games={games}
                menu={menu.data}
                now={now}
                selectedId={selected?.gameId ?? null}
                favourites={favourites}
                onSelect={(gameId) => choose(gameId)}
                onToggleFavourite={toggleFav}
              />
            )}
          </>
        )}
      </section>

      <div className="lottery-main">
        {!selected && menu.data && gameCode && <p className="lottery-state">{t('unknownGame')}</p>}
        {selected && menu.data && countdown && (
          <section className="lottery-card lottery-draw" aria-labelledby="lottery-game-title">
            <h2 id="lottery-game-title" className="lottery-draw__name">
              {selected.remark}
            </h2>
            {selected.numero ? (
              <p className="lottery-draw__numero" data-numero={selected.numero}>
                {t('draw.numero', { numero: selected.numero })}
              </p>
            ) : (
              <p className="lottery-state">{t('list.noDraw')}</p>
            )}
            <p className="lottery-draw__countdown" aria-live="off">
              {countdown.state === 'open' && t('draw.closesIn', { time: formatCountdown(countdown.ms) })}
              {countdown.state === 'locked' && t('draw.drawIn', { time: formatCountdown(countdown.ms) })}
            </p>
            {selected.seedCommitment && (
              <details className="lottery-draw__commitment">
                <summary>{t('draw.commitment')}</summary>
                <p>{t('draw.commitmentText')}</p>
                <code>{selected.seedCommitment}</code>
              </details>
            )}
            {drawHistoryLink && (
              <a className="link-button" href={drawHistoryLink.url} target="_blank" rel="noopener noreferrer">
                {t('draw.historyLink')}
              </a>
            )}
          </section>
        )}
        {selected && <ResultsBoard draws={history.data} isPending={history.isPending} isError={history.isError} />}
        {selected && playTypes.data && (
          <BetSlip
            key={selected.gameId}
            game={selected}
            playTypes={playTypes.data}
            currency={balance.data?.currency ?? 'VND'}
            initialBetType={params.get('playType')}
          />
        )}
        {selected && playTypes.isError && <p className="lottery-state lottery-error">{t('slip.error')}</p>}
        {selected && isLogin && <MyTickets tickets={tickets.data} isPending={tickets.isPending} isError={tickets.isError} />}
      </div>
    </div>
  );
}
