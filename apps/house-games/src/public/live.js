// The dragon tiger, sic bo and roulette tables: the table's WebSocket channel (table-channel.js). The state
// comes whole on connect and after each round; bets, bets closed, each reveal step and the result
// come as events. Cards, dice and the wheel are drawn here (no pictures).
(() => {
  const root = document.getElementById('live');
  if (!root) return;
  const session = root.dataset.session;
  const code = root.dataset.code;
  const game = root.dataset.game;
  const L = JSON.parse(root.dataset.labels);
  const G = L.game;
  const $ = (id) => document.getElementById(id);
  const scale = Number(root.dataset.scale || '2');
  const locale = root.dataset.lang === 'vi' ? 'vi-VN' : 'en-GB';
  const fmtMoney = (minor) => (minor / 10 ** scale).toLocaleString(locale, { minimumFractionDigits: 0, maximumFractionDigits: scale });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const fmtChip = (minor) => compact.format(minor / 10 ** scale);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');
  const SUIT = { S: '♠', H: '♥', D: '♦', C: '♣' };
  const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
  const WHEEL = [
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3,
    26,
  ];
  let state = null;
  let offset = 0;
  let chip = 0;
  let pending = {};
  let wheelTurns = 0;

  const say = (text) => {
    $('message').textContent = text || '';
  };

  async function post(action, body) {
    const response = await fetch(`/game/${code}/${action}`, {
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

  /** A spot's name in the member's language: RED → Đỏ, SPLIT_1_2 → Cặp số 1–2, TOTAL_9 → Tổng 9. */
  function spotLabel(key) {
    if (G.names[key]) return G.names[key];
    const kinds = Object.keys(G.names).sort((a, b) => b.length - a.length);
    const kind = kinds.find((k) => key.startsWith(`${k}_`));
    if (!kind) return key;
    return `${G.names[kind]} ${key
      .slice(kind.length + 1)
      .split('_')
      .join('–')}`;
  }

  function groupOf(key) {
    if (game === 'dragon-tiger') return key === 'DRAGON' || key === 'TIGER' ? 'MAIN' : key;
    if (['BIG', 'SMALL', 'ODD', 'EVEN', 'RED', 'BLACK', 'LOW', 'HIGH'].includes(key)) return 'EVEN_MONEY';
    if (game === 'sic-bo') {
      if (key === 'ANY_TRIPLE' || key.startsWith('TRIPLE_')) return 'TRIPLE';
      return key.split('_')[0];
    }
    if (key.startsWith('DOZEN_') || key.startsWith('COLUMN_')) return 'DOZEN_COLUMN';
    if (key.startsWith('SIX_LINE_')) return 'SIX_LINE';
    return key.split('_')[0];
  }

  function cardEl(card) {
    const el = document.createElement('span');
    const rank = card[0] === 'T' ? '10' : card[0];
    el.className = `card flip ${card[1] === 'H' || card[1] === 'D' ? 'red' : 'black'}`;
    el.innerHTML = `<b>${rank}</b><i>${SUIT[card[1]]}</i>`;
    el.setAttribute('aria-label', `${rank}${SUIT[card[1]]}`);
    return el;
  }

  function dieEl(face, rolling) {
    const el = document.createElement('span');
    el.className = `die big die-${face}${rolling ? ' rolling' : ''}`;
    el.setAttribute('aria-label', String(face));
    for (let i = 0; i < face; i++) el.append(document.createElement('i'));
    return el;
  }

  // ---- the stage --------------------------------------------------------------------------------
  function renderStage(animate) {
    const steps = state?.steps ?? [];
    if (game === 'dragon-tiger') {
      for (const [side, id] of [
        ['D', 'dragon-card'],
        ['T', 'tiger-card'],
      ]) {
        const step = steps.find((s) => s.startsWith(`${side}:`));
        const slot = $(id);
        if (!step) slot.replaceChildren();
        else if (!slot.firstChild || slot.dataset.card !== step) {
          slot.dataset.card = step;
          slot.replaceChildren(cardEl(step.slice(2)));
        }
      }
    } else if (game === 'sic-bo') {
      const tray = $('dice');
      if (tray.childElementCount !== steps.length || !animate) {
        tray.replaceChildren(...steps.map((s, i) => dieEl(Number(s), animate && i === steps.length - 1)));
      }
      const total = steps.reduce((sum, s) => sum + Number(s), 0);
      $('dice-total').textContent = steps.length === 3 ? String(total) : '';
    } else {
      const rotor = $('wheel-rotor');
      const pocketOut = $('pocket');
      const running = state?.phase === 'running' || state?.phase === 'closed';
      if (steps.length === 0) {
        pocketOut.textContent = '';
        pocketOut.className = 'pocket-out';
        rotor.classList.toggle('spinning', running);
        return;
      }
      const pocket = Number(steps[0]);
      const angle = -(WHEEL.indexOf(pocket) * 360) / 37;
      rotor.classList.remove('spinning');
      if (animate) wheelTurns += 3;
      rotor.style.transition = animate ? 'transform 2.4s cubic-bezier(.17,.67,.3,1)' : 'none';
      rotor.style.transform = `rotate(${angle - wheelTurns * 360}deg)`;
      pocketOut.textContent = String(pocket);
      pocketOut.className = `pocket-out ${pocket === 0 ? 'green' : RED.has(pocket) ? 'red' : 'black'}`;
    }
  }

  // ---- chips and spots ------------------------------------------------------------------------
  function chipValues() {
    const min = state?.limits.min ?? 1;
    return [1, 5, 10, 50, 100, 500].map((k) => k * min);
  }

  function renderChips() {
    const box = $('chips');
    if (!state || box.childElementCount) return;
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

  function wins(key) {
    const r = state?.result?.result;
    if (!r) return false;
    if (game === 'dragon-tiger') return key === r.winner || (key === 'SUITED_TIE' && r.suited);
    if (game === 'sic-bo') {
      if (key === 'BIG' || key === 'SMALL') return r.size === key;
      if (key === 'ODD' || key === 'EVEN') return !r.triple && (r.total % 2 === 1) === (key === 'ODD');
      if (key === 'ANY_TRIPLE') return r.triple;
      const [kind, ...rest] = key.split('_').map((x) => (Number.isNaN(Number(x)) ? x : Number(x)));
      const count = (f) => r.dice.filter((d) => d === f).length;
      if (kind === 'TOTAL') return r.total === rest[0];
      if (kind === 'TRIPLE') return count(rest[0]) === 3;
      if (kind === 'DOUBLE') return count(rest[0]) >= 2;
      if (kind === 'SINGLE') return count(rest[0]) >= 1;
      if (kind === 'COMBO') return count(rest[0]) >= 1 && count(rest[1]) >= 1;
      return false;
    }
    const p = r.pocket;
    const outside = {
      RED: RED.has(p),
      BLACK: p > 0 && !RED.has(p),
      ODD: p % 2 === 1,
      EVEN: p > 0 && p % 2 === 0,
      LOW: p >= 1 && p <= 18,
      HIGH: p >= 19,
    };
    if (key in outside) return outside[key];
    if (key.startsWith('DOZEN_')) return p > 0 && Math.ceil(p / 12) === Number(key.slice(6));
    if (key.startsWith('COLUMN_')) return p > 0 && ((p - 1) % 3) + 1 === Number(key.slice(7));
    const numbers = key.startsWith('SIX_LINE_') ? key.slice(9).split('_') : key.split('_').slice(1);
    return numbers.map(Number).includes(p);
  }

  function renderSpots() {
    const placed = state?.mine?.spots ?? pending;
    for (const out of root.querySelectorAll('[data-stake-of]')) {
      const v = placed[out.dataset.stakeOf];
      out.textContent = v ? fmtChip(v) : '';
    }
    const isOpen = state?.phase === 'betting' && !state?.mine;
    for (const el of root.querySelectorAll('[data-spot]')) {
      if (el.tagName === 'BUTTON') el.disabled = !isOpen;
      el.classList.toggle('win', wins(el.dataset.spot));
      el.classList.toggle('staked', Boolean(placed[el.dataset.spot]));
    }
    const chips = $('layout-chips');
    if (chips) {
      chips.replaceChildren();
      for (const [key, v] of Object.entries(placed)) {
        const el = root.querySelector(`rect[data-spot="${key}"]`);
        if (!el) continue;
        const x = Number(el.getAttribute('x')) + Number(el.getAttribute('width')) / 2;
        const y = Number(el.getAttribute('y')) + Number(el.getAttribute('height')) / 2;
        const ns = 'http://www.w3.org/2000/svg';
        const c = document.createElementNS(ns, 'circle');
        c.setAttribute('cx', String(x));
        c.setAttribute('cy', String(y));
        c.setAttribute('r', '9');
        c.setAttribute('class', 'chip-mark');
        const t = document.createElementNS(ns, 'text');
        t.setAttribute('x', String(x));
        t.setAttribute('y', String(y + 3));
        t.setAttribute('class', 'chip-text');
        t.textContent = fmtChip(v);
        chips.append(c, t);
      }
    }
    const entries = Object.entries(placed);
    $('placed').textContent = entries.map(([k, v]) => `${spotLabel(k)} ${fmtMoney(v)}`).join(' · ');
    $('confirm-button').disabled = !isOpen || Object.keys(pending).length === 0;
    $('clear-button').disabled = !isOpen || Object.keys(pending).length === 0;
  }

  function resultText(r) {
    if (game === 'dragon-tiger') return `${G.won[r.winner]} (${r.dragon} / ${r.tiger})`;
    if (game === 'sic-bo') return `${r.dice.join(' ')} = ${r.total} · ${G.won[r.size]}`;
    return `${r.pocket} ${G.won[r.colour]}`;
  }

  function renderStatus() {
    const s = $('status');
    $('round-no').textContent = state?.round ? `#${state.round}` : '';
    s.className = 'status';
    const bar = $('countdown-bar');
    if (!state) return;
    if (state.phase === 'betting') {
      const leftMs = Math.max(0, state.closesAt - (Date.now() + offset));
      s.textContent = fill(L.bettingIn, { s: Math.ceil(leftMs / 1000) });
      s.classList.add('open');
      bar.style.width = `${Math.min(100, (leftMs / 15000) * 100)}%`;
    } else {
      bar.style.width = '0';
      if (state.phase === 'closed') s.textContent = L.closed;
      else if (state.phase === 'running') s.textContent = L.revealing[game];
      else if (state.result?.result) {
        s.textContent = resultText(state.result.result);
        s.classList.add('result');
      } else if (state.result?.end === 'void') s.textContent = L.voided;
      else s.textContent = L.nextRound;
    }
    const mine = state.mine;
    if (mine && mine.payout !== null) say(mine.payout > 0 ? fill(L.yourPayout, { payout: fmtMoney(mine.payout) }) : L.yourLoss);
  }

  function renderBets() {
    const list = $('bets');
    list.replaceChildren();
    for (const bet of state?.bets ?? []) {
      const li = document.createElement('li');
      if (state.mine && bet.betId === state.mine.betId) li.className = 'mine';
      const spots = Object.entries(bet.spots)
        .map(([k, v]) => `${spotLabel(k)} ${fmtMoney(v)}`)
        .join(' · ');
      li.textContent = `${bet.player}: ${spots}${bet.payout ? ` → +${fmtMoney(bet.payout)}` : ''}`;
      list.append(li);
    }
  }

  function roadMark(r) {
    const li = document.createElement('li');
    if (game === 'dragon-tiger') {
      li.className = `mark ${r.winner.toLowerCase()}`;
      li.textContent = G.names[r.winner].slice(0, 1);
    } else if (game === 'sic-bo') {
      li.className = `mark ${r.size.toLowerCase()}`;
      li.textContent = String(r.total);
    } else {
      li.className = `mark ${r.colour.toLowerCase()}`;
      li.textContent = String(r.pocket);
    }
    return li;
  }

  function renderHistory() {
    const road = $('road');
    road.replaceChildren(
      ...[...(state?.history ?? [])]
        .filter((h) => h.result)
        .reverse()
        .map((h) => roadMark(h.result)),
    );
    const list = $('history');
    list.replaceChildren();
    for (const item of (state?.history ?? []).slice(0, 12)) {
      const li = document.createElement('li');
      const text = item.result ? `${L.round} ${item.round}: ${resultText(item.result)}` : `${L.round} ${item.round}: ${L.voided}`;
      li.append(document.createTextNode(`${text} `));
      const a = document.createElement('a');
      a.href = `/verify/${code}?lang=${root.dataset.lang}&round=${item.round}`;
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
    renderStage(false);
    renderSpots();
    renderStatus();
    renderBets();
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
      renderStage(false);
    });
    on('step', (data) => {
      if (!state || data.round !== state.round) return;
      state.phase = 'running';
      state.steps = state.steps.slice(0, data.index).concat([data.step]);
      renderStage(true);
      renderStatus();
    });
    on('end', (data) => {
      if (!state || data.round !== state.round) return;
      state.phase = 'settling';
      state.result = data.item;
      renderStatus();
      renderSpots();
    });
    on('settled', () => {
      reload();
      refreshBalance();
    });
    window.openTableChannel({
      game: code,
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

  root.addEventListener('click', (event) => {
    const el = event.target.closest('[data-spot]');
    if (!el || !root.contains(el)) return;
    if (state?.phase !== 'betting' || state.mine) return;
    const spot = el.dataset.spot;
    const next = (pending[spot] ?? 0) + chip;
    if (next > (state.limits.max[groupOf(spot)] ?? 0)) return say(L.errors.ABOVE_MAXIMUM);
    pending = { ...pending, [spot]: next };
    say('');
    renderSpots();
  });
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
      pending = {};
      say(
        fill(L.yourBet, {
          spots: Object.entries(answer.spots)
            .map(([k, v]) => `${spotLabel(k)} ${fmtMoney(v)}`)
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
