import { currencyScale } from '@platform/contracts/money-format';
import { escapeHtml, languageOf, type PageLanguage, pageHead, safeReturnUrl } from '../page.ts';
import { gameInfo } from './solo-games.ts';

/**
 * The pages of the single-player games (mines, plinko, dice, hi-lo, video poker, blackjack): markup
 * only (the CSP allows no inline code; public/solo.js plays them, drawing boards, cards and the
 * plinko board in HTML and SVG), and the public verify page.
 */
const TITLES: Record<string, Record<PageLanguage, string>> = {
  mines: { vi: 'Dò Mìn', en: 'Mines' },
  plinko: { vi: 'Plinko', en: 'Plinko' },
  dice: { vi: 'Xúc Xắc Mục Tiêu', en: 'Dice' },
  'hi-lo': { vi: 'Cao Thấp', en: 'Hi-Lo' },
  'video-poker': { vi: 'Video Poker Jacks or Better', en: 'Video Poker Jacks or Better' },
  blackjack: { vi: 'Blackjack', en: 'Blackjack' },
};

const RULES: Record<string, Record<PageLanguage, string[]>> = {
  mines: {
    en: [
      'A 5×5 board hides 1 to 24 mines, placed from the round’s seeds before your first pick. Open cells one by one; cash out after any safe cell, or lose the stake on a mine. Finding every safe cell cashes out by itself.',
      'After k safe cells with m mines the multiplier is 0.97 × C(25, k) / C(25 − m, k): the return is exactly 97% whatever the number of mines and whenever you cash out. More mines or more picks change the risk, never the return.',
      'A round left for 30 minutes is finished for you: cashed out if you found a safe cell, else refunded.',
    ],
    vi: [
      'Bàn 5×5 giấu từ 1 đến 24 quả mìn, đặt từ hạt giống của ván trước lượt mở đầu tiên. Mở từng ô; rút tiền sau bất kỳ ô an toàn nào, hoặc mất tiền cược khi gặp mìn. Mở hết các ô an toàn thì tự rút tiền.',
      'Sau k ô an toàn với m quả mìn, hệ số là 0,97 × C(25, k) / C(25 − m, k): tỷ lệ hoàn trả đúng 97% với mọi số mìn và mọi lúc rút. Nhiều mìn hay mở nhiều ô chỉ đổi mức rủi ro, không đổi tỷ lệ hoàn trả.',
      'Ván bỏ dở 30 phút sẽ được kết thúc thay bạn: rút tiền nếu đã mở được ô an toàn, nếu không thì hoàn tiền cược.',
    ],
  },
  plinko: {
    en: [
      'The ball falls through 8 to 16 rows of pegs, left or right with chance 1/2 at each (one draw per row from the round’s seeds), into slot k with chance C(rows, k)/2^rows.',
      'Low, medium and high risk spread the same return differently: a higher risk pays more at the edges and less in the middle. Every table returns exactly 97% (Σ C(rows, k) × multiplier = 0.97 × 2^rows).',
    ],
    vi: [
      'Bóng rơi qua 8 đến 16 hàng cọc, mỗi hàng sang trái hoặc phải với xác suất 1/2 (mỗi hàng một lần rút từ hạt giống của ván), vào ô k với xác suất C(số hàng, k)/2^số hàng.',
      'Rủi ro thấp, vừa, cao chia cùng một tỷ lệ hoàn trả theo cách khác nhau: rủi ro cao trả nhiều hơn ở hai mép và ít hơn ở giữa. Mọi bảng đều hoàn trả đúng 97%.',
    ],
  },
  dice: {
    en: [
      'The roll is 0.00 to 99.99 (one of 10,000 equally likely values from the round’s seeds). Choose a target and roll under or over it; a win chance from 1% to 98%.',
      'With w winning rolls of 10,000 a win pays 0.97 × 10,000 / w times the stake: exactly 97% return for every target.',
    ],
    vi: [
      'Kết quả là 0,00 đến 99,99 (một trong 10.000 giá trị đồng khả năng từ hạt giống của ván). Chọn mục tiêu và cược dưới hoặc trên; xác suất thắng từ 1% đến 98%.',
      'Với w kết quả thắng trên 10.000, thắng được trả 0,97 × 10.000 / w lần tiền cược: hoàn trả đúng 97% với mọi mục tiêu.',
    ],
  },
  'hi-lo': {
    en: [
      'Cards come from an endless deck (each card any of the 52, from the round’s seeds), ace low to king high. On each card call higher-or-same or lower-or-same; a wrong call loses the stake. Cash out after any right call.',
      'Each right call multiplies by 13 / (the ranks that win it); the total is 0.97 × that product, so any run, stopped whenever you like, returns exactly 97%.',
      'A round left for 30 minutes is finished for you: cashed out after a right call, else refunded.',
    ],
    vi: [
      'Lá bài đến từ một bộ bài vô tận (mỗi lá là một trong 52 lá, từ hạt giống của ván), A thấp nhất, K cao nhất. Với mỗi lá chọn cao hơn-hoặc-bằng hay thấp hơn-hoặc-bằng; đoán sai mất tiền cược. Rút tiền sau bất kỳ lần đoán đúng nào.',
      'Mỗi lần đoán đúng nhân với 13 / (số hạng thắng); tổng là 0,97 × tích đó, nên mọi chuỗi, dừng lúc nào cũng được, hoàn trả đúng 97%.',
      'Ván bỏ dở 30 phút sẽ được kết thúc thay bạn: rút tiền nếu đã đoán đúng, nếu không thì hoàn tiền cược.',
    ],
  },
  'video-poker': {
    en: [
      'Jacks or Better, one 52-card deck shuffled from the round’s seeds. Deal five cards, hold any, draw once: the five cards after the hand are the replacements, used left to right for the cards you discard.',
      'Pays for one (stake included): royal flush 800, straight flush 50, four of a kind 25, full house 9, flush 6, straight 4, three of a kind 3, two pair 2, jacks or better 1. Return with the best holds: 99.54% (exact, over all 2,598,960 deals).',
      'A hand left for 30 minutes is drawn holding all five cards.',
    ],
    vi: [
      'Jacks or Better, một bộ 52 lá xáo từ hạt giống của ván. Chia năm lá, giữ lá tùy ý, đổi một lần: năm lá sau tay bài là các lá thay, dùng lần lượt từ trái sang phải cho các lá bạn bỏ.',
      'Trả cho mỗi đơn vị (gồm tiền cược): thùng phá sảnh lớn 800, thùng phá sảnh 50, tứ quý 25, cù lũ 9, thùng 6, sảnh 4, sám 3, hai đôi 2, đôi J trở lên 1. Hoàn trả khi giữ tối ưu: 99,54% (chính xác, trên cả 2.598.960 tay chia).',
      'Tay bài bỏ dở 30 phút sẽ được đổi bằng cách giữ cả năm lá.',
    ],
  },
  blackjack: {
    en: [
      'Six decks, a fresh shoe shuffled from the round’s seeds every round. The dealer stands on all 17s (soft 17 too) and checks for blackjack under an ace or a ten: a dealer blackjack ends the round (your blackjack pushes).',
      'Blackjack pays 3:2, other wins 1:1. Double on any first two cards, also after a split; split two cards of the same value once (two hands); split aces take one card each; 21 after a split is not a blackjack. No insurance, no surrender.',
      'House edge with basic strategy: about 0.45% for these rules (return about 99.55%; published rule tables: 6 decks, S17, double after split, no resplit, no surrender). Doubling and splitting each take a further stake equal to the hand’s.',
      'A hand left for 30 minutes stands for you.',
    ],
    vi: [
      'Sáu bộ bài, mỗi ván một hộp bài mới xáo từ hạt giống của ván. Nhà cái dừng ở mọi điểm 17 (kể cả 17 mềm) và kiểm tra blackjack khi lá ngửa là A hoặc lá 10: nhà cái có blackjack thì ván kết thúc (blackjack của bạn hòa).',
      'Blackjack trả 3:2, thắng thường 1:1. Gấp đôi với hai lá đầu bất kỳ, cả sau khi tách; tách hai lá cùng giá trị một lần (hai tay); A tách chỉ nhận một lá mỗi tay; 21 sau khi tách không phải blackjack. Không có bảo hiểm, không đầu hàng.',
      'Lợi thế nhà cái khi chơi theo chiến lược cơ bản: khoảng 0,45% với luật này (hoàn trả khoảng 99,55%; theo bảng số liệu công bố: 6 bộ, S17, gấp đôi sau tách, không tách lại, không đầu hàng). Gấp đôi và tách mỗi lần lấy thêm một khoản cược bằng cược của tay đó.',
      'Tay bài bỏ dở 30 phút sẽ tự dừng.',
    ],
  },
};

const LABELS = {
  en: {
    balance: 'Balance',
    stake: 'Stake',
    back: 'Back to the site',
    trial: 'Trial play: your stakes and wins are play money, not real money.',
    play: 'Bet',
    cashOut: 'Cash out',
    multiplier: 'Multiplier',
    next: 'Next pick',
    win: 'You win {payout}',
    lose: 'No win this round',
    refunded: 'Round refunded',
    mines: 'Mines',
    rows: 'Rows',
    risk: 'Risk',
    risks: { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High' },
    drop: 'Drop the ball',
    under: 'Roll under',
    over: 'Roll over',
    target: 'Target',
    chance: 'Win chance',
    payout: 'Payout',
    roll: 'Roll',
    higher: 'Higher or same',
    lower: 'Lower or same',
    deal: 'Deal',
    draw: 'Draw',
    hold: 'Held',
    holdHint: 'Tap the cards to keep, then draw.',
    paytable: 'Paytable (for one)',
    hands: {
      NOTHING: 'No win',
      JACKS_OR_BETTER: 'Jacks or better',
      TWO_PAIR: 'Two pair',
      THREE_OF_A_KIND: 'Three of a kind',
      STRAIGHT: 'Straight',
      FLUSH: 'Flush',
      FULL_HOUSE: 'Full house',
      FOUR_OF_A_KIND: 'Four of a kind',
      STRAIGHT_FLUSH: 'Straight flush',
      ROYAL_FLUSH: 'Royal flush',
    },
    dealer: 'Dealer',
    player: 'You',
    hand: 'Hand {n}',
    actions: { HIT: 'Hit', STAND: 'Stand', DOUBLE: 'Double', SPLIT: 'Split' },
    rulesTitle: 'Rules and return',
    history: 'Your last rounds',
    fairness: 'Provably fair',
    commitment: 'Server seed commitment (SHA-256) of your next round',
    clientSeed: 'Your client seed',
    changeSeed: 'Change',
    nonce: 'Nonce',
    lastSeed: 'Last round’s server seed',
    fair: 'Before you bet, the server commits to a secret server seed by showing its SHA-256. Your round draws from HMAC-SHA256(server seed, "client seed:nonce:block"), read as in the game’s engine; when the round ends the server seed is shown and a new one is committed. Check any round on the verify page, or offline with "npm run verify-round -w @platform/games -- --game {game} --server-seed <seed> --client-seed <client seed> --nonce <nonce> --commitment <commitment>".',
    verify: 'Verify',
    errors: {
      STAKE_INVALID: 'Enter a stake greater than zero.',
      BELOW_MINIMUM: 'The stake is below this game’s minimum.',
      ABOVE_MAXIMUM: 'The stake is above this game’s maximum.',
      TARGET_INVALID: 'Choose a target with a win chance from 1% to 98%.',
      ROWS_INVALID: 'Choose from 8 to 16 rows.',
      RISK_INVALID: 'Choose low, medium or high risk.',
      MINES_INVALID: 'Choose from 1 to 24 mines.',
      ROUND_OPEN: 'Finish the round in play first.',
      NO_ROUND: 'This round is over; start a new one.',
      ACTION_INVALID: 'That move is not allowed now.',
      CLIENT_SEED_INVALID: 'A client seed is 1 to 64 letters, digits or . : _ -',
      BUSY: 'One moment: your last move is still on its way.',
      INSUFFICIENT_FUNDS: 'Your balance is too low for this stake.',
      PLAYER_BLOCKED: 'Your account cannot place bets at the moment.',
      SESSION_EXPIRED: 'Your game session has ended; open the game again from the site.',
      BET_REFUSED: 'The bet was refused; try again.',
      PLATFORM_UNREACHABLE: 'The bet could not be confirmed and was cancelled; try again.',
      NETWORK: 'The connection was lost; try again.',
    },
  },
  vi: {
    balance: 'Số dư',
    stake: 'Tiền cược',
    back: 'Quay lại trang',
    trial: 'Chơi thử: tiền cược và tiền thắng của bạn là tiền chơi thử, không phải tiền thật.',
    play: 'Đặt cược',
    cashOut: 'Rút tiền',
    multiplier: 'Hệ số',
    next: 'Lượt mở tới',
    win: 'Bạn thắng {payout}',
    lose: 'Ván này không thắng',
    refunded: 'Ván đã được hoàn tiền',
    mines: 'Số mìn',
    rows: 'Số hàng',
    risk: 'Rủi ro',
    risks: { LOW: 'Thấp', MEDIUM: 'Vừa', HIGH: 'Cao' },
    drop: 'Thả bóng',
    under: 'Dưới',
    over: 'Trên',
    target: 'Mục tiêu',
    chance: 'Xác suất thắng',
    payout: 'Trả thưởng',
    roll: 'Lắc',
    higher: 'Cao hơn hoặc bằng',
    lower: 'Thấp hơn hoặc bằng',
    deal: 'Chia bài',
    draw: 'Đổi bài',
    hold: 'Giữ',
    holdHint: 'Chạm vào lá muốn giữ rồi đổi bài.',
    paytable: 'Bảng trả thưởng (cho mỗi đơn vị)',
    hands: {
      NOTHING: 'Không thắng',
      JACKS_OR_BETTER: 'Đôi J trở lên',
      TWO_PAIR: 'Hai đôi',
      THREE_OF_A_KIND: 'Sám',
      STRAIGHT: 'Sảnh',
      FLUSH: 'Thùng',
      FULL_HOUSE: 'Cù lũ',
      FOUR_OF_A_KIND: 'Tứ quý',
      STRAIGHT_FLUSH: 'Thùng phá sảnh',
      ROYAL_FLUSH: 'Thùng phá sảnh lớn',
    },
    dealer: 'Nhà cái',
    player: 'Bạn',
    hand: 'Tay {n}',
    actions: { HIT: 'Rút', STAND: 'Dừng', DOUBLE: 'Gấp đôi', SPLIT: 'Tách' },
    rulesTitle: 'Luật và tỷ lệ hoàn trả',
    history: 'Các ván gần đây của bạn',
    fairness: 'Công bằng có thể kiểm chứng',
    commitment: 'Cam kết hạt giống máy chủ (SHA-256) cho ván tới của bạn',
    clientSeed: 'Hạt giống của bạn',
    changeSeed: 'Đổi',
    nonce: 'Số thứ tự',
    lastSeed: 'Hạt giống máy chủ của ván trước',
    fair: 'Trước khi bạn cược, máy chủ cam kết một hạt giống bí mật bằng cách hiển thị SHA-256 của nó. Ván của bạn rút từ HMAC-SHA256(hạt giống máy chủ, "hạt giống của bạn:số thứ tự:khối"), đọc như trong bộ máy của trò chơi; khi ván kết thúc, hạt giống máy chủ được công bố và một hạt giống mới được cam kết. Kiểm tra mọi ván ở trang kiểm chứng, hoặc ngoại tuyến bằng "npm run verify-round -w @platform/games -- --game {game} --server-seed <seed> --client-seed <client seed> --nonce <nonce> --commitment <commitment>".',
    verify: 'Kiểm chứng',
    errors: {
      STAKE_INVALID: 'Vui lòng nhập tiền cược lớn hơn 0.',
      BELOW_MINIMUM: 'Tiền cược thấp hơn mức tối thiểu của trò chơi.',
      ABOVE_MAXIMUM: 'Tiền cược cao hơn mức tối đa của trò chơi.',
      TARGET_INVALID: 'Vui lòng chọn mục tiêu có xác suất thắng từ 1% đến 98%.',
      ROWS_INVALID: 'Vui lòng chọn từ 8 đến 16 hàng.',
      RISK_INVALID: 'Vui lòng chọn rủi ro thấp, vừa hoặc cao.',
      MINES_INVALID: 'Vui lòng chọn từ 1 đến 24 quả mìn.',
      ROUND_OPEN: 'Vui lòng kết thúc ván đang chơi trước.',
      NO_ROUND: 'Ván này đã kết thúc; vui lòng bắt đầu ván mới.',
      ACTION_INVALID: 'Nước đi này không được phép lúc này.',
      CLIENT_SEED_INVALID: 'Hạt giống gồm 1 đến 64 chữ cái, chữ số hoặc . : _ -',
      BUSY: 'Vui lòng chờ: nước đi trước của bạn đang được xử lý.',
      INSUFFICIENT_FUNDS: 'Số dư không đủ cho mức cược này.',
      PLAYER_BLOCKED: 'Tài khoản của bạn hiện không thể đặt cược.',
      SESSION_EXPIRED: 'Phiên chơi đã kết thúc; vui lòng mở lại trò chơi từ trang.',
      BET_REFUSED: 'Cược bị từ chối; vui lòng thử lại.',
      PLATFORM_UNREACHABLE: 'Không xác nhận được cược nên cược đã được hủy; vui lòng thử lại.',
      NETWORK: 'Mất kết nối; vui lòng thử lại.',
    },
  },
} as const;

export const soloTitle = (gameCode: string, lang: PageLanguage): string => TITLES[gameCode]?.[lang] ?? gameCode;

export function renderSoloPage(input: {
  sessionId: string;
  gameCode: string;
  currency: string;
  language: string;
  returnUrl: string;
  isTrial?: boolean;
}): string {
  const lang = languageOf(input.language);
  const l = LABELS[lang];
  const title = soloTitle(input.gameCode, lang);
  const back = safeReturnUrl(input.returnUrl);
  const scale = currencyScale(input.currency);
  const step = scale === 0 ? '1' : (1 / 10 ** scale).toFixed(scale);
  const defaultStake = scale === 0 ? '10000' : '10';
  const rules = (RULES[input.gameCode]?.[lang] ?? []).map((p) => `<p>${escapeHtml(p)}</p>`).join('\n    ');
  const fair = l.fair.replace('{game}', input.gameCode === 'video-poker' ? 'video-poker' : input.gameCode);
  return `${pageHead({ language: lang, title: title, style: 'solo.css', script: 'solo.js' })}
<body>
<main id="solo" class="solo solo--${escapeHtml(input.gameCode)}" data-session="${escapeHtml(input.sessionId)}" data-code="${escapeHtml(input.gameCode)}" data-scale="${scale}" data-lang="${lang}" data-labels="${escapeHtml(JSON.stringify(l))}" data-info="${escapeHtml(JSON.stringify(gameInfo(input.gameCode)))}">
  <header class="top">
    <h1>${escapeHtml(title)}</h1>
    <p class="balance">${l.balance}: <output id="balance">…</output> ${escapeHtml(input.currency)}</p>
  </header>
  ${input.isTrial ? `<p class="trial-note" role="note">${l.trial}</p>` : ''}
  <section class="stage" id="stage" aria-live="polite"></section>
  <section class="controls">
    <form id="play-form" novalidate>
      <label class="stake">${l.stake} <input id="stake" name="stake" type="number" inputmode="decimal" min="${step}" step="${step}" value="${defaultStake}" required></label>
      <div id="options" class="options"></div>
      <button type="submit" id="play-button" class="primary">${l.play}</button>
    </form>
    <div id="moves" class="moves"></div>
    <p id="message" class="message" role="status" aria-live="polite"></p>
  </section>
  <section class="fair">
    <h2>${l.fairness}</h2>
    <p class="mono">${l.commitment}: <code id="commitment"></code></p>
    <form id="seed-form" class="seed-form" novalidate>
      <label>${l.clientSeed} <input id="client-seed" type="text" maxlength="64" pattern="[A-Za-z0-9_.:-]{1,64}" required></label>
      <button type="submit">${l.changeSeed}</button>
      <span>${l.nonce}: <output id="nonce"></output></span>
    </form>
    <p class="mono">${l.lastSeed}: <code id="last-seed">—</code></p>
    <p class="small">${escapeHtml(fair)}</p>
    <p><a id="verify-link" href="/verify/${escapeHtml(input.gameCode)}?lang=${lang}" target="_blank" rel="noopener">${l.verify}</a></p>
  </section>
  <section class="history">
    <h2>${l.history}</h2>
    <ol id="history"></ol>
  </section>
  <section class="rules">
    <h2>${l.rulesTitle}</h2>
    ${rules}
  </section>
  ${back ? `<p><a href="${escapeHtml(back)}" target="_top">${l.back}</a></p>` : ''}
</main>
</body>
</html>
`;
}

const VERIFY_TEXT = {
  en: {
    title: '{game}: verify a round',
    intro:
      'Enter a round’s server seed (shown when it ended), your client seed, the nonce and the commitment shown before it, or pick a recent round. The server recomputes the round’s draws from HMAC-SHA256(server seed, "client seed:nonce:block") exactly as the game drew them, and checks that SHA-256 of the seed is the commitment.',
    seed: 'Server seed',
    clientSeed: 'Client seed',
    nonce: 'Nonce',
    commitment: 'Commitment',
    check: 'Check',
    matches: 'The seed matches its commitment',
    differs: 'The seed does NOT match its commitment',
    outcome: 'Outcome',
  },
  vi: {
    title: '{game}: kiểm chứng một ván',
    intro:
      'Nhập hạt giống máy chủ của ván (công bố khi ván kết thúc), hạt giống của bạn, số thứ tự và cam kết hiển thị trước ván, hoặc chọn một ván gần đây. Máy chủ tính lại các lần rút của ván từ HMAC-SHA256(hạt giống máy chủ, "hạt giống của bạn:số thứ tự:khối") đúng như trò chơi đã rút, và kiểm tra SHA-256 của hạt giống khớp với cam kết.',
    seed: 'Hạt giống máy chủ',
    clientSeed: 'Hạt giống của bạn',
    nonce: 'Số thứ tự',
    commitment: 'Cam kết',
    check: 'Kiểm tra',
    matches: 'Hạt giống khớp với cam kết',
    differs: 'Hạt giống KHÔNG khớp với cam kết',
    outcome: 'Kết quả',
  },
} as const;

export function renderSoloVerifyPage(input: { language: string; gameCode: string }): string {
  const lang = languageOf(input.language);
  const l = VERIFY_TEXT[lang];
  const title = l.title.replace('{game}', soloTitle(input.gameCode, lang));
  return `${pageHead({ language: lang, title: title, style: 'solo.css', script: 'verify-solo.js' })}
<body>
<main id="verify" class="solo verify" data-code="${escapeHtml(input.gameCode)}" data-labels="${escapeHtml(JSON.stringify(l))}">
  <h1>${escapeHtml(title)}</h1>
  <p>${escapeHtml(l.intro)}</p>
  <form id="verify-form" class="verify-form" novalidate>
    <label>${l.seed} <input id="verify-seed" type="text" required></label>
    <label>${l.clientSeed} <input id="verify-client-seed" type="text" required></label>
    <label>${l.nonce} <input id="verify-nonce" type="number" min="0" step="1" required></label>
    <label>${l.commitment} <input id="verify-commitment" type="text"></label>
    <input id="verify-round" type="hidden">
    <button type="submit" class="primary">${l.check}</button>
  </form>
  <p id="verify-result" role="status" aria-live="polite"></p>
  <ol id="verify-rounds" class="picks"></ol>
</main>
</body>
</html>
`;
}
