// The demo game page: asks the vendor for the balance, plays rounds and shows their results.
(() => {
  const root = document.getElementById('game');
  if (!root) return;
  const game = root.dataset.game;
  const session = root.dataset.session;
  const balance = document.getElementById('balance');
  const result = document.getElementById('result');
  const history = document.getElementById('history');
  const form = document.getElementById('play');
  const button = document.getElementById('spin');

  async function post(action, body) {
    const response = await fetch(`/game/${game}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, ...body }),
    });
    return response.json();
  }

  async function refresh() {
    const answer = await post('balance', {});
    if (typeof answer.balance === 'number') balance.textContent = answer.balance.toLocaleString(document.documentElement.lang);
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const stake = Number(document.getElementById('stake').value);
    const picked = form.querySelector('input[name="choice"]:checked');
    button.disabled = true;
    try {
      const answer = await post('spin', { stake, choice: picked ? picked.value : undefined });
      if (typeof answer.balance === 'number') balance.textContent = answer.balance.toLocaleString(document.documentElement.lang);
      if (answer.status === 'OK') {
        result.textContent = `${answer.summary} → ${answer.payout > 0 ? `+${answer.payout}` : '0'}`;
        const item = document.createElement('li');
        item.textContent = `${answer.summary}: ${answer.stake} → ${answer.payout}`;
        history.prepend(item);
        while (history.children.length > 10) history.lastElementChild.remove();
      } else {
        result.textContent = answer.message || answer.status || 'Error';
      }
    } catch {
      result.textContent = 'Network error';
    } finally {
      button.disabled = false;
    }
  });

  refresh().catch(() => {
    balance.textContent = '—';
  });
})();
