import type { DemoGame } from '@platform/games/demo-games';

const LABELS = {
  en: {
    balance: 'Balance',
    stake: 'Stake',
    spin: 'Play',
    back: 'Back to the site',
    rtp: 'Return to player',
    result: 'Result',
    choice: 'Your call',
  },
  vi: {
    balance: 'Số dư',
    stake: 'Tiền cược',
    spin: 'Chơi',
    back: 'Quay lại trang',
    rtp: 'Tỷ lệ hoàn trả',
    result: 'Kết quả',
    choice: 'Lựa chọn',
  },
} as const;

/** What the choices say (the round reports the code: BIG, HEADS …). */
const CHOICE_LABELS: Record<'en' | 'vi', Record<string, string>> = {
  en: { BIG: 'Big', SMALL: 'Small', SEVEN: 'Seven', HEADS: 'Heads', TAILS: 'Tails' },
  vi: { BIG: 'Tài', SMALL: 'Xỉu', SEVEN: 'Tổng bảy', HEADS: 'Ngửa', TAILS: 'Sấp' },
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** The return link must be a web address; anything else (javascript:, data:) is dropped. */
function safeReturnUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** The game page: markup only; behaviour is /static/game.js and looks /static/game.css (the CSP allows no inline code). */
export function renderGamePage(input: {
  game: DemoGame;
  sessionId: string;
  currency: string;
  language: string;
  returnUrl: string;
}): string {
  const language = input.language.toLowerCase().startsWith('vi') ? 'vi' : 'en';
  const labels = LABELS[language];
  const back = safeReturnUrl(input.returnUrl);
  const choices = input.game.choices
    .map(
      (choice, i) =>
        `<label class="choice"><input type="radio" name="choice" value="${escapeHtml(choice)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(CHOICE_LABELS[language][choice] ?? choice)}</label>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.game.name)}</title>
<link rel="stylesheet" href="/static/game.css">
<script src="/static/game.js" defer></script>
</head>
<body>
<main id="game" data-game="${escapeHtml(input.game.code)}" data-session="${escapeHtml(input.sessionId)}" data-currency="${escapeHtml(input.currency)}">
  <h1>${escapeHtml(input.game.name)}</h1>
  <p class="rtp">${labels.rtp}: ${(input.game.rtp * 100).toFixed(2)}%</p>
  <p class="balance">${labels.balance}: <output id="balance">…</output> ${escapeHtml(input.currency)}</p>
  <form id="play">
    <label>${labels.stake} <input id="stake" name="stake" type="number" min="1" step="1" value="100" required></label>
    ${choices ? `<fieldset><legend>${labels.choice}</legend>${choices}</fieldset>` : ''}
    <button type="submit" id="spin">${labels.spin}</button>
  </form>
  <section aria-live="polite"><h2>${labels.result}</h2><p id="result"></p><ol id="history"></ol></section>
  ${back ? `<p><a href="${escapeHtml(back)}" target="_top">${labels.back}</a></p>` : ''}
</main>
</body>
</html>
`;
}
