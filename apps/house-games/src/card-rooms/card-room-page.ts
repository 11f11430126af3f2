import { currencyScale } from '@platform/contracts/money-format';
import { escapeHtml, languageOf, pageHead, safeReturnUrl } from '../page.ts';

/** The card rooms' page (room list, then the table): markup only; public/card-rooms.js runs it. */
const LABELS = {
  en: {
    title: { 'tien-len': 'Tiến lên miền Nam', 'bai-cao': 'Bài cào', 'mau-binh': 'Mậu binh' },
    balance: 'Balance',
    back: 'Back to the site',
    rooms: 'Rooms',
    room: 'Room',
    stake: 'Stake',
    minBalance: 'Minimum balance',
    seatsTaken: 'Seats',
    rake: 'Rake',
    join: 'Sit down',
    rejoin: 'Back to my seat',
    leave: 'Leave the table',
    leaving: 'You leave after this hand',
    play: 'Play',
    pass: 'Pass',
    hand: 'Hand',
    you: 'You',
    empty: 'Empty seat',
    away: 'away',
    waiting: 'Waiting for players: a hand starts when two or more are seated',
    startsIn: 'Next hand in {s} s',
    yourTurn: 'Your turn: {s} s',
    theirTurn: 'Seat {seat} to play: {s} s',
    lead: 'You lead: play any combination',
    mustPlay: 'The first play must contain {card}',
    passed: 'passed',
    auto: 'auto',
    antes: 'Taking the antes',
    showdown: 'Showdown',
    won: 'Hand {hand}: seat {seats} wins {payout} (pot {pot}, rake {rake})',
    instant: 'instant win',
    voided: 'Hand {hand} was void: every ante was refunded',
    fairness: 'Provably fair',
    commitment: 'Seed commitment (SHA-256) of this hand',
    history: 'Last hands',
    verify: 'Verify a hand',
    rowBack: 'Back (chi 1)',
    rowMiddle: 'Middle (chi 2)',
    rowFront: 'Front (chi 3)',
    autoArrange: 'Auto-arrange',
    submit: 'Submit rows',
    arrangeTime: 'Arrange your rows: {s} s',
    arrangedWait: 'Rows sent; waiting for the others: {s} s',
    swapHint: 'Tap two cards to swap them.',
    fouledWarn: 'Fouled (binh lủng): the back must be at least the middle, the middle at least the front.',
    fouled: 'fouled',
    vsSeat: 'vs seat {seat}',
    units: '{units} units',
    mbResult: 'Hand {hand}: you {units} units ({amount}); rake {rake}',
    kinds: {
      HIGH_CARD: 'high card',
      PAIR: 'pair',
      TWO_PAIR: 'two pair',
      THREE_OF_A_KIND: 'three of a kind',
      STRAIGHT: 'straight',
      FLUSH: 'flush',
      FULL_HOUSE: 'full house',
      FOUR_OF_A_KIND: 'four of a kind',
      STRAIGHT_FLUSH: 'straight flush',
    },
    rules: {
      'tien-len':
        'Four players, 13 cards each. Ranks 3 low to 2 high, suits ♠ ♣ ♦ ♥. Singles, pairs, triples, straights of 3+ (no 2), three or more consecutive pairs, four of a kind. Beat the last play with the same kind and size and a higher top card. Chặt: three consecutive pairs beat a 2; four of a kind beats a 2, a pair of 2s or three consecutive pairs; four consecutive pairs beat all of these and four of a kind. A pass is out until the round ends. Instant wins at the deal: dragon straight 3 to A, four 2s, five consecutive pairs, six pairs. The first player out takes the pot less the rake.',
      'bai-cao':
        'Each player gets three cards: A is 1, 2 to 9 their number, 10 J Q K are 10; points are the sum mod 10. Three face cards (ba cào) beat every score. The best hand takes the pot less the rake; equal best hands share it.',
      'mau-binh':
        'Up to four players, 13 cards each, arranged in three rows: back (chi 1, 5 cards) ≥ middle (chi 2, 5 cards) ≥ front (chi 3, 3 cards), or the hand is fouled (binh lủng). Straight flush > four of a kind > full house > flush > straight > three of a kind > two pair > pair > high card; A-2-3-4-5 is the lowest straight; suits never break a tie. The front has only three of a kind > pair > high card. Against each other player, each row won is 1 unit (the room stake), a tie 0; winning all three rows doubles (6 units). A fouled hand loses 6 units to every hand that is not fouled. The ante held at the deal is the most you can lose (6 units per opponent); the rest comes back at the end. The rake is taken from each net win.',
    },
    errors: {
      ROOM_FULL: 'This room is full; choose another one.',
      BALANCE_TOO_LOW: 'Your balance is below the minimum of this room.',
      IDENTITY_CONFLICT: 'An account linked to yours already sits at this table; choose another room.',
      NOT_SEATED: 'You are not seated at this table.',
      NO_HAND: 'No hand is being played at the moment.',
      CARDS_INVALID: 'Those cards are not valid.',
      NOT_YOUR_TURN: 'It is not your turn.',
      HAND_OVER: 'The hand is over.',
      NOT_YOUR_CARDS: 'You do not hold those cards.',
      INVALID_COMBINATION: 'Those cards do not make a combination.',
      DOES_NOT_BEAT: 'That play does not beat the cards on the table.',
      MUST_PLAY_LOWEST: 'The first play of the hand must contain the lowest card.',
      CANNOT_PASS_LEAD: 'You lead this round: play something.',
      ALREADY_ARRANGED: 'Your rows are already in for this hand.',
      ROOM_UNKNOWN: 'That room does not exist.',
      INSUFFICIENT_FUNDS: 'Your balance is too low for the ante.',
      PLAYER_BLOCKED: 'Your account cannot play at the moment.',
      SESSION_EXPIRED: 'Your game session has ended; open the game again from the site.',
      BET_REFUSED: 'The platform refused the call; try again.',
      PLATFORM_UNREACHABLE: 'The platform could not be reached; try again.',
      NETWORK: 'The connection was lost; trying again.',
    },
  },
  vi: {
    title: { 'tien-len': 'Tiến lên miền Nam', 'bai-cao': 'Bài cào', 'mau-binh': 'Mậu binh' },
    balance: 'Số dư',
    back: 'Quay lại trang',
    rooms: 'Phòng chơi',
    room: 'Phòng',
    stake: 'Mức cược',
    minBalance: 'Số dư tối thiểu',
    seatsTaken: 'Ghế',
    rake: 'Phí bàn',
    join: 'Vào bàn',
    rejoin: 'Quay lại ghế của tôi',
    leave: 'Rời bàn',
    leaving: 'Bạn sẽ rời bàn sau ván này',
    play: 'Đánh',
    pass: 'Bỏ lượt',
    hand: 'Ván',
    you: 'Bạn',
    empty: 'Ghế trống',
    away: 'vắng',
    waiting: 'Đang chờ người chơi: ván bắt đầu khi có từ hai người',
    startsIn: 'Ván mới sau {s} giây',
    yourTurn: 'Đến lượt bạn: {s} giây',
    theirTurn: 'Ghế {seat} đang đánh: {s} giây',
    lead: 'Bạn được đi trước: đánh bộ bất kỳ',
    mustPlay: 'Nước đầu tiên phải có lá {card}',
    passed: 'bỏ lượt',
    auto: 'tự động',
    antes: 'Đang thu tiền cược',
    showdown: 'Lật bài',
    won: 'Ván {hand}: ghế {seats} thắng {payout} (tổng cược {pot}, phí bàn {rake})',
    instant: 'tới trắng',
    voided: 'Ván {hand} bị hủy: mọi tiền cược đã được hoàn',
    fairness: 'Công bằng có thể kiểm chứng',
    commitment: 'Cam kết hạt giống (SHA-256) của ván này',
    history: 'Các ván trước',
    verify: 'Kiểm tra một ván',
    rowBack: 'Chi 1 (5 lá)',
    rowMiddle: 'Chi 2 (5 lá)',
    rowFront: 'Chi 3 (3 lá)',
    autoArrange: 'Xếp tự động',
    submit: 'Xếp xong',
    arrangeTime: 'Xếp bài: {s} giây',
    arrangedWait: 'Đã xếp xong; chờ người khác: {s} giây',
    swapHint: 'Chạm hai lá để đổi chỗ.',
    fouledWarn: 'Binh lủng: chi 1 phải lớn hơn hoặc bằng chi 2, chi 2 lớn hơn hoặc bằng chi 3.',
    fouled: 'lủng',
    vsSeat: 'với ghế {seat}',
    units: '{units} đơn vị',
    mbResult: 'Ván {hand}: bạn {units} đơn vị ({amount}); phí bàn {rake}',
    kinds: {
      HIGH_CARD: 'mậu thầu',
      PAIR: 'đôi',
      TWO_PAIR: 'thú',
      THREE_OF_A_KIND: 'sám cô',
      STRAIGHT: 'sảnh',
      FLUSH: 'thùng',
      FULL_HOUSE: 'cù lũ',
      FOUR_OF_A_KIND: 'tứ quý',
      STRAIGHT_FLUSH: 'thùng phá sảnh',
    },
    rules: {
      'tien-len':
        'Bốn người, mỗi người 13 lá. Thứ tự từ 3 thấp nhất đến 2 cao nhất, chất ♠ ♣ ♦ ♥. Đánh rác, đôi, sám, sảnh từ 3 lá (không có 2), đôi thông từ ba đôi, tứ quý. Chặn nước trước bằng bộ cùng loại, cùng số lá và lá cao nhất lớn hơn. Chặt: ba đôi thông chặt một heo; tứ quý chặt một heo, đôi heo hoặc ba đôi thông; bốn đôi thông chặt tất cả những bộ đó và tứ quý. Đã bỏ lượt thì chờ vòng mới. Tới trắng khi chia bài: sảnh rồng 3 đến A, tứ quý heo, năm đôi thông, sáu đôi. Người hết bài đầu tiên ăn cả tiền cược trừ phí bàn.',
      'bai-cao':
        'Mỗi người ba lá: A là 1, 2 đến 9 theo số, 10 J Q K là 10; điểm là tổng chia 10 lấy dư. Ba lá hình (ba cào) thắng mọi điểm. Bài cao nhất ăn cả tiền cược trừ phí bàn; bằng điểm thì chia đều.',
      'mau-binh':
        'Tối đa bốn người, mỗi người 13 lá, xếp thành ba chi: chi 1 (5 lá) ≥ chi 2 (5 lá) ≥ chi 3 (3 lá), nếu không là binh lủng. Thùng phá sảnh > tứ quý > cù lũ > thùng > sảnh > sám cô > thú > đôi > mậu thầu; A-2-3-4-5 là sảnh nhỏ nhất; chất không phân định bằng nhau. Chi 3 chỉ có sám cô > đôi > mậu thầu. Với mỗi người chơi khác, thắng một chi được 1 đơn vị (mức cược của phòng), hòa 0; thắng cả ba chi (sập ba chi) được gấp đôi, 6 đơn vị. Binh lủng thua 6 đơn vị cho mỗi người không lủng. Tiền giữ khi chia bài là mức thua tối đa (6 đơn vị cho mỗi đối thủ); phần còn lại được trả khi kết thúc. Phí bàn lấy trên phần thắng ròng.',
    },
    errors: {
      ROOM_FULL: 'Phòng này đã đủ người; hãy chọn phòng khác.',
      BALANCE_TOO_LOW: 'Số dư của bạn thấp hơn mức tối thiểu của phòng này.',
      IDENTITY_CONFLICT: 'Một tài khoản liên kết với bạn đang ngồi ở bàn này; hãy chọn phòng khác.',
      NOT_SEATED: 'Bạn chưa ngồi ở bàn này.',
      NO_HAND: 'Hiện không có ván nào đang chơi.',
      CARDS_INVALID: 'Các lá bài này không hợp lệ.',
      NOT_YOUR_TURN: 'Chưa đến lượt bạn.',
      HAND_OVER: 'Ván đã kết thúc.',
      NOT_YOUR_CARDS: 'Bạn không có những lá bài này.',
      INVALID_COMBINATION: 'Các lá này không tạo thành một bộ.',
      DOES_NOT_BEAT: 'Nước này không chặn được bài trên bàn.',
      MUST_PLAY_LOWEST: 'Nước đầu tiên của ván phải có lá nhỏ nhất.',
      CANNOT_PASS_LEAD: 'Bạn đi đầu vòng này: hãy đánh một bộ.',
      ALREADY_ARRANGED: 'Bạn đã xếp bài xong cho ván này.',
      ROOM_UNKNOWN: 'Phòng này không tồn tại.',
      INSUFFICIENT_FUNDS: 'Số dư của bạn không đủ cho tiền cược.',
      PLAYER_BLOCKED: 'Tài khoản của bạn hiện không thể chơi.',
      SESSION_EXPIRED: 'Phiên chơi đã hết; hãy mở lại trò chơi từ trang.',
      BET_REFUSED: 'Nền tảng đã từ chối; hãy thử lại.',
      PLATFORM_UNREACHABLE: 'Không kết nối được với nền tảng; hãy thử lại.',
      NETWORK: 'Mất kết nối; đang thử lại.',
    },
  },
} as const;

const pageGame = (code: string) => (code === 'bai-cao' || code === 'mau-binh' ? code : 'tien-len');

export type CardRoomPageInput = {
  sessionId: string;
  gameCode: string;
  currency: string;
  language: string;
  returnUrl: string;
  username: string;
};

export function renderCardRoomPage(input: CardRoomPageInput): string {
  const lang = languageOf(input.language);
  const l = LABELS[lang];
  const game = pageGame(input.gameCode);
  const back = safeReturnUrl(input.returnUrl);
  return `${pageHead({ language: lang, title: l.title[game], style: 'card-rooms.css', script: 'card-rooms.js' })}
<body>
<main id="cards" class="cards" data-session="${escapeHtml(input.sessionId)}" data-game="${game}" data-lang="${lang}" data-scale="${currencyScale(input.currency)}" data-labels="${escapeHtml(JSON.stringify(l))}">
  <header class="top">
    <h1>${escapeHtml(l.title[game])}</h1>
    <p class="balance">${l.balance}: <strong id="balance">—</strong> ${escapeHtml(input.currency)}</p>
    ${back ? `<a class="back" href="${escapeHtml(back)}" target="_top">${l.back}</a>` : ''}
  </header>
  <section id="lobby" class="lobby" aria-labelledby="rooms-title">
    <h2 id="rooms-title">${l.rooms}</h2>
    <table class="rooms">
      <thead><tr><th>${l.room}</th><th>${l.stake}</th><th>${l.minBalance}</th><th>${l.seatsTaken}</th><th>${l.rake}</th><th></th></tr></thead>
      <tbody id="room-list"></tbody>
    </table>
    <p class="rules">${escapeHtml(l.rules[game])}</p>
  </section>
  <section id="table" class="table" hidden>
    <div class="table-head">
      <h2 id="room-title"></h2>
      <button id="leave" type="button" class="ghost">${l.leave}</button>
    </div>
    <ol id="seats" class="seats"></ol>
    <div id="felt" class="felt">
      <p id="status" class="status" role="status" aria-live="polite"></p>
      <ul id="table-cards" class="hand small" aria-label="table"></ul>
    </div>
    <ul id="my-cards" class="hand mine"></ul>
    <div id="mb" class="mb" hidden>
      <p class="mb-hint">${l.swapHint}</p>
      ${(['back', 'middle', 'front'] as const)
        .map(
          (row) =>
            `<div class="mb-row" data-row="${row}"><p class="mb-label">${l[`row${row[0]?.toUpperCase()}${row.slice(1)}` as 'rowBack']} <em id="mb-kind-${row}"></em></p><ul id="mb-${row}" class="hand mine"></ul></div>`,
        )
        .join('\n      ')}
      <p id="mb-warn" class="mb-warn" role="status"></p>
    </div>
    <div class="actions">
      <button id="play" type="button">${l.play}</button>
      <button id="pass" type="button" class="ghost">${l.pass}</button>
      <button id="mb-auto" type="button" class="ghost" hidden>${l.autoArrange}</button>
      <button id="mb-submit" type="button" hidden>${l.submit}</button>
    </div>
    <p id="result" class="result" aria-live="polite"></p>
    <details class="fair">
      <summary>${l.fairness}</summary>
      <p>${l.commitment}: <code id="commitment"></code></p>
      <ol id="history" class="history"></ol>
      <p><a id="verify-link" href="/verify/${game}?lang=${lang}" target="_blank" rel="noopener">${l.verify}</a></p>
    </details>
  </section>
  <p id="message" class="message" role="alert"></p>
</main>
</body>
</html>
`;
}

const VERIFY_LABELS = {
  en: {
    title: { 'tien-len': 'Tiến lên miền Nam: verify a hand', 'bai-cao': 'Bài cào: verify a hand', 'mau-binh': 'Mậu binh: verify a hand' },
    intro:
      "Each hand commits to SHA-256(server seed) before the antes are taken and publishes the seed when it ends. Pick a recent hand (or enter a room, a hand number, its seeds and the seats dealt in): the server deals again exactly as the room did, HMAC-SHA256(server seed, client seed:hand:cursor) shuffling a fresh 52-card deck dealt seat after seat, checks the seed against the commitment and compares the cards with the hand's record. The plays are the players' own choices, listed in the record. The script packages/games/scripts/verify-round.ts (--game <game> --seats 0,1,2,3) does the same offline.",
    room: 'Room',
    hand: 'Hand',
    seed: 'Server seed',
    clientSeed: 'Client seed',
    commitment: 'Commitment',
    seats: 'Seats dealt in (e.g. 0,1,2,3)',
    check: 'Check',
    matches: 'The seed matches the commitment',
    differs: 'The seed does NOT match the commitment',
    recorded: 'The cards are those the hand recorded',
    notRecorded: 'The cards are NOT those the hand recorded',
    seat: 'Seat {seat}',
    score: 'points {score}',
    baCao: 'ba cào',
    winners: 'Best hand: seat {seats}',
    instant: 'instant win',
    recent: 'Recent hands',
    pick: 'Hand {hand} · room {room}',
    error: 'Give a room, a hand number and its seeds, or pick a finished hand.',
  },
  vi: {
    title: {
      'tien-len': 'Tiến lên miền Nam: kiểm tra một ván',
      'bai-cao': 'Bài cào: kiểm tra một ván',
      'mau-binh': 'Mậu binh: kiểm tra một ván',
    },
    intro:
      'Mỗi ván cam kết SHA-256(hạt giống máy chủ) trước khi thu tiền cược và công bố hạt giống khi kết thúc. Chọn một ván gần đây (hoặc nhập phòng, số ván, các hạt giống và các ghế được chia bài): máy chủ chia lại đúng như phòng đã chia, HMAC-SHA256(hạt giống máy chủ, hạt giống khách:ván:vị trí) xáo một cỗ 52 lá mới và chia lần lượt từng ghế, kiểm tra hạt giống với cam kết và so các lá với bản ghi của ván. Các nước đánh là lựa chọn của người chơi, có trong bản ghi. Tập lệnh packages/games/scripts/verify-round.ts (--game <trò chơi> --seats 0,1,2,3) làm điều tương tự khi không có mạng.',
    room: 'Phòng',
    hand: 'Ván',
    seed: 'Hạt giống máy chủ',
    clientSeed: 'Hạt giống khách',
    commitment: 'Cam kết',
    seats: 'Các ghế được chia bài (ví dụ 0,1,2,3)',
    check: 'Kiểm tra',
    matches: 'Hạt giống khớp với cam kết',
    differs: 'Hạt giống KHÔNG khớp với cam kết',
    recorded: 'Các lá đúng như bản ghi của ván',
    notRecorded: 'Các lá KHÔNG đúng như bản ghi của ván',
    seat: 'Ghế {seat}',
    score: '{score} điểm',
    baCao: 'ba cào',
    winners: 'Bài cao nhất: ghế {seats}',
    instant: 'tới trắng',
    recent: 'Các ván gần đây',
    pick: 'Ván {hand} · phòng {room}',
    error: 'Hãy nhập phòng, số ván và các hạt giống, hoặc chọn một ván đã kết thúc.',
  },
} as const;

/** The public verify page of a card game: a form and the recent hands of its rooms (public/verify-cards.js). */
export function renderCardVerifyPage(input: { language: string; gameCode: string; rooms: readonly string[] }): string {
  const lang = languageOf(input.language);
  const l = VERIFY_LABELS[lang];
  const game = pageGame(input.gameCode);
  const options = input.rooms.map((r) => `<option value="${escapeHtml(r)}">${escapeHtml(r)}</option>`).join('');
  return `${pageHead({ language: lang, title: l.title[game], style: 'card-rooms.css', script: 'verify-cards.js' })}
<body>
<main id="verify" class="cards verify" data-game="${game}" data-rooms="${escapeHtml(input.rooms.join(','))}" data-labels="${escapeHtml(JSON.stringify(l))}">
  <h1>${escapeHtml(l.title[game])}</h1>
  <p class="rules">${escapeHtml(l.intro)}</p>
  <form id="verify-form" class="verify-form" novalidate>
    <label>${l.room} <select id="verify-room">${options}</select></label>
    <label>${l.hand} <input id="verify-hand" type="number" min="1" step="1" required></label>
    <label>${l.seed} <input id="verify-seed" type="text"></label>
    <label>${l.clientSeed} <input id="verify-client-seed" type="text"></label>
    <label>${l.commitment} <input id="verify-commitment" type="text"></label>
    <label>${l.seats} <input id="verify-seats" type="text" inputmode="numeric"></label>
    <button type="submit">${l.check}</button>
  </form>
  <p id="verify-result" role="status" aria-live="polite"></p>
  <ol id="verify-hands" class="verify-hands"></ol>
  <h2>${l.recent}</h2>
  <ol id="verify-recent" class="history"></ol>
</main>
</body>
</html>
`;
}
