// The jackpot wheel: a spin is one call (the server debits, draws, pays and reveals the seed); the
// wheel then turns to the segment. The pool is read again every 3 seconds.
(() => {
  const root = document.getElementById('jackpot');
  if (!root) return;
  const session = root.dataset.session;
  const code = root.dataset.code;
  const L = JSON.parse(root.dataset.labels);
  const $ = (id) => document.getElementById(id);
  const scale = Number(root.dataset.scale || '2');
  const locale = root.dataset.lang === 'vi' ? 'vi-VN' : 'en-GB';
  const fmtMoney = (minor) => (minor / 10 ** scale).toLocaleString(locale, { minimumFractionDigits: 0, maximumFractionDigits: scale });
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');
  const SEGMENTS = 32;
  let turns = 0;
  let busy = false;

  const say = (text, tone) => {
    $('message').textContent = text || '';
    $('message').className = `message${tone ? ` ${tone}` : ''}`;
  };

  async function post(action, body) {
    const response = await fetch(`/game/${code}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, ...body }),
    });
    const answer = await response.json().catch(() => ({ status: 'ERROR' }));
    if (!response.ok) throw new Error(answer.status || 'ERROR');
    return answer;
  }

  const randomSeed = () => {
    const bytes = new Uint8Array(8);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  };

  function drawLists(state) {
    const mine = $('mine');
    mine.replaceChildren();
    for (const s of state.mine || []) {
      const li = document.createElement('li');
      const link = document.createElement('a');
      link.href = `/verify/${code}?lang=${root.dataset.lang}&round=${s.nonce}`;
      link.target = '_blank';
      link.rel = 'noopener';
      link.textContent = L.verify;
      li.textContent = `#${s.nonce} · ${fmtMoney(s.stake)} · ×${s.multiplier}${s.jackpot > 0 ? ` · JACKPOT ${fmtMoney(s.jackpot)}` : ''} · `;
      li.append(link);
      mine.append(li);
    }
    const wins = $('wins');
    wins.replaceChildren();
    if (!state.recentWins || state.recentWins.length === 0) {
      const li = document.createElement('li');
      li.textContent = L.noWins;
      wins.append(li);
    }
    for (const w of state.recentWins || []) {
      const li = document.createElement('li');
      li.textContent = `${w.player} · ${fmtMoney(w.amount)} · ${new Date(w.at).toLocaleString(locale)}`;
      wins.append(li);
    }
  }

  async function refresh() {
    const state = await post('state', {});
    $('pool').textContent = fmtMoney(state.pool);
    $('commitment').textContent = state.nextCommitment;
    if (!$('chips').childElementCount) {
      for (const m of [1, 5, 10, 50, 100]) {
        const value = state.minStake * m;
        if (value > state.maxStake) continue;
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'chip';
        b.textContent = fmtMoney(value);
        b.addEventListener('click', () => {
          $('stake').value = String(value);
        });
        $('chips').append(b);
      }
    }
    drawLists(state);
  }

  async function balance() {
    const answer = await post('balance', {});
    $('balance').textContent = fmtMoney(answer.balance);
  }

  function turnTo(segment) {
    turns += 3;
    const deg = turns * 360 - (segment * 360) / SEGMENTS;
    $('wheel-rotor').style.transform = `rotate(${deg}deg)`;
  }

  $('spin-form').addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    $('spin').disabled = true;
    say(L.spinning);
    const seedInput = $('client-seed');
    if (!seedInput.value) seedInput.value = randomSeed();
    post('spin', { stake: Number($('stake').value), clientSeed: seedInput.value })
      .then((answer) => {
        const s = answer.spin;
        turnTo(s.segment);
        $('commitment').textContent = answer.nextCommitment;
        const win = s.wheelWin > 0 ? fill(L.win, { m: s.multiplier, win: fmtMoney(s.wheelWin) }) : L.lose;
        say(
          s.jackpot > 0 ? `${fill(L.jackpotWon, { amount: fmtMoney(s.jackpot) })} ${win}` : win,
          s.jackpot > 0 ? 'big' : s.wheelWin > 0 ? 'ok' : '',
        );
        if (answer.balance !== undefined) $('balance').textContent = fmtMoney(answer.balance);
        return refresh();
      })
      .catch((err) => say(L.errors[err.message] || L.errors.ERROR, 'bad'))
      .finally(() => {
        busy = false;
        $('spin').disabled = false;
      });
  });

  $('client-seed').value = randomSeed();
  refresh().catch(() => say(L.errors.ERROR, 'bad'));
  balance().catch(() => undefined);
  setInterval(() => {
    if (!busy) refresh().catch(() => undefined);
  }, 3000);
})();
