// The cockfight page: the list of arenas (or the only one, opened at once), then one server-sent
// event stream for the arena chosen. The arena (its settings, the current fight with its live pools
// and returns, the last results) comes whole on connect and after every change (pool updates a few
// times a second at most); the member's own bets come with the state and with each bet's answer.
(() => {
  const root = document.getElementById('cockfight');
  if (!root) return;
  const session = root.dataset.session;
  const code = root.dataset.code;
  const L = JSON.parse(root.dataset.labels);
  const $ = (id) => document.getElementById(id);
  const scale = Number(root.dataset.scale || '2');
  const lang = root.dataset.lang;
  const locale = lang === 'vi' ? 'vi-VN' : 'en-GB';
  const fmtMoney = (minor) => (minor / 10 ** scale).toLocaleString(locale, { minimumFractionDigits: 0, maximumFractionDigits: scale });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');
  const sideName = (side) => L[side] || side;
  const SIDES = ['meron', 'draw', 'wala'];
  const DRAW_PAYS = 8;
  let arena = null;
  let mine = [];
  let side = null;
  let lastFight = 0;
  let lastPhase = '';
  let streamShown = null;
  let arenaId = null;
  let events = null;
  let lobbyTimer = null;
  let isOnlyArena = false;

  const say = (text, isError) => {
    $('message').textContent = text || '';
    $('message').classList.toggle('error', Boolean(isError));
  };

  async function post(action, body) {
    const response = await fetch(`/game/${code}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, arena: arenaId, ...body }),
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

  async function refreshState() {
    try {
      const answer = await post('state', {});
      if (answer?.arena) {
        mine = answer.mine || [];
        render(answer.arena);
      }
    } catch {
      // the stream brings the arena again; the member's bets wait for the next answer
    }
  }

  /** The stream slot: a video for a media file, a frame for a player page, the drawn panel for none. */
  function renderStream(url) {
    if (url === streamShown) return;
    streamShown = url;
    const box = $('stream');
    for (const old of box.querySelectorAll('iframe, video')) old.remove();
    $('no-stream').hidden = Boolean(url);
    if (!url) return;
    let media;
    if (/\.(mp4|webm|m3u8)(\?|$)/i.test(url)) {
      media = document.createElement('video');
      media.autoplay = true;
      media.muted = true;
      media.playsInline = true;
      media.controls = true;
    } else {
      media = document.createElement('iframe');
      media.setAttribute('allow', 'autoplay; fullscreen; picture-in-picture');
      media.setAttribute('allowfullscreen', '');
      media.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
      media.setAttribute('referrerpolicy', 'no-referrer');
    }
    media.title = L.streamTitle;
    media.src = url;
    media.className = 'stream-media';
    box.appendChild(media);
  }

  function priceText(fight, key) {
    if (key === 'draw') return fill(L.drawPays, { n: DRAW_PAYS });
    if (fight.terms.mode === 'fixed') return fill(L.odds, { value: (fight.terms.odds[key] / 1000).toFixed(2) });
    const v = fight.per100[key];
    return v === null ? L.noPrice : fill(L.per100, { value: (v / 100).toFixed(2) });
  }

  function statusText(fight) {
    if (!fight) return L.idle;
    const result = sideName(fight.result);
    switch (fight.phase) {
      case 'betting':
        return L.betting;
      case 'closed':
        return L.closed;
      case 'settling':
        return fill(L.settling, { result });
      default:
        return `${fill(L.settled, { result })} · ${L.idle}`;
    }
  }

  function renderChips(limits) {
    const box = $('chips');
    const values = [1, 5, 10, 50, 100].map((k) => k * limits.min).filter((v) => v <= limits.max);
    if (box.dataset.min === String(limits.min) && box.dataset.max === String(limits.max)) return;
    box.dataset.min = String(limits.min);
    box.dataset.max = String(limits.max);
    box.replaceChildren(
      ...values.map((v) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'chip';
        b.textContent = compact.format(v / 10 ** scale);
        b.addEventListener('click', () => {
          $('stake').value = String(v / 10 ** scale);
          updateConfirm();
        });
        return b;
      }),
    );
    if (!$('stake').value) $('stake').value = String(limits.min / 10 ** scale);
  }

  function updateConfirm() {
    const isOpen = arena?.fight?.phase === 'betting';
    const button = $('confirm');
    button.disabled = !isOpen || !side;
    button.textContent = side ? fill(L.confirm, { side: sideName(side) }) : L.pickSide;
    for (const b of document.querySelectorAll('.side')) {
      b.setAttribute('aria-pressed', String(b.dataset.side === side));
      b.disabled = !isOpen;
    }
  }

  function renderMine(fight) {
    const list = $('my-bets');
    const here = fight ? mine.filter((b) => b.fight === fight.fight) : [];
    if (here.length === 0) {
      const li = document.createElement('li');
      li.className = 'empty';
      li.textContent = L.noBets;
      list.replaceChildren(li);
      return;
    }
    list.replaceChildren(
      ...here.map((b) => {
        const li = document.createElement('li');
        li.className = `mine-${b.side}`;
        let text = fill(L.myBet, { side: sideName(b.side), stake: fmtMoney(b.stake) });
        if (b.price !== null) text += ` @ ${(b.price / 1000).toFixed(2)}`;
        if (b.paid !== null) text += ` · ${fill(L.paid, { amount: fmtMoney(b.paid) })}`;
        li.textContent = text;
        return li;
      }),
    );
  }

  function renderResults(history) {
    const list = $('results');
    list.replaceChildren(
      ...history.slice(0, 40).map((h) => {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = `/verify/${code}?arena=${arenaId}&fight=${h.fight}&lang=${lang}`;
        a.target = '_blank';
        a.rel = 'noopener';
        a.className = `dot result-${h.result}`;
        a.textContent = h.result === 'cancelled' ? '×' : sideName(h.result).slice(0, 1);
        a.title = `${L.fight} ${h.fight}: ${sideName(h.result)} · ${L.verify}`;
        li.appendChild(a);
        return li;
      }),
    );
  }

  function render(next) {
    arena = next;
    const fight = arena.fight;
    $('arena-name').textContent = `· ${arenaTitle({ arenaId: arena.arenaId, name: arena.settings.name })}`;
    $('fight-no').textContent = fight ? `· ${L.fight} #${fight.fight}` : '';
    $('status').textContent = statusText(fight);
    $('status').dataset.phase = fight ? fight.phase : 'idle';
    const terms = fight ? fight.terms : arena.settings;
    $('mode').textContent =
      terms.mode === 'fixed' ? L.modeFixed : fill(L.modePm, { commission: (terms.commissionBp / 100).toLocaleString(locale) });
    for (const key of SIDES) {
      $(`price-${key}`).textContent = fight ? priceText(fight, key) : '';
      $(`pool-${key}`).textContent = fight ? fill(L.pool, { amount: fmtMoney(fight.pools[key]) }) : '';
    }
    for (const b of document.querySelectorAll('.side'))
      b.classList.toggle('won', Boolean(fight?.result && fight.result === b.dataset.side));
    const lim = arena.settings.limits;
    $('limits').textContent = fill(L.limits, { min: fmtMoney(lim.min), max: fmtMoney(lim.max), drawMax: fmtMoney(lim.drawMax) });
    renderChips(lim);
    renderStream(arena.settings.streamUrl);
    renderMine(fight);
    renderResults(arena.history);
    // A fight settled: the member's bets (with what they returned) and balance are read again.
    const phase = fight ? fight.phase : 'idle';
    const no = fight ? fight.fight : 0;
    if (no === lastFight && phase === 'settled' && lastPhase !== 'settled') {
      refreshState();
      refreshBalance();
    }
    if (no !== lastFight) side = null;
    lastFight = no;
    lastPhase = phase;
    updateConfirm();
  }

  for (const b of document.querySelectorAll('.side')) {
    b.addEventListener('click', () => {
      side = b.dataset.side;
      say('');
      updateConfirm();
    });
  }
  $('stake').addEventListener('input', updateConfirm);

  $('confirm').addEventListener('click', async () => {
    if (!side || !arena?.fight) return;
    const major = Number($('stake').value);
    const stake = Math.round(major * 10 ** scale);
    if (!Number.isFinite(major) || stake <= 0 || Math.abs(stake - major * 10 ** scale) > 1e-6) {
      say(L.errors.STAKE_INVALID, true);
      return;
    }
    $('confirm').disabled = true;
    try {
      const answer = await post('bet', { side, stake });
      if (answer.status === 'OK') {
        mine.push(answer.bet);
        if (typeof answer.balance === 'number') $('balance').textContent = fmtMoney(answer.balance);
        say(fill(L.placed, { side: sideName(answer.bet.side), stake: fmtMoney(answer.bet.stake) }));
        renderMine(arena.fight);
      } else say(L.errors[answer.status] || L.errors.BET_REFUSED, true);
    } catch {
      say(L.errors.network, true);
    }
    updateConfirm();
  });

  const arenaTitle = (a) => a.name || fill(L.arenaNamed, { n: a.arenaId.replace(/^a/, '') });

  function lobbyStatus(a) {
    if (!a.fight) return L.idle;
    if (a.fight.phase === 'betting') return L.betting;
    if (a.fight.phase === 'closed') return L.closed;
    return L.idle;
  }

  function renderLobby(list) {
    $('lobby-hint').textContent = list.length === 0 ? L.noArenas : L.pickArena;
    $('arena-list').replaceChildren(
      ...list.map((a) => {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = `arena-card phase-${a.fight ? a.fight.phase : 'idle'}`;
        button.dataset.arena = a.arenaId;
        const name = document.createElement('span');
        name.className = 'arena-card-name';
        name.textContent = arenaTitle(a);
        const status = document.createElement('span');
        status.className = 'arena-card-status';
        status.textContent = [a.fight ? fill(L.fightNo, { n: a.fight.fight }) : '', lobbyStatus(a)].filter(Boolean).join(' · ');
        const facts = document.createElement('span');
        facts.className = 'arena-card-facts';
        facts.textContent = [a.mode === 'fixed' ? L.modeFixedShort : L.modePmShort, a.hasStream ? L.hasStream : '']
          .filter(Boolean)
          .join(' · ');
        const dots = document.createElement('span');
        dots.className = 'arena-card-results';
        dots.setAttribute('aria-label', L.lastResults);
        for (const r of a.results.slice(0, 8)) {
          const dot = document.createElement('span');
          dot.className = `dot result-${r}`;
          dot.textContent = r === 'cancelled' ? '×' : sideName(r).slice(0, 1);
          dots.appendChild(dot);
        }
        const enterText = document.createElement('span');
        enterText.className = 'arena-card-enter';
        enterText.textContent = L.enter;
        button.append(name, status, facts, dots, enterText);
        button.addEventListener('click', () => enter(a.arenaId));
        li.appendChild(button);
        return li;
      }),
    );
  }

  async function loadArenas() {
    let list;
    try {
      const answer = await post('arenas', {});
      list = answer.arenas || [];
    } catch {
      $('lobby-hint').textContent = L.errors.network;
      return;
    }
    if (arenaId) return;
    const wanted = location.hash.slice(1);
    if (list.length === 1) {
      isOnlyArena = true;
      enter(list[0].arenaId);
      return;
    }
    if (wanted && list.some((a) => a.arenaId === wanted)) {
      enter(wanted);
      return;
    }
    renderLobby(list);
  }

  function showLobby() {
    if (events) events.close();
    events = null;
    arenaId = null;
    arena = null;
    $('arena-view').hidden = true;
    $('arena-nav').hidden = true;
    $('lobby').hidden = false;
    $('arena-name').textContent = '';
    $('fight-no').textContent = '';
    // The arena left behind stops its video.
    for (const old of $('stream').querySelectorAll('iframe, video')) old.remove();
    streamShown = null;
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    loadArenas();
    clearInterval(lobbyTimer);
    lobbyTimer = setInterval(() => {
      if (!arenaId && document.visibilityState === 'visible') loadArenas();
    }, 5000);
  }

  function enter(id) {
    clearInterval(lobbyTimer);
    arenaId = id;
    arena = null;
    mine = [];
    side = null;
    lastFight = 0;
    lastPhase = '';
    streamShown = null;
    say('');
    // Nothing can be picked until the arena's state arrives.
    updateConfirm();
    $('lobby').hidden = true;
    $('arena-view').hidden = false;
    $('arena-nav').hidden = isOnlyArena;
    if (!isOnlyArena) history.replaceState(null, '', `#${id}`);
    events = new EventSource(`/game/${code}/events?session=${encodeURIComponent(session)}&arena=${encodeURIComponent(id)}`);
    events.addEventListener('state', (e) => {
      const data = JSON.parse(e.data);
      if (data.arena.arenaId !== arenaId) return;
      mine = data.mine || [];
      lastFight = data.arena.fight ? data.arena.fight.fight : 0;
      lastPhase = data.arena.fight ? data.arena.fight.phase : 'idle';
      render(data.arena);
    });
    events.addEventListener('arena', (e) => {
      const data = JSON.parse(e.data);
      if (data.arena.arenaId === arenaId) render(data.arena);
    });
  }

  $('to-lobby').addEventListener('click', showLobby);
  showLobby();
  refreshBalance();
})();
