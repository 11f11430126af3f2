// The public verify page: recomputes a round from its seed on the server's verify call, and lists
// the recent rounds with their revealed seeds (a click fills the form).
(() => {
  const root = document.getElementById('verify');
  if (!root) return;
  const L = JSON.parse(root.dataset.labels);
  const chain = root.dataset.chain;
  const result = document.getElementById('verify-result');
  const fmtK = (k) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}×`;

  document.getElementById('verify-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const round = document.getElementById('verify-round').value;
    const seed = document.getElementById('verify-seed').value.trim().toLowerCase();
    const response = await fetch(
      `/api/crash/verify?chain=${encodeURIComponent(chain)}&round=${encodeURIComponent(round)}&seed=${encodeURIComponent(seed)}`,
    );
    const answer = await response.json();
    if (!response.ok) {
      result.textContent = answer.message || 'Error';
      return;
    }
    result.textContent = `${answer.isChained ? L.chained : L.notChained}. ${L.crashPoint}: ${fmtK(answer.crashPoint)}`;
    result.className = answer.isChained ? 'ok' : 'bad';
  });

  fetch('/api/crash/rounds')
    .then((r) => r.json())
    .then((answer) => {
      const list = document.getElementById('verify-rounds');
      const wanted = Number(new URLSearchParams(location.search).get('round'));
      for (const item of answer.rounds.filter((r) => r.chainId === chain).slice(0, 30)) {
        const li = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'pick';
        button.textContent = `#${item.round} ${fmtK(item.crashPoint)}`;
        button.addEventListener('click', () => {
          document.getElementById('verify-round').value = String(item.round);
          document.getElementById('verify-seed').value = item.seed;
        });
        li.append(button);
        list.append(li);
        // `?round=` (the betting record's link) opens that round's proof at once.
        if (item.round === wanted) {
          button.click();
          document.getElementById('verify-form').requestSubmit();
        }
      }
    })
    .catch(() => undefined);
})();
