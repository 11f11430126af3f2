// The baccarat table page: the table's WebSocket channel (table-channel.js). The state comes whole on
// connect and after each round; bets, bets closed, each card and the result come as events.
(() => {
  const root = document.getElementById('baccarat');
  if (!root) return;
  const session = root.dataset.session;
  const game = root.dataset.game;
  const L = JSON.parse(root.dataset.labels);
  const $ = (id) => document.getElementById(id);
  const scale = Number(root.dataset.scale || '2');
  const locale = root.dataset.lang === 'vi' ? 'vi-VN' : 'en-GB';
  const fmtMoney = (minor) => (minor / 10 ** scale).toLocaleString(locale, { minimumFractionDigits: 0, maximumFractionDigits: scale });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const fmtChip = (minor) => compact.format(minor / 10 ** scale);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');
  const POINTS = { A: 1, T: 0, J: 0, Q: 0, K: 0 };
  const points = (card) => POINTS[card[0]] ?? Number(card[0]);
  const SUIT = { S: '♠', H: '♥', D: '♦', C: '♣' };
  let state = null;
  let offset = 0;
  let chip = 0;
  let pending = {};

  const say = (text) => {
    $('message').textContent = text || '';
  };

  async function post(action, body) {
    const response = await fetch(`/game/${game}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, ...body }),
    });
    return response.json();
  }

  async function refreshBalance() {
    try {
      const answer = await post('balance', {});
      if (typeof answer.balance === 'number') $('balance').textContent = fmtMoney(answer.balance);
    } catch {
      $('balance').textContent = '—';
    }
  }

  function cardItem(card) {
    const li = document.createElement('li');
    const rank = card[0] === 'T' ? '10' : card[0];
    li.className = `card ${card[1] === 'H' || card[1] === 'D' ? 'red' : 'black'}`;
    li.textContent = `${rank}${SUIT[card[1]]}`;
    return li;
  }

  function renderCards() {
    const player = $('player-cards');
    const banker = $('banker-cards');
    player.replaceChildren();
    banker.replaceChildren();
    let p = 0;
    let b = 0;
    for (const c of state?.cards ?? []) {
      if (c.side === 'PLAYER') {
        player.append(cardItem(c.card));
        p = (p + points(c.card)) % 10;
      } else {
        banker.append(cardItem(c.card));
        b = (b + points(c.card)) % 10;
      }
    }
    const any = (state?.cards ?? []).length > 0;
    $('player-total').textContent = any ? String(p) : '';
    $('banker-total').textContent = any ? String(b) : '';
  }

  function chipValues() {
    const min = state?.limits.min ?? 1;
    return [1, 5, 10, 50, 100, 500].map((k) => k * min);
  }

  function renderChips() {
    const box = $('chips');
    if (box.childElementCount) return;
    const values = chipValues();
    chip = values[0];
    for (const v of values) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'chip';
      b.setAttribute('role', 'radio');
      b.setAttribute('aria-checked', String(v === chip));
      b.textContent = fmtChip(v);
      b.setAttribute('aria-label', fmtMoney(v));
      b.addEventListener('click', () => {
        chip = v;
        for (const other of box.children) other.setAttribute('aria-checked', String(other === b));
      });
      box.append(b);
    }
    const max = Math.max(...Object.values(state.limits.max));
    $('limits').textContent = fill(L.limits, { min: fmtMoney(state.limits.min), max: fmtMoney(max) });
  }

  function renderSpots() {
    const placed = state?.mine?.spots ?? pending;
    for (const out of root.querySelectorAll('[data-stake-of]')) {
      const v = placed[out.dataset.stakeOf];
      out.textContent = v ? fmtMoney(v) : '';
    }
    const isOpen = state?.phase === 'betting' && !state?.mine;
    for (const b of root.querySelectorAll('.spot')) {
      b.disabled = !isOpen;
      b.classList.toggle('win', Boolean(state?.result && spotWins(b.dataset.spot, state.result.result)));
    }
    $('confirm-button').disabled = !isOpen || Object.keys(pending).length === 0;
    $('clear-button').disabled = !isOpen || Object.keys(pending).length === 0;
  }

  function spotWins(spot, r) {
    if (!r) return false;
    if (spot === 'PLAYER_PAIR') return r.playerPair;
    if (spot === 'BANKER_PAIR') return r.bankerPair;
    return r.winner === spot;
  }

  function renderStatus() {
    const s = $('status');
    $('round-no').textContent = state?.round ? `#${state.round}` : '';
    s.className = 'status';
    if (!state) return;
    if (state.phase === 'betting') {
      const left = Math.max(0, Math.ceil((state.closesAt - (Date.now() + offset)) / 1000));
      s.textContent = fill(L.bettingIn, { s: left });
      s.classList.add('open');
    } else if (state.phase === 'closed') s.textContent = L.closed;
    else if (state.phase === 'running') s.textContent = L.dealing;
    else if (state.result?.result) {
      const r = state.result.result;
      s.textContent = fill(L.won[r.winner], { p: r.playerTotal, b: r.bankerTotal });
      s.classList.add(r.winner.toLowerCase());
    } else if (state.result?.end === 'void') s.textContent = L.voided;
    else s.textContent = L.nextRound;
    const mine = state.mine;
    if (mine && mine.payout !== null) say(mine.payout > 0 ? fill(L.yourPayout, { payout: fmtMoney(mine.payout) }) : '');
  }

  function renderBets() {
    const list = $('bets');
    list.replaceChildren();
    for (const bet of state?.bets ?? []) {
      const li = document.createElement('li');
      if (state.mine && bet.betId === state.mine.betId) li.className = 'mine';
      const spots = Object.entries(bet.spots)
        .map(([k, v]) => `${L.spots[k]} ${fmtMoney(v)}`)
        .join(' · ');
      li.textContent = `${bet.player}: ${spots}${bet.payout ? ` → +${fmtMoney(bet.payout)}` : ''}`;
      list.append(li);
    }
  }

  function roadCell(kind, winner, row, col, extra) {
    const cell = document.createElement('span');
    cell.className = `${kind} ${winner.toLowerCase()}`;
    cell.style.gridRow = String(row + 1);
    cell.style.gridColumn = String(col + 1);
    if (extra) cell.textContent = extra;
    return cell;
  }

  function renderRoads() {
    const bead = $('bead');
    const big = $('big');
    bead.replaceChildren();
    big.replaceChildren();
    for (const c of state?.roads.bead ?? []) {
      const cell = roadCell('bead-cell', c.winner, c.row, c.col, L.short[c.winner]);
      if (c.playerPair) cell.classList.add('ppair');
      if (c.bankerPair) cell.classList.add('bpair');
      bead.append(cell);
    }
    const cells = state?.roads.big ?? [];
    const shift = Math.max(0, Math.max(0, ...cells.map((c) => c.col)) - 23);
    for (const c of cells) {
      if (c.col < shift) continue;
      const cell = roadCell('big-cell', c.winner, c.row, c.col - shift, c.ties ? String(c.ties) : '');
      if (c.ties) cell.classList.add('tie-mark');
      big.append(cell);
    }
  }

  function renderHistory() {
    const list = $('history');
    list.replaceChildren();
    for (const item of state?.history ?? []) {
      const li = document.createElement('li');
      const r = item.result;
      const text = r
        ? `${L.round} ${item.round}: ${fill(L.won[r.winner], { p: r.playerTotal, b: r.bankerTotal })} (${r.player.join(' ')} / ${r.banker.join(' ')})`
        : `${L.round} ${item.round}: ${L.voided}`;
      li.append(document.createTextNode(`${text} `));
      const a = document.createElement('a');
      a.href = `/verify/${game}?lang=${root.dataset.lang}`;
      a.target = '_blank';
      a.rel = 'noopener';
      a.textContent = L.verify;
      li.append(a);
      list.append(li);
    }
    $('commitment').textContent = state?.commitment ?? '';
  }

  function renderAll() {
    renderChips();
    renderCards();
    renderSpots();
    renderStatus();
    renderBets();
    renderRoads();
    renderHistory();
  }

  async function reload() {
    try {
      const next = await post('state', {});
      if (next && typeof next.round === 'number') {
        state = next;
        offset = next.serverNow - Date.now();
        renderAll();
      }
    } catch {
      say(L.errors.NETWORK);
    }
  }

  function connect() {
    const handlers = new Map();
    const on = (type, handle) => handlers.set(type, handle);
    on('state', (data) => {
      state = data;
      renderAll();
    });
    on('betting', () => {
      pending = {};
      say('');
      reload();
    });
    on('bet', (data) => {
      if (!state || data.round !== state.round) return;
      if (!state.bets.some((b) => b.betId === data.bet.betId)) state.bets.push(data.bet);
      renderBets();
    });
    on('closed', () => {
      if (!state) return;
      state.phase = 'closed';
      renderSpots();
      renderStatus();
    });
    on('card', (data) => {
      if (!state || data.round !== state.round) return;
      state.phase = 'running';
      state.cards = state.cards.slice(0, data.index).concat([{ side: data.side, card: data.card }]);
      renderCards();
      renderStatus();
    });
    on('end', () => reload());
    on('settled', () => {
      reload();
      refreshBalance();
    });
    window.openTableChannel({
      game: game,
      session,
      onMessage: (data) => {
        const handle = handlers.get(data.type);
        if (!handle) return;
        offset = data.serverNow - Date.now();
        handle(data);
      },
      onUp: () => say(''),
      onDown: () => say(L.errors.NETWORK),
    });
  }

  for (const b of root.querySelectorAll('.spot')) {
    b.addEventListener('click', () => {
      if (state?.phase !== 'betting' || state.mine) return;
      const spot = b.dataset.spot;
      const next = (pending[spot] ?? 0) + chip;
      if (next > state.limits.max[spot]) return say(L.errors.ABOVE_MAXIMUM);
      pending = { ...pending, [spot]: next };
      say('');
      renderSpots();
    });
  }
  $('clear-button').addEventListener('click', () => {
    pending = {};
    renderSpots();
  });
  $('confirm-button').addEventListener('click', async () => {
    $('confirm-button').disabled = true;
    try {
      const answer = await post('bet', { spots: pending });
      if (answer.status !== 'OK') {
        say(L.errors[answer.status] ?? L.errors.BET_REFUSED);
        renderSpots();
        return;
      }
      if (typeof answer.balance === 'number') $('balance').textContent = fmtMoney(answer.balance);
      state.mine = answer;
      say(
        fill(L.yourBet, {
          spots: Object.entries(answer.spots)
            .map(([k, v]) => `${L.spots[k]} ${fmtMoney(v)}`)
            .join(', '),
        }),
      );
      renderSpots();
    } catch {
      say(L.errors.NETWORK);
      renderSpots();
    }
  });

  setInterval(() => {
    if (state?.phase === 'betting') renderStatus();
  }, 250);
  refreshBalance();
  connect();
})();
