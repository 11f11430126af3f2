import { currencyScale } from '@platform/contracts/money-format';
import { RED_NUMBERS } from '@platform/games/house/roulette';
import { SIC_BO_TOTAL_PAYS } from '@platform/games/house/sic-bo';
import { escapeHtml, languageOf, type PageLanguage, pageHead, safeReturnUrl } from '../page.ts';
import type { LiveGameName } from './live-tables.ts';

/**
 * The pages of the dragon tiger, sic bo and roulette tables: markup only (the CSP allows no inline
 * code; public/live.js runs them). Everything is drawn: cards and dice in HTML and CSS, the
 * roulette wheel and layout in SVG.
 */
const COMMON = {
  en: {
    balance: 'Balance',
    round: 'Round',
    chips: 'Chip',
    confirm: 'Place bet',
    clear: 'Clear',
    back: 'Back to the site',
    bettingIn: 'Place your bets: {s} s',
    closed: 'Bets closed',
    revealing: { 'dragon-tiger': 'Dealing', 'sic-bo': 'Shaking the dice', roulette: 'The ball is spinning' },
    voided: 'Round void: every bet was refunded',
    nextRound: 'Next round soon',
    yourBet: 'Your bet: {spots}',
    yourPayout: 'You are paid {payout}',
    yourLoss: 'No win this round',
    limits: 'Limits: {min} to {max} per spot',
    players: 'Bets this round',
    history: 'Last rounds',
    fairness: 'Provably fair',
    commitment: 'Seed commitment (SHA-256) of this round',
    fair: 'Each round draws a fresh server seed before bets open and shows only its SHA-256; when the round ends the seed is published, and the draw is HMAC-SHA256(seed, "game:table:round") read as in the engine. Check a round with the link on it, or offline with "npm run verify-round -w @platform/games -- --game {game} --server-seed <seed> --client-seed <client seed> --nonce <round> --commitment <commitment>".',
    verify: 'Verify',
    rulesTitle: 'Rules and pays',
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
    balance: 'Số dư',
    round: 'Ván',
    chips: 'Phỉnh',
    confirm: 'Đặt cược',
    clear: 'Xóa',
    back: 'Quay lại trang',
    bettingIn: 'Mời đặt cược: {s} giây',
    closed: 'Đã đóng cược',
    revealing: { 'dragon-tiger': 'Đang chia bài', 'sic-bo': 'Đang lắc xúc xắc', roulette: 'Bóng đang quay' },
    voided: 'Ván bị hủy: mọi cược đã được hoàn tiền',
    nextRound: 'Ván mới sắp bắt đầu',
    yourBet: 'Cược của bạn: {spots}',
    yourPayout: 'Bạn được trả {payout}',
    yourLoss: 'Ván này bạn không thắng',
    limits: 'Giới hạn: {min} đến {max} mỗi cửa',
    players: 'Cược trong ván',
    history: 'Các ván trước',
    fairness: 'Công bằng có thể kiểm chứng',
    commitment: 'Cam kết hạt giống (SHA-256) của ván này',
    fair: 'Mỗi ván tạo một hạt giống máy chủ mới trước khi mở cược và chỉ hiển thị mã SHA-256 của nó; khi ván kết thúc hạt giống được công bố, và kết quả là HMAC-SHA256(hạt giống, "trò:bàn:ván") đọc như trong bộ máy trò chơi. Kiểm tra một ván bằng liên kết ở ván đó, hoặc không cần mạng với "npm run verify-round -w @platform/games -- --game {game} --server-seed <hạt giống> --client-seed <hạt giống khách> --nonce <ván> --commitment <cam kết>".',
    verify: 'Kiểm tra',
    rulesTitle: 'Luật và tỷ lệ trả',
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

/** Each game's title, spot names (for the bet lists), result words and rules. */
const GAME_TEXT = {
  en: {
    'dragon-tiger': {
      title: 'Dragon Tiger',
      names: { DRAGON: 'Dragon', TIGER: 'Tiger', TIE: 'Tie', SUITED_TIE: 'Suited tie' },
      won: { DRAGON: 'Dragon wins', TIGER: 'Tiger wins', TIE: 'Tie' },
      rules:
        'One card to the dragon, one to the tiger, from a fresh 8-deck shoe each round; the higher card wins (ace low, king high; suits do not rank). Dragon and tiger pay 1:1. Variant: on a tie, dragon and tiger bets lose half the stake (half comes back). Tie pays 8:1; suited tie (same rank and suit) pays 50:1. Returns: dragon or tiger 96.27%, tie 67.23%, suited tie 86.02%.',
    },
    'sic-bo': {
      title: 'Sic Bo',
      names: {
        BIG: 'Big',
        SMALL: 'Small',
        ODD: 'Odd',
        EVEN: 'Even',
        ANY_TRIPLE: 'Any triple',
        TOTAL: 'Total',
        TRIPLE: 'Triple',
        DOUBLE: 'Double',
        SINGLE: 'Single',
        COMBO: 'Pair',
      },
      won: { BIG: 'Big', SMALL: 'Small', TRIPLE: 'Triple' },
      rules:
        'Three dice. Big (11–17) and small (4–10), odd and even pay 1:1 and lose on any triple. Totals: 4 or 17 pay 60:1, 5 or 16 30:1, 6 or 15 17:1, 7 or 14 12:1, 8 or 13 8:1, 9 to 12 6:1. A chosen triple 180:1, any triple 30:1, a chosen double 10:1, a pair of two faces 5:1, a single face 1:1, 2:1 or 3:1 as it shows on one, two or three dice. Big or small returns 97.22%.',
    },
    roulette: {
      title: 'European Roulette',
      names: {
        RED: 'Red',
        BLACK: 'Black',
        ODD: 'Odd',
        EVEN: 'Even',
        LOW: '1–18',
        HIGH: '19–36',
        DOZEN: 'Dozen',
        COLUMN: 'Column',
        STRAIGHT: 'Number',
        SPLIT: 'Split',
        STREET: 'Street',
        CORNER: 'Corner',
        SIX_LINE: 'Six line',
      },
      won: { RED: 'red', BLACK: 'black', GREEN: 'zero' },
      rules:
        'A single-zero wheel of 37 pockets. A bet on n numbers pays 36/n − 1 to one: a number 35:1, a split 17:1, a street or a trio with zero 11:1, a corner or the first four 8:1, a six line 5:1, a dozen or a column 2:1, red, black, odd, even, 1–18 and 19–36 1:1 (zero loses them; no la partage). Every bet returns 36/37 = 97.30%. Tap a number, a line between numbers or a corner where lines cross.',
    },
  },
  vi: {
    'dragon-tiger': {
      title: 'Rồng Hổ',
      names: { DRAGON: 'Rồng', TIGER: 'Hổ', TIE: 'Hòa', SUITED_TIE: 'Hòa đồng chất' },
      won: { DRAGON: 'Rồng thắng', TIGER: 'Hổ thắng', TIE: 'Hòa' },
      rules:
        'Một lá cho Rồng, một lá cho Hổ, từ bộ 8 cỗ bài mới mỗi ván; lá cao hơn thắng (A thấp nhất, K cao nhất; chất không tính). Rồng và Hổ trả 1:1. Biến thể: khi hòa, cược Rồng và Hổ mất một nửa tiền cược (được trả lại một nửa). Hòa trả 8:1; hòa đồng chất (cùng giá trị và chất) trả 50:1. Tỷ lệ hoàn trả: Rồng hoặc Hổ 96,27%, Hòa 67,23%, Hòa đồng chất 86,02%.',
    },
    'sic-bo': {
      title: 'Tài Xỉu',
      names: {
        BIG: 'Tài',
        SMALL: 'Xỉu',
        ODD: 'Lẻ',
        EVEN: 'Chẵn',
        ANY_TRIPLE: 'Bộ ba bất kỳ',
        TOTAL: 'Tổng',
        TRIPLE: 'Bộ ba',
        DOUBLE: 'Đôi',
        SINGLE: 'Số đơn',
        COMBO: 'Cặp',
      },
      won: { BIG: 'Tài', SMALL: 'Xỉu', TRIPLE: 'Bộ ba' },
      rules:
        'Ba viên xúc xắc. Tài (11–17) và Xỉu (4–10), Lẻ và Chẵn trả 1:1 và thua khi ra bộ ba. Tổng: 4 hoặc 17 trả 60:1, 5 hoặc 16 30:1, 6 hoặc 15 17:1, 7 hoặc 14 12:1, 8 hoặc 13 8:1, 9 đến 12 6:1. Bộ ba chọn trước 180:1, bộ ba bất kỳ 30:1, đôi chọn trước 10:1, cặp hai mặt 5:1, số đơn 1:1, 2:1 hoặc 3:1 khi mặt đó ra trên một, hai hoặc ba viên. Tài hoặc Xỉu hoàn trả 97,22%.',
    },
    roulette: {
      title: 'Roulette Châu Âu',
      names: {
        RED: 'Đỏ',
        BLACK: 'Đen',
        ODD: 'Lẻ',
        EVEN: 'Chẵn',
        LOW: '1–18',
        HIGH: '19–36',
        DOZEN: 'Tá',
        COLUMN: 'Cột',
        STRAIGHT: 'Số',
        SPLIT: 'Cặp số',
        STREET: 'Hàng ba',
        CORNER: 'Góc bốn',
        SIX_LINE: 'Hàng sáu',
      },
      won: { RED: 'đỏ', BLACK: 'đen', GREEN: 'số không' },
      rules:
        'Bánh xe một số không với 37 ô. Cược vào n số trả 36/n − 1 ăn một: một số 35:1, cặp số 17:1, hàng ba hoặc bộ ba có số 0 11:1, góc bốn hoặc bốn số đầu 8:1, hàng sáu 5:1, tá hoặc cột 2:1, đỏ, đen, lẻ, chẵn, 1–18 và 19–36 1:1 (số 0 làm các cược này thua). Mọi cược hoàn trả 36/37 = 97,30%. Chạm vào một số, đường kẻ giữa hai số hoặc góc giao nhau.',
    },
  },
} as const;

/** The table titles of the game codes, with the table's name. */
const TABLE_NAMES: Record<string, { en: string; vi: string }> = {
  'dragon-tiger': { en: 'Dragon Tiger', vi: 'Rồng Hổ' },
  'dragon-tiger-vip': { en: 'Dragon Tiger VIP', vi: 'Rồng Hổ VIP' },
  sicbo: { en: 'Sic Bo', vi: 'Tài Xỉu' },
  'sicbo-vip': { en: 'Sic Bo VIP', vi: 'Tài Xỉu VIP' },
  roulette: { en: 'European Roulette', vi: 'Roulette Châu Âu' },
  'roulette-vip': { en: 'European Roulette VIP', vi: 'Roulette Châu Âu VIP' },
};

export const tableTitle = (gameCode: string, lang: PageLanguage): string => TABLE_NAMES[gameCode]?.[lang] ?? gameCode;

const spot = (key: string, label: string, pays: string, extra = '') =>
  `<button type="button" class="spot ${extra}" data-spot="${key}"><span class="spot-name">${label}</span><span class="spot-pays">${pays}</span><output class="spot-stake" data-stake-of="${key}"></output></button>`;

const pip = (face: number) => `<span class="die die-${face}" aria-label="${face}">${'<i></i>'.repeat(face)}</span>`;

function dragonTigerLayout(lang: PageLanguage): string {
  const n = GAME_TEXT[lang]['dragon-tiger'].names;
  return `<div class="spots dt-spots">${spot('DRAGON', n.DRAGON, '1:1', 'dt-dragon')}${spot('TIE', n.TIE, '8:1', 'dt-tie')}${spot('TIGER', n.TIGER, '1:1', 'dt-tiger')}${spot('SUITED_TIE', n.SUITED_TIE, '50:1', 'dt-suited')}</div>`;
}

function sicBoLayout(lang: PageLanguage): string {
  const n = GAME_TEXT[lang]['sic-bo'].names;
  const faces = [1, 2, 3, 4, 5, 6];
  const top = `<div class="spots sb-main">${spot('SMALL', `${n.SMALL} 4–10`, '1:1', 'sb-small')}${spot('ODD', n.ODD, '1:1')}${spot('ANY_TRIPLE', n.ANY_TRIPLE, '30:1')}${spot('EVEN', n.EVEN, '1:1')}${spot('BIG', `${n.BIG} 11–17`, '1:1', 'sb-big')}</div>`;
  const doubles = faces.map((f) => spot(`DOUBLE_${f}`, pip(f) + pip(f), '10:1', 'dice-spot')).join('');
  const triples = faces.map((f) => spot(`TRIPLE_${f}`, pip(f) + pip(f) + pip(f), '180:1', 'dice-spot')).join('');
  const totals = Object.entries(SIC_BO_TOTAL_PAYS)
    .map(([t, pays]) => spot(`TOTAL_${t}`, t, `${pays}:1`, 'total-spot'))
    .join('');
  const combos: string[] = [];
  for (const a of faces) for (const b of faces) if (a < b) combos.push(spot(`COMBO_${a}_${b}`, pip(a) + pip(b), '5:1', 'dice-spot'));
  const singles = faces.map((f) => spot(`SINGLE_${f}`, pip(f), '1:1 · 2:1 · 3:1', 'dice-spot')).join('');
  return `${top}
    <h3>${n.DOUBLE} · ${n.TRIPLE}</h3><div class="spots sb-grid6">${doubles}</div><div class="spots sb-grid6">${triples}</div>
    <h3>${n.TOTAL}</h3><div class="spots sb-totals">${totals}</div>
    <h3>${n.COMBO}</h3><div class="spots sb-combos">${combos.join('')}</div>
    <h3>${n.SINGLE}</h3><div class="spots sb-grid6">${singles}</div>`;
}

/** The European wheel's pockets clockwise from zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];
const colourOf = (n: number) => (n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black');

function wheelSvg(): string {
  const step = 360 / 37;
  const r = 100;
  const pockets = WHEEL_ORDER.map((n, i) => {
    const a0 = ((i - 0.5) * step * Math.PI) / 180;
    const a1 = ((i + 0.5) * step * Math.PI) / 180;
    const p = (a: number, rr: number) => `${(Math.sin(a) * rr).toFixed(2)} ${(-Math.cos(a) * rr).toFixed(2)}`;
    const mid = (i * step * Math.PI) / 180;
    const [tx, ty] = [Math.sin(mid) * 86, -Math.cos(mid) * 86];
    return `<path class="pocket ${colourOf(n)}" d="M ${p(a0, r)} A ${r} ${r} 0 0 1 ${p(a1, r)} L ${p(a1, 72)} A 72 72 0 0 0 ${p(a0, 72)} Z"/><text x="${tx.toFixed(2)}" y="${ty.toFixed(2)}" transform="rotate(${(i * step).toFixed(2)} ${tx.toFixed(2)} ${ty.toFixed(2)})">${n}</text>`;
  }).join('');
  return `<svg class="wheel" viewBox="-110 -110 220 220" role="img" aria-label="wheel"><circle r="108" class="rim"/><g id="wheel-rotor">${pockets}<circle r="72" class="hub"/><circle r="20" class="cone"/></g><path class="pointer" d="M 0 -104 L -6 -116 L 6 -116 Z"/><circle id="wheel-ball" class="ball" cx="0" cy="-64" r="5"/></svg>`;
}

/**
 * The roulette layout as SVG, numbers left to right by street (1-2-3 is the first column): every
 * bet of the wheel is a shape with its key: numbers, the lines between two numbers (splits), the
 * crossings (corners), the strip below each street (street) and between two streets (six line),
 * zero's edges (splits, trios, first four), columns, dozens and the even-money bets.
 */
function rouletteLayoutSvg(lang: PageLanguage): string {
  const n = GAME_TEXT[lang].roulette.names;
  const C = 40;
  const X0 = 40;
  const parts: string[] = [];
  const zone = (key: string, x: number, y: number, w: number, h: number, cls = 'zone') =>
    parts.push(`<rect class="${cls}" data-spot="${key}" x="${x}" y="${y}" width="${w}" height="${h}"><title>${key}</title></rect>`);
  const xOf = (num: number) => X0 + Math.floor((num - 1) / 3) * C;
  const yOf = (num: number) => (2 - ((num - 1) % 3)) * C;
  // zero
  parts.push(
    `<rect class="cell green" data-spot="STRAIGHT_0" x="0" y="0" width="${X0}" height="${3 * C}"/><text class="num" x="20" y="64">0</text>`,
  );
  for (let num = 1; num <= 36; num++) {
    parts.push(
      `<rect class="cell ${colourOf(num)}" data-spot="STRAIGHT_${num}" x="${xOf(num)}" y="${yOf(num)}" width="${C}" height="${C}"/>`,
    );
    parts.push(`<text class="num" x="${xOf(num) + 20}" y="${yOf(num) + 25}">${num}</text>`);
  }
  for (let num = 1; num <= 36; num++) {
    const x = xOf(num);
    const y = yOf(num);
    if (num % 3 !== 0) zone(`SPLIT_${num}_${num + 1}`, x + 8, y - 5, C - 16, 10);
    if (num <= 33) zone(`SPLIT_${num}_${num + 3}`, x + C - 5, y + 8, 10, C - 16);
    if (num % 3 !== 0 && num <= 32) zone(`CORNER_${num}_${num + 1}_${num + 3}_${num + 4}`, x + C - 6, y - 6, 12, 12, 'zone dot');
  }
  for (const z of [1, 2, 3]) zone(`SPLIT_0_${z}`, X0 - 5, yOf(z) + 8, 10, C - 16);
  zone('STREET_0_1_2', X0 - 6, 2 * C - 6, 12, 12, 'zone dot');
  zone('STREET_0_2_3', X0 - 6, C - 6, 12, 12, 'zone dot');
  zone('CORNER_0_1_2_3', X0 - 6, 3 * C - 2, 12, 12, 'zone dot');
  for (let row = 1; row <= 12; row++) {
    const x = X0 + (row - 1) * C;
    zone(`STREET_${3 * row - 2}_${3 * row - 1}_${3 * row}`, x + 8, 3 * C, C - 16, 12, 'zone strip');
    if (row <= 11)
      zone(`SIX_LINE_${Array.from({ length: 6 }, (_, i) => 3 * row - 2 + i).join('_')}`, x + C - 6, 3 * C, 12, 12, 'zone strip dot');
  }
  for (const c of [1, 2, 3]) {
    const y = (3 - c) * C;
    parts.push(
      `<rect class="cell outside" data-spot="COLUMN_${c}" x="${X0 + 12 * C}" y="${y}" width="${C}" height="${C}"/><text class="num" x="${X0 + 12 * C + 20}" y="${y + 25}">2:1</text>`,
    );
  }
  const Y1 = 3 * C + 12;
  for (const d of [1, 2, 3]) {
    parts.push(
      `<rect class="cell outside" data-spot="DOZEN_${d}" x="${X0 + (d - 1) * 4 * C}" y="${Y1}" width="${4 * C}" height="${C}"/><text class="num" x="${X0 + (d - 1) * 4 * C + 2 * C}" y="${Y1 + 25}">${12 * d - 11}–${12 * d}</text>`,
    );
  }
  const Y2 = Y1 + C;
  const outside: [string, string][] = [
    ['LOW', n.LOW],
    ['EVEN', n.EVEN],
    ['RED', n.RED],
    ['BLACK', n.BLACK],
    ['ODD', n.ODD],
    ['HIGH', n.HIGH],
  ];
  outside.forEach(([key, label], i) => {
    const cls = key === 'RED' ? 'red' : key === 'BLACK' ? 'black' : 'outside';
    parts.push(
      `<rect class="cell ${cls}" data-spot="${key}" x="${X0 + i * 2 * C}" y="${Y2}" width="${2 * C}" height="${C}"/><text class="num" x="${X0 + i * 2 * C + C}" y="${Y2 + 25}">${escapeHtml(label)}</text>`,
    );
  });
  const width = X0 + 13 * C;
  return `<svg class="roulette-layout" id="layout" viewBox="-2 -8 ${width + 4} ${Y2 + C + 10}" role="group">${parts.join('')}<g id="layout-chips"></g></svg>`;
}

export function renderLivePage(input: {
  sessionId: string;
  gameCode: string;
  game: LiveGameName;
  currency: string;
  language: string;
  returnUrl: string;
}): string {
  const lang = languageOf(input.language);
  const l = COMMON[lang];
  const g = GAME_TEXT[lang][input.game];
  const back = safeReturnUrl(input.returnUrl);
  const title = tableTitle(input.gameCode, lang);
  const labels = { ...l, game: g };
  const stage =
    input.game === 'dragon-tiger'
      ? `<div class="dt-stage"><div class="dt-side dragon"><h2>${GAME_TEXT[lang]['dragon-tiger'].names.DRAGON}</h2><div id="dragon-card" class="slot"></div></div><div class="dt-side tiger"><h2>${GAME_TEXT[lang]['dragon-tiger'].names.TIGER}</h2><div id="tiger-card" class="slot"></div></div></div>`
      : input.game === 'sic-bo'
        ? `<div class="sb-stage"><div id="dice" class="dice-tray"></div><output id="dice-total" class="dice-total"></output></div>`
        : `<div class="ro-stage">${wheelSvg()}<output id="pocket" class="pocket-out"></output></div>`;
  const layout =
    input.game === 'dragon-tiger' ? dragonTigerLayout(lang) : input.game === 'sic-bo' ? sicBoLayout(lang) : rouletteLayoutSvg(lang);
  return `${pageHead({ language: lang, title: title, style: 'live.css', script: 'live.js', channel: true })}
<body>
<main id="live" class="live game-${input.game}" data-session="${escapeHtml(input.sessionId)}" data-code="${escapeHtml(input.gameCode)}" data-game="${input.game}" data-currency="${escapeHtml(input.currency)}" data-scale="${currencyScale(input.currency)}" data-lang="${lang}" data-labels="${escapeHtml(JSON.stringify(labels))}">
  <header class="top">
    <h1>${escapeHtml(title)} <span class="round-no" id="round-no"></span></h1>
    <p class="balance">${l.balance}: <output id="balance">…</output> ${escapeHtml(input.currency)}</p>
  </header>
  <section class="table" aria-live="polite">
    <p id="status" class="status"></p>
    <div class="countdown" aria-hidden="true"><span id="countdown-bar"></span></div>
    ${stage}
  </section>
  <section class="betting">
    ${layout}
    <p id="placed" class="placed"></p>
    <div class="chips" role="radiogroup" aria-label="${l.chips}" id="chips"></div>
    <div class="actions">
      <button type="button" id="clear-button" class="secondary">${l.clear}</button>
      <button type="button" id="confirm-button">${l.confirm}</button>
    </div>
    <p id="limits" class="limits"></p>
    <p id="message" class="message" role="status" aria-live="polite"></p>
  </section>
  <section class="history-box">
    <h2>${l.history}</h2>
    <ol id="road" class="road-strip"></ol>
    <ol id="history" class="history"></ol>
  </section>
  <section class="players">
    <h2>${l.players}</h2>
    <ul id="bets" class="bets"></ul>
  </section>
  <section class="fair">
    <h2>${l.rulesTitle}</h2>
    <p>${escapeHtml(g.rules)}</p>
    <h2>${l.fairness}</h2>
    <p>${l.commitment}: <code id="commitment"></code></p>
    <p>${escapeHtml(l.fair.replace('{game}', input.game))}</p>
  </section>
  ${back ? `<p><a href="${escapeHtml(back)}" target="_top">${l.back}</a></p>` : ''}
</main>
</body>
</html>
`;
}

const VERIFY_TEXT = {
  en: {
    title: '{table}: verify a round',
    intro:
      'Each round commits to SHA-256(server seed) before bets open and publishes the seed when it ends. Enter a round and its seeds (or pick a recent round): the server replays the draw exactly as the table did, from HMAC-SHA256(server seed, client seed:round:cursor), and checks the seed against the commitment. The script packages/games/scripts/verify-round.ts does the same offline.',
    round: 'Round',
    seed: 'Server seed',
    clientSeed: 'Client seed',
    commitment: 'Commitment',
    check: 'Check',
    matches: 'The seed matches the commitment',
    differs: 'The seed does NOT match the commitment',
    outcome: 'Outcome',
  },
  vi: {
    title: '{table}: kiểm tra một ván',
    intro:
      'Mỗi ván cam kết SHA-256(hạt giống máy chủ) trước khi mở cược và công bố hạt giống khi kết thúc. Nhập số ván và các hạt giống (hoặc chọn một ván gần đây): máy chủ tính lại kết quả đúng như bàn đã làm, từ HMAC-SHA256(hạt giống máy chủ, hạt giống khách:ván:vị trí), và kiểm tra hạt giống với cam kết. Tập lệnh packages/games/scripts/verify-round.ts làm điều tương tự khi không có mạng.',
    round: 'Ván',
    seed: 'Hạt giống máy chủ',
    clientSeed: 'Hạt giống khách',
    commitment: 'Cam kết',
    check: 'Kiểm tra',
    matches: 'Hạt giống khớp với cam kết',
    differs: 'Hạt giống KHÔNG khớp với cam kết',
    outcome: 'Kết quả',
  },
} as const;

/** The public verify page of one of these tables; `?round=` opens that round's proof. */
export function renderLiveVerifyPage(input: { language: string; gameCode: string }): string {
  const lang = languageOf(input.language);
  const l = VERIFY_TEXT[lang];
  const title = l.title.replace('{table}', tableTitle(input.gameCode, lang));
  return `${pageHead({ language: lang, title: title, style: 'live.css', script: 'verify-live.js' })}
<body>
<main id="verify" class="verify" data-code="${escapeHtml(input.gameCode)}" data-labels="${escapeHtml(JSON.stringify(l))}">
  <h1>${escapeHtml(title)}</h1>
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
