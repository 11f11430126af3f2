import { currencyScale } from '@platform/contracts/money-format';
import type { BaccaratTable } from '@platform/games/house/baccarat';
import { escapeHtml, languageOf, pageHead, safeReturnUrl } from '../page.ts';

/** The baccarat table page: markup only (the CSP allows no inline code; public/baccarat.js runs it). */
const LABELS = {
  en: {
    title: { COMMISSION: 'Baccarat', NO_COMMISSION: 'No Commission Baccarat' },
    balance: 'Balance',
    round: 'Round',
    spots: { PLAYER: 'Player', BANKER: 'Banker', TIE: 'Tie', PLAYER_PAIR: 'Player pair', BANKER_PAIR: 'Banker pair' },
    short: { PLAYER: 'P', BANKER: 'B', TIE: 'T' },
    pays: {
      COMMISSION: { PLAYER: '1:1', BANKER: '0.95:1', TIE: '8:1', PLAYER_PAIR: '11:1', BANKER_PAIR: '11:1' },
      NO_COMMISSION: { PLAYER: '1:1', BANKER: '1:1 (6: 1:2)', TIE: '8:1', PLAYER_PAIR: '11:1', BANKER_PAIR: '11:1' },
    },
    chips: 'Chip',
    confirm: 'Place bet',
    clear: 'Clear',
    back: 'Back to the site',
    bettingIn: 'Place your bets: {s} s',
    closed: 'Bets closed',
    dealing: 'Dealing',
    won: { PLAYER: 'Player wins {p}–{b}', BANKER: 'Banker wins {b}–{p}', TIE: 'Tie {p}–{b}' },
    voided: 'Round void: every bet was refunded',
    nextRound: 'Next round soon',
    yourBet: 'Your bet: {spots}',
    yourPayout: 'You are paid {payout}',
    limits: 'Limits: {min} to {max} per spot',
    players: 'Bets this round',
    bead: 'Bead plate',
    big: 'Big road',
    history: 'Last rounds',
    fairness: 'Provably fair',
    commitment: 'Seed commitment (SHA-256) of this round',
    rules:
      'Punto banco from a fresh 8-deck shoe each round. The server seed of each round is drawn before bets open and only its SHA-256 is shown; when the round ends the seed is published, and the deal is HMAC-SHA256(seed, "game:table:round") read as in the engine. Check a round with "npm run verify-round -w @platform/games -- --game baccarat --server-seed <seed> --client-seed <client seed> --nonce <round> --commitment <commitment>", or with the link on each round.',
    verify: 'Verify',
    errors: {
      BETTING_CLOSED: 'Bets are closed for this round; wait for the next one.',
      ALREADY_BET: 'You already have a bet in this round.',
      STAKE_INVALID: 'Put at least one chip on a bet spot.',
      SPOT_INVALID: 'That bet spot does not exist at this table.',
      BELOW_MINIMUM: 'Each bet spot needs at least the table minimum.',
      ABOVE_MAXIMUM: 'A bet spot is above the table maximum.',
      INSUFFICIENT_FUNDS: 'Your balance is too low for this bet.',
      PLAYER_BLOCKED: 'Your account cannot place bets at the moment.',
      SESSION_EXPIRED: 'Your game session has ended; open the game again from the site.',
      BET_REFUSED: 'The bet was refused; try again.',
      PLATFORM_UNREACHABLE: 'The bet could not be confirmed and was cancelled; try again.',
      NETWORK: 'The connection was lost; trying again.',
    },
  },
  vi: {
    title: { COMMISSION: 'Baccarat', NO_COMMISSION: 'Baccarat Không Hoa Hồng' },
    balance: 'Số dư',
    round: 'Ván',
    spots: { PLAYER: 'Nhà con', BANKER: 'Nhà cái', TIE: 'Hòa', PLAYER_PAIR: 'Đôi nhà con', BANKER_PAIR: 'Đôi nhà cái' },
    short: { PLAYER: 'Con', BANKER: 'Cái', TIE: 'Hòa' },
    pays: {
      COMMISSION: { PLAYER: '1:1', BANKER: '0.95:1', TIE: '8:1', PLAYER_PAIR: '11:1', BANKER_PAIR: '11:1' },
      NO_COMMISSION: { PLAYER: '1:1', BANKER: '1:1 (6: 1:2)', TIE: '8:1', PLAYER_PAIR: '11:1', BANKER_PAIR: '11:1' },
    },
    chips: 'Phỉnh',
    confirm: 'Đặt cược',
    clear: 'Xóa',
    back: 'Quay lại trang',
    bettingIn: 'Mời đặt cược: {s} giây',
    closed: 'Đã đóng cược',
    dealing: 'Đang chia bài',
    won: { PLAYER: 'Nhà con thắng {p}–{b}', BANKER: 'Nhà cái thắng {b}–{p}', TIE: 'Hòa {p}–{b}' },
    voided: 'Ván bị hủy: mọi cược đã được hoàn tiền',
    nextRound: 'Ván mới sắp bắt đầu',
    yourBet: 'Cược của bạn: {spots}',
    yourPayout: 'Bạn được trả {payout}',
    limits: 'Giới hạn: {min} đến {max} mỗi cửa',
    players: 'Cược trong ván',
    bead: 'Bảng hạt',
    big: 'Đường lớn',
    history: 'Các ván trước',
    fairness: 'Công bằng có thể kiểm chứng',
    commitment: 'Cam kết hạt giống (SHA-256) của ván này',
    rules:
      'Punto banco với bộ 8 cỗ bài mới mỗi ván. Hạt giống máy chủ của mỗi ván được tạo trước khi mở cược và chỉ mã SHA-256 của nó được hiển thị; khi ván kết thúc hạt giống được công bố, và ván bài là HMAC-SHA256(hạt giống, "trò:bàn:ván") đọc như trong bộ máy trò chơi. Kiểm tra một ván bằng "npm run verify-round -w @platform/games -- --game baccarat --server-seed <hạt giống> --client-seed <hạt giống khách> --nonce <ván> --commitment <cam kết>", hoặc liên kết ở mỗi ván.',
    verify: 'Kiểm tra',
    errors: {
      BETTING_CLOSED: 'Ván này đã đóng cược; vui lòng chờ ván sau.',
      ALREADY_BET: 'Bạn đã đặt cược trong ván này.',
      STAKE_INVALID: 'Vui lòng đặt ít nhất một phỉnh vào một cửa cược.',
      SPOT_INVALID: 'Cửa cược này không có ở bàn này.',
      BELOW_MINIMUM: 'Mỗi cửa cược cần ít nhất mức tối thiểu của bàn.',
      ABOVE_MAXIMUM: 'Một cửa cược vượt quá mức tối đa của bàn.',
      INSUFFICIENT_FUNDS: 'Số dư không đủ cho mức cược này.',
      PLAYER_BLOCKED: 'Tài khoản của bạn hiện không thể đặt cược.',
      SESSION_EXPIRED: 'Phiên chơi đã kết thúc; vui lòng mở lại trò chơi từ trang.',
      BET_REFUSED: 'Cược bị từ chối; vui lòng thử lại.',
      PLATFORM_UNREACHABLE: 'Không xác nhận được cược nên cược đã được hủy; vui lòng thử lại.',
      NETWORK: 'Mất kết nối; đang thử lại.',
    },
  },
} as const;

const SPOTS = ['PLAYER_PAIR', 'TIE', 'BANKER_PAIR', 'PLAYER', 'BANKER'] as const;

export function renderBaccaratPage(input: {
  sessionId: string;
  gameCode: string;
  kind: BaccaratTable;
  currency: string;
  language: string;
  returnUrl: string;
  username: string;
}): string {
  const lang = languageOf(input.language);
  const l = LABELS[lang];
  const back = safeReturnUrl(input.returnUrl);
  const scale = currencyScale(input.currency);
  const title = l.title[input.kind];
  const spots = SPOTS.map(
    (s) =>
      `<button type="button" class="spot spot-${s.toLowerCase().replace('_', '-')}" data-spot="${s}"><span class="spot-name">${l.spots[s]}</span><span class="spot-pays">${l.pays[input.kind][s]}</span><output class="spot-stake" data-stake-of="${s}"></output></button>`,
  ).join('');
  return `${pageHead({ language: lang, title: title, style: 'baccarat.css', script: 'baccarat.js', channel: true })}
<body>
<main id="baccarat" data-session="${escapeHtml(input.sessionId)}" data-game="${escapeHtml(input.gameCode)}" data-currency="${escapeHtml(input.currency)}" data-scale="${scale}" data-lang="${lang}" data-labels="${escapeHtml(JSON.stringify(l))}">
  <header class="top">
    <h1>${title} <span class="round-no" id="round-no"></span></h1>
    <p class="balance">${l.balance}: <output id="balance">…</output> ${escapeHtml(input.currency)}</p>
  </header>
  <section class="table" aria-live="polite">
    <p id="status" class="status"></p>
    <div class="hands">
      <div class="hand hand-player"><h2>${l.spots.PLAYER} <output id="player-total"></output></h2><ol id="player-cards" class="cards"></ol></div>
      <div class="hand hand-banker"><h2>${l.spots.BANKER} <output id="banker-total"></output></h2><ol id="banker-cards" class="cards"></ol></div>
    </div>
  </section>
  <section class="betting">
    <div class="spots">${spots}</div>
    <div class="chips" role="radiogroup" aria-label="${l.chips}" id="chips"></div>
    <div class="actions">
      <button type="button" id="clear-button" class="secondary">${l.clear}</button>
      <button type="button" id="confirm-button">${l.confirm}</button>
    </div>
    <p id="limits" class="limits"></p>
    <p id="message" class="message" role="status" aria-live="polite"></p>
  </section>
  <section class="roads">
    <div><h2>${l.bead}</h2><div id="bead" class="road bead"></div></div>
    <div><h2>${l.big}</h2><div id="big" class="road big"></div></div>
  </section>
  <section class="players">
    <h2>${l.players}</h2>
    <ul id="bets" class="bets"></ul>
  </section>
  <section class="fair">
    <h2>${l.fairness}</h2>
    <p>${l.commitment}: <code id="commitment"></code></p>
    <p>${escapeHtml(l.rules)}</p>
    <h3>${l.history}</h3>
    <ol id="history" class="history"></ol>
  </section>
  ${back ? `<p><a href="${escapeHtml(back)}" target="_top">${l.back}</a></p>` : ''}
</main>
</body>
</html>
`;
}

const VERIFY_LABELS = {
  en: {
    title: 'Baccarat: verify a round',
    intro:
      'Each round commits to SHA-256(server seed) before bets open and publishes the seed when it ends. Enter a round number and its seeds (or pick a recent round): the server replays the deal exactly as the table did, HMAC-SHA256(server seed, client seed:round:cursor) drawing a fresh 8-deck shoe, and checks the seed against the commitment. The script packages/games/scripts/verify-round.ts does the same offline.',
    round: 'Round',
    seed: 'Server seed',
    clientSeed: 'Client seed',
    commitment: 'Commitment',
    check: 'Check',
    matches: 'The seed matches the commitment',
    differs: 'The seed does NOT match the commitment',
    deal: 'Deal',
    spots: { PLAYER: 'Player', BANKER: 'Banker', TIE: 'Tie' },
  },
  vi: {
    title: 'Baccarat: kiểm tra một ván',
    intro:
      'Mỗi ván cam kết SHA-256(hạt giống máy chủ) trước khi mở cược và công bố hạt giống khi kết thúc. Nhập số ván và các hạt giống (hoặc chọn một ván gần đây): máy chủ chia lại đúng như bàn đã chia, HMAC-SHA256(hạt giống máy chủ, hạt giống khách:ván:vị trí) rút từ bộ 8 cỗ bài mới, và kiểm tra hạt giống với cam kết. Tập lệnh packages/games/scripts/verify-round.ts làm điều tương tự khi không có mạng.',
    round: 'Ván',
    seed: 'Hạt giống máy chủ',
    clientSeed: 'Hạt giống khách',
    commitment: 'Cam kết',
    check: 'Kiểm tra',
    matches: 'Hạt giống khớp với cam kết',
    differs: 'Hạt giống KHÔNG khớp với cam kết',
    deal: 'Ván bài',
    spots: { PLAYER: 'Nhà con', BANKER: 'Nhà cái', TIE: 'Hòa' },
  },
} as const;

/** The public verify page of a baccarat table: a form and its recent rounds (public/verify-baccarat.js). */
export function renderBaccaratVerifyPage(input: { language: string; gameCode: string }): string {
  const lang = languageOf(input.language);
  const l = VERIFY_LABELS[lang];
  return `${pageHead({ language: lang, title: l.title, style: 'baccarat.css', script: 'verify-baccarat.js' })}
<body>
<main id="verify" class="verify" data-game="${escapeHtml(input.gameCode)}" data-labels="${escapeHtml(JSON.stringify(l))}">
  <h1>${l.title}</h1>
  <p>${escapeHtml(l.intro)}</p>
  <form id="verify-form" class="verify-form" novalidate>
    <label>${l.round} <input id="verify-round" type="number" min="1" step="1" required></label>
    <label>${l.seed} <input id="verify-seed" type="text" required></label>
    <label>${l.clientSeed} <input id="verify-client-seed" type="text" required></label>
    <label>${l.commitment} <input id="verify-commitment" type="text"></label>
    <button type="submit">${l.check}</button>
  </form>
  <p id="verify-result" role="status" aria-live="polite"></p>
  <ol id="verify-rounds" class="history"></ol>
</main>
</body>
</html>
`;
}
