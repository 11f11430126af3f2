import { commitmentOf } from '@platform/games/rng';
import { describe, expect, it } from 'vitest';
import type { CardHistoryItem } from './card-rooms/card-room.ts';
import { type RoundDetailSources, roundDetail } from './round-detail.ts';

const seed = 'ab'.repeat(32);
const hand: CardHistoryItem = {
  hand: 7,
  commitment: commitmentOf(seed),
  serverSeed: seed,
  clientSeed: 'tien-len:tl-1k:7',
  end: 'played',
  endedAt: 0,
  leader: 0,
  players: [
    { seat: 0, player: 'an***1', cards: ['3S', '4H'], stake: 1_000, payout: 1_900, score: 0 },
    { seat: 1, player: 'bo***2', cards: ['5D', '<b>'], stake: 1_000, payout: 0, score: 0 },
  ],
  plays: [
    { seat: 0, cards: ['3S'] },
    { seat: 1, cards: null, auto: true },
  ],
  pot: 2_000,
  rake: 100,
  winners: [0],
  instantWin: null,
};
const sources: RoundDetailSources = {
  isCrash: (g) => g === 'crash',
  hasRoundVerify: (g) => ['baccarat', 'roulette', 'sicbo'].includes(g),
  isJackpot: (g) => g === 'jackpot-wheel',
  isCockfight: (g) => g === 'cockfight',
  fishingBatch: (g, id) => (g === 'fishing' && id === 'fish-r1-xyz' ? { room: 'r1', wave: 4 } : undefined),
  isCardGame: (g) => g === 'tien-len',
  cardHand: (room, no) => (room === 'tl-1k' && no === 7 ? hand : undefined),
};

describe('a round’s detail, from the round id the game server sent the platform', () => {
  it('opens the proof page of crash, the live tables, the jackpot wheel and a fishing batch on that round', () => {
    expect(roundDetail(sources, 'crash', 'crash-main-9f2c1a-12', 'vi')).toEqual({
      redirect: '/verify/crash?lang=vi&chain=9f2c1a&round=12',
    });
    expect(roundDetail(sources, 'baccarat', 'bac-b1-33-0123456789ab', 'en')).toEqual({ redirect: '/verify/baccarat?lang=en&round=33' });
    expect(roundDetail(sources, 'roulette', 'ro-ro1-5-abcdefabcdef', 'vi-VN')).toEqual({ redirect: '/verify/roulette?lang=vi&round=5' });
    expect(roundDetail(sources, 'jackpot-wheel', 'jackpot-wheel-41', 'en')).toEqual({ redirect: '/verify/jackpot-wheel?lang=en&round=41' });
    expect(roundDetail(sources, 'fishing', 'fish-r1-xyz', 'en')).toEqual({ redirect: '/verify/fishing?lang=en&room=r1&wave=4' });
    expect(roundDetail(sources, 'cockfight', 'cf-a1-17-Zx0aB1c2D3e4', 'vi')).toEqual({
      redirect: '/verify/cockfight?lang=vi&arena=a1&fight=17',
    });
    expect(roundDetail(sources, 'cockfight', 'cf-a3-2-Zx0aB1c2D3e4', 'en')).toEqual({
      redirect: '/verify/cockfight?lang=en&arena=a3&fight=2',
    });
    expect(roundDetail(sources, 'cockfight', 'cf-a1-17', 'vi')).toBeUndefined();
  });

  it('draws a card-room hand with its seats, plays, pot, rake and seeds checked against the commitment', () => {
    const detail = roundDetail(sources, 'tien-len', `tl-tl-1k-7-${hand.commitment.slice(0, 12)}`, 'en');
    if (!detail || !('html' in detail)) throw new Error('no page');
    expect(detail.html).toContain('Hand 7, room tl-1k');
    expect(detail.html).toContain('SHA-256 of the server seed equals the commitment.');
    expect(detail.html).toContain('Pot 2,000, rake 100');
    expect(detail.html).toContain('&lt;b&gt;');
    expect(detail.html).not.toContain('<b>');
  });

  it("draws a mậu binh hand with each seat's rows, fouled and auto-arranged marked, and the units", () => {
    const mb: CardHistoryItem = {
      ...hand,
      clientSeed: 'mau-binh:mb-1k:3',
      plays: [],
      players: [
        {
          seat: 0,
          player: 'an***1',
          cards: [],
          stake: 6_000,
          payout: 11_700,
          score: 3,
          rows: { back: ['AS', 'AH', 'AD', 'AC', '2S'], middle: ['KS', 'KH', 'KD', '3C', '3S'], front: ['QS', 'QH', 'QD'] },
          fouled: false,
          auto: false,
          units: 6,
        },
        {
          seat: 1,
          player: 'bo***2',
          cards: [],
          stake: 6_000,
          payout: 0,
          score: 0,
          rows: { back: ['2H', '4D', '6C', '8S', 'TH'], middle: ['3H', '5D', '7C', '9S', 'JH'], front: ['4H', '4C', '8C'] },
          fouled: true,
          auto: true,
          units: -6,
        },
      ],
    };
    const detail = roundDetail(
      { ...sources, isCardGame: (g) => g === 'mau-binh', cardHand: (room, no) => (room === 'mb-1k' && no === 7 ? mb : undefined) },
      'mau-binh',
      `mb-mb-1k-7-${hand.commitment.slice(0, 12)}`,
      'en',
    );
    if (!detail || !('html' in detail)) throw new Error('no page');
    expect(detail.html).toContain('Rows (back | middle | front)');
    expect(detail.html).toContain('AS AH AD AC 2S | KS KH KD 3C 3S | QS QH QD; 6 units');
    expect(detail.html).toContain('(fouled) (auto); -6 units');
  });

  it('answers nothing for a round it does not keep or an id of another shape', () => {
    expect(roundDetail(sources, 'crash', 'nonsense', 'vi')).toBeUndefined();
    expect(roundDetail(sources, 'tien-len', 'tl-tl-1k-8-0123456789ab', 'vi')).toBeUndefined();
    expect(roundDetail(sources, 'fishing', 'fish-r9-old', 'vi')).toBeUndefined();
    expect(roundDetail(sources, 'unknown', 'x', 'vi')).toBeUndefined();
  });
});
