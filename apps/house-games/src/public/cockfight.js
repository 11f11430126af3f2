// The cockfight page: one server-sent event stream per arena. The arena (its settings, the current
// fight with its live pools and returns, the last results) comes whole on connect and after every
// change; the member's own bets come with the state and with each bet's answer.
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

  const say = (text, isError) => {
    $('message').textContent = text || '';
    $('message').classList.toggle('error', Boolean(isError));
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
        a.href = `/verify/${code}?fight=${h.fight}&lang=${lang}`;
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

  const events = new EventSource(`/game/${code}/events?session=${encodeURIComponent(session)}`);
  events.addEventListener('state', (e) => {
    const data = JSON.parse(e.data);
    mine = data.mine || [];
    lastFight = data.arena.fight ? data.arena.fight.fight : 0;
    lastPhase = data.arena.fight ? data.arena.fight.phase : 'idle';
    render(data.arena);
  });
  events.addEventListener('arena', (e) => render(JSON.parse(e.data).arena));
  refreshBalance();
})();
