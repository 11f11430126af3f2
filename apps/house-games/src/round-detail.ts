import { commitmentOf } from '@platform/games/rng';
import type { CardHistoryItem } from './card-rooms/card-room.ts';
import { escapeHtml, languageOf } from './page.ts';

/**
 * A round's detail, the address the platform's betting record links each house round to:
 * `GET /round/<game code>/<round id>?lang=vi|en`, the round id being the one the game server sent
 * with the round's debit and credit. The game server alone knows its round ids, so it answers with
 * the round's proof page (crash, baccarat, the live tables, the jackpot wheel: the verify page
 * opened on that round; cockfight: the fight's result page; fishing: the wave of the batch) or, for a card-room hand, a page of its own
 * with the seats, cards, plays, pot, rake and seeds.
 */
export type RoundDetailSources = {
  isCrash: (game: string) => boolean;
  /** Baccarat, dragon tiger, sic bo, roulette: a verify page per game code taking `?round=`. */
  hasRoundVerify: (game: string) => boolean;
  isJackpot: (game: string) => boolean;
  /** Cockfight: the result page of a fight (a bet's round: `cf-<arena>-<fight>-<random>`). */
  isCockfight: (game: string) => boolean;
  /** Fishing: the batch's room and the wave of its first shot. */
  fishingBatch: (game: string, batchId: string) => { room: string; wave: number } | undefined;
  /** Card rooms: a finished hand of a room. */
  cardHand: (roomId: string, hand: number) => CardHistoryItem | undefined;
  isCardGame: (game: string) => boolean;
};

export type RoundDetail = { redirect: string } | { html: string } | undefined;

export function roundDetail(sources: RoundDetailSources, game: string, roundId: string, language: string): RoundDetail {
  const lang = languageOf(language);
  const q = (params: Record<string, string | number>) =>
    new URLSearchParams({ lang, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) }).toString();
  if (sources.isCrash(game)) {
    const m = /^crash-[a-z0-9]+-(.+)-(\d+)$/.exec(roundId);
    return m ? { redirect: `/verify/crash?${q({ chain: m[1] as string, round: m[2] as string })}` } : undefined;
  }
  if (sources.hasRoundVerify(game)) {
    const m = /-(\d+)-[0-9a-f]{12}$/.exec(roundId);
    return m ? { redirect: `/verify/${game}?${q({ round: m[1] as string })}` } : undefined;
  }
  if (sources.isJackpot(game)) {
    const m = new RegExp(`^${game}-(\\d+)$`).exec(roundId);
    return m ? { redirect: `/verify/${game}?${q({ round: m[1] as string })}` } : undefined;
  }
  if (sources.isCockfight(game)) {
    const m = /^cf-([a-z0-9]{1,8})-(\d+)-[A-Za-z0-9]{1,24}$/.exec(roundId);
    return m ? { redirect: `/verify/${game}?${q({ arena: m[1] as string, fight: m[2] as string })}` } : undefined;
  }
  const batch = sources.fishingBatch(game, roundId);
  if (batch) return { redirect: `/verify/${game}?${q({ room: batch.room, wave: batch.wave })}` };
  if (sources.isCardGame(game)) {
    const m = /^(?:tl|bc|mb)-([a-z0-9-]+)-(\d+)-[0-9a-f]{12}$/.exec(roundId);
    const hand = m ? sources.cardHand(m[1] as string, Number(m[2])) : undefined;
    return hand && m ? { html: renderCardHand(game, m[1] as string, hand, lang) } : undefined;
  }
  return undefined;
}

const LABELS = {
  en: {
    title: 'Hand {hand}, room {room}',
    seat: 'Seat',
    player: 'Player',
    cards: 'Cards dealt',
    stake: 'Stake',
    payout: 'Paid',
    plays: 'Plays in order',
    pass: 'pass',
    auto: 'auto',
    rows: 'Rows (back | middle | front)',
    fouled: 'fouled',
    units: '{units} units',
    pot: 'Pot {pot}, rake {rake}',
    void: 'This hand was void: every stake was refunded.',
    seeds: 'Provably fair',
    commitment: 'Commitment shown before the deal',
    serverSeed: 'Server seed',
    clientSeed: 'Client seed',
    matches: 'SHA-256 of the server seed equals the commitment.',
    differs: 'SHA-256 of the server seed does NOT equal the commitment.',
    how: 'The deal is a shuffle of one deck drawn from HMAC-SHA256(server seed, "client seed:hand:…"); the engine in packages/games recomputes it from these seeds.',
  },
  vi: {
    title: 'Ván {hand}, phòng {room}',
    seat: 'Ghế',
    player: 'Người chơi',
    cards: 'Bài được chia',
    stake: 'Tiền cược',
    payout: 'Được trả',
    plays: 'Các lượt đánh',
    pass: 'bỏ lượt',
    auto: 'tự động',
    rows: 'Các chi (chi 1 | chi 2 | chi 3)',
    fouled: 'binh lủng',
    units: '{units} đơn vị',
    pot: 'Tổng cược {pot}, phí {rake}',
    void: 'Ván này bị hủy: mọi tiền cược đã được hoàn lại.',
    seeds: 'Công bằng có thể kiểm chứng',
    commitment: 'Cam kết hiển thị trước khi chia bài',
    serverSeed: 'Hạt giống máy chủ',
    clientSeed: 'Hạt giống khách',
    matches: 'SHA-256 của hạt giống máy chủ khớp với cam kết.',
    differs: 'SHA-256 của hạt giống máy chủ KHÔNG khớp với cam kết.',
    how: 'Bài được chia từ một bộ bài xáo bằng HMAC-SHA256(hạt giống máy chủ, "hạt giống khách:ván:…"); bộ máy trong packages/games tính lại được từ các hạt giống này.',
  },
} as const;

function renderCardHand(game: string, room: string, hand: CardHistoryItem, lang: 'vi' | 'en'): string {
  const l = LABELS[lang];
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
  const number = (n: number) => n.toLocaleString(lang === 'vi' ? 'vi-VN' : 'en-GB');
  const seatName = (seat: number) => escapeHtml(hand.players.find((p) => p.seat === seat)?.player ?? String(seat + 1));
  // Mậu binh: the rows as played (fouled or auto-arranged marked) and the net units.
  const cardsCell = (p: CardHistoryItem['players'][number]) =>
    p.rows
      ? `${[p.rows.back, p.rows.middle, p.rows.front].map((r) => r.map(escapeHtml).join(' ')).join(' | ')}${p.fouled ? ` (${l.fouled})` : ''}${p.auto ? ` (${l.auto})` : ''}${p.units !== undefined ? `; ${fill(l.units, { units: p.units })}` : ''}`
      : p.cards.map(escapeHtml).join(' ');
  const rows = hand.players
    .map(
      (p) =>
        `<tr${hand.winners.includes(p.seat) ? ' class="winner"' : ''}><td>${p.seat + 1}</td><td>${escapeHtml(p.player)}</td><td>${cardsCell(p)}</td><td>${number(p.stake)}</td><td>${number(p.payout)}</td></tr>`,
    )
    .join('');
  const plays = hand.plays
    .map((p) => `<li>${seatName(p.seat)}: ${p.cards ? p.cards.map(escapeHtml).join(' ') : l.pass}${p.auto ? ` (${l.auto})` : ''}</li>`)
    .join('');
  const matches = commitmentOf(hand.serverSeed) === hand.commitment;
  const title = fill(l.title, { hand: hand.hand, room: escapeHtml(room) });
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/static/card-rooms.css">
</head>
<body class="verify-body">
<main class="verify round-detail" data-game="${escapeHtml(game)}">
  <h1>${title}</h1>
  ${hand.end === 'void' ? `<p>${l.void}</p>` : ''}
  <table class="hand-table"><thead><tr><th>${l.seat}</th><th>${l.player}</th><th>${game === 'mau-binh' ? l.rows : l.cards}</th><th>${l.stake}</th><th>${l.payout}</th></tr></thead><tbody>${rows}</tbody></table>
  <p>${fill(l.pot, { pot: number(hand.pot), rake: number(hand.rake) })}</p>
  ${plays ? `<h2>${l.plays}</h2><ol>${plays}</ol>` : ''}
  <h2>${l.seeds}</h2>
  <dl class="seeds"><dt>${l.commitment}</dt><dd><code>${escapeHtml(hand.commitment)}</code></dd><dt>${l.serverSeed}</dt><dd><code>${escapeHtml(hand.serverSeed)}</code></dd><dt>${l.clientSeed}</dt><dd><code>${escapeHtml(hand.clientSeed)}</code></dd></dl>
  <p class="${matches ? 'ok' : 'bad'}">${matches ? l.matches : l.differs}</p>
  <p>${l.how}</p>
</main>
</body>
</html>
`;
}
