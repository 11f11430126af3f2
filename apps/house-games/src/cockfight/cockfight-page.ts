import { currencyScale } from '@platform/contracts/money-format';
import { CANCEL_AT_OR_BELOW_PER100, DRAW_PAYS_TO_ONE } from '@platform/sportsbook/cockfight';
import { escapeHtml, languageOf, type PageLanguage, pageHead, safeReturnUrl } from '../page.ts';
import type { FightRecord } from './cockfight-arena.ts';

/**
 * The cockfight page (markup only: the CSP allows no inline code; public/cockfight.js runs it) and
 * the public result page of a fight, drawn here on the server from the fight's record.
 */
const TEXT = {
  en: {
    title: 'Lotus Cockfight',
    balance: 'Balance',
    fight: 'Fight',
    meron: 'Meron',
    wala: 'Wala',
    draw: 'Draw',
    cancelled: 'Cancelled',
    noStream: 'No live stream for this arena right now',
    noStreamHint: 'Betting and results go on here; the video comes back when the arena sets it.',
    streamTitle: 'Live arena',
    stake: 'Stake',
    chips: 'Chips',
    confirm: 'Bet {side}',
    pickSide: 'Choose Meron, Wala or Draw',
    pool: 'Pool {amount}',
    per100: '{value} per 100',
    odds: 'Odds {value}',
    drawPays: 'Pays {n} to 1',
    noPrice: 'no bets yet',
    idle: 'Waiting for the next fight',
    betting: 'Betting is open',
    closed: 'Betting is closed: the fight is on',
    settling: 'Result: {result}, paying out',
    settled: 'Result: {result}',
    myBets: 'My bets this fight',
    noBets: 'You have no bet on this fight.',
    myBet: '{side}: {stake}',
    paid: 'returned {amount}',
    results: 'Last results',
    modePm: 'Pari-mutuel: the winners share the pool less {commission}% commission',
    modeFixed: 'Fixed odds set by the arena',
    limits: 'Stake {min} to {max} (Draw up to {drawMax})',
    rulesTitle: 'Rules',
    rules: [
      'Bet on Meron (red corner), Wala (blue corner) or Draw. Your stake is taken when the bet is placed.',
      'Pari-mutuel fights: the Meron and Wala bets form two pools; the winners share both pools less the commission, in proportion to their stakes. The return per 100 shown moves as bets come in and is fixed when betting closes.',
      'When betting closes, a pari-mutuel fight is cancelled and every stake refunded if a side would return {cancel} or less per 100, or has no bet.',
      'Fixed-odds fights: a winning bet returns stake × the odds it was placed at.',
      'A draw pays {draw} to 1 on Draw bets and gives Meron and Wala bets their stakes back. Draw bets lose when a side wins. A cancelled fight refunds every bet.',
    ],
    verify: 'Result page',
    back: 'Back to the site',
    arenas: 'Arenas',
    arenaNamed: 'Arena {n}',
    allArenas: 'All arenas',
    pickArena: 'Choose an arena to watch and bet',
    loadingArenas: 'Loading the arenas…',
    noArenas: 'No arena is open right now; come back soon.',
    hasStream: 'Live video',
    lastResults: 'Last results',
    fightNo: 'Fight #{n}',
    enter: 'Enter',
    modePmShort: 'Pari-mutuel',
    modeFixedShort: 'Fixed odds',
    placed: 'Bet placed: {side} {stake}.',
    errors: {
      BETTING_CLOSED: 'Betting is closed for this fight; wait for the next one.',
      SIDE_INVALID: 'Choose Meron, Wala or Draw, then place the bet.',
      STAKE_INVALID: 'Enter a stake in whole amounts, more than zero.',
      BELOW_MINIMUM: 'This stake is below the arena minimum; raise it and try again.',
      ABOVE_MAXIMUM: 'This stake is above the arena maximum; lower it and try again.',
      INSUFFICIENT_FUNDS: 'Your balance is too low for this stake; lower it or deposit first.',
      PLAYER_BLOCKED: 'Your account cannot bet right now; contact support.',
      SESSION_EXPIRED: 'Your game session has expired; open the game again from the site.',
      BET_REFUSED: 'The bet was refused; try again.',
      PLATFORM_UNREACHABLE: 'The bet did not go through (nothing was taken); try again.',
      network: 'The connection dropped; check your network and try again.',
    },
  },
  vi: {
    title: 'Đá Gà Lotus',
    balance: 'Số dư',
    fight: 'Trận',
    meron: 'Meron',
    wala: 'Wala',
    draw: 'Hòa',
    cancelled: 'Hủy',
    noStream: 'Sới này hiện chưa có video trực tiếp',
    noStreamHint: 'Cược và kết quả vẫn diễn ra tại đây; video sẽ trở lại khi sới bật luồng phát.',
    streamTitle: 'Sới trực tiếp',
    stake: 'Tiền cược',
    chips: 'Phỉnh',
    confirm: 'Cược {side}',
    pickSide: 'Chọn Meron, Wala hoặc Hòa',
    pool: 'Quỹ {amount}',
    per100: '{value} / 100',
    odds: 'Tỷ lệ {value}',
    drawPays: 'Trả {n} ăn 1',
    noPrice: 'chưa có cược',
    idle: 'Đang chờ trận tiếp theo',
    betting: 'Đang mở cược',
    closed: 'Đã đóng cược: trận đang diễn ra',
    settling: 'Kết quả: {result}, đang trả thưởng',
    settled: 'Kết quả: {result}',
    myBets: 'Cược của tôi trận này',
    noBets: 'Bạn chưa cược trận này.',
    myBet: '{side}: {stake}',
    paid: 'nhận lại {amount}',
    results: 'Kết quả gần đây',
    modePm: 'Cược chia quỹ: bên thắng chia tổng quỹ sau khi trừ {commission}% phí',
    modeFixed: 'Tỷ lệ cố định do sới đặt',
    limits: 'Cược từ {min} đến {max} (Hòa tối đa {drawMax})',
    rulesTitle: 'Luật chơi',
    rules: [
      'Cược Meron (góc đỏ), Wala (góc xanh) hoặc Hòa. Tiền cược được trừ ngay khi đặt.',
      'Trận chia quỹ: cược Meron và Wala tạo thành hai quỹ; bên thắng chia cả hai quỹ sau khi trừ phí, theo tỷ lệ tiền cược. Mức trả trên 100 thay đổi theo cược vào và được chốt khi đóng cược.',
      'Khi đóng cược, trận chia quỹ bị hủy và hoàn toàn bộ tiền cược nếu một bên chỉ trả {cancel} hoặc thấp hơn trên 100, hoặc không có cược nào.',
      'Trận tỷ lệ cố định: cược thắng nhận lại tiền cược × tỷ lệ lúc đặt.',
      'Hòa trả {draw} ăn 1 cho cược Hòa và hoàn tiền cược Meron, Wala. Cược Hòa thua khi một bên thắng. Trận bị hủy hoàn mọi cược.',
    ],
    verify: 'Trang kết quả',
    back: 'Quay lại trang chính',
    arenas: 'Các sới',
    arenaNamed: 'Sới {n}',
    allArenas: 'Tất cả sới',
    pickArena: 'Chọn một sới để xem và đặt cược',
    loadingArenas: 'Đang tải danh sách sới…',
    noArenas: 'Hiện chưa có sới nào mở; hãy quay lại sau.',
    hasStream: 'Có video trực tiếp',
    lastResults: 'Kết quả gần đây',
    fightNo: 'Trận #{n}',
    enter: 'Vào sới',
    modePmShort: 'Chia quỹ',
    modeFixedShort: 'Tỷ lệ cố định',
    placed: 'Đã đặt cược: {side} {stake}.',
    errors: {
      BETTING_CLOSED: 'Trận này đã đóng cược; hãy chờ trận tiếp theo.',
      SIDE_INVALID: 'Hãy chọn Meron, Wala hoặc Hòa rồi đặt cược.',
      STAKE_INVALID: 'Hãy nhập số tiền cược là số nguyên lớn hơn 0.',
      BELOW_MINIMUM: 'Tiền cược thấp hơn mức tối thiểu của sới; hãy tăng lên rồi thử lại.',
      ABOVE_MAXIMUM: 'Tiền cược cao hơn mức tối đa của sới; hãy giảm xuống rồi thử lại.',
      INSUFFICIENT_FUNDS: 'Số dư không đủ cho mức cược này; hãy giảm tiền cược hoặc nạp thêm.',
      PLAYER_BLOCKED: 'Tài khoản của bạn hiện không thể đặt cược; hãy liên hệ hỗ trợ.',
      SESSION_EXPIRED: 'Phiên chơi đã hết hạn; hãy mở lại trò chơi từ trang chính.',
      BET_REFUSED: 'Cược bị từ chối; hãy thử lại.',
      PLATFORM_UNREACHABLE: 'Cược chưa được ghi nhận (không bị trừ tiền); hãy thử lại.',
      network: 'Mất kết nối; hãy kiểm tra mạng rồi thử lại.',
    },
  },
} as const;

/** An arena's name as members read it: the operator's, else "Arena <n>" from its id. */
function arenaTitle(arena: { arenaId: string; name: string }, lang: PageLanguage): string {
  return arena.name || fill(TEXT[lang].arenaNamed, { n: arena.arenaId.replace(/^a/, '') });
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
const per100Text = (hundredths: number) => (hundredths / 100).toFixed(2);

/** The "no stream" panel: a camera with a slash, drawn here (no picture is fetched). */
const NO_STREAM_SVG =
  '<svg class="no-stream-icon" viewBox="0 0 64 48" aria-hidden="true" focusable="false"><rect x="4" y="10" width="38" height="28" rx="5" fill="none" stroke="currentColor" stroke-width="3"/><path d="M42 20l16-9v26l-16-9z" fill="none" stroke="currentColor" stroke-width="3" stroke-linejoin="round"/><path d="M6 44L56 4" stroke="currentColor" stroke-width="3.5" stroke-linecap="round"/></svg>';

export function renderCockfightPage(input: {
  sessionId: string;
  gameCode: string;
  currency: string;
  language: string;
  returnUrl: string;
}): string {
  const lang = languageOf(input.language);
  const l = TEXT[lang];
  const back = safeReturnUrl(input.returnUrl);
  const rules = l.rules
    .map((r) => `<li>${escapeHtml(fill(r, { cancel: per100Text(CANCEL_AT_OR_BELOW_PER100), draw: DRAW_PAYS_TO_ONE }))}</li>`)
    .join('');
  const side = (key: 'meron' | 'wala' | 'draw') =>
    `<button type="button" class="side side-${key}" data-side="${key}" aria-pressed="false" disabled><span class="side-name">${l[key]}</span><span class="side-price" id="price-${key}"></span><span class="side-pool" id="pool-${key}"></span></button>`;
  return `${pageHead({ language: lang, title: l.title, style: 'cockfight.css', script: 'cockfight.js' })}
<body>
<main id="cockfight" class="cockfight" data-session="${escapeHtml(input.sessionId)}" data-code="${escapeHtml(input.gameCode)}" data-currency="${escapeHtml(input.currency)}" data-scale="${currencyScale(input.currency)}" data-lang="${lang}" data-labels="${escapeHtml(JSON.stringify(l))}">
  <header class="top">
    <h1>${l.title} <span class="arena-name" id="arena-name"></span> <span class="fight-no" id="fight-no"></span></h1>
    <p class="balance">${l.balance}: <output id="balance">…</output> ${escapeHtml(input.currency)}</p>
  </header>
  <nav class="arena-nav" id="arena-nav" hidden><button type="button" id="to-lobby" class="to-lobby">← ${l.allArenas}</button></nav>
  <section class="lobby" id="lobby" aria-labelledby="lobby-title">
    <h2 id="lobby-title">${l.arenas}</h2>
    <p class="lobby-hint" id="lobby-hint">${l.loadingArenas}</p>
    <ul class="arena-list" id="arena-list"></ul>
  </section>
  <div class="arena-view" id="arena-view" hidden>
  <section class="stage" aria-label="${l.streamTitle}">
    <div id="stream" class="stream">
      <div id="no-stream" class="no-stream" role="img" aria-label="${l.noStream}">${NO_STREAM_SVG}<p class="no-stream-title">${l.noStream}</p><p class="no-stream-hint">${l.noStreamHint}</p></div>
    </div>
  </section>
  <section class="panel">
    <p id="status" class="status" role="status" aria-live="polite"></p>
    <p id="mode" class="mode"></p>
    <div class="sides" role="group" aria-label="${l.pickSide}">${side('meron')}${side('draw')}${side('wala')}</div>
    <label class="stake-row">${l.stake} <input id="stake" type="number" inputmode="numeric" min="0" step="1"></label>
    <div class="chips" id="chips" role="group" aria-label="${l.chips}"></div>
    <button type="button" id="confirm" class="confirm" disabled>${l.pickSide}</button>
    <p id="limits" class="limits"></p>
    <p id="message" class="message" role="alert"></p>
    <h2>${l.myBets}</h2>
    <ul id="my-bets" class="my-bets"></ul>
  </section>
  <section class="results">
    <h2>${l.results}</h2>
    <ol id="results" class="results-strip"></ol>
  </section>
  </div>
  <section class="rules">
    <h2>${l.rulesTitle}</h2>
    <ul>${rules}</ul>
    ${back ? `<p><a href="${escapeHtml(back)}" target="_top">${l.back}</a></p>` : ''}
  </section>
</main>
</body>
</html>
`;
}

const RESULT_TEXT = {
  en: {
    title: '{game}: {arena}, fight {fight}',
    pick: 'Fight results',
    missing: 'This fight is not kept here (or not finished yet). Pick a recent fight:',
    mode: 'Mode',
    pm: 'Pari-mutuel, commission {commission}%',
    fixed: 'Fixed odds: Meron {meron}, Wala {wala}; Draw pays {draw} to 1',
    declared: 'Result declared',
    settledAs: 'Settled as',
    pools: 'Pools',
    poolLine: 'Meron {meron} · Wala {wala} · Draw {draw}',
    per100: 'Return per 100',
    per100Line: 'Meron {meron} · Wala {wala}',
    why: 'Per 100 on a side S = (Meron + Wala) × (1 − commission) ÷ S × 100, truncated to hundredths; a fight where a side returns {cancel} or less per 100, or has no bet, is cancelled at close and every stake refunded. A draw pays {draw} to 1 on Draw bets and refunds Meron and Wala.',
    whyFixed:
      'A winning bet returns its stake × the odds it was placed at, rounded down to the unit. A draw pays {draw} to 1 on Draw bets and refunds Meron and Wala.',
    cancelRule: 'Cancelled by the 107 rule: a side would have returned {cancel} or less per 100 (or had no bet).',
    bets: 'Bets',
    player: 'Player',
    side: 'Side',
    stake: 'Stake',
    price: 'Odds',
    returned: 'Returned',
    totals: '{bets} bets, staked {staked}, returned {paid}',
    meron: 'Meron',
    wala: 'Wala',
    draw: 'Draw',
    cancelled: 'Cancelled',
  },
  vi: {
    title: '{game}: {arena}, trận {fight}',
    pick: 'Kết quả các trận',
    missing: 'Trận này không còn lưu ở đây (hoặc chưa kết thúc). Chọn một trận gần đây:',
    mode: 'Kiểu cược',
    pm: 'Chia quỹ, phí {commission}%',
    fixed: 'Tỷ lệ cố định: Meron {meron}, Wala {wala}; Hòa trả {draw} ăn 1',
    declared: 'Kết quả công bố',
    settledAs: 'Thanh toán theo',
    pools: 'Quỹ cược',
    poolLine: 'Meron {meron} · Wala {wala} · Hòa {draw}',
    per100: 'Mức trả trên 100',
    per100Line: 'Meron {meron} · Wala {wala}',
    why: 'Mức trả trên 100 của bên S = (Meron + Wala) × (1 − phí) ÷ S × 100, làm tròn xuống đến phần trăm; trận có một bên trả {cancel} hoặc thấp hơn trên 100, hoặc không có cược, bị hủy khi đóng cược và hoàn toàn bộ tiền. Hòa trả {draw} ăn 1 cho cược Hòa và hoàn tiền Meron, Wala.',
    whyFixed:
      'Cược thắng nhận lại tiền cược × tỷ lệ lúc đặt, làm tròn xuống đến đơn vị. Hòa trả {draw} ăn 1 cho cược Hòa và hoàn tiền Meron, Wala.',
    cancelRule: 'Bị hủy theo quy tắc 107: một bên chỉ trả {cancel} hoặc thấp hơn trên 100 (hoặc không có cược).',
    bets: 'Các cược',
    player: 'Người chơi',
    side: 'Cửa',
    stake: 'Tiền cược',
    price: 'Tỷ lệ',
    returned: 'Nhận lại',
    totals: '{bets} cược, tổng cược {staked}, trả lại {paid}',
    meron: 'Meron',
    wala: 'Wala',
    draw: 'Hòa',
    cancelled: 'Hủy',
  },
} as const;

/** The public result page of a fight: its terms, pools, returns per 100, result and every bet (names masked). */
export function renderFightPage(input: {
  language: string;
  gameCode: string;
  /** The arena asked for (null: no such arena). */
  arena: { arenaId: string; name: string } | null;
  record: FightRecord | undefined;
  recent: { fight: number; result: string | null }[];
}): string {
  const lang: PageLanguage = languageOf(input.language);
  const l = RESULT_TEXT[lang];
  const game = TEXT[lang].title;
  const number = (n: number) => n.toLocaleString(lang === 'vi' ? 'vi-VN' : 'en-GB');
  const named = (key: string | null) => (key ? (l[key as 'meron' | 'wala' | 'draw' | 'cancelled'] ?? key) : '—');
  const r = input.record;
  const arenaId = input.arena?.arenaId ?? '';
  const arenaName = input.arena ? arenaTitle(input.arena, lang) : '';
  const title = r ? fill(l.title, { game, arena: arenaName, fight: r.fight }) : arenaName ? `${l.pick}: ${arenaName}` : l.pick;
  const links = input.recent
    .slice(0, 60)
    .map(
      (h) =>
        `<li><a href="?arena=${escapeHtml(arenaId)}&amp;fight=${h.fight}&amp;lang=${lang}">#${h.fight} ${escapeHtml(named(h.result))}</a></li>`,
    )
    .join('');
  let body: string;
  if (!r) body = `<p>${l.missing}</p><ol class="results-links">${links}</ol>`;
  else {
    const t = r.terms;
    const mode =
      t.mode === 'pari-mutuel'
        ? fill(l.pm, { commission: t.commissionBp / 100 })
        : fill(l.fixed, { meron: (t.odds.meron / 1000).toFixed(2), wala: (t.odds.wala / 1000).toFixed(2), draw: DRAW_PAYS_TO_ONE });
    const p100 = (v: number | null) => (v === null ? '—' : per100Text(v));
    const isRuleCancel = t.mode === 'pari-mutuel' && r.result === 'cancelled' && r.declared !== 'cancelled';
    const rows = r.bets
      .map(
        (b) =>
          `<tr><td>${escapeHtml(b.player)}</td><td class="bet-${b.side}">${named(b.side)}</td><td>${number(b.stake)}</td><td>${b.price === null ? '—' : (b.price / 1000).toFixed(2)}</td><td>${b.paid === null ? '—' : number(b.paid)}</td></tr>`,
      )
      .join('');
    body = `<dl class="fight-facts">
  <dt>${l.mode}</dt><dd>${escapeHtml(mode)}</dd>
  <dt>${l.declared}</dt><dd>${escapeHtml(named(r.declared))}</dd>
  <dt>${l.settledAs}</dt><dd class="result-${r.result ?? 'none'}"><strong>${escapeHtml(named(r.result))}</strong></dd>
  <dt>${l.pools}</dt><dd>${escapeHtml(fill(l.poolLine, { meron: number(r.pools.meron), wala: number(r.pools.wala), draw: number(r.pools.draw) }))}</dd>
  ${t.mode === 'pari-mutuel' ? `<dt>${l.per100}</dt><dd>${escapeHtml(fill(l.per100Line, { meron: p100(r.per100.meron), wala: p100(r.per100.wala) }))}</dd>` : ''}
</dl>
${isRuleCancel ? `<p class="notice">${escapeHtml(fill(l.cancelRule, { cancel: per100Text(CANCEL_AT_OR_BELOW_PER100) }))}</p>` : ''}
<p>${escapeHtml(fill(t.mode === 'pari-mutuel' ? l.why : l.whyFixed, { cancel: per100Text(CANCEL_AT_OR_BELOW_PER100), draw: DRAW_PAYS_TO_ONE }))}</p>
<h2>${l.bets}</h2>
<p>${escapeHtml(fill(l.totals, { bets: r.bets.length, staked: number(r.staked), paid: number(r.paid) }))}</p>
<div class="table-wrap"><table class="fight-bets"><thead><tr><th>${l.player}</th><th>${l.side}</th><th>${l.stake}</th><th>${l.price}</th><th>${l.returned}</th></tr></thead><tbody>${rows}</tbody></table></div>
<h2>${l.pick}</h2><ol class="results-links">${links}</ol>`;
  }
  return `${pageHead({ language: lang, title, style: 'cockfight.css' })}
<body class="result-body">
<main class="fight-result" data-game="${escapeHtml(input.gameCode)}">
  <h1>${escapeHtml(title)}</h1>
  ${body}
</main>
</body>
</html>
`;
}
