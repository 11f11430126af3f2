// The public verify page of a dragon tiger, sic bo or roulette table: replays a round from the
// seeds typed in (or a recent round picked from the list; `?round=` opens that one) on the
// server's verify call, which runs the engine's replayRound.
(() => {
  const root = document.getElementById('verify');
  if (!root) return;
  const L = JSON.parse(root.dataset.labels);
  const code = root.dataset.code;
  const $ = (id) => document.getElementById(id);
  const result = $('verify-result');
  const describe = (o) => {
    if (o.dragon) return `${o.dragon} / ${o.tiger} → ${o.winner}`;
    if (o.dice) return `${o.dice.join(' ')} = ${o.total}`;
    return String(o.pocket);
  };

  async function check() {
    const query = new URLSearchParams({
      round: $('verify-round').value,
      seed: $('verify-seed').value.trim(),
      clientSeed: $('verify-client-seed').value.trim(),
    });
    const commitment = $('verify-commitment').value.trim();
    if (commitment) query.set('commitment', commitment);
    const response = await fetch(`/api/${code}/verify?${query}`);
    const answer = await response.json();
    if (!response.ok) {
      result.textContent = answer.message || 'Error';
      return;
    }
    const verdict = answer.commitmentMatches === null ? '' : `${answer.commitmentMatches ? L.matches : L.differs}. `;
    result.textContent = `${verdict}${L.outcome}: ${describe(answer.outcome)}`;
    result.className = answer.commitmentMatches === false ? 'bad' : 'ok';
  }

  const pick = (item) => {
    $('verify-round').value = String(item.round);
    $('verify-seed').value = item.serverSeed;
    $('verify-client-seed').value = item.clientSeed;
    $('verify-commitment').value = item.commitment;
  };

  $('verify-form').addEventListener('submit', (event) => {
    event.preventDefault();
    check().catch(() => undefined);
  });

  fetch(`/api/${code}/rounds`)
    .then((r) => r.json())
    .then((answer) => {
      const list = $('verify-rounds');
      const wanted = Number(new URLSearchParams(location.search).get('round'));
      for (const item of answer.rounds.filter((r) => r.result).slice(0, 30)) {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'pick';
        button.textContent = `#${item.round} ${item.steps.join(' ')}`;
        button.addEventListener('click', () => pick(item));
        li.append(button);
        list.append(li);
      }
      const chosen = answer.rounds.find((r) => r.round === wanted && r.result);
      if (chosen) {
        pick(chosen);
        check().catch(() => undefined);
      }
    })
    .catch(() => undefined);
})();
