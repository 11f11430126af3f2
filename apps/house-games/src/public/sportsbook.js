// The sportsbook page: sports, live / today / early events, an event's markets, the bet slip and
// the member's bets, all from the game server's calls (docs/sportsbook.md, "HTTP calls"). Every
// price, return, limit and cash-out value comes from the server; the page only draws them, in the
// member's odds format (sportsbook-odds.js). Live changes arrive on the stream; the page also polls
// what it shows, so a lost stream only slows it down.
(() => {
  const root = document.getElementById('sportsbook');
  if (!root) return;
  const Odds = globalThis.SportsbookOdds;
  const session = root.dataset.session;
  const L = JSON.parse(root.dataset.labels);
  const scale = Number(root.dataset.scale || '2');
  const locale = root.dataset.lang === 'vi' ? 'vi-VN' : 'en-GB';
  const $ = (id) => document.getElementById(id);
  const POLL_MS = 10_000;
  const PENDING_POLL_MS = 1_000;
  const SYSTEMS = { 3: ['2/3', 'trixie', 'patent'], 4: ['2/4', '3/4', 'yankee', 'lucky15'], 5: ['3/5'] };
  const SYSTEM_LINES = { '2/3': 3, trixie: 4, patent: 7, '2/4': 6, '3/4': 4, yankee: 11, lucky15: 15, '3/5': 10 };

  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');
  const fmtMoney = (minor) => (minor / 10 ** scale).toLocaleString(locale, { minimumFractionDigits: scale, maximumFractionDigits: scale });
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') node.className = v;
      else if (k === 'text') node.textContent = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? '' : v);
    }
    node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
    return node;
  };

  const state = {
    view: 'today',
    sportId: '',
    eventId: '',
    sports: [],
    events: [],
    event: null,
    markets: [],
    settings: { oddsFormat: 'decimal', oddsPolicy: 'none' },
    limits: null,
    brand: null,
    slip: [],
    kind: 'single',
    system: '',
    quote: null,
    betsState: 'open',
    bets: [],
    hasMore: false,
    betsPage: 1,
    cashOutArmed: '',
    betsMessage: null,
    requestId: '',
    busy: false,
  };

  // ---- calls --------------------------------------------------------------------------------
  /** A call's answer: { ok, status, body }; a refusal's body carries the sentence to show. */
  async function call(action, body = {}) {
    try {
      const response = await fetch(`/game/sportsbook/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, ...body }),
      });
      const answer = await response.json().catch(() => ({}));
      return { ok: response.ok && answer.status !== 'ERROR', status: answer.status || (response.ok ? 'OK' : 'ERROR'), body: answer };
    } catch {
      return { ok: false, status: 'NETWORK', body: { message: L.network } };
    }
  }
  const messageOf = (answer) => answer.body?.message || L.network;

  // ---- words ----------------------------------------------------------------------------------
  const oddsText = (odds) => (typeof odds === 'number' ? Odds.formatOdds(odds, state.settings.oddsFormat) : '—');
  const lineOf = (market) => (typeof market.line === 'number' ? market.line : null);
  // Markets and selections come named by the server in the member's language (quarter lines as 0/0.5).
  const marketName = (market) => market.name || market.key || market.type;
  const selectionName = (_market, selection) => selection.name || selection.id;

  /** The short label on a price button of a list row: 1 X 2, a handicap, over / under with its line. */
  function shortName(market, selection) {
    const line = lineOf(market);
    if (market.type === '1x2' || market.type === 'moneyline') return { home: '1', draw: 'X', away: '2' }[selection.id] || selection.name;
    if (line !== null && (market.type === 'ah' || market.type === 'mapHandicap'))
      return Odds.asianLine(selection.id === 'home' ? line : -line, true);
    if (line !== null && (market.type === 'ou' || market.type === 'totalMaps'))
      return `${selection.id === 'over' ? L.overShort : L.underShort} ${Odds.asianLine(line, false)}`;
    return selectionName(market, selection);
  }

  const eventName = (event) => (event.home ? `${event.home} – ${event.away}` : event.name || event.competition?.name || '');
  const sportOf = (event) => state.sports.find((s) => s.id === event.sportId);

  function whenText(event) {
    // The score is drawn beside the teams.
    if (event.phase === 'live') return [L.live, event.clock || ''].filter(Boolean).join(' · ');
    if (event.phase === 'ended') return L.ended;
    const at = new Date(event.startsAt);
    const today = new Date();
    const sameDay = at.toDateString() === today.toDateString();
    const time = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
    return sameDay ? time : `${at.toLocaleDateString(locale, { day: '2-digit', month: '2-digit' })} ${time}`;
  }

  // ---- prices --------------------------------------------------------------------------------
  const legKey = (marketId, selectionId) => `${marketId}|${selectionId}`;
  const inSlip = (marketId, selectionId) => state.slip.some((l) => legKey(l.marketId, l.selectionId) === legKey(marketId, selectionId));
  /** The last price drawn per selection, so a change shows which way it moved. */
  const lastOdds = new Map();

  function priceButton(event, market, selection, label) {
    const key = legKey(market.id, selection.id);
    const before = lastOdds.get(key);
    lastOdds.set(key, selection.odds);
    const isOpen = market.status === 'open' && typeof selection.odds === 'number';
    const moved = before && selection.odds && before !== selection.odds ? (selection.odds > before ? ' up' : ' down') : '';
    const outcome = selection.outcome ? ` outcome-${selection.outcome}` : '';
    return el(
      'button',
      {
        type: 'button',
        class: `price${inSlip(market.id, selection.id) ? ' picked' : ''}${moved}${outcome}`,
        disabled: !isOpen,
        'aria-pressed': inSlip(market.id, selection.id) ? 'true' : 'false',
        'data-market': market.id,
        'data-selection': selection.id,
        onclick: () => toggleLeg(event, market, selection),
      },
      el('span', { class: 'label', text: label }),
      el('b', { class: 'odds', text: isOpen ? oddsText(selection.odds) : selection.outcome ? L.outcomes[selection.outcome] || '—' : '—' }),
    );
  }

  // ---- the board: lists and the event page ---------------------------------------------------
  const board = $('board');

  function drawSports() {
    const box = $('sports');
    box.replaceChildren();
    if (state.view === 'bets') return;
    const chips = [{ id: '', name: L.allSports, count: state.sports.reduce((sum, s) => sum + (s.count || 0), 0) }, ...state.sports];
    for (const sport of chips) {
      box.append(
        el(
          'button',
          {
            type: 'button',
            class: `chip${sport.id === state.sportId ? ' on' : ''}${sport.code ? ` sport-${sport.code}` : ''}`,
            'aria-pressed': sport.id === state.sportId ? 'true' : 'false',
            onclick: () => {
              state.sportId = sport.id;
              state.eventId = '';
              load();
            },
          },
          el('span', { class: 'name', text: (!sport.title && L.sportNames[sport.code]) || sport.name }),
          el('small', { text: String(sport.count ?? '') }),
        ),
      );
    }
  }

  function eventRow(event) {
    const main = (event.main || []).filter((m) => m.selections?.length);
    const sport = sportOf(event);
    return el(
      'article',
      { class: `event phase-${event.phase}`, 'data-event': event.id },
      el(
        'button',
        { type: 'button', class: 'event-head', onclick: () => openEvent(event.id) },
        el(
          'span',
          { class: `when${event.phase === 'live' ? ' live' : ''}`, text: whenText(event) },
          sport?.title ? el('small', { class: 'title-tag', text: ` · ${sport.name}` }) : null,
        ),
        el(
          'span',
          { class: 'teams' },
          el('span', { class: 'home', text: event.home ?? event.name ?? '' }),
          event.away ? el('span', { class: 'away', text: event.away }) : null,
        ),
        event.score ? el('span', { class: 'score', text: `${event.score.home}\n${event.score.away}` }) : null,
        el('span', { class: 'more', text: fill(L.markets, { n: Math.max(0, (event.marketCount || 0) - main.length) }) }),
      ),
      el(
        'div',
        { class: `main main-${main.length}` },
        ...main.map((market) =>
          el(
            'div',
            { class: `market-mini type-${market.type}`, title: marketName(market) },
            ...market.selections.map((s) => priceButton(event, market, s, shortName(market, s))),
          ),
        ),
      ),
    );
  }

  function drawList() {
    board.replaceChildren();
    const events = state.events;
    if (events.length === 0) {
      board.append(el('p', { class: 'empty', text: L.noEvents }));
      return;
    }
    let competition = '';
    let list = null;
    for (const event of events) {
      const name = event.competition?.name || '';
      if (name !== competition || !list) {
        competition = name;
        list = el('div', { class: 'competition' }, el('h2', { text: name }));
        board.append(list);
      }
      list.append(eventRow(event));
    }
  }

  /** The group an event page shows a market under. */
  function groupOf(market) {
    if (market.period === 'h1') return 'firstHalf';
    switch (market.type) {
      case '1x2':
      case 'moneyline':
      case 'dnb':
      case 'doubleChance':
        return 'main';
      case 'ah':
        return 'handicap';
      case 'ou':
        return 'total';
      case 'oddEven':
        return 'oddEven';
      case 'correctScore':
        return 'correctScore';
      case 'outright':
        return 'outright';
      default:
        return 'maps';
    }
  }

  function marketBlock(event, market) {
    const two = market.selections.length <= 2;
    return el(
      'section',
      { class: `market type-${market.type} status-${market.status}`, 'data-market': market.id },
      el(
        'h3',
        {},
        el('span', { text: marketName(market) }),
        market.status !== 'open' ? el('small', { class: 'status', text: L.status[market.status] || market.status }) : null,
      ),
      el(
        'div',
        { class: `prices${two ? ' two' : ''}${market.selections.length > 3 ? ' many' : ''}` },
        ...market.selections.map((s) => priceButton(event, market, s, selectionName(market, s))),
      ),
    );
  }

  function drawEvent() {
    board.replaceChildren();
    const event = state.event;
    if (!event) {
      board.append(el('p', { class: 'empty', text: L.loading }));
      return;
    }
    const head = el(
      'header',
      { class: `event-page-head phase-${event.phase}` },
      el('button', { type: 'button', class: 'link back-link', text: `‹ ${L.backToList}`, onclick: () => openEvent('') }),
      el('p', { class: 'competition-name', text: event.competition?.name || '' }),
      event.home
        ? el(
            'p',
            { class: 'matchup' },
            el('span', { class: 'home', text: event.home }),
            el('b', { class: 'score', text: event.score ? `${event.score.home} – ${event.score.away}` : 'vs' }),
            el('span', { class: 'away', text: event.away }),
          )
        : el('p', { class: 'matchup', text: eventName(event) }),
      el('p', { class: `when${event.phase === 'live' ? ' live' : ''}`, text: whenText(event) }),
    );
    board.append(head);
    const order = ['main', 'handicap', 'total', 'oddEven', 'correctScore', 'firstHalf', 'maps', 'outright'];
    for (const group of order) {
      const markets = state.markets.filter((m) => groupOf(m) === group);
      if (markets.length === 0) continue;
      board.append(
        el('div', { class: `group group-${group}` }, el('h2', { text: L.groups[group] }), ...markets.map((m) => marketBlock(event, m))),
      );
    }
    if (state.markets.length === 0) board.append(el('p', { class: 'empty', text: L.noEvents }));
  }

  // ---- my bets -------------------------------------------------------------------------------
  function kindName(bet) {
    const kind = bet.kind || {};
    const type = kind.type || kind;
    if (type === 'parlay') return fill(L.kindNames.parlay, { n: bet.legs.length });
    if (type === 'system') return fill(L.kindNames.system, { name: kind.system || '' });
    return L.kindNames.single;
  }

  function betCard(bet) {
    const armed = state.cashOutArmed === bet.id;
    const cash = bet.cashOut && bet.state === 'open';
    return el(
      'article',
      { class: `bet state-${bet.state}`, 'data-bet': bet.id },
      el(
        'header',
        {},
        el('b', { text: kindName(bet) }),
        el('span', { class: `badge state-${bet.state}`, text: L.betStates[bet.state] || bet.state }),
        el('time', {
          text: new Date(bet.placedAt).toLocaleString(locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }),
        }),
      ),
      el(
        'ol',
        { class: 'bet-legs' },
        ...bet.legs.map((leg) =>
          el(
            'li',
            { class: leg.outcome ? `outcome-${leg.outcome}` : '' },
            el('span', { class: 'sel', text: leg.selectionName }),
            el('b', { class: 'leg-odds', text: `@ ${oddsText(leg.odds)}` }),
            el('span', { class: 'mkt', text: leg.marketName }),
            el('span', { class: 'evt', text: leg.eventName }),
            leg.outcome ? el('span', { class: `badge outcome-${leg.outcome}`, text: L.outcomes[leg.outcome] || leg.outcome }) : null,
          ),
        ),
      ),
      el(
        'dl',
        { class: 'sums' },
        el('dt', { text: L.stakeShort }),
        el('dd', { text: fmtMoney(bet.totalStake) }),
        el('dt', { text: bet.state === 'open' || bet.state === 'pending' ? L.toReturn : L.returned }),
        el('dd', { text: fmtMoney(bet.state === 'open' || bet.state === 'pending' ? bet.potentialReturn : (bet.returned ?? 0)) }),
      ),
      cash
        ? el('button', {
            type: 'button',
            class: `cashout${armed ? ' armed' : ''}`,
            text: fill(armed ? L.cashOutConfirm : L.cashOut, { value: fmtMoney(bet.cashOut.value) }),
            onclick: () => cashOut(bet),
          })
        : null,
    );
  }

  /** A cash-out's answer stays above the bets until the member does something else (a stream update redraws them). */
  function drawBets(message) {
    if (message !== undefined) state.betsMessage = message;
    board.replaceChildren();
    const toggle = el(
      'div',
      { class: 'bets-toggle', role: 'tablist' },
      ...['open', 'settled'].map((s) =>
        el('button', {
          type: 'button',
          role: 'tab',
          class: `chip${state.betsState === s ? ' on' : ''}`,
          'aria-selected': state.betsState === s ? 'true' : 'false',
          text: L[s],
          onclick: () => {
            state.betsState = s;
            state.betsPage = 1;
            state.betsMessage = null;
            loadBets();
          },
        }),
      ),
    );
    board.append(toggle);
    const shown = state.betsMessage;
    if (shown) board.append(el('p', { class: `message ${shown.kind}`, role: 'status', text: shown.text }));
    if (state.bets.length === 0) board.append(el('p', { class: 'empty', text: L.noBets }));
    for (const bet of state.bets) board.append(betCard(bet));
    if (state.hasMore)
      board.append(
        el('button', {
          type: 'button',
          class: 'link more-bets',
          text: L.more,
          onclick: () => {
            state.betsPage += 1;
            loadBets(true);
          },
        }),
      );
  }

  async function cashOut(bet) {
    if (state.cashOutArmed !== bet.id) {
      state.cashOutArmed = bet.id;
      return drawBets(null);
    }
    state.cashOutArmed = '';
    const answer = await call('cashout', { betId: bet.id, value: bet.cashOut.value });
    if (answer.ok) {
      replaceBet(answer.body.bet);
      refreshBalance();
      return drawBets({ kind: 'ok', text: fill(L.cashOutDone, { value: fmtMoney(answer.body.paid) }) });
    }
    if (answer.status === 'CASHOUT_CHANGED') {
      bet.cashOut = { ...(bet.cashOut || {}), value: answer.body.value };
      state.cashOutArmed = bet.id;
      return drawBets({ kind: 'warn', text: fill(L.cashOutChanged, { value: fmtMoney(answer.body.value) }) });
    }
    drawBets({ kind: 'error', text: messageOf(answer) });
    loadBets();
  }

  function replaceBet(bet) {
    if (!bet) return;
    const i = state.bets.findIndex((b) => b.id === bet.id);
    const belongs = (state.betsState === 'open') === (bet.state === 'open' || bet.state === 'pending');
    if (i >= 0 && belongs) state.bets[i] = bet;
    else if (i >= 0) state.bets.splice(i, 1);
    else if (belongs) state.bets.unshift(bet);
  }

  // ---- the slip ------------------------------------------------------------------------------
  function toggleLeg(event, market, selection) {
    const key = legKey(market.id, selection.id);
    const at = state.slip.findIndex((l) => legKey(l.marketId, l.selectionId) === key);
    if (at >= 0) state.slip.splice(at, 1);
    else {
      if (state.slip.length >= 10) return;
      state.slip.push({
        eventId: event.id,
        marketId: market.id,
        selectionId: selection.id,
        odds: selection.odds,
        eventName: eventName(event),
        marketName: marketName(market),
        selectionName: selectionName(market, selection),
        status: market.status,
        isLive: event.phase === 'live',
      });
      if (state.slip.length === 2 && state.kind === 'single' && new Set(state.slip.map((l) => l.eventId)).size === 2) state.kind = 'parlay';
    }
    state.requestId = '';
    redrawPrices();
    drawSlip();
    requote();
  }

  function redrawPrices() {
    for (const button of board.querySelectorAll('button.price')) {
      const picked = inSlip(button.dataset.market, button.dataset.selection);
      button.classList.toggle('picked', picked);
      button.setAttribute('aria-pressed', picked ? 'true' : 'false');
    }
  }

  const stakeInput = $('slip-stake');
  /** The stake typed, in minor units, or null. */
  function stakeMinor() {
    const value = Number(stakeInput.value);
    if (!(value > 0)) return null;
    return Math.round(value * 10 ** scale);
  }

  const distinctEvents = () => new Set(state.slip.map((l) => l.eventId)).size === state.slip.length;

  function drawSlip() {
    const n = state.slip.length;
    $('slip-count').textContent = String(n);
    $('slip-bar-count').textContent = String(n);
    $('slip-bar').hidden = n === 0;
    $('slip-empty').hidden = n > 0;
    $('slip-form').hidden = n === 0;
    $('slip-clear').hidden = n === 0;
    if ((state.kind === 'parlay' && n < 2) || (state.kind === 'system' && !SYSTEMS[n])) state.kind = 'single';
    const kinds = $('slip-kinds');
    kinds.replaceChildren(
      ...['single', 'parlay', 'system'].map((k) =>
        el('button', {
          type: 'button',
          role: 'tab',
          class: `chip${state.kind === k ? ' on' : ''}`,
          'aria-selected': state.kind === k ? 'true' : 'false',
          disabled: n === 0 || (k === 'parlay' && n < 2) || (k === 'system' && !SYSTEMS[n]),
          text: L.kinds[k],
          onclick: () => {
            state.kind = k;
            state.requestId = '';
            drawSlip();
            requote();
          },
        }),
      ),
    );
    const systemSelect = $('slip-system');
    systemSelect.hidden = state.kind !== 'system';
    if (state.kind === 'system') {
      const choices = SYSTEMS[n] || [];
      if (!choices.includes(state.system)) state.system = choices[0] || '';
      systemSelect.replaceChildren(
        ...choices.map((s) =>
          el('option', { value: s, selected: s === state.system, text: fill(L.systemLines, { name: s, n: SYSTEM_LINES[s] }) }),
        ),
      );
    }
    $('stake-label').textContent = state.kind === 'system' ? L.unitStake : state.kind === 'single' && n > 1 ? L.perSingle : L.stake;
    const quote = state.quote;
    const legs = $('slip-legs');
    legs.replaceChildren(
      ...state.slip.map((leg, i) => {
        const quoted = quote?.legs?.[i];
        const changed = quoted && typeof quoted.odds === 'number' && quoted.odds !== leg.odds;
        return el(
          'li',
          { class: `leg${leg.status !== 'open' ? ' closed' : ''}${changed ? ' changed' : ''}` },
          el('span', { class: 'sel', text: leg.selectionName }),
          el('b', { class: 'leg-odds', text: oddsText(leg.odds) }),
          el('span', { class: 'mkt', text: leg.marketName }),
          el('span', { class: 'evt', text: `${leg.isLive ? `${L.live} · ` : ''}${leg.eventName}` }),
          el('button', {
            type: 'button',
            class: 'remove',
            'aria-label': L.remove,
            text: '×',
            onclick: () => {
              state.slip.splice(i, 1);
              state.requestId = '';
              redrawPrices();
              drawSlip();
              requote();
            },
          }),
        );
      }),
    );
    const problems = [];
    if (state.kind !== 'single' && !distinctEvents()) problems.push(L.sameEvent);
    for (const p of quote?.problems || []) problems.push(p);
    $('slip-problems').replaceChildren(...problems.map((p) => el('li', { text: p })));
    $('slip-total').textContent = quote ? fmtMoney(quote.totalStake) : '—';
    $('slip-return').textContent = quote ? fmtMoney(quote.potentialReturn) : '—';
    $('slip-bar-return').textContent = quote ? `${L.potentialReturn}: ${fmtMoney(quote.potentialReturn)}` : '';
    $('slip-limits').textContent =
      quote && typeof quote.minStake === 'number' ? fill(L.limits, { min: fmtMoney(quote.minStake), max: fmtMoney(quote.maxStake) }) : '';
    $('odds-policy').value = state.settings.oddsPolicy;
    $('slip-place').disabled = state.busy || n === 0 || problems.length > 0;
    $('slip-place').textContent = state.busy ? L.placing : L.place;
  }

  const kindOf = () => (state.kind === 'system' ? { type: 'system', system: state.system } : { type: state.kind });
  const slipLegs = (legs) => legs.map((l) => ({ eventId: l.eventId, marketId: l.marketId, selectionId: l.selectionId }));

  /**
   * Asks the server for the slip's stake, return and limits. Singles are one quote per selection,
   * added up here (each is a bet of its own).
   */
  let quoteSeq = 0;
  async function requote() {
    const seq = ++quoteSeq;
    if (state.slip.length === 0) {
      state.quote = null;
      return drawSlip();
    }
    const unitStake = stakeMinor() ?? undefined;
    const quotes =
      state.kind === 'single'
        ? await Promise.all(state.slip.map((leg) => call('quote', { kind: { type: 'single' }, legs: slipLegs([leg]), unitStake })))
        : [await call('quote', { kind: kindOf(), legs: slipLegs(state.slip), unitStake })];
    if (seq !== quoteSeq) return;
    const failed = quotes.find((q) => !q.ok);
    if (failed) {
      state.quote = { legs: [], totalStake: 0, potentialReturn: 0, problems: [messageOf(failed)] };
      return drawSlip();
    }
    const bodies = quotes.map((q) => q.body);
    state.quote = {
      legs: bodies.flatMap((b) => b.legs || []),
      totalStake: bodies.reduce((sum, b) => sum + (b.totalStake || 0), 0),
      potentialReturn: bodies.reduce((sum, b) => sum + (b.potentialReturn || 0), 0),
      minStake: Math.max(...bodies.map((b) => b.minStake ?? 0)),
      maxStake: Math.min(...bodies.map((b) => b.maxStake ?? Number.MAX_SAFE_INTEGER)),
      problems: [...new Set(bodies.flatMap((b) => b.problems || []))],
    };
    // A leg's market may have moved or stopped since it was picked: the slip shows the quote's state.
    state.quote.legs.forEach((q, i) => {
      const leg = state.slip[i];
      if (leg && q.status) leg.status = q.status;
    });
    drawSlip();
  }

  const say = (text, kind = '') => {
    const box = $('slip-message');
    box.textContent = text || '';
    box.className = `message ${kind}`;
  };

  /** Places the slip: one bet for a parlay or system, one per selection for singles. */
  async function place(event) {
    event.preventDefault();
    if (state.busy || state.slip.length === 0) return;
    const unitStake = stakeMinor();
    if (!unitStake) return say(L.stakeInvalid, 'error');
    state.busy = true;
    drawSlip();
    say('');
    // One request id per slip as shown: pressing again after a lost answer places nothing twice.
    if (!state.requestId) state.requestId = crypto.randomUUID();
    const groups = state.kind === 'single' ? state.slip.map((leg) => [leg]) : [state.slip];
    const placedLegs = new Set();
    let pending = [];
    let problem = null;
    for (const [i, legs] of groups.entries()) {
      const answer = await call('place', {
        requestId: groups.length > 1 ? `${state.requestId}-${i}` : state.requestId,
        kind: state.kind === 'single' ? { type: 'single' } : kindOf(),
        legs: legs.map((l) => ({ eventId: l.eventId, marketId: l.marketId, selectionId: l.selectionId, odds: l.odds })),
        unitStake,
        oddsPolicy: state.settings.oddsPolicy,
      });
      if (answer.ok && (answer.status === 'OK' || answer.status === 'PENDING')) {
        for (const l of legs) placedLegs.add(l);
        if (answer.status === 'PENDING') pending.push(answer.body.bet);
        continue;
      }
      if (answer.status === 'ODDS_CHANGED') {
        for (const changed of answer.body.legs || []) {
          const leg = state.slip.find((l) => l.marketId === changed.marketId && l.selectionId === changed.selectionId);
          if (leg && typeof changed.odds === 'number') leg.odds = changed.odds;
        }
        problem = { text: L.oddsChanged, kind: 'warn' };
      } else problem = { text: messageOf(answer), kind: 'error' };
      break;
    }
    state.slip = state.slip.filter((l) => !placedLegs.has(l));
    state.requestId = '';
    state.busy = false;
    redrawPrices();
    drawSlip();
    requote();
    refreshBalance();
    loadOpenCount();
    if (problem) say(problem.text, problem.kind);
    else if (pending.length > 0) {
      say(L.pending, 'pending');
      pending = await Promise.all(pending.map(waitForBet));
      const refused = pending.some((b) => b?.state === 'rejected');
      say(refused ? L.rejected : L.accepted, refused ? 'error' : 'ok');
      refreshBalance();
      loadOpenCount();
    } else say(L.placed, 'ok');
    if (state.view === 'bets') loadBets();
  }

  /** Polls an in-play bet through its delay until it is accepted or refused. */
  async function waitForBet(bet) {
    let current = bet;
    while (current && current.state === 'pending') {
      await new Promise((resolve) => setTimeout(resolve, PENDING_POLL_MS));
      const answer = await call('bet', { betId: current.id });
      if (answer.ok) current = answer.body.bet;
    }
    return current;
  }

  // ---- loading -------------------------------------------------------------------------------
  async function refreshBalance() {
    const answer = await call('balance');
    $('balance').textContent = answer.ok && typeof answer.body.balance === 'number' ? fmtMoney(answer.body.balance) : '—';
  }

  async function loadOpenCount() {
    const answer = await call('bets', { state: 'open' });
    const count = $('open-count');
    const n = answer.ok ? answer.body.bets.length : 0;
    count.hidden = n === 0;
    count.textContent = answer.ok && answer.body.hasMore ? `${n}+` : String(n);
  }

  async function loadBets(append = false) {
    const answer = await call('bets', { state: state.betsState, page: state.betsPage });
    if (!answer.ok) return drawBets({ kind: 'error', text: messageOf(answer) });
    state.bets = append ? [...state.bets, ...answer.body.bets] : answer.body.bets;
    state.hasMore = Boolean(answer.body.hasMore);
    if (state.view === 'bets') drawBets();
  }

  async function loadList() {
    const answer = await call('sports', { view: state.view, ...(state.sportId ? { sportId: state.sportId } : {}) });
    if (!answer.ok) {
      board.replaceChildren(el('p', { class: 'message error', text: messageOf(answer) }));
      return;
    }
    state.sports = answer.body.sports || [];
    state.events = answer.body.events || [];
    if (state.sportId && !state.sports.some((s) => s.id === state.sportId)) state.sportId = '';
    drawSports();
    if (!state.eventId && state.view !== 'bets') drawList();
  }

  async function loadEvent() {
    const answer = await call('event', { eventId: state.eventId });
    if (!answer.ok) {
      board.replaceChildren(el('p', { class: 'message error', text: messageOf(answer) }));
      return;
    }
    state.event = answer.body.event;
    state.markets = answer.body.markets || [];
    drawEvent();
  }

  function load() {
    for (const tab of document.querySelectorAll('.tab'))
      tab.setAttribute('aria-selected', tab.dataset.view === state.view && !state.eventId ? 'true' : 'false');
    root.dataset.view = state.eventId ? 'event' : state.view;
    if (state.view === 'bets') {
      drawSports();
      drawBets();
      return loadBets();
    }
    drawSports();
    if (state.eventId) {
      if (state.event?.id !== state.eventId) {
        state.event = null;
        drawEvent();
      }
      return Promise.all([loadEvent(), loadList()]);
    }
    return loadList();
  }

  function openEvent(eventId) {
    state.eventId = eventId;
    if (eventId) history.pushState({ eventId }, '', `#${encodeURIComponent(eventId)}`);
    else if (location.hash) history.pushState({}, '', location.pathname + location.search);
    window.scrollTo(0, 0);
    load();
  }

  window.addEventListener('popstate', () => {
    state.eventId = decodeURIComponent(location.hash.slice(1));
    load();
  });

  // ---- live changes ----------------------------------------------------------------------------
  /** New prices for an event's markets: the board and the slip's legs take them. */
  function applyMarkets(eventId, markets) {
    const byId = new Map(markets.map((m) => [m.id, m]));
    if (state.event?.id === eventId) state.markets = state.markets.map((m) => byId.get(m.id) ?? m);
    for (const event of state.events) if (event.id === eventId) event.main = (event.main || []).map((m) => byId.get(m.id) ?? m);
    let slipChanged = false;
    for (const leg of state.slip) {
      const market = byId.get(leg.marketId);
      const selection = market?.selections.find((s) => s.id === leg.selectionId);
      if (!market) continue;
      if (leg.status !== market.status) slipChanged = true;
      leg.status = market.status;
      if (selection && typeof selection.odds === 'number' && selection.odds !== leg.odds) {
        leg.odds = selection.odds;
        slipChanged = true;
      }
    }
    redraw();
    if (slipChanged) {
      state.requestId = '';
      requote();
    }
  }

  function redraw() {
    if (state.view === 'bets' && !state.eventId) return;
    if (state.eventId) drawEvent();
    else drawList();
  }

  function listen() {
    if (typeof EventSource !== 'function') return;
    const stream = new EventSource(`/game/sportsbook/stream?session=${encodeURIComponent(session)}`);
    const read = (handler) => (message) => {
      try {
        handler(JSON.parse(message.data));
      } catch {
        // a malformed message changes nothing; the next poll brings the truth
      }
    };
    stream.addEventListener(
      'odds',
      read((data) => applyMarkets(data.eventId, data.markets || [])),
    );
    stream.addEventListener(
      'event',
      read((data) => {
        const event = data.event;
        if (!event) return;
        state.events = state.events.map((e) => (e.id === event.id ? { ...e, ...event } : e));
        if (state.event?.id === event.id) state.event = { ...state.event, ...event };
        redraw();
      }),
    );
    stream.addEventListener(
      'bet',
      read((data) => {
        replaceBet(data.bet);
        if (state.view === 'bets') drawBets();
        loadOpenCount();
        refreshBalance();
      }),
    );
  }

  // ---- settings and wiring ---------------------------------------------------------------------
  async function saveSettings(change) {
    const answer = await call('settings', change);
    if (answer.ok && answer.body.settings) state.settings = answer.body.settings;
    else Object.assign(state.settings, change);
    $('odds-format').value = state.settings.oddsFormat;
    $('odds-policy').value = state.settings.oddsPolicy;
    redraw();
    if (state.view === 'bets') drawBets();
    drawSlip();
  }

  $('odds-format').addEventListener('change', (e) => saveSettings({ oddsFormat: e.target.value }));
  $('odds-policy').addEventListener('change', (e) => saveSettings({ oddsPolicy: e.target.value }));
  $('slip-system').addEventListener('change', (e) => {
    state.system = e.target.value;
    state.requestId = '';
    drawSlip();
    requote();
  });
  let stakeTimer = 0;
  stakeInput.addEventListener('input', () => {
    state.requestId = '';
    clearTimeout(stakeTimer);
    stakeTimer = setTimeout(requote, 250);
  });
  $('slip-form').addEventListener('submit', place);
  $('slip-clear').addEventListener('click', () => {
    state.slip = [];
    state.requestId = '';
    redrawPrices();
    drawSlip();
    requote();
    say('');
  });
  $('slip-bar').addEventListener('click', () => root.classList.add('slip-open'));
  $('slip-close').addEventListener('click', () => root.classList.remove('slip-open'));
  for (const tab of document.querySelectorAll('.tab'))
    tab.addEventListener('click', () => {
      state.view = tab.dataset.view;
      state.eventId = '';
      state.betsPage = 1;
      state.betsMessage = null;
      if (location.hash) history.pushState({}, '', location.pathname + location.search);
      load();
    });

  async function start() {
    const answer = await call('state');
    if (answer.ok) {
      state.settings = { ...state.settings, ...(answer.body.settings || {}) };
      state.limits = answer.body.limits || null;
      state.brand = answer.body.brand || null;
      if (typeof answer.body.balance === 'number') $('balance').textContent = fmtMoney(answer.body.balance);
      if (state.limits?.minStake && !stakeInput.value) stakeInput.value = String(state.limits.minStake / 10 ** scale);
    } else refreshBalance();
    $('odds-format').value = state.settings.oddsFormat;
    $('odds-policy').value = state.settings.oddsPolicy;
    state.eventId = decodeURIComponent(location.hash.slice(1));
    // In play first when something is live, else today's games.
    const live = await call('sports', { view: 'live' });
    state.view = live.ok && (live.body.events || []).length > 0 ? 'live' : 'today';
    drawSlip();
    await load();
    loadOpenCount();
    listen();
    setInterval(() => {
      if (document.hidden || state.busy) return;
      if (state.view === 'bets' && !state.eventId) loadBets();
      else load();
    }, POLL_MS);
  }

  start();
})();
