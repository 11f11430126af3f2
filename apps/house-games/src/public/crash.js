// The crash page: the table's WebSocket channel (table-channel.js); the curve is drawn from the round's
// start time and the stated growth rate, so every watcher sees the same multiplier.
(() => {
  const root = document.getElementById('crash');
  if (!root) return;
  const session = root.dataset.session;
  const L = JSON.parse(root.dataset.labels);
  const $ = (id) => document.getElementById(id);
  const canvas = $('curve');
  const ctx = canvas.getContext('2d');
  const mult = $('multiplier');
  const status = $('status');
  const message = $('message');
  const betButton = $('bet-button');
  const cashButton = $('cashout-button');
  let state = null;
  let offset = 0; // server clock − this clock
  let mine = null;

  const fmtK = (k) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}×`;
  const scale = Number(root.dataset.scale || '2');
  const locale = root.dataset.lang === 'vi' ? 'vi-VN' : 'en-GB';
  const fmtMoney = (minor) => (minor / 10 ** scale).toLocaleString(locale, { minimumFractionDigits: scale, maximumFractionDigits: scale });
  const serverNow = () => Date.now() + offset;
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');
  const say = (text) => {
    message.textContent = text || '';
  };

  async function post(action, body) {
    const response = await fetch(`/game/crash/${action}`, {
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

  function renderBets() {
    const body = $('bets');
    body.replaceChildren();
    for (const bet of state?.bets ?? []) {
      const tr = document.createElement('tr');
      if (mine && bet.betId === mine.betId) tr.className = 'mine';
      if (bet.cashout) tr.classList.add('won');
      for (const text of [
        bet.isTrial ? `${bet.player} (${L.trialBet})` : bet.player,
        fmtMoney(bet.stake),
        bet.target ? fmtK(bet.target) : '—',
        bet.cashout ? `${fmtK(bet.cashout.k)} +${fmtMoney(bet.cashout.payout)}` : '',
      ]) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      body.append(tr);
    }
  }

  function renderHistory() {
    const list = $('history');
    list.replaceChildren();
    for (const item of state?.history ?? []) {
      const li = document.createElement('li');
      li.textContent = item.end === 'void' ? '—' : fmtK(item.crashPoint);
      li.className = item.crashPoint >= 200 ? 'high' : 'low';
      li.title = `${L.round} ${item.round}: ${item.seed}`;
      list.append(li);
    }
  }

  function renderFair() {
    $('terminal-hash').textContent = state.terminalHash;
    $('salt').textContent = state.salt;
    $('round-no').textContent = state.round ? `#${state.round}` : '';
  }

  function upsertBet(bet) {
    if (!state) return;
    const i = state.bets.findIndex((b) => b.betId === bet.betId);
    if (i >= 0) state.bets[i] = bet;
    else state.bets.push(bet);
    if (mine && bet.betId === mine.betId) mine = bet;
    renderBets();
  }

  function updateButtons() {
    const phase = state?.phase;
    betButton.disabled = phase !== 'betting' || Boolean(mine);
    cashButton.disabled = !(phase === 'running' && mine && !mine.cashout);
  }

  function setState(next) {
    state = next;
    mine = next.mine;
    renderBets();
    renderHistory();
    renderFair();
    updateButtons();
  }

  // Drawing: the curve m(t) = e^(rate·t) from the start to now (or to the crash).
  function draw() {
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    if (canvas.width !== w * devicePixelRatio) {
      canvas.width = w * devicePixelRatio;
      canvas.height = h * devicePixelRatio;
    }
    ctx.setTransform(devicePixelRatio, 0, 0, devicePixelRatio, 0, 0);
    ctx.clearRect(0, 0, w, h);
    if (!state) return requestAnimationFrame(draw);
    const rate = state.ratePerMs;
    let k = 100;
    let elapsed = 0;
    const over = state.phase === 'settling' || state.phase === 'pause' || state.crashPoint !== null;
    if (state.startedAt !== null) {
      elapsed = over && state.crashPoint !== null ? Math.log(state.crashPoint / 100) / rate : Math.max(0, serverNow() - state.startedAt);
      k = over && state.crashPoint !== null ? state.crashPoint : Math.floor(100 * Math.exp(rate * elapsed));
    }
    // The view spans at least the time to 2.00× (with room), and grows with the round.
    const span = Math.max((Math.log(2) / rate) * 1.25, elapsed * 1.15);
    const top = Math.max(2, Math.exp(rate * span));
    ctx.strokeStyle = '#2f3b4f';
    ctx.lineWidth = 1;
    for (let i = 1; i < 4; i++) {
      const y = h - (i * h) / 4;
      ctx.beginPath();
      ctx.moveTo(0, y);
      ctx.lineTo(w, y);
      ctx.stroke();
    }
    if (state.startedAt !== null) {
      ctx.strokeStyle = over ? '#e5484d' : '#30c48d';
      ctx.lineWidth = 3;
      ctx.beginPath();
      const steps = 80;
      for (let i = 0; i <= steps; i++) {
        const t = (elapsed * i) / steps;
        const x = (t / span) * w;
        const y = h - ((Math.exp(rate * t) - 1) / (top - 1)) * (h - 10);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
    mult.textContent = fmtK(k);
    mult.className = `multiplier ${over ? 'crashed' : state.phase === 'running' ? 'flying' : ''}`;
    if (state.phase === 'betting')
      status.textContent = fill(L.bettingIn, { s: Math.max(0, Math.ceil((state.closesAt - serverNow()) / 1000)) });
    else if (state.phase === 'closed') status.textContent = L.closed;
    else if (state.phase === 'running' && !over) status.textContent = L.running;
    else if (state.end === 'void') status.textContent = L.voided;
    else if (state.crashPoint !== null) status.textContent = fill(L.crashed, { m: fmtK(state.crashPoint) });
    else status.textContent = L.nextRound;
    requestAnimationFrame(draw);
  }

  function connect() {
    const handlers = new Map();
    const on = (type, fn) => handlers.set(type, fn);
    on('state', (s) => setState(s));
    on('betting', (e) => {
      setState({
        ...state,
        round: e.round,
        phase: 'betting',
        closesAt: e.closesAt,
        startedAt: null,
        crashPoint: null,
        seed: null,
        end: undefined,
        bets: [],
        mine: null,
      });
      say('');
    });
    on('bet', (e) => upsertBet(e.bet));
    on('start', (e) => {
      state.phase = 'running';
      state.startedAt = e.startedAt;
    });
    on('cashout', (e) => {
      upsertBet(e.bet);
      if (mine && e.bet.betId === mine.betId) {
        say(fill(L.yourCashout, { m: fmtK(e.bet.cashout.k), payout: fmtMoney(e.bet.cashout.payout) }));
        refreshBalance();
      }
    });
    on('end', (e) => {
      state.phase = 'settling';
      state.crashPoint = e.crashPoint;
      state.seed = e.seed;
      state.end = e.end;
      if (state.startedAt === null) state.startedAt = e.endedAt;
    });
    on('settled', (e) => {
      state.phase = 'pause';
      state.history = [{ round: e.round, crashPoint: state.crashPoint, seed: state.seed, end: state.end }, ...(state.history ?? [])].slice(
        0,
        30,
      );
      renderHistory();
      refreshBalance();
    });
    window.openTableChannel({
      game: 'crash',
      session,
      onMessage: (data) => {
        const fn = handlers.get(data.type);
        if (!fn) return;
        offset = data.serverNow - Date.now();
        fn(data);
        updateButtons();
      },
      onUp: () => say(''),
      onDown: () => say(L.errors.NETWORK),
    });
  }

  $('bet-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const stake = Math.round(Number($('stake').value) * 10 ** scale);
    const targetText = $('target').value.trim();
    const target = targetText === '' ? null : Math.round(Number(targetText) * 100);
    if (!Number.isFinite(stake) || stake < 1) return say(L.errors.STAKE_INVALID);
    if (target !== null && (!Number.isFinite(target) || target < 101)) return say(L.errors.TARGET_INVALID);
    betButton.disabled = true;
    try {
      const answer = await post('bet', { stake, target });
      if (answer.status === 'OK') {
        mine = answer;
        upsertBet(answer);
        if (typeof answer.balance === 'number') $('balance').textContent = fmtMoney(answer.balance);
        say(fill(L.yourBet, { stake: fmtMoney(answer.stake), target: answer.target ? ` → ${fmtK(answer.target)}` : '' }));
      } else say(L.errors[answer.status] || answer.message || answer.status);
    } catch {
      say(L.errors.NETWORK);
    } finally {
      updateButtons();
    }
  });

  cashButton.addEventListener('click', async () => {
    cashButton.disabled = true;
    try {
      const answer = await post('cashout', {});
      if (answer.status === 'OK') {
        upsertBet(answer);
        say(fill(L.yourCashout, { m: fmtK(answer.cashout.k), payout: fmtMoney(answer.cashout.payout) }));
        if (typeof answer.balance === 'number') $('balance').textContent = fmtMoney(answer.balance);
      } else say(L.errors[answer.status] || answer.status);
    } catch {
      say(L.errors.NETWORK);
    } finally {
      updateButtons();
    }
  });

  refreshBalance();
  connect();
  requestAnimationFrame(draw);
})();
