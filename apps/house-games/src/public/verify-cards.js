// The public verify page of a card game: deals a hand again from the seeds typed in (or a recent hand
// picked from the list) on the server's verify call, which runs the engine's replayCardHand, and
// says whether the seed matches its commitment and the cards match the hand's record.
(() => {
  const root = document.getElementById('verify');
  if (!root) return;
  const L = JSON.parse(root.dataset.labels);
  const rooms = (root.dataset.rooms || '').split(',').filter(Boolean);
  const $ = (id) => document.getElementById(id);
  const result = $('verify-result');
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');
  const SUIT = { S: '♠', H: '♥', D: '♦', C: '♣' };
  const pretty = (card) => `${card[0] === 'T' ? '10' : card[0]}${SUIT[card[1]]}`;

  $('verify-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const query = new URLSearchParams({ hand: $('verify-hand').value });
    for (const [key, id] of [
      ['seed', 'verify-seed'],
      ['clientSeed', 'verify-client-seed'],
      ['commitment', 'verify-commitment'],
      ['seats', 'verify-seats'],
    ]) {
      const value = $(id).value.trim().replace(/\s+/g, '');
      if (value) query.set(key, value);
    }
    const list = $('verify-hands');
    list.replaceChildren();
    let response;
    try {
      response = await fetch(`/api/card-rooms/${encodeURIComponent($('verify-room').value)}/verify?${query}`);
    } catch {
      result.textContent = L.error;
      result.className = 'bad';
      return;
    }
    const answer = await response.json();
    if (!response.ok) {
      result.textContent = L.error;
      result.className = 'bad';
      return;
    }
    const bits = [];
    if (answer.commitmentMatches !== null) bits.push(answer.commitmentMatches ? L.matches : L.differs);
    if (answer.matchesRecord !== null) bits.push(answer.matchesRecord ? L.recorded : L.notRecorded);
    if (answer.winners) bits.push(fill(L.winners, { seats: answer.winners.map((w) => w + 1).join(', ') }));
    result.textContent = bits.join('. ');
    result.className = answer.commitmentMatches === false || answer.matchesRecord === false ? 'bad' : 'ok';
    for (const hand of answer.hands) {
      const li = document.createElement('li');
      li.dataset.seat = String(hand.seat);
      const extra = [];
      if (typeof hand.score === 'number') extra.push(hand.score === 10 ? L.baCao : fill(L.score, { score: hand.score }));
      if (hand.instantWin) extra.push(L.instant);
      li.textContent = `${fill(L.seat, { seat: hand.seat + 1 })}: ${hand.cards.map(pretty).join(' ')}${extra.length ? ` (${extra.join(', ')})` : ''}`;
      list.append(li);
    }
  });

  // The finished hands of the game's rooms, newest first: a click fills the form.
  Promise.all(rooms.map((room) => fetch(`/api/card-rooms/${encodeURIComponent(room)}/hands`).then((r) => r.json())))
    .then((answers) => {
      const recent = $('verify-recent');
      const items = answers
        .flatMap((a) => a.hands.filter((h) => h.end === 'played').map((h) => ({ ...h, room: a.room.roomId })))
        .sort((a, b) => b.endedAt - a.endedAt)
        .slice(0, 30);
      for (const item of items) {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'pick';
        button.textContent = fill(L.pick, { hand: item.hand, room: item.room });
        button.addEventListener('click', () => {
          $('verify-room').value = item.room;
          $('verify-hand').value = String(item.hand);
          $('verify-seed').value = item.serverSeed;
          $('verify-client-seed').value = item.clientSeed;
          $('verify-commitment').value = item.commitment;
          $('verify-seats').value = item.players.map((p) => p.seat).join(',');
        });
        li.append(button);
        recent.append(li);
      }
    })
    .catch(() => undefined);
})();
