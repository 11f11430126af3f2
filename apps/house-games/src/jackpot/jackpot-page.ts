import { currencyScale } from '@platform/contracts/money-format';
import {
  JACKPOT_CONTRIBUTION_BPS,
  JACKPOT_SEED,
  JACKPOT_TRIGGER_BOUND,
  WHEEL_MAX_STAKE,
  WHEEL_MIN_STAKE,
  WHEEL_PAYTABLE,
} from '@platform/games/house/jackpot-wheel';
import { escapeHtml, languageOf, pageHead, safeReturnUrl } from '../page.ts';

/** The jackpot wheel's page and its public verify page: markup only (the CSP allows no inline code). */
const LABELS = {
  en: {
    title: 'Lotus Jackpot Wheel',
    balance: 'Balance',
    pool: 'Progressive jackpot',
    stake: 'Stake',
    spin: 'Spin',
    spinning: 'Spinning…',
    back: 'Back to the site',
    clientSeed: 'Your client seed',
    commitment: 'Commitment of your next server seed (SHA-256)',
    win: 'The wheel stopped on ×{m}: you win {win}.',
    lose: 'The wheel stopped on ×0.',
    jackpotWon: 'JACKPOT! You win the pool: {amount}.',
    yourSpins: 'Your spins',
    recentWins: 'Latest jackpot wins',
    verify: 'Verify',
    noWins: 'No jackpot has been won yet.',
    rules:
      'Choose a stake and spin. The wheel has 32 equal segments; a segment pays the stake times its multiplier: ×8 once, ×5 once, ×3 once, ×2 twice, ×1.5 three times, ×1 four times, ×0.5 four times, ×0 sixteen times, so the wheel returns 95.3125% of stakes. {share} of every stake goes into the jackpot pool. Every spin may also win the whole pool: the chance is your stake divided by {bound} (a stake of 1,000 has one chance in a million; doubling the stake doubles the chance). After a win the pool starts again at {seed}, paid by the house. Over the pool’s life players get back 96.8125% of stakes. Stakes from {min} to {max}.',
    fairness:
      'Provably fair: before you spin you see the SHA-256 commitment of your next server seed. The spin draws the segment, then the jackpot, from HMAC-SHA256(server seed, "client seed:spin number:0"…) and reveals the server seed. Check any spin on the verify page or offline: npm run verify-round -w @platform/games -- --game jackpot-wheel --server-seed … --client-seed … --nonce <spin> --stake <stake>.',
    errors: {
      STAKE_INVALID: 'Choose a stake between the minimum and the maximum.',
      CLIENT_SEED_INVALID: 'The client seed must be 1 to 64 letters, digits or signs.',
      SPIN_IN_PROGRESS: 'Your last spin is still being settled.',
      INSUFFICIENT_FUNDS: 'Your balance is too low for this stake.',
      PLAYER_BLOCKED: 'Your account cannot play right now.',
      SESSION_EXPIRED: 'Your game session has expired; reopen the game from the site.',
      BET_REFUSED: 'The spin was refused.',
      PLATFORM_UNREACHABLE: 'The site could not be reached; nothing was charged.',
      ERROR: 'Something went wrong; try again.',
    },
  },
  vi: {
    title: 'Vòng Quay Jackpot Lotus',
    balance: 'Số dư',
    pool: 'Jackpot lũy tiến',
    stake: 'Tiền cược',
    spin: 'Quay',
    spinning: 'Đang quay…',
    back: 'Quay lại trang chính',
    clientSeed: 'Hạt giống khách của bạn',
    commitment: 'Cam kết hạt giống máy chủ tiếp theo (SHA-256)',
    win: 'Vòng quay dừng ở ×{m}: bạn thắng {win}.',
    lose: 'Vòng quay dừng ở ×0.',
    jackpotWon: 'JACKPOT! Bạn thắng cả quỹ: {amount}.',
    yourSpins: 'Các lượt quay của bạn',
    recentWins: 'Jackpot trúng gần đây',
    verify: 'Kiểm tra',
    noWins: 'Chưa có ai trúng jackpot.',
    rules:
      'Chọn tiền cược rồi quay. Vòng quay có 32 ô bằng nhau; mỗi ô trả tiền cược nhân hệ số của ô: ×8 một ô, ×5 một ô, ×3 một ô, ×2 hai ô, ×1,5 ba ô, ×1 bốn ô, ×0,5 bốn ô, ×0 mười sáu ô, nên vòng quay hoàn trả 95,3125% tiền cược. {share} mỗi lượt cược được góp vào quỹ jackpot. Mỗi lượt quay còn có thể trúng cả quỹ: xác suất bằng tiền cược chia cho {bound} (cược 1.000 có một cơ hội trên một triệu; cược gấp đôi thì cơ hội gấp đôi). Sau mỗi lần trúng, quỹ bắt đầu lại từ {seed} do nhà cái góp. Tính trên cả vòng đời của quỹ, người chơi nhận lại 96,8125% tiền cược. Cược từ {min} đến {max}.',
    fairness:
      'Công bằng có thể kiểm chứng: trước khi quay bạn thấy cam kết SHA-256 của hạt giống máy chủ tiếp theo. Lượt quay rút ô rồi rút jackpot từ HMAC-SHA256(hạt giống máy chủ, "hạt giống khách:số lượt quay:0"…) và công bố hạt giống máy chủ. Kiểm tra bất kỳ lượt quay nào trên trang kiểm tra hoặc ngoại tuyến: npm run verify-round -w @platform/games -- --game jackpot-wheel --server-seed … --client-seed … --nonce <số lượt> --stake <tiền cược>.',
    errors: {
      STAKE_INVALID: 'Hãy chọn tiền cược trong khoảng tối thiểu và tối đa.',
      CLIENT_SEED_INVALID: 'Hạt giống khách phải có từ 1 đến 64 chữ cái, chữ số hoặc ký hiệu.',
      SPIN_IN_PROGRESS: 'Lượt quay trước của bạn đang được thanh toán.',
      INSUFFICIENT_FUNDS: 'Số dư của bạn không đủ cho mức cược này.',
      PLAYER_BLOCKED: 'Tài khoản của bạn hiện không thể chơi.',
      SESSION_EXPIRED: 'Phiên chơi đã hết hạn; hãy mở lại trò chơi từ trang chính.',
      BET_REFUSED: 'Lượt quay bị từ chối.',
      PLATFORM_UNREACHABLE: 'Không kết nối được với trang chính; chưa trừ tiền.',
      ERROR: 'Đã có lỗi; hãy thử lại.',
    },
  },
} as const;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

function money(minor: number, currency: string, lang: 'vi' | 'en'): string {
  const scale = currencyScale(currency);
  return (minor / 10 ** scale).toLocaleString(lang === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: scale });
}

/** The wheel in SVG: 32 segments, the multiplier on each. */
function wheelSvg(): string {
  const n = WHEEL_PAYTABLE.length;
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const a0 = ((i - 0.5) / n) * 2 * Math.PI - Math.PI / 2;
    const a1 = ((i + 0.5) / n) * 2 * Math.PI - Math.PI / 2;
    const p = (a: number, r: number) => `${(100 + r * Math.cos(a)).toFixed(2)} ${(100 + r * Math.sin(a)).toFixed(2)}`;
    const m = (WHEEL_PAYTABLE[i] as number) / 100;
    const tone = m === 0 ? 'zero' : m >= 3 ? 'high' : m >= 1 ? 'mid' : 'low';
    const mid = (a0 + a1) / 2;
    const [tx, ty] = p(mid, 78).split(' ');
    const rot = ((mid * 180) / Math.PI + 90).toFixed(1);
    parts.push(
      `<path class="seg seg-${tone}" d="M100 100 L${p(a0, 96)} A96 96 0 0 1 ${p(a1, 96)} Z"/><text x="${tx}" y="${ty}" transform="rotate(${rot} ${tx} ${ty})">${m === 0 ? '0' : `×${m}`}</text>`,
    );
  }
  return `<svg id="wheel" class="wheel" viewBox="0 0 200 200" role="img" aria-hidden="true"><g id="wheel-rotor">${parts.join('')}<circle cx="100" cy="100" r="14" class="hub"/></g><path class="pointer" d="M92 0 L108 0 L100 16 Z"/></svg>`;
}

export function renderJackpotPage(input: {
  sessionId: string;
  gameCode: string;
  currency: string;
  language: string;
  returnUrl: string;
}): string {
  const lang = languageOf(input.language);
  const l = LABELS[lang];
  const back = safeReturnUrl(input.returnUrl);
  const rules = fill(l.rules, {
    share: `${(JACKPOT_CONTRIBUTION_BPS / 100).toLocaleString(lang === 'vi' ? 'vi-VN' : 'en-GB')}%`,
    bound: money(JACKPOT_TRIGGER_BOUND, input.currency, lang),
    seed: money(JACKPOT_SEED, input.currency, lang),
    min: money(WHEEL_MIN_STAKE, input.currency, lang),
    max: money(WHEEL_MAX_STAKE, input.currency, lang),
  });
  return `${pageHead({ language: lang, title: l.title, style: 'jackpot.css', script: 'jackpot.js' })}
<body>
<main id="jackpot" class="jackpot" data-session="${escapeHtml(input.sessionId)}" data-code="${escapeHtml(input.gameCode)}" data-scale="${currencyScale(input.currency)}" data-lang="${lang}" data-labels="${escapeHtml(JSON.stringify(l))}">
  <header class="top">
    <h1>${l.title}</h1>
    <p class="balance">${l.balance}: <output id="balance">…</output> ${escapeHtml(input.currency)}</p>
  </header>
  <section class="pool" aria-live="polite">
    <h2>${l.pool}</h2>
    <output id="pool" class="pool-value">…</output>
  </section>
  <section class="stage">
    ${wheelSvg()}
    <p id="message" class="message" role="status" aria-live="polite"></p>
  </section>
  <form id="spin-form" class="controls" novalidate>
    <label>${l.stake} <input id="stake" type="number" inputmode="numeric" min="${WHEEL_MIN_STAKE}" max="${WHEEL_MAX_STAKE}" step="1" value="${WHEEL_MIN_STAKE}"></label>
    <div class="chips" id="chips"></div>
    <button id="spin" type="submit">${l.spin}</button>
    <label class="seed">${l.clientSeed} <input id="client-seed" type="text" maxlength="64" autocomplete="off"></label>
    <p class="commitment">${l.commitment}: <code id="commitment">…</code></p>
  </form>
  <section class="lists">
    <div><h2>${l.yourSpins}</h2><ol id="mine" class="history"></ol></div>
    <div><h2>${l.recentWins}</h2><ol id="wins" class="history"></ol></div>
  </section>
  <details class="rules"><summary>${lang === 'vi' ? 'Luật chơi' : 'Rules'}</summary><p>${escapeHtml(rules)}</p><p>${escapeHtml(l.fairness)}</p></details>
  ${back ? `<p class="back"><a href="${escapeHtml(back)}" target="_top">${l.back}</a></p>` : ''}
</main>
</body>
</html>
`;
}

const VERIFY_LABELS = {
  en: {
    title: 'Jackpot wheel: verify a spin',
    intro:
      'Each spin uses a fresh server seed whose SHA-256 was shown before the spin. The wheel draws from HMAC-SHA256(server seed, "client seed:spin number:cursor"): first the segment (a uniform draw below 32), then the jackpot (won when a uniform draw below 1,000,000,000 is less than the stake). Pick a recent spin or type the seeds.',
    round: 'Spin number',
    seed: 'Server seed',
    clientSeed: 'Client seed',
    stake: 'Stake',
    commitment: 'Commitment (optional)',
    check: 'Check',
    matches: 'The seed matches its commitment',
    differs: 'The seed does NOT match its commitment',
    segment: 'Segment {s}: ×{m}',
    jackpot: 'Jackpot won',
    noJackpot: 'No jackpot',
  },
  vi: {
    title: 'Vòng quay jackpot: kiểm tra một lượt quay',
    intro:
      'Mỗi lượt quay dùng một hạt giống máy chủ mới, SHA-256 của nó được hiển thị trước khi quay. Vòng quay rút từ HMAC-SHA256(hạt giống máy chủ, "hạt giống khách:số lượt quay:con trỏ"): trước là ô (một số ngẫu nhiên đều dưới 32), sau là jackpot (trúng khi một số ngẫu nhiên đều dưới 1.000.000.000 nhỏ hơn tiền cược). Chọn một lượt quay gần đây hoặc nhập các hạt giống.',
    round: 'Số lượt quay',
    seed: 'Hạt giống máy chủ',
    clientSeed: 'Hạt giống khách',
    stake: 'Tiền cược',
    commitment: 'Cam kết (không bắt buộc)',
    check: 'Kiểm tra',
    matches: 'Hạt giống khớp với cam kết',
    differs: 'Hạt giống KHÔNG khớp với cam kết',
    segment: 'Ô {s}: ×{m}',
    jackpot: 'Trúng jackpot',
    noJackpot: 'Không trúng jackpot',
  },
} as const;

export function renderJackpotVerifyPage(input: { language: string; gameCode: string }): string {
  const lang = languageOf(input.language);
  const l = VERIFY_LABELS[lang];
  return `${pageHead({ language: lang, title: l.title, style: 'jackpot.css', script: 'verify-jackpot.js' })}
<body class="verify-body">
<main id="verify" class="verify" data-labels="${escapeHtml(JSON.stringify(l))}" data-game="${escapeHtml(input.gameCode)}">
  <h1>${l.title}</h1>
  <p>${l.intro}</p>
  <form id="verify-form" novalidate>
    <label>${l.round} <input id="verify-round" type="number" min="1" step="1" required></label>
    <label>${l.seed} <input id="verify-seed" type="text" required></label>
    <label>${l.clientSeed} <input id="verify-client-seed" type="text" required></label>
    <label>${l.stake} <input id="verify-stake" type="number" min="0" step="1" required></label>
    <label>${l.commitment} <input id="verify-commitment" type="text"></label>
    <button type="submit">${l.check}</button>
  </form>
  <p id="verify-result" role="status" aria-live="polite"></p>
  <ol id="verify-spins" class="history"></ol>
</main>
</body>
</html>
`;
}
