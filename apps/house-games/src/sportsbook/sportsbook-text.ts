import { amountMinor, formatAmount } from '@platform/contracts/money-format';
import { asianLineText, type MarketSpec, type SportEvent } from '@platform/sportsbook/model';
import type { PageLanguage } from '../page.ts';

/**
 * The words the sportsbook's calls answer with, in the session's language (Vietnamese or English):
 * the names of markets and selections, and a whole sentence for every refusal that says what to do.
 */
export const REFUSAL_TEXT = {
  INVALID_SLIP: {
    en: 'This bet slip cannot be placed as it is. Check the selections and the stake, then try again.',
    vi: 'Phiếu cược này chưa hợp lệ. Hãy kiểm tra lại lựa chọn và tiền cược rồi thử lại.',
  },
  STAKE_LIMIT: {
    en: 'The stake is outside the limits of this bet. Change the stake to fit the limits shown and try again.',
    vi: 'Tiền cược nằm ngoài hạn mức của kèo này. Hãy đổi tiền cược cho phù hợp hạn mức rồi thử lại.',
  },
  MARKET_STAKE_LIMIT: {
    en: 'With your open bets on this market you can stake at most {left} more on it. Lower the stake and try again.',
    vi: 'Tính cả các vé đang mở của bạn trên kèo này, bạn chỉ còn cược thêm được tối đa {left}. Hãy giảm tiền cược rồi thử lại.',
  },
  EVENT_STAKE_LIMIT: {
    en: 'With your open bets on this match you can stake at most {left} more on it. Lower the stake and try again.',
    vi: 'Tính cả các vé đang mở của bạn trong trận này, bạn chỉ còn cược thêm được tối đa {left}. Hãy giảm tiền cược rồi thử lại.',
  },
  MAX_PAYOUT: {
    en: 'This bet could pay more than the most one bet may pay. Lower the stake and try again.',
    vi: 'Vé cược này có thể trả vượt mức tối đa cho một vé. Hãy giảm tiền cược rồi thử lại.',
  },
  ODDS_CHANGED: {
    en: 'The odds have changed. Check the new odds and place the bet again if you still want it.',
    vi: 'Tỉ lệ cược đã thay đổi. Hãy xem tỉ lệ mới và đặt lại nếu bạn vẫn muốn cược.',
  },
  MARKET_SUSPENDED: {
    en: 'This market is not taking bets right now. Wait for it to reopen or choose another selection.',
    vi: 'Kèo này đang tạm khóa. Hãy chờ mở lại hoặc chọn kèo khác.',
  },
  INSUFFICIENT_FUNDS: {
    en: 'Your balance is too low for this stake. Lower the stake or add funds, then try again.',
    vi: 'Số dư không đủ cho tiền cược này. Hãy giảm tiền cược hoặc nạp thêm rồi thử lại.',
  },
  PLAYER_BLOCKED: {
    en: 'Your account cannot place bets right now. Contact support for help.',
    vi: 'Tài khoản của bạn hiện không thể đặt cược. Hãy liên hệ bộ phận hỗ trợ.',
  },
  SESSION_EXPIRED: {
    en: 'Your game session has ended. Open the sportsbook again from the site.',
    vi: 'Phiên chơi đã kết thúc. Hãy mở lại trang thể thao từ trang chủ.',
  },
  BET_REFUSED: {
    en: 'The bet was not accepted. Try again in a moment.',
    vi: 'Vé cược chưa được chấp nhận. Hãy thử lại sau giây lát.',
  },
  PLATFORM_UNREACHABLE: {
    en: 'Your wallet could not be reached, so nothing was taken. Try again in a moment.',
    vi: 'Không kết nối được ví của bạn nên chưa có khoản nào bị trừ. Hãy thử lại sau giây lát.',
  },
  CASHOUT_CHANGED: {
    en: 'The cash-out value has changed. Check the new value and cash out again if you still want to.',
    vi: 'Giá trị rút sớm đã thay đổi. Hãy xem giá trị mới và rút lại nếu bạn vẫn muốn.',
  },
  CASHOUT_UNAVAILABLE: {
    en: 'This bet cannot be cashed out now. Try again when its markets are open.',
    vi: 'Vé này hiện không thể rút sớm. Hãy thử lại khi kèo mở lại.',
  },
  NOT_FOUND: {
    en: 'This bet or event was not found. Refresh the page and try again.',
    vi: 'Không tìm thấy vé cược hoặc trận đấu này. Hãy tải lại trang rồi thử lại.',
  },
  INVALID_SETTINGS: {
    en: 'That setting is not one of the choices offered. Pick one from the list.',
    vi: 'Lựa chọn này không có trong danh sách. Hãy chọn một mục trong danh sách.',
  },
  INVALID_REQUEST: {
    en: 'The request could not be understood. Refresh the page and try again.',
    vi: 'Yêu cầu không hợp lệ. Hãy tải lại trang rồi thử lại.',
  },
} as const satisfies Record<string, Record<PageLanguage, string>>;

export type SportsbookRefusal = keyof typeof REFUSAL_TEXT;

/** A refusal's sentence with its amounts written in the member's currency and language (`{left}`: what may still be staked). */
export function refusalMessage(
  code: SportsbookRefusal,
  lang: PageLanguage,
  detail: Record<string, unknown> = {},
  currency = 'VND',
): string {
  const text: string = REFUSAL_TEXT[code][lang];
  return text.replace('{left}', () =>
    typeof detail.left === 'number' ? formatAmount(amountMinor(detail.left), currency, lang === 'vi' ? 'vi-VN' : 'en-GB') : '0',
  );
}

const period = (spec: MarketSpec, lang: PageLanguage): string =>
  'period' in spec && spec.period === 'h1' ? (lang === 'vi' ? 'Hiệp 1 – ' : '1st half – ') : '';

/** Lines the Asian way: a quarter line is the two half lines the stake is split on (`-0.75` is `-0.5/1`). */
const signed = (quarters: number): string => asianLineText(quarters, true);
const total = (quarters: number): string => asianLineText(quarters);

export function marketName(spec: MarketSpec, lang: PageLanguage): string {
  const vi = lang === 'vi';
  const p = period(spec, lang);
  switch (spec.type) {
    case '1x2':
      return `${p}1X2`;
    case 'moneyline':
      return `${p}${vi ? 'Đội thắng' : 'Winner'}`;
    case 'ah':
      return `${p}${vi ? 'Kèo chấp' : 'Handicap'} ${signed(spec.line)}`;
    case 'ou':
      return `${p}${vi ? 'Tài/Xỉu' : 'Over/Under'} ${total(spec.line)}`;
    case 'oddEven':
      return `${p}${vi ? 'Chẵn/Lẻ' : 'Odd/Even'}`;
    case 'doubleChance':
      return `${p}${vi ? 'Cơ hội kép' : 'Double chance'}`;
    case 'dnb':
      return `${p}${vi ? 'Hòa hoàn tiền' : 'Draw no bet'}`;
    case 'correctScore':
      return `${p}${vi ? 'Tỉ số chính xác' : 'Correct score'}`;
    case 'outright':
      return spec.places === 1 ? (vi ? 'Vô địch' : 'Winner') : `Top ${spec.places}`;
    case 'mapWinner':
      return vi ? `Thắng bản đồ ${spec.map}` : `Map ${spec.map} winner`;
    case 'mapHandicap':
      return `${vi ? 'Chấp bản đồ' : 'Map handicap'} ${signed(spec.line)}`;
    case 'totalMaps':
      return `${vi ? 'Tổng số bản đồ' : 'Total maps'} ${total(spec.line)}`;
    case 'mapRoundHandicap':
      return vi ? `Chấp hiệp bản đồ ${spec.map} ${signed(spec.line)}` : `Map ${spec.map} round handicap ${signed(spec.line)}`;
    case 'mapTotalRounds':
      return vi ? `Tổng hiệp bản đồ ${spec.map} ${total(spec.line)}` : `Map ${spec.map} total rounds ${total(spec.line)}`;
  }
}

export function eventName(event: SportEvent): string {
  return event.kind === 'match' ? `${event.home} – ${event.away}` : event.name;
}

export function selectionName(spec: MarketSpec, selection: string, event: SportEvent | null, lang: PageLanguage): string {
  const vi = lang === 'vi';
  const side = (s: 'home' | 'away') =>
    event?.kind === 'match' ? event[s] : s === 'home' ? (vi ? 'Chủ nhà' : 'Home') : vi ? 'Khách' : 'Away';
  switch (selection) {
    case 'home':
    case 'away': {
      const line =
        'line' in spec && (spec.type === 'ah' || spec.type === 'mapHandicap' || spec.type === 'mapRoundHandicap') ? spec.line : null;
      if (line === null) return side(selection);
      return `${side(selection)} ${signed(selection === 'home' ? line : -line)}`;
    }
    case 'draw':
      return vi ? 'Hòa' : 'Draw';
    case 'over':
      return vi ? 'Tài' : 'Over';
    case 'under':
      return vi ? 'Xỉu' : 'Under';
    case 'odd':
      return vi ? 'Lẻ' : 'Odd';
    case 'even':
      return vi ? 'Chẵn' : 'Even';
    case '1X':
      return vi ? 'Chủ nhà hoặc hòa' : 'Home or draw';
    case '12':
      return vi ? 'Chủ nhà hoặc khách' : 'Home or away';
    case 'X2':
      return vi ? 'Hòa hoặc khách' : 'Draw or away';
    case 'other':
      return vi ? 'Tỉ số khác' : 'Any other score';
    default:
      return selection;
  }
}
