// The single-player house games' page (mines, plinko, dice, hi-lo, video poker, blackjack): one
// round at a time through the game server's calls; every outcome comes from the server, the page
// only draws it (boards and cards in HTML, the plinko board in SVG).
(() => {
  const root = document.getElementById('solo');
  if (!root) return;
  const session = root.dataset.session;
  const code = root.dataset.code;
  const L = JSON.parse(root.dataset.labels);
  const info = JSON.parse(root.dataset.info || '{}');
  const scale = Number(root.dataset.scale || '2');
  const locale = root.dataset.lang === 'vi' ? 'vi-VN' : 'en-GB';
  const $ = (id) => document.getElementById(id);
  const stage = $('stage');
  const options = $('options');
  const moves = $('moves');
  const message = $('message');
  const playButton = $('play-button');
  const fmtMoney = (minor) => (minor / 10 ** scale).toLocaleString(locale, { minimumFractionDigits: scale, maximumFractionDigits: scale });
  const fmtX = (m) => `${Number(m).toLocaleString(locale, { maximumFractionDigits: m >= 100 ? 2 : 4 })}×`;
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');
  const el = (tag, attrs = {}, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'class') node.className = v;
      else if (k === 'text') node.textContent = v;
      // Through the CSSOM: the page's CSP allows no style attribute.
      else if (k === 'style') Object.assign(node.style, v);
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    node.append(...children);
    return node;
  };
  const svg = (tag, attrs = {}) => {
    const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  };
  const say = (text, kind = '') => {
    message.textContent = text || '';
    message.className = `message ${kind}`;
  };
  let round = null;
  let busy = false;

  async function post(action, body = {}) {
    const response = await fetch(`/game/${code}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, ...body }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok || answer.status === 'ERROR') {
      const error = new Error(answer.status || 'NETWORK');
      error.code = answer.status && L.errors[answer.status] ? answer.status : 'NETWORK';
      throw error;
    }
    return answer;
  }

  async function refreshBalance() {
    try {
      const answer = await post('balance');
      if (typeof answer.balance === 'number') $('balance').textContent = fmtMoney(answer.balance);
    } catch {
      $('balance').textContent = '—';
    }
  }

  // ---- cards -------------------------------------------------------------------------------
  const SUIT = { C: '♣', D: '♦', H: '♥', S: '♠' };
  function card(name, extra = '') {
    if (!name) return el('span', { class: `card back ${extra}`, 'aria-label': '?' });
    const rank = name[0] === 'T' ? '10' : name.slice(0, -1);
    const suit = name.slice(-1);
    const red = suit === 'H' || suit === 'D';
    return el(
      'span',
      { class: `card ${red ? 'red' : ''} ${extra}`, 'aria-label': `${rank}${SUIT[suit]}` },
      el('span', { class: 'rank', text: rank }),
      el('span', { class: 'suit', text: SUIT[suit] }),
    );
  }

  // ---- the fairness panel and history ---------------------------------------------------------
  function showFair(fair) {
    if (!fair) return;
    $('commitment').textContent = fair.commitment;
    const input = $('client-seed');
    if (document.activeElement !== input) input.value = fair.clientSeed;
    $('nonce').textContent = String(fair.nonce);
  }

  function showHistory(items) {
    const list = $('history');
    list.replaceChildren();
    for (const item of items || []) {
      const won = item.payout > 0 && item.how === 'paid';
      const link = el('a', {
        href: `/verify/${code}?lang=${root.dataset.lang}&round=${encodeURIComponent(item.roundId)}`,
        target: '_blank',
        rel: 'noopener',
        text: L.verify,
      });
      list.append(
        el(
          'li',
          { class: won ? 'won' : '' },
          el('span', { text: `#${item.nonce}` }),
          el('span', { text: fmtMoney(item.stake) }),
          el('span', { text: item.how === 'refunded' ? L.refunded : `${L.payout}: ${fmtMoney(item.payout)}` }),
          link,
        ),
      );
    }
  }

  // ---- per-game option controls ----------------------------------------------------------------
  const controls = {};
  function select(id, label, values, value, names = (v) => String(v)) {
    const s = el('select', { id });
    for (const v of values) s.append(el('option', { value: String(v), text: names(v) }));
    s.value = String(value);
    controls[id] = s;
    return el('label', {}, label, ' ', s);
  }

  let diceDirection = 'UNDER';
  function buildOptions() {
    if (code === 'mines') {
      options.append(
        select(
          'mines-count',
          L.mines,
          Array.from({ length: 24 }, (_, i) => i + 1),
          3,
        ),
      );
    } else if (code === 'plinko') {
      options.append(select('plinko-rows', L.rows, info.rows, 12));
      options.append(select('plinko-risk', L.risk, info.risks, 'MEDIUM', (r) => L.risks[r]));
      controls['plinko-rows'].addEventListener('change', drawPlinkoBoard);
      controls['plinko-risk'].addEventListener('change', drawPlinkoBoard);
    } else if (code === 'dice') {
      const range = el('input', { id: 'dice-target', type: 'range', min: '1', max: '98', step: '1', value: '50' });
      controls.target = range;
      const under = el('button', { type: 'button', class: 'toggle on', text: L.under });
      const over = el('button', { type: 'button', class: 'toggle', text: L.over });
      const pick = (d) => {
        diceDirection = d;
        under.classList.toggle('on', d === 'UNDER');
        over.classList.toggle('on', d === 'OVER');
        drawDiceInfo();
      };
      under.addEventListener('click', () => pick('UNDER'));
      over.addEventListener('click', () => pick('OVER'));
      range.addEventListener('input', drawDiceInfo);
      options.append(el('div', { class: 'toggles' }, under, over), el('label', { class: 'range' }, L.chance, ' ', range));
    }
    playButton.textContent =
      code === 'plinko' ? L.drop : code === 'dice' ? L.roll : code === 'video-poker' || code === 'blackjack' ? L.deal : L.play;
  }

  // ---- dice -----------------------------------------------------------------------------------
  /** The target in hundredths for the chosen win chance (w winning rolls of 10,000). */
  function diceBet() {
    const chance = Number(controls.target.value);
    const w = chance * 100;
    return diceDirection === 'UNDER' ? { direction: 'UNDER', target: w } : { direction: 'OVER', target: 9999 - w };
  }
  function drawDiceInfo(result) {
    const bet = diceBet();
    const chance = Number(controls.target.value);
    stage.replaceChildren();
    const bar = el('div', { class: 'dice-bar' });
    const winFrom = bet.direction === 'UNDER' ? 0 : (bet.target + 1) / 100;
    const winTo = bet.direction === 'UNDER' ? bet.target / 100 : 100;
    bar.append(el('span', { class: 'dice-win', style: { left: `${winFrom}%`, width: `${winTo - winFrom}%` } }));
    if (result) bar.append(el('span', { class: `dice-marker ${result.won ? 'won' : 'lost'}`, style: { left: `${result.roll / 100}%` } }));
    stage.append(
      el('p', { class: `dice-roll ${result ? (result.won ? 'won' : 'lost') : ''}`, text: result ? (result.roll / 100).toFixed(2) : '—' }),
      bar,
      el(
        'dl',
        { class: 'facts' },
        el('dt', { text: L.target }),
        el('dd', { text: `${bet.direction === 'UNDER' ? '<' : '>'} ${(bet.target / 100).toFixed(2)}` }),
        el('dt', { text: L.chance }),
        el('dd', { text: `${chance}%` }),
        el('dt', { text: L.payout }),
        el('dd', { text: fmtX(97 / chance) }),
      ),
    );
  }

  // ---- plinko ---------------------------------------------------------------------------------
  function plinkoGeometry(rows) {
    const width = 400;
    const gap = width / (rows + 2);
    return { width, gap, height: gap * (rows + 1) + 34 };
  }
  function drawPlinkoBoard(drop) {
    const rows = Number(controls['plinko-rows'].value);
    const risk = controls['plinko-risk'].value;
    const table = info.tables[`${rows}:${risk}`];
    const { width, gap, height } = plinkoGeometry(rows);
    const board = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'plinko', role: 'img', 'aria-label': 'Plinko' });
    for (let r = 0; r < rows; r++) {
      for (let i = 0; i <= r + 2; i++) {
        board.append(svg('circle', { cx: width / 2 + (i - (r + 2) / 2) * gap, cy: gap * (r + 1), r: Math.max(2, gap / 9), class: 'peg' }));
      }
    }
    table.forEach((m, k) => {
      const x = width / 2 + (k - rows / 2) * gap;
      const hot = drop && drop.slot === k;
      const g = svg('g', { class: `slot ${m >= 1 ? 'up' : 'down'} ${hot ? 'hit' : ''}` });
      g.append(svg('rect', { x: x - gap / 2 + 1, y: gap * (rows + 1) + 4, width: gap - 2, height: 26, rx: 4 }));
      const t = svg('text', { x, y: gap * (rows + 1) + 21, 'text-anchor': 'middle', 'font-size': Math.min(11, gap / 3.2) });
      t.textContent = m >= 100 ? String(Math.round(m)) : String(m);
      g.append(t);
      board.append(g);
    });
    if (drop) {
      // The ball's path: one peg row at a time, right on 1, left on 0.
      let pos = 0;
      const points = [[width / 2, gap * 0.3]];
      drop.path.forEach((step, r) => {
        pos += step;
        points.push([width / 2 + (pos - (r + 1) / 2) * gap, gap * (r + 1) + gap / 2]);
      });
      const ball = svg('circle', { r: Math.max(4, gap / 4), class: 'ball', cx: points[0][0], cy: points[0][1] });
      board.append(ball);
      let i = 0;
      const tick = () => {
        i++;
        if (i >= points.length) return;
        ball.setAttribute('cx', points[i][0]);
        ball.setAttribute('cy', points[i][1]);
        setTimeout(tick, 90);
      };
      setTimeout(tick, 90);
    }
    stage.replaceChildren(board);
  }

  // ---- mines ----------------------------------------------------------------------------------
  function drawMines() {
    const view = round?.view ?? {};
    const revealed = new Set(view.revealed ?? []);
    const mines = new Set(view.minePositions ?? []);
    const playing = round && !round.isOver;
    const grid = el('div', { class: 'mines-grid', role: 'grid' });
    for (let c = 0; c < 25; c++) {
      const isMine = mines.has(c);
      const open = revealed.has(c);
      const b = el('button', {
        type: 'button',
        class: `cell ${open ? (isMine ? 'boom' : 'gem') : isMine ? 'mine' : ''}`,
        'aria-label': String(c + 1),
      });
      b.textContent = open ? (isMine ? '✸' : '◆') : isMine ? '✸' : '';
      if (!playing || open) b.disabled = true;
      else b.addEventListener('click', () => act({ action: 'REVEAL', cell: c }));
      grid.append(b);
    }
    const facts = el('p', { class: 'facts-line' });
    if (round) {
      facts.textContent = `${L.multiplier}: ${fmtX(view.multiplier ?? 1)}${playing && view.next ? ` · ${L.next}: ${fmtX(view.next)}` : ''}`;
    }
    stage.replaceChildren(grid, facts);
    moves.replaceChildren();
    if (playing && (view.revealed ?? []).length > 0) {
      moves.append(
        el('button', {
          type: 'button',
          class: 'primary cash',
          text: `${L.cashOut} ${fmtMoney(Math.floor(round.stake * view.multiplier))}`,
          onclick: () => act({ action: 'CASHOUT' }),
        }),
      );
    }
  }

  // ---- hi-lo ----------------------------------------------------------------------------------
  function drawHiLo() {
    const view = round?.view;
    stage.replaceChildren();
    moves.replaceChildren();
    if (!view) {
      stage.append(el('div', { class: 'hand big' }, card(null, 'big')));
      return;
    }
    const cards = view.cards;
    const current = cards[cards.length - 1];
    stage.append(
      el('div', { class: 'hand big' }, card(current, `big ${view.status === 'LOST' ? 'lost' : ''}`)),
      el(
        'div',
        { class: 'hand trail' },
        ...cards
          .slice(0, -1)
          .slice(-12)
          .map((c) => card(c, 'small')),
      ),
      el('p', { class: 'facts-line', text: `${L.multiplier}: ${fmtX(view.multiplier)}` }),
    );
    if (!round.isOver) {
      const pct = (p) => `${(p * 100).toFixed(1)}%`;
      moves.append(
        el('button', {
          type: 'button',
          class: 'choice',
          text: `▲ ${L.higher} (${pct(view.chances.HIGHER_OR_SAME)})`,
          onclick: () => act({ action: 'GUESS', guess: 'HIGHER_OR_SAME' }),
        }),
        el('button', {
          type: 'button',
          class: 'choice',
          text: `▼ ${L.lower} (${pct(view.chances.LOWER_OR_SAME)})`,
          onclick: () => act({ action: 'GUESS', guess: 'LOWER_OR_SAME' }),
        }),
      );
      if (view.guesses.length > 0)
        moves.append(
          el('button', {
            type: 'button',
            class: 'primary cash',
            text: `${L.cashOut} ${fmtMoney(Math.floor(round.stake * view.multiplier))}`,
            onclick: () => act({ action: 'CASHOUT' }),
          }),
        );
    }
  }

  // ---- video poker ----------------------------------------------------------------------------
  let holds = [false, false, false, false, false];
  function drawVideoPoker() {
    const view = round?.view;
    stage.replaceChildren();
    moves.replaceChildren();
    const pays = el('table', { class: 'paytable' }, el('caption', { text: L.paytable }));
    const winning = view?.finalHand ?? (round && !round.isOver ? view?.dealtHand : undefined);
    for (const [hand, pay] of [...info.paytable].reverse()) {
      if (pay === 0) continue;
      pays.append(el('tr', { class: hand === winning ? 'hit' : '' }, el('td', { text: L.hands[hand] }), el('td', { text: String(pay) })));
    }
    const shown = view ? (view.final ?? view.hand) : [null, null, null, null, null];
    const row = el('div', { class: 'hand poker' });
    shown.forEach((c, i) => {
      const held = round && !round.isOver && holds[i];
      const b = el(
        'button',
        { type: 'button', class: `slot-card ${held ? 'held' : ''}`, 'aria-pressed': held ? 'true' : 'false' },
        card(c),
      );
      b.append(el('span', { class: 'hold-tag', text: held ? L.hold : '' }));
      if (!round || round.isOver) b.disabled = true;
      else
        b.addEventListener('click', () => {
          holds[i] = !holds[i];
          drawVideoPoker();
        });
      row.append(b);
    });
    stage.append(row);
    if (view) stage.append(el('p', { class: 'facts-line', text: L.hands[view.finalHand ?? view.dealtHand] }));
    stage.append(pays);
    if (round && !round.isOver) {
      moves.append(
        el('p', { class: 'hint', text: L.holdHint }),
        el('button', { type: 'button', class: 'primary', text: L.draw, onclick: () => act({ action: 'DRAW', holds }) }),
      );
    }
  }

  // ---- blackjack ------------------------------------------------------------------------------
  function drawBlackjack() {
    const view = round?.view;
    stage.replaceChildren();
    moves.replaceChildren();
    const dealer = el('div', { class: 'bj-side' }, el('h3', { text: `${L.dealer}${view ? ` · ${view.dealerTotal}` : ''}` }));
    const dealerCards = el('div', { class: 'hand' });
    if (view) {
      for (const c of view.dealer) dealerCards.append(card(c));
      if (view.holeHidden) dealerCards.append(card(null));
    } else dealerCards.append(card(null), card(null));
    dealer.append(dealerCards);
    stage.append(dealer);
    const hands = view?.hands ?? [{ cards: [null, null], total: '' }];
    hands.forEach((h, i) => {
      const name = hands.length > 1 ? fill(L.hand, { n: i + 1 }) : L.player;
      const active = view && !round.isOver && i === view.active;
      stage.append(
        el(
          'div',
          { class: `bj-side ${active ? 'active' : ''}` },
          el('h3', { text: `${name}${h.total !== '' ? ` · ${h.soft && h.total < 21 ? `${h.total - 10}/${h.total}` : h.total}` : ''}` }),
          el('div', { class: 'hand' }, ...h.cards.map((c) => card(c))),
        ),
      );
    });
    if (view && !round.isOver) {
      for (const a of view.actions) {
        moves.append(el('button', { type: 'button', class: 'choice', text: L.actions[a], onclick: () => act({ action: a }) }));
      }
    }
  }

  function draw() {
    if (code === 'mines') drawMines();
    else if (code === 'hi-lo') drawHiLo();
    else if (code === 'video-poker') drawVideoPoker();
    else if (code === 'blackjack') drawBlackjack();
    else if (code === 'plinko') drawPlinkoBoard(round?.view?.path ? round.view : undefined);
    else if (code === 'dice') {
      const v = round?.view;
      drawDiceInfo(v && v.roll !== undefined ? { roll: v.roll, won: round.payout > 0 } : undefined);
    }
    const playing = round && !round.isOver;
    // Tests and assistive tools can tell a move is on its way.
    root.toggleAttribute('data-busy', busy);
    playButton.disabled = Boolean(playing) || busy;
    for (const c of Object.values(controls)) c.disabled = Boolean(playing);
    $('stake').disabled = Boolean(playing);
  }

  function showEnd() {
    if (!round?.isOver) return;
    $('last-seed').textContent = round.serverSeed || '—';
    if (round.how === 'refunded') say(L.refunded);
    else if (round.payout > 0) say(fill(L.win, { payout: fmtMoney(round.payout) }), 'won');
    else say(L.lose, 'lost');
  }

  async function afterAnswer(answer) {
    round = answer.round;
    showFair(answer.fair);
    if (typeof answer.balance === 'number') $('balance').textContent = fmtMoney(answer.balance);
    draw();
    if (round.isOver) {
      showEnd();
      const state = await post('state');
      showHistory(state.history);
      refreshBalance();
    }
  }

  async function act(body) {
    if (busy || !round) return;
    busy = true;
    root.toggleAttribute('data-busy', true);
    say('');
    try {
      await afterAnswer(await post('act', { roundId: round.roundId, ...body }));
    } catch (error) {
      say(L.errors[error.code] || L.errors.NETWORK, 'lost');
      if (error.code === 'NO_ROUND') await load();
    } finally {
      busy = false;
      draw();
    }
  }

  $('play-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    const stake = Math.round(Number($('stake').value) * 10 ** scale);
    const body = { stake };
    if (code === 'mines') body.mines = Number(controls['mines-count'].value);
    if (code === 'plinko') {
      body.rows = Number(controls['plinko-rows'].value);
      body.risk = controls['plinko-risk'].value;
    }
    if (code === 'dice') Object.assign(body, diceBet());
    busy = true;
    root.toggleAttribute('data-busy', true);
    holds = [false, false, false, false, false];
    say('');
    try {
      await afterAnswer(await post('start', body));
    } catch (error) {
      say(L.errors[error.code] || L.errors.NETWORK, 'lost');
    } finally {
      busy = false;
      draw();
    }
  });

  $('seed-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const answer = await post('seed', { clientSeed: $('client-seed').value.trim() });
      showFair(answer.fair);
      say('');
    } catch (error) {
      say(L.errors[error.code] || L.errors.NETWORK, 'lost');
    }
  });

  async function load() {
    try {
      const state = await post('state');
      round = state.round;
      showFair(state.fair);
      showHistory(state.history);
      if (state.history?.[0]) $('last-seed').textContent = state.history[0].serverSeed;
    } catch (error) {
      say(L.errors[error.code] || L.errors.NETWORK, 'lost');
    }
    draw();
  }

  buildOptions();
  draw();
  load();
  refreshBalance();
})();
