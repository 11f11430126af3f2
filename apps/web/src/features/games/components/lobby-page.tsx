import type { GameCategory, GameItem, VendorCard } from '@platform/contracts/games';
import { betUnitsToMinor } from '@platform/contracts/money-format';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { gamesKeys } from '../../../api/games-keys.ts';
import { useVendorLanes } from '../../../api/get-vendor-lanes.ts';
import { useSiteCurrency } from '../../../api/home-queries.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { VendorLogo } from '../../../components/vendor-logo.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { useFavoriteIds, useToggleFavorite } from '../api/favorites.ts';
import { type GamePage, getGamePage, type LobbyFilters, type LobbyMode } from '../api/get-game-page.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { useIsPhone } from '../hooks/use-is-phone.ts';
import { useLaunch } from '../hooks/use-launch.ts';
import { GAMES_NS, registerGamesTranslations } from '../i18n/register-translations.ts';
import { CLASS_TABS, categoryOfGamesParam, MIN_BET_OPTIONS, STORED_VASSALAGE_KEY } from '../lobby-filters.ts';
import '../games.css';
import { GameCard } from './game-card.tsx';
import { GameDialogs } from './game-dialogs.tsx';
import { GamesPager } from './games-pager.tsx';
import { RoomList } from './room-list.tsx';

registerGamesTranslations();

const MODES: readonly LobbyMode[] = ['all', 'hot', 'fav', 'recent'];
/** The spec's search debounce. */
const SEARCH_DEBOUNCE_MS = 500;

/** The starting filters: the route's category, and a vendor from `/games` or the one a slots entry stored. */
function useInitialFilters(category: GameCategory | undefined): { gameType: GameCategory | ''; vassalage: string; mode: LobbyMode } {
  const params = useParams();
  const [search] = useSearchParams();
  const [initial] = useState(() => {
    if (category) {
      const stored = category === 'RNG' ? sessionStorage.getItem(STORED_VASSALAGE_KEY) : null;
      if (stored) sessionStorage.removeItem(STORED_VASSALAGE_KEY);
      return { gameType: category, vassalage: stored ?? '', mode: 'all' as LobbyMode };
    }
    const games = search.get('games') ?? params.games;
    const type = search.get('type') ?? params.type;
    const vassalage = search.get('vassalage') ?? params.vassalage ?? '';
    return {
      gameType: categoryOfGamesParam(games),
      vassalage: type === 'vassalage' ? vassalage : '',
      mode: (type === 'hot' ? 'hot' : 'all') as LobbyMode,
    };
  });
  return initial;
}

/** `?page=`: a whole number from 1, else page 1. */
function pageOfParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function uniqueVendors(cards: VendorCard[]): VendorCard[] {
  const seen = new Set<string>();
  return cards.filter((card) => !seen.has(card.vassalage) && seen.add(card.vassalage));
}

function VendorLane({
  cards,
  selected,
  onOpen,
  onAll,
}: {
  cards: VendorCard[];
  selected: string;
  onOpen: (card: VendorCard) => void;
  onAll: () => void;
}) {
  const { t } = useTranslation(GAMES_NS);
  if (cards.length === 0) return null;
  return (
    <fieldset className="vendor-lane">
      <legend className="visually-hidden">{t('lobby.vendors')}</legend>
      <button type="button" className="vendor-chip" aria-pressed={selected === ''} onClick={onAll}>
        {t('lobby.allVendors')}
      </button>
      {cards.map((card) => (
        <button
          key={card.vassalage}
          type="button"
          className={`vendor-chip${card.isMaintenance ? ' is-maintenance' : ''}`}
          aria-pressed={selected === card.vassalage}
          onClick={() => onOpen(card)}
        >
          {card.logoUrl ? (
            <img src={card.logoUrl} alt="" className="vendor-chip__logo" loading="lazy" />
          ) : (
            <VendorLogo className="vendor-chip__logo" code={card.vassalage} name={card.displayName} />
          )}
          <span>{card.displayName}</span>
        </button>
      ))}
    </fieldset>
  );
}

/** Opens a game of the lobby's category by vendor and code (a live table of the board above the list). */
export type OpenGameByCode = (game: { vendor: string; gameCode: string; name: string }) => void;

/**
 * A category's lobby: vendors, filters, and its games paged on a desktop or scrolled on endlessly on a
 * phone. The header (a board above the list) may take the lobby's opener for games named by code.
 */
export function LobbyPage({
  category,
  titleKey,
  header,
}: {
  category?: GameCategory;
  titleKey: string;
  header?: ReactNode | ((openGame: OpenGameByCode) => ReactNode);
}) {
  const { t, i18n } = useTranslation(GAMES_NS);
  const language = i18n.language;
  const title = i18n.t(`pages.${titleKey}`);
  useEffect(() => {
    document.title = `${title} · Lotus`;
  }, [title]);
  const isPhone = useIsPhone();
  const isLogin = useSessionStore((s) => s.isLogin);
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const openPopup = usePopupStore((s) => s.open);
  const initial = useInitialFilters(category);
  const money = useMoneyFormat();
  const currency = useSiteCurrency();

  const [mode, setMode] = useState<LobbyMode>(initial.mode);
  const [vassalage, setVassalage] = useState(initial.vassalage);
  const [gameClassify, setGameClassify] = useState('');
  const [minBet, setMinBet] = useState('');
  const [searchText, setSearchText] = useState('');
  const gameName = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const effectiveMode: LobbyMode = (mode === 'fav' || mode === 'recent') && !isLogin ? 'all' : mode;
  const filters: LobbyFilters = { mode: effectiveMode, gameType: initial.gameType, vassalage, gameClassify, minBet, gameName };
  const filterKey = JSON.stringify(filters);
  // The page is the address's ?page= (a link or a reload opens that page); any filter change starts
  // again at page 1 and takes ?page= off the address.
  const [address, setAddress] = useSearchParams();
  const addressPage = pageOfParam(address.get('page'));
  const [pagedKey, setPagedKey] = useState(filterKey);
  const page = pagedKey === filterKey ? addressPage : 1;
  useEffect(() => {
    if (pagedKey === filterKey) return;
    setPagedKey(filterKey);
    setAddress(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [pagedKey, filterKey, setAddress]);
  const turnTo = (next: number) => {
    setAddress((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });
  };

  const lanes = useVendorLanes(language);
  const lane = lanes.data?.find((l) => l.gameType === initial.gameType);
  // Every category's vendors on /games: a vendor in two categories (lottery and e-lottery) shows once.
  const cards = lane?.cards ?? (initial.gameType ? [] : uniqueVendors((lanes.data ?? []).flatMap((l) => l.cards)));
  const walletStyles = useMemo(
    () => new Map((lanes.data ?? []).flatMap((l) => l.cards.map((c) => [c.vassalage, c.walletStyle] as const))),
    [lanes.data],
  );
  const classTabs = CLASS_TABS.filter((tab) => lane?.gameClassify?.some((c) => c.gameClassify === tab) ?? false);

  const paged = useQuery({
    queryKey: gamesKeys.list({ ...filters, page }, language),
    queryFn: ({ signal }) => getGamePage(filters, page, language, signal),
    placeholderData: keepPreviousData,
    enabled: !isPhone,
  });
  const endless = useInfiniteQuery({
    queryKey: gamesKeys.list({ ...filters, endless: true }, language),
    queryFn: ({ signal, pageParam }) => getGamePage(filters, pageParam, language, signal),
    initialPageParam: 1,
    getNextPageParam: (last: GamePage) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    enabled: isPhone,
  });
  // A page of games arrives in a store update, drawn at once: its cards are drawn in a transition
  // instead (docs/web-shell.md, "First paint"), the loading state staying until then.
  const pagedData = useDeferredValue(paged.data);
  const endlessData = useDeferredValue(endless.data);
  const games: GameItem[] = isPhone ? (endlessData?.pages.flatMap((p) => p.games) ?? []) : (pagedData?.games ?? []);
  const isPending = isPhone
    ? endless.isPending || (endless.data !== undefined && endlessData === undefined)
    : paged.isPending || (paged.data !== undefined && pagedData === undefined);
  const isError = isPhone ? endless.isError && !endless.data : paged.isError && !paged.data;
  const error = isPhone ? endless.error : paged.error;
  const totalCount = (isPhone ? endless.data?.pages[0]?.totalCount : paged.data?.totalCount) ?? 0;

  const favoriteIds = useFavoriteIds(customerId, initial.gameType);
  const favorites = new Set(favoriteIds.data ?? []);
  const toggleFavorite = useToggleFavorite(customerId);
  const { launchGame, joinRoom, openVendor, launchByCode } = useLaunch(walletStyles);
  // A game of the list opens through its card's rules (maintenance, trial); another through its /game page.
  const openGameByCode: OpenGameByCode = (wanted) => {
    const listed = games.find((g) => g.vendor === wanted.vendor && g.gameCode === wanted.gameCode);
    if (listed) launchGame(listed);
    else
      launchByCode({
        vendor: wanted.vendor,
        vendorName: wanted.vendor,
        gameType: initial.gameType || 'LIVE',
        gameCode: wanted.gameCode,
        name: wanted.name,
      });
  };

  // Phones: the next page loads when the end of the list comes into view, one load at a time.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetching: isEndlessFetching, fetchNextPage } = endless;
  useEffect(() => {
    const node = sentinel.current;
    if (!isPhone || !node) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isEndlessFetching) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [isPhone, hasNextPage, isEndlessFetching, fetchNextPage]);

  const chooseMode = (next: LobbyMode) => {
    if ((next === 'fav' || next === 'recent') && !isLogin) {
      openPopup('login');
      return;
    }
    setMode(next);
  };
  const chooseVendor = (card: VendorCard) => {
    // In the slots lobby a vendor narrows the list; elsewhere its entry follows the launch rules.
    if (initial.gameType === 'RNG' && !card.isMaintenance) setVassalage(card.vassalage === vassalage ? '' : card.vassalage);
    else openVendor(card);
  };
  const onToggleFavorite = (game: GameItem) => {
    if (!isLogin) {
      openPopup('login');
      return;
    }
    toggleFavorite.mutate({ game, isFavorite: !favorites.has(game.nodeId) });
  };

  let emptyText = t('lobby.empty');
  if (effectiveMode === 'fav') emptyText = t('lobby.emptyFav');
  if (effectiveMode === 'recent') emptyText = t('lobby.emptyRecent');

  // The lobby's head (vendors, class tabs) depends on the vendor lanes: until they answer, a loading
  // state of its own stands in for the whole lobby (another element, so nothing on screen moves when
  // the head arrives), and the lobby keeps a screen's height so the footer stays below the first view.
  if (lanes.isPending) {
    return (
      <PageFrame title={title}>
        <div className="lobby" key="lanes-pending">
          <div className="lobby__state" role="status">
            <span className="spinner" aria-hidden="true" /> {t('lobby.loading')}
          </div>
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={title}>
      <div className="lobby" key="lanes-ready">
        {typeof header === 'function' ? header(openGameByCode) : header}
        <VendorLane cards={cards} selected={vassalage} onOpen={chooseVendor} onAll={() => setVassalage('')} />
        {initial.gameType === 'PVP' && <RoomList games={games} isLogin={isLogin} onJoin={joinRoom} />}
        <section className="lobby__filters" aria-label={t('lobby.filters')}>
          <fieldset className="lobby__modes">
            <legend className="visually-hidden">{t('lobby.filters')}</legend>
            {MODES.map((m) => (
              <button key={m} type="button" className="lobby-tab" aria-pressed={effectiveMode === m} onClick={() => chooseMode(m)}>
                {t(`lobby.modes.${m}`)}
              </button>
            ))}
          </fieldset>
          {classTabs.length > 0 && (
            <fieldset className="lobby__classes">
              <legend className="visually-hidden">{t('lobby.classify')}</legend>
              <button
                type="button"
                className="lobby-tab lobby-tab--small"
                aria-pressed={gameClassify === ''}
                onClick={() => setGameClassify('')}
              >
                {t('lobby.allClassify')}
              </button>
              {classTabs.map((tab) => (
                <button
                  key={tab}
                  type="button"
                  className="lobby-tab lobby-tab--small"
                  aria-pressed={gameClassify === tab}
                  onClick={() => setGameClassify(tab)}
                >
                  {t(`lobby.classes.${tab}`)}
                </button>
              ))}
            </fieldset>
          )}
          <div className="lobby__fields">
            <label className="lobby__field">
              <span className="visually-hidden">{t('lobby.minBet')}</span>
              <select value={minBet} onChange={(e) => setMinBet(e.target.value)} aria-label={t('lobby.minBet')}>
                {MIN_BET_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {option === ''
                      ? t('lobby.minBetAll')
                      : `${t('lobby.minBet')} ≤ ${money(betUnitsToMinor(Number(option), currency), currency)}`}
                  </option>
                ))}
              </select>
            </label>
            <label className="lobby__field lobby__field--search">
              <span className="visually-hidden">{t('lobby.search')}</span>
              <input
                type="search"
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                placeholder={t('lobby.searchPlaceholder')}
                aria-label={t('lobby.search')}
                maxLength={64}
              />
            </label>
          </div>
        </section>

        {toggleFavorite.isError && (
          <p className="lobby__alert" role="alert">
            {t('card.favoriteError', { message: errorText(toggleFavorite.error) })}
          </p>
        )}

        {isPending ? (
          <div className="lobby__state" role="status">
            <span className="spinner" aria-hidden="true" /> {t('lobby.loading')}
          </div>
        ) : isError ? (
          <div className="lobby__state lobby__state--error" role="alert">
            <p>
              {t('lobby.loadError')} {errorText(error)}
            </p>
            <button type="button" className="button button--primary" onClick={() => void (isPhone ? endless.refetch() : paged.refetch())}>
              {t('lobby.retry')}
            </button>
          </div>
        ) : games.length === 0 ? (
          <p className="lobby__state">{emptyText}</p>
        ) : (
          <>
            <p className="lobby__count" aria-live="polite">
              {t('lobby.results', { count: totalCount })}
            </p>
            <ul className={`game-grid${!isPhone && paged.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={!isPhone && paged.isFetching}>
              {games.map((game) => (
                <GameCard
                  key={game.nodeId}
                  game={game}
                  isFavorite={favorites.has(game.nodeId)}
                  onToggleFavorite={() => onToggleFavorite(game)}
                  onLaunch={() => launchGame(game)}
                />
              ))}
            </ul>
          </>
        )}

        {!isPhone && paged.data && (
          <GamesPager
            pageNo={page}
            totalPages={paged.data.totalPages}
            isBusy={paged.isFetching}
            onPage={(next) => {
              turnTo(next);
              window.scrollTo(0, 0);
            }}
          />
        )}
        {isPhone && (
          <div ref={sentinel} className="lobby__more" aria-live="polite">
            {endless.isFetchingNextPage
              ? t('lobby.loadingMore')
              : endless.data && !endless.hasNextPage && games.length > 0
                ? t('lobby.end')
                : null}
          </div>
        )}
      </div>
      <GameDialogs onLaunch={launchGame} />
    </PageFrame>
  );
}
