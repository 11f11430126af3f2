import { currencyScale } from '@platform/contracts/money-format';
import { escapeHtml, languageOf, type PageLanguage, pageHead, safeReturnUrl } from '../page.ts';

/**
 * The sportsbook's page: markup and the member's words only (the CSP allows no inline code).
 * public/sportsbook.js draws the sports, the events, the markets, the bet slip and the member's bets
 * from the game server's calls (docs/sportsbook.md, "Pages"); public/sportsbook-odds.js writes the
 * prices in the member's odds format. An e-sports brand (`brand=<code>` at launch) shows e-sports
 * only, under its own name and colour.
 */
const LABELS = {
  en: {
    title: 'Sports',
    balance: 'Balance',
    back: 'Back to the site',
    views: { live: 'Live now', today: 'Today', early: 'Early markets', bets: 'My bets' },
    allSports: 'All',
    sportNames: { football: 'Football', basketball: 'Basketball' },
    noEvents: 'No events here right now. Try another sport or tab.',
    loading: 'Loading…',
    markets: '+{n} markets',
    backToList: 'Back',
    live: 'Live',
    ended: 'Ended',
    overShort: 'O',
    underShort: 'U',
    groups: {
      main: 'Match result',
      handicap: 'Asian handicap',
      total: 'Over / under',
      oddEven: 'Odd / even',
      correctScore: 'Correct score',
      firstHalf: 'First half',
      maps: 'Maps',
      outright: 'Outright',
    },
    status: { suspended: 'Suspended', closed: 'Closed', settled: 'Settled', void: 'Void' },
    slip: 'Bet slip',
    slipEmpty: 'Tap a price to add it to your slip.',
    showSlip: 'Slip',
    hideSlip: 'Close',
    clear: 'Clear',
    remove: 'Remove',
    kinds: { single: 'Singles', parlay: 'Parlay', system: 'System' },
    systemLines: '{name} ({n} bets)',
    stake: 'Stake',
    unitStake: 'Stake per bet',
    perSingle: 'Stake per single',
    limits: 'Min {min} · Max {max}',
    totalStake: 'Total stake',
    potentialReturn: 'Potential return',
    place: 'Place bet',
    placing: 'Placing…',
    policy: 'When odds change',
    policies: { none: 'Ask me', higher: 'Accept higher odds', any: 'Accept any odds' },
    oddsFormat: 'Odds format',
    formats: { decimal: 'Decimal', hongkong: 'Hong Kong', malay: 'Malay', indonesian: 'Indonesian' },
    settings: 'Settings',
    placed: 'Your bet is placed.',
    pending: 'In-play bet: waiting for the delay, then the odds are checked again…',
    accepted: 'Your in-play bet is accepted.',
    rejected: 'Your in-play bet was not accepted; your stake is back in your balance.',
    oddsChanged: 'The odds changed. Check the new odds and place the bet again.',
    sameEvent: 'Only one selection per event can go in a parlay or system bet.',
    stakeInvalid: 'Enter a stake greater than zero.',
    betStates: { pending: 'Waiting', open: 'Open', settled: 'Settled', 'cashed-out': 'Cashed out', rejected: 'Not accepted' },
    outcomes: {
      win: 'Won',
      lose: 'Lost',
      'half-win': 'Half won',
      'half-lose': 'Half lost',
      push: 'Push',
      void: 'Void',
      'dead-heat': 'Dead heat',
    },
    open: 'Open',
    settled: 'Settled',
    noBets: 'No bets here yet.',
    more: 'Show more',
    stakeShort: 'Stake',
    toReturn: 'To return',
    returned: 'Returned',
    cashOut: 'Cash out {value}',
    cashOutConfirm: 'Tap again to cash out {value}',
    cashOutDone: 'Cashed out: {value} added to your balance.',
    cashOutChanged: 'The cash-out value changed to {value}. Tap again to take it.',
    kindNames: { single: 'Single', parlay: 'Parlay ({n} legs)', system: 'System {name}' },
    network: 'The connection was lost; try again.',
  },
  vi: {
    title: 'Thể thao',
    balance: 'Số dư',
    back: 'Quay lại trang',
    views: { live: 'Trực tiếp', today: 'Hôm nay', early: 'Sớm', bets: 'Cược của tôi' },
    allSports: 'Tất cả',
    sportNames: { football: 'Bóng đá', basketball: 'Bóng rổ' },
    noEvents: 'Hiện chưa có trận nào ở đây. Vui lòng chọn môn hoặc mục khác.',
    loading: 'Đang tải…',
    markets: '+{n} kèo',
    backToList: 'Quay lại',
    live: 'Trực tiếp',
    ended: 'Kết thúc',
    overShort: 'T',
    underShort: 'X',
    groups: {
      main: 'Kết quả trận',
      handicap: 'Kèo châu Á',
      total: 'Tài / xỉu',
      oddEven: 'Chẵn / lẻ',
      correctScore: 'Tỷ số chính xác',
      firstHalf: 'Hiệp 1',
      maps: 'Các ván',
      outright: 'Cược dài hạn',
    },
    status: { suspended: 'Tạm khóa', closed: 'Đã đóng', settled: 'Đã thanh toán', void: 'Hủy' },
    slip: 'Phiếu cược',
    slipEmpty: 'Chạm vào một tỷ lệ cược để thêm vào phiếu.',
    showSlip: 'Phiếu',
    hideSlip: 'Đóng',
    clear: 'Xóa hết',
    remove: 'Bỏ',
    kinds: { single: 'Cược đơn', parlay: 'Cược xiên', system: 'Cược hệ thống' },
    systemLines: '{name} ({n} cược)',
    stake: 'Tiền cược',
    unitStake: 'Tiền mỗi cược',
    perSingle: 'Tiền mỗi cược đơn',
    limits: 'Tối thiểu {min} · Tối đa {max}',
    totalStake: 'Tổng tiền cược',
    potentialReturn: 'Tiền có thể nhận',
    place: 'Đặt cược',
    placing: 'Đang đặt…',
    policy: 'Khi tỷ lệ thay đổi',
    policies: { none: 'Hỏi tôi', higher: 'Nhận tỷ lệ cao hơn', any: 'Nhận mọi tỷ lệ' },
    oddsFormat: 'Kiểu tỷ lệ',
    formats: { decimal: 'Thập phân (châu Âu)', hongkong: 'Hồng Kông', malay: 'Malaysia', indonesian: 'Indonesia' },
    settings: 'Cài đặt',
    placed: 'Đã đặt cược.',
    pending: 'Cược trực tiếp: đang chờ hết thời gian trễ, sau đó tỷ lệ được kiểm tra lại…',
    accepted: 'Cược trực tiếp của bạn đã được nhận.',
    rejected: 'Cược trực tiếp của bạn không được nhận; tiền cược đã trả lại vào số dư.',
    oddsChanged: 'Tỷ lệ đã thay đổi. Vui lòng xem tỷ lệ mới và đặt lại.',
    sameEvent: 'Cược xiên hoặc hệ thống chỉ nhận một lựa chọn mỗi trận.',
    stakeInvalid: 'Vui lòng nhập tiền cược lớn hơn 0.',
    betStates: {
      pending: 'Đang chờ',
      open: 'Chưa kết thúc',
      settled: 'Đã thanh toán',
      'cashed-out': 'Đã rút sớm',
      rejected: 'Không được nhận',
    },
    outcomes: {
      win: 'Thắng',
      lose: 'Thua',
      'half-win': 'Thắng nửa',
      'half-lose': 'Thua nửa',
      push: 'Hòa tiền',
      void: 'Hủy',
      'dead-heat': 'Đồng hạng',
    },
    open: 'Chưa kết thúc',
    settled: 'Đã thanh toán',
    noBets: 'Chưa có cược nào ở đây.',
    more: 'Xem thêm',
    stakeShort: 'Cược',
    toReturn: 'Có thể nhận',
    returned: 'Đã nhận',
    cashOut: 'Rút sớm {value}',
    cashOutConfirm: 'Chạm lần nữa để rút sớm {value}',
    cashOutDone: 'Đã rút sớm: {value} đã vào số dư.',
    cashOutChanged: 'Giá rút sớm đã đổi thành {value}. Chạm lần nữa để nhận.',
    kindNames: { single: 'Cược đơn', parlay: 'Xiên {n}', system: 'Hệ thống {name}' },
    network: 'Mất kết nối; vui lòng thử lại.',
  },
} as const;

/** Labels of both languages have the same keys (the page script reads them by key). */
export type SportsbookLabels = (typeof LABELS)[PageLanguage];

/** A brand is a catalogue vendor code (its colours are in sportsbook.css; an unknown one takes the house colours). */
const BRAND_CODE = /^[A-Z0-9]{1,16}$/;

export function renderSportsbookPage(input: {
  sessionId: string;
  currency: string;
  language: string;
  returnUrl: string;
  /** An e-sports brand of the engine (its catalogue vendor code and name), or none for the house book. */
  brand?: { code: string; name: string } | null;
}): string {
  const lang = languageOf(input.language);
  const l: SportsbookLabels = LABELS[lang];
  const brand = input.brand && BRAND_CODE.test(input.brand.code) ? input.brand : null;
  const title = brand ? brand.name : l.title;
  const back = safeReturnUrl(input.returnUrl);
  const scale = currencyScale(input.currency);
  const tabs = (['live', 'today', 'early', 'bets'] as const)
    .map(
      (view) =>
        `<button type="button" role="tab" class="tab" data-view="${view}" aria-selected="false">${escapeHtml(l.views[view])}${
          view === 'bets' ? ' <span class="count" id="open-count" hidden></span>' : ''
        }</button>`,
    )
    .join('');
  const formats = (['decimal', 'hongkong', 'malay', 'indonesian'] as const)
    .map((f) => `<option value="${f}">${escapeHtml(l.formats[f])}</option>`)
    .join('');
  const policies = (['none', 'higher', 'any'] as const).map((p) => `<option value="${p}">${escapeHtml(l.policies[p])}</option>`).join('');
  return `${pageHead({ language: lang, title, style: 'sportsbook.css', script: 'sportsbook-odds.js' })}<body>
<script src="/static/sportsbook.js" defer></script>
<main id="sportsbook" class="sb${brand ? ` sb--brand brand--${escapeHtml(brand.code.toLowerCase())}` : ''}" data-session="${escapeHtml(input.sessionId)}" data-scale="${scale}" data-currency="${escapeHtml(input.currency)}" data-lang="${lang}" data-labels="${escapeHtml(JSON.stringify(l))}">
  <header class="top">
    <h1>${brand ? `<span class="brand-mark">${escapeHtml(brand.code)}</span> ` : ''}${escapeHtml(title)}</h1>
    <p class="balance">${escapeHtml(l.balance)}: <output id="balance">…</output> ${escapeHtml(input.currency)}</p>
    <details class="settings" id="settings">
      <summary>${escapeHtml(l.settings)}</summary>
      <label>${escapeHtml(l.oddsFormat)} <select id="odds-format">${formats}</select></label>
    </details>
  </header>
  <nav class="tabs" role="tablist">${tabs}</nav>
  <aside class="sports" id="sports" aria-label="${escapeHtml(l.title)}"></aside>
  <section class="board" id="board" aria-live="polite"><p class="empty">${escapeHtml(l.loading)}</p></section>
  <section class="slip" id="slip" aria-label="${escapeHtml(l.slip)}">
    <header class="slip-head">
      <h2>${escapeHtml(l.slip)} <span class="count" id="slip-count">0</span></h2>
      <button type="button" class="link" id="slip-clear">${escapeHtml(l.clear)}</button>
      <button type="button" class="link slip-close" id="slip-close">${escapeHtml(l.hideSlip)}</button>
    </header>
    <div class="kinds" id="slip-kinds" role="tablist"></div>
    <ol class="legs" id="slip-legs"></ol>
    <p class="empty" id="slip-empty">${escapeHtml(l.slipEmpty)}</p>
    <form id="slip-form" class="slip-form" novalidate>
      <select id="slip-system" hidden></select>
      <label class="stake"><span id="stake-label">${escapeHtml(l.stake)}</span>
        <input id="slip-stake" type="number" inputmode="decimal" min="0" step="${scale === 0 ? '1' : (1 / 10 ** scale).toFixed(scale)}">
      </label>
      <p class="limits" id="slip-limits"></p>
      <dl class="sums">
        <dt>${escapeHtml(l.totalStake)}</dt><dd id="slip-total">—</dd>
        <dt>${escapeHtml(l.potentialReturn)}</dt><dd id="slip-return">—</dd>
      </dl>
      <label class="policy">${escapeHtml(l.policy)} <select id="odds-policy">${policies}</select></label>
      <ul class="problems" id="slip-problems"></ul>
      <button type="submit" class="primary" id="slip-place">${escapeHtml(l.place)}</button>
    </form>
    <p id="slip-message" class="message" role="status" aria-live="polite"></p>
  </section>
  <button type="button" class="slip-bar" id="slip-bar" hidden><span>${escapeHtml(l.showSlip)} <b id="slip-bar-count">0</b></span><span id="slip-bar-return"></span></button>
  ${back ? `<p class="back"><a href="${escapeHtml(back)}" target="_top">${escapeHtml(l.back)}</a></p>` : ''}
</main>
</body>
</html>
`;
}
