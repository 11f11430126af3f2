// The card rooms page: the room list of the game, then the table of the room the player sits at,
// drawn from the room's state stream (one whole state per change, the player's own cards only).
(() => {
  const root = document.getElementById('cards');
  if (!root) return;
  const session = root.dataset.session;
  const game = root.dataset.game;
  const L = JSON.parse(root.dataset.labels);
  const $ = (id) => document.getElementById(id);
  const scale = Number(root.dataset.scale || '2');
  const locale = root.dataset.lang === 'vi' ? 'vi-VN' : 'en-GB';
  const fmtMoney = (minor) => (minor / 10 ** scale).toLocaleString(locale, { minimumFractionDigits: 0, maximumFractionDigits: scale });
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');
  const SUIT = { S: '♠', H: '♥', D: '♦', C: '♣' };
  let state = null;
  let roomId = null;
  let stream = null;
  let offset = 0;
  let selected = new Set();
  let lastShownHand = 0;
  let lastDealtHand = 0;
  let roomsTimer = null;
  // Mậu binh: the player's layout of his 13 cards (back 0-4, middle 5-9, front 10-12) and the card
  // picked for a swap.
  let layout = { hand: 0, ids: [] };
  let picked = null;
  const ROWS = [
    ['back', 0, 5],
    ['middle', 5, 10],
    ['front', 10, 13],
  ];
  // A room chosen in the site's room list comes in the fragment (#room=<id>): the player sits down
  // there at once (or back at his own seat there). Without one, a player seated at a room of this
  // game (a closed tab, a lost connection) is taken back to his seat.
  const chosen = /(?:^#|&)room=([a-z0-9-]{1,24})(?:&|$)/.exec(location.hash)?.[1];
  let isFirstList = true;

  const say = (text) => {
    $('message').textContent = text || '';
  };
  const errorText = (code) => L.errors[code] || L.errors.BET_REFUSED;

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

  function cardItem(card, id) {
    const li = document.createElement('li');
    const rank = card[0] === 'T' ? '10' : card[0];
    li.className = `card ${card[1] === 'H' || card[1] === 'D' ? 'red' : 'black'}`;
    li.dataset.card = card;
    if (id !== undefined) li.dataset.id = String(id);
    const top = document.createElement('span');
    top.className = 'corner';
    top.textContent = `${rank}${SUIT[card[1]]}`;
    const mid = document.createElement('span');
    mid.className = 'pip';
    mid.textContent = SUIT[card[1]];
    li.append(top, mid);
    li.setAttribute('aria-label', `${rank}${SUIT[card[1]]}`);
    return li;
  }

  function backItem() {
    const li = document.createElement('li');
    li.className = 'card back';
    return li;
  }

  // ---- the room list --------------------------------------------------------------------------
  async function loadRooms() {
    let answer;
    try {
      answer = await post('rooms', {});
    } catch {
      return say(L.errors.NETWORK);
    }
    if (answer.status !== 'OK') return say(errorText(answer.status));
    if (isFirstList) {
      isFirstList = false;
      if (!chosen && !roomId && answer.seated.length > 0) return join(answer.seated[0]);
    }
    const body = $('room-list');
    body.replaceChildren();
    for (const room of answer.rooms) {
      const tr = document.createElement('tr');
      tr.dataset.room = room.roomId;
      const cells = [
        room.roomId,
        fmtMoney(room.stake),
        fmtMoney(room.minBalance),
        `${room.players}/${room.seats}`,
        `${room.rakeBps / 100}%`,
      ];
      for (const text of cells) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      const td = document.createElement('td');
      const button = document.createElement('button');
      button.type = 'button';
      const isMine = answer.seated.includes(room.roomId);
      button.textContent = isMine ? L.rejoin : L.join;
      button.className = 'join';
      button.disabled = !isMine && room.players >= room.seats;
      button.addEventListener('click', () => join(room.roomId));
      td.append(button);
      tr.append(td);
      body.append(tr);
    }
  }

  async function join(id) {
    say('');
    let answer;
    try {
      answer = await post('join', { room: id });
    } catch {
      return say(L.errors.NETWORK);
    }
    if (answer.status !== 'OK') return say(errorText(answer.status));
    openTable(id, answer.state);
  }

  function showLobby() {
    roomId = null;
    stream?.close();
    stream = null;
    $('table').hidden = true;
    $('lobby').hidden = false;
    loadRooms();
    clearInterval(roomsTimer);
    roomsTimer = setInterval(loadRooms, 5000);
  }

  // ---- the table ------------------------------------------------------------------------------
  function openTable(id, first) {
    clearInterval(roomsTimer);
    roomId = id;
    $('lobby').hidden = true;
    $('table').hidden = false;
    $('room-title').textContent = `${L.room} ${id}`;
    if (first) render(first);
    stream?.close();
    stream = new EventSource(`/game/${game}/events?session=${encodeURIComponent(session)}&room=${encodeURIComponent(id)}`);
    stream.addEventListener('state', (e) => {
      say('');
      render(JSON.parse(e.data));
    });
    stream.onerror = () => say(L.errors.NETWORK);
  }

  function render(s) {
    // Stood up (left after a hand, or away when it ended): back to the room list.
    if (s.mySeat === null) return showLobby();
    state = s;
    offset = s.serverNow - Date.now();
    const hand = s.hand;
    const seats = $('seats');
    seats.replaceChildren();
    const count = s.seats.length;
    // The player's own seat is drawn at the bottom; the others follow round the table.
    const base = s.mySeat ?? 0;
    for (let k = 0; k < count; k++) {
      const i = (base + k) % count;
      const seat = s.seats[i];
      const li = document.createElement('li');
      li.className = `seat pos-${k}${hand && hand.turn === i ? ' turn' : ''}${seat ? '' : ' free'}`;
      li.dataset.seat = String(i);
      const name = document.createElement('strong');
      name.textContent = seat ? (i === s.mySeat ? `${L.you} (${seat.player})` : seat.player) : L.empty;
      li.append(name);
      if (seat) {
        const info = document.createElement('span');
        const bits = [`#${i + 1}`];
        if (seat.inHand && seat.cardsLeft) bits.push(`🂠 ${seat.cardsLeft}`);
        if (hand?.passed.includes(i)) bits.push(L.passed);
        if (seat.isAway) bits.push(L.away);
        info.textContent = bits.join(' · ');
        li.append(info);
        // Mậu binh shows the rows at the reveal, not the cards as dealt.
        if (seat.cards && i !== s.mySeat && game !== 'mau-binh') {
          const ul = document.createElement('ul');
          ul.className = 'hand small';
          for (const c of seat.cards) ul.append(cardItem(c));
          li.append(ul);
        } else if (seat.rows && i !== s.mySeat) {
          li.append(rowsBlock(seat.rows));
        } else if (game === 'bai-cao' && seat.inHand && i !== s.mySeat) {
          const ul = document.createElement('ul');
          ul.className = 'hand small';
          for (let n = 0; n < 3; n++) ul.append(backItem());
          li.append(ul);
        }
      }
      seats.append(li);
    }
    const tableCards = $('table-cards');
    tableCards.replaceChildren();
    for (const c of hand?.table?.cards ?? []) tableCards.append(cardItem(c));
    const mine = s.mySeat !== null ? s.seats[s.mySeat] : null;
    const ids = mine?.cardIds ?? [];
    const names = mine?.cards ?? [];
    selected = new Set([...selected].filter((id) => ids.includes(id)));
    const myCards = $('my-cards');
    myCards.replaceChildren();
    names.forEach((c, n) => {
      const li = cardItem(c, ids[n]);
      if (selected.has(ids[n])) li.classList.add('selected');
      li.tabIndex = 0;
      li.setAttribute('role', 'button');
      const toggle = () => {
        if (selected.has(ids[n])) selected.delete(ids[n]);
        else selected.add(ids[n]);
        li.classList.toggle('selected');
      };
      li.addEventListener('click', toggle);
      li.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          toggle();
        }
      });
      myCards.append(li);
    });
    if (game === 'mau-binh') renderRows(s);
    const isMyTurn = game === 'tien-len' && hand && hand.turn !== null && hand.turn === s.mySeat;
    $('play').disabled = !isMyTurn;
    $('pass').disabled = !isMyTurn || !hand.table;
    $('play').hidden = game !== 'tien-len';
    $('pass').hidden = game !== 'tien-len';
    $('commitment').textContent = hand?.commitment ?? '';
    const history = $('history');
    history.replaceChildren();
    for (const h of s.history) {
      const li = document.createElement('li');
      li.textContent = `${L.hand} ${h.hand}: ${h.end === 'void' ? '—' : h.winners.map((w) => `#${w + 1}`).join(' ')} · ${h.serverSeed}`;
      history.append(li);
    }
    // The ante is taken when a hand opens: the balance is read again then.
    if (hand && hand.phase !== 'antes' && hand.no !== lastDealtHand) {
      lastDealtHand = hand.no;
      refreshBalance();
    }
    if (s.last && s.last.hand !== lastShownHand && game === 'mau-binh') {
      lastShownHand = s.last.hand;
      showMauBinhResult(s.last, s.mySeat);
      refreshBalance();
    }
    if (s.last && s.last.hand !== lastShownHand) {
      lastShownHand = s.last.hand;
      const item = s.last;
      const payout = item.players.reduce((sum, p) => sum + p.payout, 0);
      $('result').textContent =
        item.end === 'void'
          ? fill(L.voided, { hand: item.hand })
          : `${fill(L.won, {
              hand: item.hand,
              seats: item.winners.map((w) => w + 1).join(', '),
              payout: fmtMoney(payout),
              pot: fmtMoney(item.pot),
              rake: fmtMoney(item.rake),
            })}${item.instantWin ? ` (${L.instant})` : ''}`;
      refreshBalance();
    }
    tick();
  }

  function tick() {
    const s = state;
    if (!s || !roomId) return;
    const hand = s.hand;
    const nowMs = Date.now() + offset;
    const secs = (at) => Math.max(0, Math.ceil((at - nowMs) / 1000));
    let text = '';
    if (!hand) text = s.startsAt ? fill(L.startsIn, { s: secs(s.startsAt) }) : L.waiting;
    else if (hand.phase === 'antes') text = L.antes;
    else if (hand.phase === 'showdown') text = L.showdown;
    else if (hand.phase === 'arranging' && hand.arrangeEndsAt) {
      const done = s.mySeat !== null && s.seats[s.mySeat]?.hasArranged;
      text = fill(done ? L.arrangedWait : L.arrangeTime, { s: secs(hand.arrangeEndsAt) });
    } else if (hand.turn !== null && hand.turnEndsAt) {
      if (hand.turn === s.mySeat) {
        text = fill(L.yourTurn, { s: secs(hand.turnEndsAt) });
        if (hand.mustPlay)
          text += ` · ${fill(L.mustPlay, { card: `${hand.mustPlay[0] === 'T' ? '10' : hand.mustPlay[0]}${SUIT[hand.mustPlay[1]]}` })}`;
        else if (!hand.table) text += ` · ${L.lead}`;
      } else text = fill(L.theirTurn, { seat: hand.turn + 1, s: secs(hand.turnEndsAt) });
    }
    const mine = s.mySeat !== null ? s.seats[s.mySeat] : null;
    if (mine?.isLeaving) text += ` · ${L.leaving}`;
    $('status').textContent = text;
  }

  // ---- mậu binh ---------------------------------------------------------------------------------
  function rowsBlock(rows) {
    const box = document.createElement('div');
    box.className = 'mb-seat';
    for (const [row] of ROWS) {
      const p = document.createElement('p');
      p.className = 'mb-small';
      p.textContent = `${L.kinds[rows[row].kind]}${rows.fouled && row === 'back' ? ` · ${L.fouled}` : ''}`;
      const ul = document.createElement('ul');
      ul.className = 'hand small';
      for (const c of rows[row].cards) ul.append(cardItem(c));
      box.append(p, ul);
    }
    return box;
  }

  const layoutRows = () => ({ back: layout.ids.slice(0, 5), middle: layout.ids.slice(5, 10), front: layout.ids.slice(10) });

  async function checkRows() {
    if (!roomId) return;
    const answer = await post('check', { room: roomId, rows: layoutRows() }).catch(() => ({ status: 'NETWORK' }));
    if (answer.status !== 'OK') return;
    for (const [row] of ROWS) $(`mb-kind-${row}`).textContent = L.kinds[answer.kinds[row]] || '';
    $('mb-warn').textContent = answer.fouled ? L.fouledWarn : '';
  }

  function renderRows(s) {
    const hand = s.hand;
    const mine = s.mySeat !== null ? s.seats[s.mySeat] : null;
    const isArranging = hand && hand.phase === 'arranging' && mine?.inHand && !mine.hasArranged;
    const shown = mine?.rows ?? null;
    $('my-cards').hidden = true;
    $('mb').hidden = !(isArranging || shown);
    $('mb-auto').hidden = !isArranging;
    document.querySelector('#mb .mb-hint').hidden = !isArranging;
    $('mb-submit').hidden = !isArranging;
    if (isArranging && mine.suggested && layout.hand !== hand.no) {
      layout = { hand: hand.no, ids: [...mine.suggested.back, ...mine.suggested.middle, ...mine.suggested.front] };
      picked = null;
      checkRows();
    }
    const nameOf = new Map((mine?.cardIds ?? []).map((id, n) => [id, mine.cards[n]]));
    for (const [row, from, to] of ROWS) {
      const ul = $(`mb-${row}`);
      ul.replaceChildren();
      if (!isArranging) {
        if (shown) {
          for (const c of shown[row].cards) ul.append(cardItem(c));
          $(`mb-kind-${row}`).textContent = `${L.kinds[shown[row].kind]}${shown.auto ? ` · ${L.auto}` : ''}`;
        }
        continue;
      }
      for (let n = from; n < to; n++) {
        const id = layout.ids[n];
        const li = cardItem(nameOf.get(id), id);
        if (picked === n) li.classList.add('selected');
        li.tabIndex = 0;
        li.setAttribute('role', 'button');
        const tap = () => {
          if (picked === null) picked = n;
          else {
            [layout.ids[picked], layout.ids[n]] = [layout.ids[n], layout.ids[picked]];
            const changed = picked !== n;
            picked = null;
            if (changed) checkRows();
          }
          renderRows(state);
        };
        li.addEventListener('click', tap);
        li.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            tap();
          }
        });
        ul.append(li);
      }
    }
    if (shown) $('mb-warn').textContent = shown.fouled ? L.fouledWarn : '';
  }

  function showMauBinhResult(item, mySeat) {
    const box = $('result');
    box.replaceChildren();
    if (item.end === 'void') {
      box.textContent = fill(L.voided, { hand: item.hand });
      return;
    }
    const me = item.players.find((p) => p.seat === mySeat);
    const sign = (n) => (n > 0 ? `+${n}` : String(n));
    const head = document.createElement('p');
    head.textContent = fill(L.mbResult, {
      hand: item.hand,
      units: sign(me?.units ?? 0),
      amount: me ? (me.payout >= me.stake ? '+' : '−') + fmtMoney(Math.abs(me.payout - me.stake)) : '',
      rake: fmtMoney(item.rake),
    });
    box.append(head);
    // Row by row against each other player: back, middle, front from the player's side.
    const rowNames = [L.rowBack, L.rowMiddle, L.rowFront];
    // Every seat's rows as played, its units, fouled and auto-arranged marked.
    const table = document.createElement('div');
    table.className = 'mb-reveal';
    for (const p of item.players) {
      if (!p.rows) continue;
      const seat = document.createElement('div');
      seat.className = `mb-seat${p.seat === mySeat ? ' mine' : ''}`;
      const name = document.createElement('p');
      name.className = 'mb-small';
      name.textContent = `#${p.seat + 1} ${p.seat === mySeat ? L.you : p.player} · ${fill(L.units, { units: sign(p.units ?? 0) })}${p.fouled ? ` · ${L.fouled}` : ''}${p.auto ? ` · ${L.auto}` : ''}`;
      seat.append(name);
      for (const row of ['back', 'middle', 'front']) {
        const ul = document.createElement('ul');
        ul.className = 'hand small';
        for (const c of p.rows[row]) ul.append(cardItem(c));
        seat.append(ul);
      }
      table.append(seat);
    }
    box.append(table);
    for (const pair of item.pairs ?? []) {
      if (pair.a !== mySeat && pair.b !== mySeat) continue;
      const flip = pair.a === mySeat ? 1 : -1;
      const other = pair.a === mySeat ? pair.b : pair.a;
      const p = document.createElement('p');
      p.className = 'mb-small';
      p.textContent = `${fill(L.vsSeat, { seat: other + 1 })}: ${pair.rows
        .map((r, n) => `${rowNames[n]} ${sign(r * flip)}`)
        .join(' · ')} → ${fill(L.units, { units: sign(pair.units * flip) })}`;
      box.append(p);
    }
  }

  $('mb-auto').addEventListener('click', () => {
    const mine = state && state.mySeat !== null ? state.seats[state.mySeat] : null;
    if (!mine?.suggested) return;
    layout = { hand: state.hand.no, ids: [...mine.suggested.back, ...mine.suggested.middle, ...mine.suggested.front] };
    picked = null;
    renderRows(state);
    checkRows();
  });
  $('mb-submit').addEventListener('click', async () => {
    if (!roomId) return;
    const answer = await post('arrange', { room: roomId, rows: layoutRows() }).catch(() => ({ status: 'NETWORK' }));
    if (answer.status !== 'OK') return say(errorText(answer.status));
    render(answer.state);
  });

  $('play').addEventListener('click', async () => {
    if (!roomId) return;
    const answer = await post('play', { room: roomId, cards: [...selected] }).catch(() => ({ status: 'NETWORK' }));
    if (answer.status !== 'OK') return say(errorText(answer.status));
    selected.clear();
    render(answer.state);
  });
  $('pass').addEventListener('click', async () => {
    if (!roomId) return;
    const answer = await post('pass', { room: roomId }).catch(() => ({ status: 'NETWORK' }));
    if (answer.status !== 'OK') return say(errorText(answer.status));
    render(answer.state);
  });
  $('leave').addEventListener('click', async () => {
    if (!roomId) return;
    const answer = await post('leave', { room: roomId }).catch(() => ({ status: 'NETWORK' }));
    if (answer.status !== 'OK') return say(errorText(answer.status));
    if (answer.left === 'now') showLobby();
    else render(answer.state);
  });

  setInterval(tick, 250);
  refreshBalance();
  showLobby();
  if (chosen) join(chosen);
})();
