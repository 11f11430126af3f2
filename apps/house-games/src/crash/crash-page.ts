import { currencyScale } from '@platform/contracts/money-format';
import { CRASH_RTP, CRASH_TARGET_MIN, formatMultiplier } from '@platform/games/crash/crash';
import { escapeHtml, languageOf, pageHead, safeReturnUrl } from '../page.ts';

/** The crash game page and the public verify page: markup only (the CSP allows no inline code). */
const LABELS = {
  en: {
    title: 'Crash',
    balance: 'Balance',
    stake: 'Stake',
    autoTarget: 'Auto cash-out at (×, optional)',
    bet: 'Place bet',
    cashOut: 'Cash out',
    back: 'Back to the site',
    players: 'Bets this round',
    player: 'Player',
    target: 'Auto',
    result: 'Cash-out',
    history: 'Last rounds',
    fairness: 'Provably fair',
    terminalHash: 'Published hash of the seed chain',
    salt: 'Salt',
    verify: 'Verify a round',
    rules: `Bets are taken while the window is open. The multiplier then grows from 1.00× until the round crashes; cash out before it does to win stake × multiplier (floored to the smallest unit). An auto cash-out pays exactly its target when the round reaches it. The return is ${(CRASH_RTP * 100).toFixed(0)}% for every target; about 1 round in 50 crashes at 1.00×.`,
    bettingIn: 'Betting closes in {s} s',
    closed: 'Bets closed',
    running: 'Flying',
    crashed: 'Crashed at {m}',
    voided: 'Round void: every bet was refunded',
    nextRound: 'Next round soon',
    trial: 'Trial play: your stakes and wins are play money, not real money.',
    trialBet: 'trial',
    yourBet: 'Your bet: {stake}{target}',
    yourCashout: 'You cashed out at {m}: +{payout}',
    round: 'Round',
    errors: {
      BETTING_CLOSED: 'Bets are closed for this round; wait for the next one.',
      ALREADY_BET: 'You already have a bet in this round.',
      STAKE_INVALID: 'Enter a stake greater than zero.',
      TARGET_INVALID: `The auto cash-out must be at least ${formatMultiplier(CRASH_TARGET_MIN)}, or left empty.`,
      NO_BET: 'You have no bet riding in this round.',
      ROUND_ENDED: 'Too late: the round has crashed.',
      ALREADY_CASHED_OUT: 'You have already cashed out this round.',
      INSUFFICIENT_FUNDS: 'Your balance is too low for this stake.',
      PLAYER_BLOCKED: 'Your account cannot place bets at the moment.',
      SESSION_EXPIRED: 'Your game session has ended; open the game again from the site.',
      BET_REFUSED: 'The bet was refused; try again.',
      PLATFORM_UNREACHABLE: 'The bet could not be confirmed and was cancelled; try again.',
      NETWORK: 'The connection was lost; trying again.',
    },
  },
  vi: {
    title: 'Crash',
    balance: 'Số dư',
    stake: 'Tiền cược',
    autoTarget: 'Tự rút ở (×, không bắt buộc)',
    bet: 'Đặt cược',
    cashOut: 'Rút tiền',
    back: 'Quay lại trang',
    players: 'Cược trong ván',
    player: 'Người chơi',
    target: 'Tự rút',
    result: 'Đã rút',
    history: 'Các ván trước',
    fairness: 'Công bằng có thể kiểm chứng',
    terminalHash: 'Mã băm công bố của chuỗi hạt giống',
    salt: 'Muối',
    verify: 'Kiểm tra một ván',
    rules: `Cược được nhận khi cửa sổ còn mở. Sau đó hệ số tăng từ 1.00× cho đến khi ván nổ; rút trước lúc đó để nhận tiền cược × hệ số (làm tròn xuống đơn vị nhỏ nhất). Tự rút trả đúng hệ số đã đặt khi ván đạt tới. Tỷ lệ hoàn trả là ${(CRASH_RTP * 100).toFixed(0)}% với mọi hệ số; khoảng 1 ván trong 50 nổ ở 1.00×.`,
    bettingIn: 'Đóng cược sau {s} giây',
    closed: 'Đã đóng cược',
    running: 'Đang bay',
    crashed: 'Nổ ở {m}',
    voided: 'Ván bị hủy: mọi cược đã được hoàn tiền',
    nextRound: 'Ván mới sắp bắt đầu',
    trial: 'Chơi thử: tiền cược và tiền thắng của bạn là tiền chơi thử, không phải tiền thật.',
    trialBet: 'chơi thử',
    yourBet: 'Cược của bạn: {stake}{target}',
    yourCashout: 'Bạn đã rút ở {m}: +{payout}',
    round: 'Ván',
    errors: {
      BETTING_CLOSED: 'Ván này đã đóng cược; vui lòng chờ ván sau.',
      ALREADY_BET: 'Bạn đã đặt cược trong ván này.',
      STAKE_INVALID: 'Vui lòng nhập tiền cược lớn hơn 0.',
      TARGET_INVALID: `Hệ số tự rút phải từ ${formatMultiplier(CRASH_TARGET_MIN)} trở lên, hoặc để trống.`,
      NO_BET: 'Bạn không có cược nào đang chạy trong ván này.',
      ROUND_ENDED: 'Quá muộn: ván đã nổ.',
      ALREADY_CASHED_OUT: 'Bạn đã rút tiền trong ván này.',
      INSUFFICIENT_FUNDS: 'Số dư không đủ cho mức cược này.',
      PLAYER_BLOCKED: 'Tài khoản của bạn hiện không thể đặt cược.',
      SESSION_EXPIRED: 'Phiên chơi đã kết thúc; vui lòng mở lại trò chơi từ trang.',
      BET_REFUSED: 'Cược bị từ chối; vui lòng thử lại.',
      PLATFORM_UNREACHABLE: 'Không xác nhận được cược nên cược đã được hủy; vui lòng thử lại.',
      NETWORK: 'Mất kết nối; đang thử lại.',
    },
  },
} as const;

export function renderCrashPage(input: {
  sessionId: string;
  currency: string;
  language: string;
  returnUrl: string;
  username: string;
  isTrial?: boolean;
}): string {
  const lang = languageOf(input.language);
  const l = LABELS[lang];
  const back = safeReturnUrl(input.returnUrl);
  // Amounts travel in minor units; the page shows and reads them in the currency's own unit.
  const scale = currencyScale(input.currency);
  const step = scale === 0 ? '1' : (1 / 10 ** scale).toFixed(scale);
  const defaultStake = scale === 0 ? '10000' : '10';
  return `${pageHead({ language: lang, title: l.title, style: 'crash.css', script: 'crash.js', channel: true })}
<body>
<main id="crash" data-session="${escapeHtml(input.sessionId)}" data-currency="${escapeHtml(input.currency)}" data-scale="${scale}" data-lang="${lang}" data-labels="${escapeHtml(JSON.stringify(l))}">
  <header class="top">
    <h1>${l.title} <span class="round-no" id="round-no"></span></h1>
    <p class="balance">${l.balance}: <output id="balance">…</output> ${escapeHtml(input.currency)}</p>
  </header>
  ${input.isTrial ? `<p class="trial-note" role="note">${l.trial}</p>` : ''}
  <section class="stage">
    <canvas id="curve" width="800" height="400" aria-hidden="true"></canvas>
    <div class="overlay"><output id="multiplier" class="multiplier">1.00×</output><p id="status" class="status"></p></div>
  </section>
  <ol id="history" class="history" aria-label="${l.history}"></ol>
  <section class="controls">
    <form id="bet-form" novalidate>
      <label>${l.stake} <input id="stake" name="stake" type="number" inputmode="decimal" min="${step}" step="${step}" value="${defaultStake}" required></label>
      <label>${l.autoTarget} <input id="target" name="target" type="number" inputmode="decimal" min="1.01" step="0.01" placeholder="2.00"></label>
      <button type="submit" id="bet-button">${l.bet}</button>
    </form>
    <button type="button" id="cashout-button" class="cashout" disabled>${l.cashOut}</button>
    <p id="message" class="message" role="status" aria-live="polite"></p>
  </section>
  <section class="players">
    <h2>${l.players}</h2>
    <table><thead><tr><th>${l.player}</th><th>${l.stake}</th><th>${l.target}</th><th>${l.result}</th></tr></thead><tbody id="bets"></tbody></table>
  </section>
  <section class="fair">
    <h2>${l.fairness}</h2>
    <p>${l.rules}</p>
    <p>${l.terminalHash}: <code id="terminal-hash"></code></p>
    <p>${l.salt}: <code id="salt"></code></p>
    <p><a id="verify-link" href="/verify/crash?lang=${lang}" target="_blank" rel="noopener">${l.verify}</a></p>
  </section>
  ${back ? `<p><a href="${escapeHtml(back)}" target="_top">${l.back}</a></p>` : ''}
</main>
</body>
</html>
`;
}

const VERIFY_LABELS = {
  en: {
    title: 'Crash: verify a round',
    intro:
      'Every round plays one seed of a chain made in advance. Each seed is the SHA-256 of the next one, and the chain ends in the published hash below, so no seed can be changed after it is out. Enter a round number and its revealed seed: the page asks the server to hash the seed as many times as the round number (it must give the published hash) and to recompute the crash point as HMAC-SHA256(seed, salt), the first 52 bits X, crash = max(1.00, floor(99 × 2^52 / (2^52 − X)) / 100). The script apps/house-games/scripts/verify-crash.ts does the same offline.',
    round: 'Round',
    seed: 'Seed',
    check: 'Check',
    chained: 'The seed chains to the published hash',
    notChained: 'The seed does NOT chain to the published hash',
    crashPoint: 'Crash point',
  },
  vi: {
    title: 'Crash: kiểm tra một ván',
    intro:
      'Mỗi ván dùng một hạt giống của một chuỗi tạo trước. Mỗi hạt giống là SHA-256 của hạt giống kế tiếp, và chuỗi kết thúc ở mã băm công bố bên dưới, nên không hạt giống nào có thể bị đổi sau khi công bố. Nhập số ván và hạt giống đã công bố: trang sẽ nhờ máy chủ băm hạt giống đúng số lần bằng số ván (phải ra mã băm công bố) và tính lại điểm nổ bằng HMAC-SHA256(hạt giống, muối), lấy 52 bit đầu X, điểm nổ = max(1.00, floor(99 × 2^52 / (2^52 − X)) / 100). Tập lệnh apps/house-games/scripts/verify-crash.ts làm điều tương tự khi không có mạng.',
    round: 'Ván',
    seed: 'Hạt giống',
    check: 'Kiểm tra',
    chained: 'Hạt giống khớp với mã băm công bố',
    notChained: 'Hạt giống KHÔNG khớp với mã băm công bố',
    crashPoint: 'Điểm nổ',
  },
} as const;

export function renderVerifyPage(input: {
  language: string;
  chain: { chainId: string; terminalHash: string; salt: string; length: number } | undefined;
}): string {
  const lang = languageOf(input.language);
  const l = VERIFY_LABELS[lang];
  return `${pageHead({ language: lang, title: l.title, style: 'crash.css', script: 'verify.js' })}
<body>
<main id="verify" class="verify" data-labels="${escapeHtml(JSON.stringify(l))}" data-chain="${escapeHtml(input.chain?.chainId ?? '')}">
  <h1>${l.title}</h1>
  <p>${l.intro}</p>
  <p>${LABELS[lang].terminalHash}: <code>${escapeHtml(input.chain?.terminalHash ?? '')}</code></p>
  <p>${LABELS[lang].salt}: <code>${escapeHtml(input.chain?.salt ?? '')}</code></p>
  <form id="verify-form" novalidate>
    <label>${l.round} <input id="verify-round" type="number" min="1" step="1" required></label>
    <label>${l.seed} <input id="verify-seed" type="text" pattern="[0-9a-f]{64}" required></label>
    <button type="submit">${l.check}</button>
  </form>
  <p id="verify-result" role="status" aria-live="polite"></p>
  <ol id="verify-rounds" class="history"></ol>
</main>
</body>
</html>
`;
}
