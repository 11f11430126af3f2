// The public verify page of the jackpot wheel: replays a spin from the seeds typed in (or a recent
// spin picked from the list; `?round=` opens that one) on the server's verify call (replayRound).
(() => {
  const root = document.getElementById('verify');
  if (!root) return;
  const L = JSON.parse(root.dataset.labels);
  const code = root.dataset.game;
  const $ = (id) => document.getElementById(id);
  const result = $('verify-result');
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');

  async function check() {
    const query = new URLSearchParams({
      round: $('verify-round').value,
      seed: $('verify-seed').value.trim(),
      clientSeed: $('verify-client-seed').value,
      stake: $('verify-stake').value,
    });
    const commitment = $('verify-commitment').value.trim();
    if (commitment) query.set('commitment', commitment);
    const response = await fetch(`/api/${code}/verify?${query}`);
    const answer = await response.json();
    if (!response.ok) {
      result.textContent = answer.message || 'Error';
      return;
    }
    const o = answer.outcome;
    const verdict = answer.commitmentMatches === null ? '' : `${answer.commitmentMatches ? L.matches : L.differs}. `;
    result.textContent = `${verdict}${fill(L.segment, { s: o.segment, m: o.multiplier })} · ${o.isJackpot ? L.jackpot : L.noJackpot}`;
    result.className = answer.commitmentMatches === false ? 'bad' : 'ok';
  }

  const pick = (item) => {
    $('verify-round').value = String(item.nonce);
    $('verify-seed').value = item.serverSeed;
    $('verify-client-seed').value = item.clientSeed;
    $('verify-stake').value = String(item.stake);
    $('verify-commitment').value = item.commitment;
  };

  $('verify-form').addEventListener('submit', (event) => {
    event.preventDefault();
    check().catch(() => undefined);
  });

  fetch(`/api/${code}/rounds`)
    .then((r) => r.json())
    .then((answer) => {
      const list = $('verify-spins');
      const wanted = Number(new URLSearchParams(location.search).get('round'));
      for (const item of answer.rounds.slice(0, 30)) {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'pick';
        button.textContent = `#${item.nonce} ×${item.multiplier}${item.jackpot > 0 ? ' JACKPOT' : ''}`;
        button.addEventListener('click', () => pick(item));
        li.append(button);
        list.append(li);
      }
      const chosen = answer.rounds.find((r) => r.nonce === wanted);
      if (chosen) {
        pick(chosen);
        check().catch(() => undefined);
      }
    })
    .catch(() => undefined);
})();
