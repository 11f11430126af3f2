// The public verify page of a single-player house game: replays a round from the seeds typed in (or
// a recent round picked from the list; `?round=<id>` opens that one) on the server's verify call,
// which runs the engine's replayRound and checks the seed against its commitment.
(() => {
  const root = document.getElementById('verify');
  if (!root) return;
  const L = JSON.parse(root.dataset.labels);
  const code = root.dataset.code;
  const $ = (id) => document.getElementById(id);
  const result = $('verify-result');
  let extra = {};

  const describe = (o) =>
    Object.entries(o)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(' ') : v}`)
      .join('\n');

  async function check() {
    const query = new URLSearchParams({
      seed: $('verify-seed').value.trim(),
      clientSeed: $('verify-client-seed').value.trim(),
      nonce: $('verify-nonce').value,
      ...extra,
    });
    const commitment = $('verify-commitment').value.trim();
    if (commitment) query.set('commitment', commitment);
    const response = await fetch(`/api/${code}/verify?${query}`);
    const answer = await response.json();
    if (!response.ok) {
      result.textContent = answer.message || 'Error';
      result.className = 'bad';
      return;
    }
    const verdict = answer.commitmentMatches === null ? '' : `${answer.commitmentMatches ? L.matches : L.differs}.\n`;
    result.textContent = `${verdict}${L.outcome}:\n${describe(answer.outcome)}`;
    result.className = answer.commitmentMatches === false ? 'bad' : 'ok';
  }

  const pick = (item) => {
    $('verify-seed').value = item.serverSeed;
    $('verify-client-seed').value = item.clientSeed;
    $('verify-nonce').value = String(item.nonce);
    $('verify-commitment').value = item.commitment;
    extra = Object.fromEntries(Object.entries(item.verify || {}).map(([k, v]) => [k, String(v)]));
  };

  $('verify-form').addEventListener('submit', (event) => {
    event.preventDefault();
    check().catch(() => undefined);
  });

  fetch(`/api/${code}/rounds`)
    .then((r) => r.json())
    .then((answer) => {
      const list = $('verify-rounds');
      const wanted = new URLSearchParams(location.search).get('round');
      for (const item of answer.rounds.slice(0, 30)) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = `${item.player} #${item.nonce}`;
        button.addEventListener('click', () => {
          pick(item);
          check().catch(() => undefined);
        });
        const li = document.createElement('li');
        li.append(button);
        list.append(li);
      }
      const chosen = answer.rounds.find((r) => r.roundId === wanted);
      if (chosen) {
        pick(chosen);
        check().catch(() => undefined);
      }
    })
    .catch(() => undefined);
})();
