import { currencyScale } from '@platform/contracts/money-format';
import { WEAPONS } from '@platform/games/fishing/fishing';
import { escapeHtml, languageOf, pageHead, safeReturnUrl } from '../page.ts';

/** The fishing page and its public verify page: markup only (the CSP allows no inline code). */
const rtpText = (lang: 'vi' | 'en') =>
  WEAPONS.map((w) => `${LABELS[lang].weapons[w.code]} ${(w.rtpBp / 100).toFixed(2).replace('.', lang === 'vi' ? ',' : '.')}%`).join(' · ');

const LABELS = {
  en: {
    title: 'Lotus Fishing',
    balance: 'Balance',
    level: 'Cannon',
    weapon: 'Weapon',
    weapons: { CANNON: 'Cannon', NET: 'Net ×3', LIGHTNING: 'Lightning ×5' },
    back: 'Back to the site',
    you: 'You',
    seatFree: 'Free seat',
    wave: 'Wave',
    lastWin: 'Last win',
    auto: 'Auto fire',
    fairness: 'Provably fair',
    commitment: 'Seed commitment of this wave',
    verify: 'Verify a wave',
    rules:
      "Tap or click the sea to fire at the chosen cannon level; hold to keep firing. Each shot is a bet: the server decides which fish it hits and whether they are caught, and a caught fish pays the shot (or its share of it) times the fish's multiplier. The net costs 3 shots and catches up to 3 fish, lightning costs 5 and reaches 5. Return to player by weapon: {rtp}. Shots are charged and wins paid once a second, as one bet each way.",
    paysTitle: 'Pays',
    bossTitle: 'Boss',
    bonusTitle: 'Bonus',
    void: 'A second of shooting was cancelled: nothing was charged or paid.',
    waveSoon: 'The next wave is coming…',
    fish: {
      MINNOW: 'Minnow',
      CLOWNFISH: 'Clownfish',
      PUFFER: 'Puffer',
      ANGELFISH: 'Angelfish',
      LANTERN: 'Lanternfish',
      TURTLE: 'Turtle',
      RAY: 'Manta ray',
      SWORDFISH: 'Swordfish',
      SHARK: 'Shark',
      GOLDEN_CRAB: 'Golden crab',
      LUCKY_TOAD: 'Lucky toad',
      KRAKEN: 'Kraken',
      DRAGON_KING: 'Dragon king',
    },
    errors: {
      WEAPON_INVALID: 'Choose a weapon.',
      LEVEL_INVALID: 'Choose one of the cannon levels.',
      NO_SEAT: 'You are not seated in a room; reopen the game.',
      ROOM_FULL: 'Every room is full right now; try again in a moment.',
      NO_WAVE: 'The next wave is on its way; fire again in a moment.',
      NO_TARGET: 'There is no fish to hit right now.',
      TOO_FAST: 'The cannon is reloading; at most 8 shots a second.',
      AIM_INVALID: 'Aim inside the sea.',
      INSUFFICIENT_FUNDS: 'Your balance is too low for this cannon level.',
      PLAYER_BLOCKED: 'Your account cannot play right now.',
      SESSION_EXPIRED: 'Your game session has expired; reopen the game from the site.',
      BET_REFUSED: 'The shot was refused.',
      PLATFORM_UNREACHABLE: 'The site could not be reached; nothing was charged.',
      ERROR: 'Something went wrong; try again.',
    },
  },
  vi: {
    title: 'Bắn Cá Lotus',
    balance: 'Số dư',
    level: 'Mức súng',
    weapon: 'Vũ khí',
    weapons: { CANNON: 'Súng thường', NET: 'Lưới ×3', LIGHTNING: 'Sấm sét ×5' },
    back: 'Quay lại trang chính',
    you: 'Bạn',
    seatFree: 'Ghế trống',
    wave: 'Đợt cá',
    lastWin: 'Thắng gần nhất',
    auto: 'Tự động bắn',
    fairness: 'Công bằng có thể kiểm chứng',
    commitment: 'Cam kết hạt giống của đợt cá này',
    verify: 'Kiểm tra một đợt cá',
    rules:
      'Chạm hoặc bấm vào mặt biển để bắn ở mức súng đã chọn; giữ để bắn liên tục. Mỗi phát bắn là một cược: máy chủ quyết định phát bắn trúng con cá nào và có bắt được hay không; cá bị bắt trả phát bắn (hoặc phần của nó) nhân hệ số của cá. Lưới tốn 3 phát và bắt tối đa 3 con, sấm sét tốn 5 phát và lan tới 5 con. Tỷ lệ hoàn trả theo vũ khí: {rtp}. Tiền bắn được trừ và tiền thắng được cộng mỗi giây, mỗi chiều một cược.',
    paysTitle: 'Bảng thưởng',
    bossTitle: 'Trùm',
    bonusTitle: 'Thưởng',
    void: 'Một giây bắn đã bị hủy: không trừ và không trả tiền.',
    waveSoon: 'Đợt cá mới sắp tới…',
    fish: {
      MINNOW: 'Cá con',
      CLOWNFISH: 'Cá hề',
      PUFFER: 'Cá nóc',
      ANGELFISH: 'Cá thần tiên',
      LANTERN: 'Cá đèn lồng',
      TURTLE: 'Rùa biển',
      RAY: 'Cá đuối',
      SWORDFISH: 'Cá kiếm',
      SHARK: 'Cá mập',
      GOLDEN_CRAB: 'Cua vàng',
      LUCKY_TOAD: 'Cóc may mắn',
      KRAKEN: 'Bạch tuộc khổng lồ',
      DRAGON_KING: 'Long vương',
    },
    errors: {
      WEAPON_INVALID: 'Hãy chọn một vũ khí.',
      LEVEL_INVALID: 'Hãy chọn một trong các mức súng.',
      NO_SEAT: 'Bạn chưa có chỗ trong phòng; hãy mở lại trò chơi.',
      ROOM_FULL: 'Tất cả các phòng đều đã đầy; hãy thử lại sau ít phút.',
      NO_WAVE: 'Đợt cá mới đang tới; hãy bắn lại sau giây lát.',
      NO_TARGET: 'Hiện không có con cá nào để bắn.',
      TOO_FAST: 'Súng đang nạp đạn; tối đa 8 phát mỗi giây.',
      AIM_INVALID: 'Hãy ngắm vào trong mặt biển.',
      INSUFFICIENT_FUNDS: 'Số dư của bạn không đủ cho mức súng này.',
      PLAYER_BLOCKED: 'Tài khoản của bạn hiện không thể chơi.',
      SESSION_EXPIRED: 'Phiên chơi đã hết hạn; hãy mở lại trò chơi từ trang chính.',
      BET_REFUSED: 'Phát bắn đã bị từ chối.',
      PLATFORM_UNREACHABLE: 'Không kết nối được với trang chính; bạn chưa bị trừ tiền.',
      ERROR: 'Đã có lỗi xảy ra; hãy thử lại.',
    },
  },
} as const;

export function renderFishingPage(input: {
  gameCode: string;
  sessionId: string;
  currency: string;
  language: string;
  returnUrl: string;
}): string {
  const lang = languageOf(input.language);
  const l = { ...LABELS[lang], rules: LABELS[lang].rules.replace('{rtp}', rtpText(lang)) };
  const back = safeReturnUrl(input.returnUrl);
  const scale = currencyScale(input.currency);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${l.title}</title>
<link rel="stylesheet" href="/static/fishing.css">
<script src="/static/fishing.js" defer></script>
</head>
<body>
<main id="fishing" data-game="${escapeHtml(input.gameCode)}" data-session="${escapeHtml(input.sessionId)}" data-currency="${escapeHtml(input.currency)}" data-scale="${scale}" data-lang="${lang}" data-labels="${escapeHtml(JSON.stringify(l))}">
  <header class="top">
    <h1>${l.title}</h1>
    <p class="wave">${l.wave} <output id="wave-no">–</output></p>
    <p class="balance">${l.balance}: <output id="balance" data-testid="fishing-balance">…</output> ${escapeHtml(input.currency)}</p>
  </header>
  <section class="sea" id="sea">
    <canvas id="sea-canvas" data-testid="fishing-sea" aria-label="${l.title}"></canvas>
    <p id="message" class="message" role="status" aria-live="polite"></p>
  </section>
  <section class="controls">
    <div class="levels" role="group" aria-label="${l.level}">
      <button type="button" id="level-down" aria-label="−">−</button>
      <output id="level" data-testid="fishing-level"></output>
      <button type="button" id="level-up" aria-label="+">+</button>
    </div>
    <div class="weapons" role="radiogroup" aria-label="${l.weapon}" id="weapons"></div>
    <label class="auto"><input type="checkbox" id="auto-fire"> ${l.auto}</label>
    <p class="last-win">${l.lastWin}: <output id="last-win" data-testid="fishing-last-win">0</output></p>
  </section>
  <details class="fair">
    <summary>${l.paysTitle} · ${l.fairness}</summary>
    <p>${l.rules}</p>
    <ul id="pays" class="pays"></ul>
    <p>${l.commitment}: <code id="commitment"></code></p>
    <p><a id="verify-link" href="/verify/${escapeHtml(input.gameCode)}?lang=${lang}" target="_blank" rel="noopener">${l.verify}</a></p>
  </details>
  ${back ? `<p class="back"><a href="${escapeHtml(back)}" target="_top">${l.back}</a></p>` : ''}
</main>
</body>
</html>
`;
}

const VERIFY_LABELS = {
  en: {
    title: 'Fishing: verify a wave',
    intro:
      'Each wave of a room has its own server seed; only its SHA-256 (the commitment) is shown while the wave is played, and the seed is published when the wave ends. The fish and their paths are generateWave(HMAC stream of seed, client seed "game:room:wave", nonce wave); the kills of shot n read the stream of client seed "game:room:wave:n". Enter a wave and its seeds (or pick a recent wave), and optionally a shot of your betting record (its number, weapon, cannon level and the fish it hit) to recompute its kills. Offline: npm run verify-fishing -w @platform/games.',
    room: 'Room',
    wave: 'Wave',
    seed: 'Server seed',
    clientSeed: 'Client seed',
    commitment: 'Commitment (optional)',
    shot: 'Shot number (optional)',
    weapon: 'Weapon',
    level: 'Cannon level',
    fish: 'Fish hit (ids, comma separated)',
    check: 'Check',
    matches: 'The seed matches its commitment',
    differs: 'The seed does NOT match its commitment',
    fishCount: '{n} fish in the wave',
    killed: 'caught ×{m}, pays {win}',
    missed: 'not caught',
  },
  vi: {
    title: 'Bắn cá: kiểm tra một đợt cá',
    intro:
      'Mỗi đợt cá của một phòng có hạt giống máy chủ riêng; trong khi chơi chỉ hiển thị SHA-256 của nó (cam kết), và hạt giống được công bố khi đợt cá kết thúc. Các con cá và đường bơi là generateWave(chuỗi HMAC của hạt giống, hạt giống khách "trò chơi:phòng:đợt", nonce là số đợt); kết quả bắt cá của phát bắn n đọc chuỗi của hạt giống khách "trò chơi:phòng:đợt:n". Nhập đợt cá và các hạt giống (hoặc chọn một đợt gần đây), và nếu muốn, một phát bắn trong lịch sử cược (số phát, vũ khí, mức súng và các con cá trúng) để tính lại kết quả. Kiểm tra ngoại tuyến: npm run verify-fishing -w @platform/games.',
    room: 'Phòng',
    wave: 'Đợt cá',
    seed: 'Hạt giống máy chủ',
    clientSeed: 'Hạt giống khách',
    commitment: 'Cam kết (không bắt buộc)',
    shot: 'Số phát bắn (không bắt buộc)',
    weapon: 'Vũ khí',
    level: 'Mức súng',
    fish: 'Cá trúng (mã số, cách nhau bởi dấu phẩy)',
    check: 'Kiểm tra',
    matches: 'Hạt giống khớp với cam kết',
    differs: 'Hạt giống KHÔNG khớp với cam kết',
    fishCount: 'Đợt cá có {n} con',
    killed: 'bắt được ×{m}, trả {win}',
    missed: 'không bắt được',
  },
} as const;

export function renderFishingVerifyPage(input: { language: string; gameCode: string }): string {
  const lang = languageOf(input.language);
  const l = { ...VERIFY_LABELS[lang], fishNames: LABELS[lang].fish };
  const weapons = WEAPONS.map((w) => `<option value="${w.code}">${LABELS[lang].weapons[w.code]}</option>`).join('');
  return `${pageHead({ language: lang, title: l.title, style: 'fishing.css', script: 'verify-fishing.js' })}
<body class="verify-body">
<main id="verify" class="verify" data-labels="${escapeHtml(JSON.stringify(l))}" data-game="${escapeHtml(input.gameCode)}">
  <h1>${l.title}</h1>
  <p>${l.intro}</p>
  <form id="verify-form" novalidate>
    <label>${l.room} <input id="verify-room" type="text" value="r1" required></label>
    <label>${l.wave} <input id="verify-wave" type="number" min="1" step="1" required></label>
    <label>${l.seed} <input id="verify-seed" type="text" required></label>
    <label>${l.clientSeed} <input id="verify-client-seed" type="text" required></label>
    <label>${l.commitment} <input id="verify-commitment" type="text"></label>
    <label>${l.shot} <input id="verify-shot" type="number" min="1" step="1"></label>
    <label>${l.weapon} <select id="verify-weapon">${weapons}</select></label>
    <label>${l.level} <input id="verify-level" type="number" min="1" step="1"></label>
    <label>${l.fish} <input id="verify-fish" type="text"></label>
    <button type="submit">${l.check}</button>
  </form>
  <p id="verify-result" role="status" aria-live="polite"></p>
  <ol id="verify-waves" class="history"></ol>
</main>
</body>
</html>
`;
}
