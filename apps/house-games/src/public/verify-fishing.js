// The public verify page of a fishing game: replays a wave (and optionally one shot) from the seeds
// typed in, or a recent wave picked from the list, on the server's verify call (replayFishing).
(() => {
  const root = document.getElementById('verify');
  if (!root) return;
  const L = JSON.parse(root.dataset.labels);
  const game = root.dataset.game;
  const $ = (id) => document.getElementById(id);
  const result = $('verify-result');
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');

  $('verify-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const query = new URLSearchParams({
      room: $('verify-room').value.trim(),
      wave: $('verify-wave').value,
      seed: $('verify-seed').value.trim(),
      clientSeed: $('verify-client-seed').value.trim(),
    });
    const commitment = $('verify-commitment').value.trim();
    if (commitment) query.set('commitment', commitment);
    const shot = $('verify-shot').value;
    if (shot) {
      query.set('shot', shot);
      query.set('weapon', $('verify-weapon').value);
      query.set('level', $('verify-level').value);
      query.set('fish', $('verify-fish').value.replace(/\s+/g, ''));
    }
    const response = await fetch(`/api/${game}/verify?${query}`);
    const answer = await response.json();
    if (!response.ok) {
      result.textContent = answer.message || 'Error';
      result.className = 'bad';
      return;
    }
    const parts = [];
    if (answer.commitmentMatches !== null) parts.push(answer.commitmentMatches ? L.matches : L.differs);
    parts.push(fill(L.fishCount, { n: answer.fish }));
    if (answer.shot) {
      for (const hit of answer.shot.hits) {
        const name = L.fishNames[hit.kind] || hit.kind;
        parts.push(`#${hit.fishId} ${name}: ${hit.killed ? fill(L.killed, { m: hit.multiplier, win: hit.win }) : L.missed}`);
      }
    }
    result.textContent = parts.join(' · ');
    result.className = answer.commitmentMatches === false ? 'bad' : 'ok';
  });

  fetch(`/api/${game}/rounds`)
    .then((r) => r.json())
    .then((answer) => {
      const list = $('verify-waves');
      const params = new URLSearchParams(location.search);
      const wanted = { room: params.get('room'), wave: Number(params.get('wave')) };
      for (const item of answer.waves.slice(0, 30)) {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'pick';
        button.textContent = `${item.room} #${item.wave} · ${item.shots}/${item.kills}`;
        button.addEventListener('click', () => {
          $('verify-room').value = item.room;
          $('verify-wave').value = String(item.wave);
          $('verify-seed').value = item.serverSeed;
          $('verify-client-seed').value = item.clientSeed;
          $('verify-commitment').value = item.commitment;
        });
        li.append(button);
        list.append(li);
        // `?room=&wave=` (the betting record's link) opens that wave's proof at once.
        if (item.room === wanted.room && item.wave === wanted.wave) {
          button.click();
          $('verify-form').requestSubmit();
        }
      }
    })
    .catch(() => undefined);
})();
