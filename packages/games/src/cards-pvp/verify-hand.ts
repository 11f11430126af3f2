import { cardName } from '../house/cards.ts';
import { roundRandom } from '../random-source.ts';
import { verifyCommitment } from '../rng.ts';
import { BAI_CAO_MAX_SEATS, baiCaoScore, baiCaoWinners, dealBaiCao } from './bai-cao.ts';
import { dealMauBinh, MAU_BINH_MAX_SEATS } from './mau-binh.ts';
import { dealTienLen, instantWinOf, TIEN_LEN_SEATS } from './tien-len.ts';

/**
 * Recomputes a card room's deal from its published seeds (docs/games.md "Card rooms"): what the
 * verify page of a card game and the offline script (`verify-round --game tien-len --seats 0,1,2,3`)
 * run. The deal draws from the one HMAC stream of (serverSeed, clientSeed, hand) exactly as the room
 * did, seat after seat in ascending order, so the same seeds and seats give the same cards. The plays
 * are the players' choices (they are listed in the hand's record), not draws; so are mậu binh's rows.
 */
export const CARD_ROOM_GAMES = ['tien-len', 'bai-cao', 'mau-binh'] as const;
export type CardRoomGame = (typeof CARD_ROOM_GAMES)[number];

export type CardHandInputs = {
  game: CardRoomGame;
  serverSeed: string;
  /** `<game>:<room>:<hand>`, as the room published it. */
  clientSeed: string;
  hand: number;
  /** The seats dealt in (0-based). */
  seats: readonly number[];
  commitment?: string | undefined;
};

export type VerifiedHand = {
  game: CardRoomGame;
  commitmentMatches: boolean | null;
  /** Each seat's cards as dealt (tiến lên: sorted low to high), with bài cào's score or tiến lên's instant win. */
  hands: { seat: number; cards: string[]; score?: number; instantWin?: string | null }[];
  /** Bài cào: the seats with the best score (the result needs no play). */
  winners?: number[];
};

export function replayCardHand(inputs: CardHandInputs): VerifiedHand {
  const seats = [...new Set(inputs.seats)].sort((a, b) => a - b);
  const seatCount = inputs.game === 'tien-len' ? TIEN_LEN_SEATS : inputs.game === 'mau-binh' ? MAU_BINH_MAX_SEATS : BAI_CAO_MAX_SEATS;
  if (!seats.every((s) => Number.isInteger(s) && s >= 0 && s < seatCount))
    throw new RangeError(`a ${inputs.game} seat is 0 to ${seatCount - 1}`);
  const random = roundRandom(inputs.serverSeed, inputs.clientSeed, inputs.hand);
  const commitmentMatches = inputs.commitment === undefined ? null : verifyCommitment(inputs.serverSeed, inputs.commitment);
  if (inputs.game === 'tien-len') {
    const dealt = dealTienLen(random, seats);
    return {
      game: inputs.game,
      commitmentMatches,
      hands: seats.map((seat) => {
        const cards = dealt[seat] ?? [];
        return { seat, cards: cards.map(cardName), instantWin: instantWinOf(cards) };
      }),
    };
  }
  if (inputs.game === 'mau-binh') {
    const dealt = dealMauBinh(random, seats);
    return {
      game: inputs.game,
      commitmentMatches,
      hands: seats.map((seat) => ({ seat, cards: (dealt.get(seat) ?? []).map(cardName) })),
    };
  }
  const dealt = dealBaiCao(random, seats);
  return {
    game: inputs.game,
    commitmentMatches,
    hands: seats.map((seat) => {
      const cards = dealt.get(seat) ?? [];
      return { seat, cards: cards.map(cardName), score: baiCaoScore(cards) };
    }),
    winners: baiCaoWinners(dealt),
  };
}
