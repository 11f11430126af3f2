// The public verify page of a baccarat table: replays a round from the seeds typed in (or a recent
// round picked from the list) on the server's verify call, which runs the engine's replayRound.
(() => {
  const root = document.getElementById('verify');
  if (!root) return;
  const L = JSON.parse(root.dataset.labels);
  const game = root.dataset.game;
  const $ = (id) => document.getElementById(id);
  const result = $('verify-result');

  $('verify-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const query = new URLSearchParams({
      round: $('verify-round').value,
      seed: $('verify-seed').value.trim(),
      clientSeed: $('verify-client-seed').value.trim(),
    });
    const commitment = $('verify-commitment').value.trim();
    if (commitment) query.set('commitment', commitment);
    const response = await fetch(`/api/${game}/verify?${query}`);
    const answer = await response.json();
    if (!response.ok) {
      result.textContent = answer.message || 'Error';
      return;
    }
    const o = answer.outcome;
    const deal = `${L.deal}: ${L.spots.PLAYER} ${o.player.join(' ')} (${o.playerTotal}) · ${L.spots.BANKER} ${o.banker.join(' ')} (${o.bankerTotal}) → ${L.spots[o.winner]}`;
    const check = answer.commitmentMatches === null ? '' : `${answer.commitmentMatches ? L.matches : L.differs}. `;
    result.textContent = `${check}${deal}`;
    result.className = answer.commitmentMatches === false ? 'bad' : 'ok';
  });

  fetch(`/api/${game}/rounds`)
    .then((r) => r.json())
    .then((answer) => {
      const list = $('verify-rounds');
      const wanted = Number(new URLSearchParams(location.search).get('round'));
      for (const item of answer.rounds.filter((r) => r.result).slice(0, 30)) {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'pick';
        button.textContent = `#${item.round} ${L.spots[item.result.winner]} ${item.result.playerTotal}–${item.result.bankerTotal}`;
        button.addEventListener('click', () => {
          $('verify-round').value = String(item.round);
          $('verify-seed').value = item.serverSeed;
          $('verify-client-seed').value = item.clientSeed;
          $('verify-commitment').value = item.commitment;
        });
        li.append(button);
        list.append(li);
        // `?round=` (the betting record's link) opens that round's proof at once.
        if (item.round === wanted) {
          button.click();
          $('verify-form').requestSubmit();
        }
      }
    })
    .catch(() => undefined);
})();
