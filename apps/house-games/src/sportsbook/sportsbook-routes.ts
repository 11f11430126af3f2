import type { IncomingMessage, ServerResponse } from 'node:http';
import { potentialReturn, SYSTEMS } from '@platform/sportsbook/bets';
import { COMPETITIONS, SPORTS } from '@platform/sportsbook/feed/simulated';
import { lineText, type MarketSpec, type SportEvent, selectionsOf } from '@platform/sportsbook/model';
import { ODDS_FORMATS } from '@platform/sportsbook/odds-format';
import { escapeHtml, languageOf, type PageLanguage, pageHead } from '../page.ts';
import { type BetRecord, readSlip, type Sportsbook, type SportsbookPlayer, SportsbookRefused } from './sportsbook.ts';
import { brandOf, SPORTSBOOK_GAME_CODE } from './sportsbook-brands.ts';
import { eventName, marketName, refusalMessage, type SportsbookRefusal, selectionName } from './sportsbook-text.ts';

/**
 * The sportsbook's player calls (`POST /game/sportsbook/<action>`, the contract in
 * docs/sportsbook.md "HTTP calls") and its event stream (`GET /game/sportsbook/stream`), mounted by
 * house-games.ts. Every refusal is `{ status, message }` with a sentence in the session's language.
 */
type Session = { id: string; game: string; token: string; username: string; currency: string; language: string };
export type SportsbookRouteContext = {
  book: Sportsbook;
  sessionOf: (id: unknown) => Session;
  readJson: (request: IncomingMessage) => Promise<Record<string, unknown>>;
  sendJson: (response: ServerResponse, statusCode: number, body: unknown) => void;
  platformBalance: (token: string, gameCode: string) => Promise<{ status: string; balance?: number; currency?: string }>;
  now: () => number;
  streams: Set<ServerResponse>;
  heartbeatMs: number;
};

const ACTIONS = ['state', 'settings', 'sports', 'event', 'quote', 'place', 'bet', 'bets', 'cashout', 'balance'] as const;
const PAGE_SIZE = 20;
/** Members' "today" is the calendar day in Vietnam (UTC+7). */
const LOCAL_OFFSET_MS = 7 * 60 * 60_000;
const DAY = 24 * 60 * 60_000;

const STATUS_OF: Partial<Record<SportsbookRefusal, number>> = {
  INVALID_SLIP: 400,
  STAKE_LIMIT: 400,
  MARKET_STAKE_LIMIT: 400,
  EVENT_STAKE_LIMIT: 400,
  MAX_PAYOUT: 400,
  INVALID_SETTINGS: 400,
  INVALID_REQUEST: 400,
  NOT_FOUND: 404,
};

const refusalText = (code: SportsbookRefusal, lang: PageLanguage): string => refusalMessage(code, lang);

const playerOf = (s: Session): SportsbookPlayer => ({
  username: s.username,
  token: s.token,
  currency: s.currency,
  gameCode: s.game,
  language: languageOf(s.language),
});

/** The sportsbook's views for one session: its language and its brand (a brand shows e-sports only). */
export function sportsbookViews(book: Sportsbook, lang: PageLanguage, isEsportsOnly: boolean) {
  const sportOf = (sportId: string) => SPORTS.find((s) => s.id === sportId);
  const competitionOf = (id: string) => COMPETITIONS.find((c) => c.id === id) ?? { id, name: id };

  function marketViewOf(marketId: string) {
    const m = book.market(marketId);
    if (!m) return null;
    const event = book.eventOf(m.eventId);
    const spec = m.spec;
    const settled = m.status === 'settled' || m.status === 'void';
    return {
      id: m.id,
      key: m.id.slice(m.eventId.length + 1),
      type: spec.type,
      period: 'period' in spec ? spec.period : 'ft',
      ...('line' in spec ? { line: spec.line, lineText: lineText(spec.line) } : {}),
      ...('map' in spec ? { map: spec.map } : {}),
      name: marketName(spec, lang),
      status: m.status,
      selections: selectionsOf(spec).flatMap((id) => {
        const odds = m.prices[id];
        const outcome = settled ? book.outcomeOf(m.id, id) : undefined;
        if (odds === undefined && !outcome) return [];
        return [{ id, name: selectionName(spec, id, event, lang), odds: odds ?? null, ...(outcome ? { outcome: outcome.kind } : {}) }];
      }),
    };
  }

  const closestPair = (ids: string[]): string | undefined => {
    let best: string | undefined;
    let gap = Number.POSITIVE_INFINITY;
    for (const id of ids) {
      const m = book.market(id);
      if (m?.status !== 'open') continue;
      const prices = Object.values(m.prices);
      if (prices.length !== 2) continue;
      const g = Math.abs((prices[0] as number) - (prices[1] as number));
      if (g < gap) {
        gap = g;
        best = id;
      }
    }
    return best;
  };

  /** The event's main markets: the result (1X2 or winner), the main handicap and the main total. */
  function mainMarkets(eventId: string): string[] {
    const markets = book.marketsOf(eventId).filter((m) => m.odds);
    const ofType = (types: MarketSpec['type'][], period = 'ft') =>
      markets.filter((m) => {
        const spec = m.odds?.value.spec as MarketSpec;
        return types.includes(spec.type) && (!('period' in spec) || spec.period === period);
      });
    const winner = ofType(['1x2'])[0] ?? ofType(['moneyline'])[0] ?? ofType(['outright']).find((m) => m.id.endsWith(':1'));
    const handicap = closestPair(ofType(['ah', 'mapHandicap']).map((m) => m.id));
    const total = closestPair(ofType(['ou', 'totalMaps']).map((m) => m.id));
    return [winner?.id, handicap, total].filter((id): id is string => id !== undefined);
  }

  /**
   * The live clock as each sport keeps it: football's minute (half time between the halves);
   * basketball's quarter or overtime and the minutes into it; an e-sports series' map (a game, in
   * the titles that play games rather than maps), the minutes into it or the break after it — never
   * a football minute. The feed's clock says where play is; without one, what the result says.
   */
  function clockOf(event: SportEvent & { phase: string }): string | undefined {
    if (event.phase !== 'live') return undefined;
    const nowAt = book.scriptNow();
    const minutes = Math.floor((book.shown(nowAt) - book.shown(event.startsAt)) / 60_000);
    const vi = lang === 'vi';
    if (event.sportId === 'football') {
      if (minutes <= 45) return `${Math.max(1, minutes)}'`;
      if (minutes < 60) return vi ? 'Nghỉ giữa hiệp' : 'Half time';
      return `${Math.min(90, minutes - 15)}'`;
    }
    const live = book.feed.events[event.id]?.result?.value;
    const clock = live?.clock;
    const into = clock ? `${Math.max(0, Math.floor((nowAt - clock.since) / 60_000))}'` : '';
    if (event.sportId === 'basketball') {
      if (clock?.period === 'overtime')
        return [vi ? `Hiệp phụ ${clock.index}` : `Overtime ${clock.index}`, into].filter(Boolean).join(' · ');
      const quarter = clock?.period === 'quarter' ? clock.index : 1;
      return `${vi ? `Hiệp ${quarter}` : `Q${quarter}`} · ${clock ? into : `${Math.max(0, minutes)}'`}`;
    }
    if (sportOf(event.sportId)?.code === 'esports') {
      const games = event.sportId === 'cs2' || event.sportId === 'valorant' ? { vi: 'Bản đồ', en: 'Map' } : { vi: 'Ván', en: 'Game' };
      const word = games[lang];
      const played = live?.result.maps?.length ?? 0;
      const bestOf = event.kind === 'match' && event.bestOf ? `/${event.bestOf}` : '';
      if (clock?.period === 'break')
        return vi ? `Nghỉ sau ${word.toLowerCase()} ${clock.index}` : `Break after ${word.toLowerCase()} ${clock.index}`;
      const map = clock?.period === 'map' ? clock.index : played + 1;
      return [`${word} ${map}${bestOf}`, clock?.period === 'map' ? into : ''].filter(Boolean).join(' · ');
    }
    return undefined;
  }

  function eventView(eventId: string) {
    const event = book.eventOf(eventId);
    if (!event) return null;
    const result = book.feed.events[eventId]?.result?.value;
    const markets = book.marketsOf(eventId).filter((m) => m.odds);
    const clock = clockOf(event);
    return {
      id: event.id,
      kind: event.kind,
      sportId: event.sportId,
      competition: competitionOf(event.competitionId),
      name: eventName(event),
      home: event.kind === 'match' ? event.home : event.name,
      away: event.kind === 'match' ? event.away : '',
      ...(event.kind === 'match' && event.bestOf ? { bestOf: event.bestOf } : {}),
      startsAt: book.shown(event.startsAt),
      phase: event.phase,
      ...(result?.live ? { score: result.live } : {}),
      ...(clock ? { clock } : {}),
      cancelled: Boolean(book.feed.events[eventId]?.cancel),
      main: mainMarkets(eventId).flatMap((id) => marketViewOf(id) ?? []),
      marketCount: markets.filter((m) => book.market(m.id)?.status === 'open').length,
    };
  }

  const visible = (event: SportEvent) => !isEsportsOnly || sportOf(event.sportId)?.code === 'esports';

  function sports(view: string, sportId: string | undefined) {
    const nowShown = book.shown(book.scriptNow());
    const endOfToday = Math.floor((nowShown + LOCAL_OFFSET_MS) / DAY) * DAY + DAY - LOCAL_OFFSET_MS;
    const listed: Array<NonNullable<ReturnType<typeof eventView>>> = [];
    const counts = new Map<string, number>();
    for (const e of Object.values(book.feed.events)) {
      const event = e.fixture?.value;
      if (!event || e.cancel || !visible(event)) continue;
      const startsAt = book.shown(event.startsAt);
      const inView =
        view === 'live'
          ? event.phase === 'live'
          : view === 'today'
            ? event.phase === 'prematch' && startsAt < endOfToday
            : event.phase === 'prematch' && startsAt >= endOfToday;
      if (!inView) continue;
      const ev = eventView(event.id);
      if (!ev || ev.marketCount === 0) continue;
      counts.set(event.sportId, (counts.get(event.sportId) ?? 0) + 1);
      if (!sportId || sportId === event.sportId) listed.push(ev);
    }
    listed.sort((a, b) => a.startsAt - b.startsAt || a.id.localeCompare(b.id));
    return {
      sports: SPORTS.filter((s) => !isEsportsOnly || s.code === 'esports').map((s) => ({
        id: s.id,
        code: s.code,
        title: s.title,
        name: s.name,
        count: counts.get(s.id) ?? 0,
      })),
      events: listed,
    };
  }

  function betView(b: BetRecord) {
    const offer = book.cashOutOffer(b);
    return {
      id: b.id,
      placedAt: b.placedAt,
      kind: b.kind,
      legs: b.legs.map((l, i) => ({
        eventId: l.eventId,
        marketId: l.marketId,
        selectionId: l.selectionId,
        ...book.legNames(l, lang),
        odds: l.odds,
        ...(b.outcomes[i] ? { outcome: b.outcomes[i]?.kind } : {}),
      })),
      unitStake: b.unitStake,
      totalStake: b.stake,
      potentialReturn: potentialReturn(b),
      state: b.state,
      ...(b.state === 'settled' || b.state === 'cashed-out' ? { returned: b.paid + (b.pending?.amount ?? 0) } : {}),
      cashOut: b.cashOut ?? (offer === null ? null : { value: offer, at: book.now() }),
      ...(b.rejectReason ? { rejectReason: b.rejectReason, message: refusalText(b.rejectReason, lang) } : {}),
    };
  }

  return { marketViewOf, eventView, sports, betView, visible };
}

function fail(ctx: SportsbookRouteContext, response: ServerResponse, err: SportsbookRefused, lang: PageLanguage, currency: string): void {
  ctx.sendJson(response, STATUS_OF[err.code] ?? 409, {
    status: err.code,
    message: refusalMessage(err.code, lang, err.detail, currency),
    ...err.detail,
  });
}

/** Handles a sportsbook path; false when the path is not one. */
export async function handleSportsbook(
  ctx: SportsbookRouteContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  if (request.method === 'GET' && path === `/game/${SPORTSBOOK_GAME_CODE}/stream`) {
    const session = ctx.sessionOf(url.searchParams.get('session'));
    await ctx.book.ready();
    openStream(ctx, request, response, session);
    return true;
  }
  const match = /^\/game\/sportsbook\/([a-z]{1,16})$/.exec(path);
  if (!match || request.method !== 'POST' || !(ACTIONS as readonly string[]).includes(match[1] as string)) return false;
  const body = await ctx.readJson(request);
  const session = ctx.sessionOf(body.session);
  if (session.game !== SPORTSBOOK_GAME_CODE && !brandOf(session.game)) return false;
  await ctx.book.ready();
  const lang = languageOf(session.language);
  const brand = brandOf(session.game);
  const views = sportsbookViews(ctx.book, lang, brand !== null);
  const player = playerOf(session);
  const { book } = ctx;
  /** A brand takes bets on what it shows (e-sports) only. */
  const offered = (slip: { legs: Array<{ eventId: string }> }) =>
    slip.legs.every((l) => {
      const event = book.eventOf(l.eventId);
      return !event || views.visible(event);
    });
  const send = (answer: unknown, statusCode = 200): true => {
    ctx.sendJson(response, statusCode, answer);
    return true;
  };
  try {
    switch (match[1]) {
      case 'state': {
        const answer = await ctx.platformBalance(session.token, session.game);
        const limits = book.limits();
        return send({
          member: { username: session.username, currency: session.currency },
          settings: book.settingsOf(session.username),
          balance: answer.status === 'OK' ? (answer.balance ?? null) : null,
          brand: brand ? { code: brand.code, name: brand.name, colour: brand.colour } : null,
          limits: { minStake: limits.minStake, maxStake: limits.maxStake, maxPayout: limits.maxPayout },
          oddsFormats: ODDS_FORMATS,
          systems: Object.fromEntries(Object.entries(SYSTEMS).map(([name, s]) => [name, s.legs])),
        });
      }
      case 'settings':
        return send({ settings: book.setSettings(session.username, body) });
      case 'sports':
        return send(views.sports(String(body.view ?? 'live'), typeof body.sportId === 'string' ? body.sportId : undefined));
      case 'event': {
        const event = typeof body.eventId === 'string' ? book.eventOf(body.eventId) : null;
        if (!event || !views.visible(event)) throw new SportsbookRefused('NOT_FOUND');
        const markets = book
          .marketsOf(event.id)
          .flatMap((m) => views.marketViewOf(m.id) ?? [])
          .filter((m) => m.selections.length > 0);
        return send({ event: views.eventView(event.id), markets });
      }
      case 'quote': {
        const slip = readSlip(body);
        if (!slip || !offered(slip)) throw new SportsbookRefused('INVALID_SLIP');
        return send(book.quote(player, slip));
      }
      case 'place': {
        const slip = readSlip(body);
        const requestId = body.requestId;
        if (!slip || !offered(slip) || typeof requestId !== 'string' || !/^[A-Za-z0-9-]{8,64}$/.test(requestId))
          throw new SportsbookRefused('INVALID_SLIP');
        const policy = body.oddsPolicy;
        const bet = await book.place(player, {
          ...slip,
          requestId,
          ...(policy === 'none' || policy === 'any' || policy === 'higher' ? { policy } : {}),
        });
        return send({ status: bet.state === 'pending' ? 'PENDING' : 'OK', bet: views.betView(bet) });
      }
      case 'bet': {
        const bet = typeof body.betId === 'string' ? book.bet(body.betId) : null;
        if (!bet || bet.username !== session.username) throw new SportsbookRefused('NOT_FOUND');
        return send({ bet: views.betView(bet) });
      }
      case 'bets': {
        const wanted = body.state === 'settled' ? ['settled', 'cashed-out', 'rejected'] : ['pending', 'open'];
        const page = Number.isSafeInteger(body.page) && (body.page as number) > 0 ? (body.page as number) : 1;
        const all = book
          .betsOf(session.username)
          .filter((b) => wanted.includes(b.state) && (b.gameCode === session.game || !brand))
          .reverse();
        const slice = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
        return send({ bets: slice.map(views.betView), hasMore: all.length > page * PAGE_SIZE });
      }
      case 'cashout': {
        if (typeof body.betId !== 'string' || typeof body.value !== 'number') throw new SportsbookRefused('INVALID_REQUEST');
        const bet = await book.cashOut(player, body.betId, body.value);
        return send({ status: 'OK', paid: bet.cashOut?.value ?? 0, bet: views.betView(bet) });
      }
      case 'balance': {
        const answer = await ctx.platformBalance(session.token, session.game);
        if (answer.status !== 'OK') return send({ status: answer.status, message: refusalText('BET_REFUSED', lang) }, 409);
        return send({ status: 'OK', balance: answer.balance, currency: answer.currency ?? session.currency });
      }
    }
  } catch (err) {
    if (err instanceof SportsbookRefused) {
      fail(ctx, response, err, lang, session.currency);
      return true;
    }
    throw err;
  }
  return true;
}

/**
 * Live changes for one session: `odds` (an event's changed markets), `event` (an event's fixture,
 * phase or score) and `bet` (the member's own bets). Changes come batched per settlement pass.
 */
function openStream(ctx: SportsbookRouteContext, request: IncomingMessage, response: ServerResponse, session: Session): void {
  const brand = brandOf(session.game);
  const views = sportsbookViews(ctx.book, languageOf(session.language), brand !== null);
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  const write = (type: string, data: unknown) => response.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  write('hello', { at: ctx.now() });
  const unsubscribe = ctx.book.subscribe((change) => {
    if (change.type === 'bet') {
      const bet = ctx.book.bet(change.betId);
      if (change.username === session.username && bet) write('bet', { bet: views.betView(bet) });
      return;
    }
    const event = ctx.book.eventOf(change.eventId);
    if (!event || !views.visible(event)) return;
    if (change.type === 'event') write('event', { event: views.eventView(change.eventId) });
    else write('odds', { eventId: change.eventId, markets: change.marketIds.flatMap((id) => views.marketViewOf(id) ?? []) });
  });
  const heartbeat = setInterval(() => response.write(`: ${ctx.now()}\n\n`), ctx.heartbeatMs);
  heartbeat.unref();
  ctx.streams.add(response);
  request.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    ctx.streams.delete(response);
  });
}

const BET_LABELS = {
  en: {
    title: 'Bet {id}',
    placed: 'Placed',
    stake: 'Stake',
    returned: 'Returned',
    state: 'State',
    odds: 'Odds',
    result: 'Result',
    states: { pending: 'Waiting', open: 'Open', settled: 'Settled', 'cashed-out': 'Cashed out', rejected: 'Not accepted' },
  },
  vi: {
    title: 'Vé cược {id}',
    placed: 'Thời gian đặt',
    stake: 'Tiền cược',
    returned: 'Đã trả',
    state: 'Trạng thái',
    odds: 'Tỉ lệ',
    result: 'Kết quả',
    states: { pending: 'Đang chờ', open: 'Đang mở', settled: 'Đã kết toán', 'cashed-out': 'Đã rút sớm', rejected: 'Không được nhận' },
  },
} as const;

/**
 * A bet's page, the betting record's link for a sportsbook round (`/round/<game>/<bet id>`, or a
 * correction's round `<bet id>-c<n>`): its
 * legs with their odds and results, the stake and what it returned. Null for an unknown bet.
 */
export function renderSportsbookBet(book: Sportsbook, roundId: string, language: string): string | null {
  // A correction's round (`<bet>-c<n>`) shows its bet.
  const b = book.bet(roundId.replace(/-c\d+$/, ''));
  if (!b) return null;
  const lang = languageOf(language);
  const l = BET_LABELS[lang];
  const view = sportsbookViews(book, lang, false).betView(b);
  const rows = view.legs
    .map(
      (leg) =>
        `<tr><td>${escapeHtml(leg.eventName)}<br><small>${escapeHtml(leg.marketName)}</small></td><td>${escapeHtml(leg.selectionName)}</td><td>${(leg.odds / 1000).toFixed(2)}</td><td>${escapeHtml(leg.outcome ?? '–')}</td></tr>`,
    )
    .join('');
  const title = l.title.replace('{id}', b.id);
  return `${pageHead({ language: lang, title, style: 'sportsbook.css', script: 'sportsbook-odds.js' })}<body class="bet-detail"><main><h1>${escapeHtml(title)}</h1>
<dl><dt>${l.placed}</dt><dd>${new Date(b.placedAt).toISOString().replace('T', ' ').slice(0, 16)} UTC</dd><dt>${l.stake}</dt><dd>${b.stake} ${escapeHtml(b.currency)}</dd><dt>${l.state}</dt><dd>${l.states[b.state]}</dd>${view.returned !== undefined ? `<dt>${l.returned}</dt><dd>${view.returned} ${escapeHtml(b.currency)}</dd>` : ''}</dl>
<table><thead><tr><th></th><th></th><th>${l.odds}</th><th>${l.result}</th></tr></thead><tbody>${rows}</tbody></table></main></body></html>`;
}
