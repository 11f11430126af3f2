import { HmacWordStream, verifyCommitment } from './rng.ts';

/**
 * A raffle's draw from its revealed seed (verifiable: anyone holding the seed, the promotion id and
 * the entries can recompute it). The tickets are laid out in the entries' order (the server orders
 * them by member id; the public list publishes them in that order, numbered); each prize, first
 * prize first, takes a uniform ticket among those left, by the HMAC-SHA256 word stream of the house
 * games (`HmacWordStream(seed, "raffle:<promotion id>", 0)`, rejection-sampled: no modulo bias); the
 * winner's other tickets leave the draw, so each prize goes to a different entry. Returns the
 * winners' ids by rank (fewer than the prizes when fewer took part).
 */
export function drawRaffle(
  seed: string,
  promotionId: number,
  entries: readonly { memberId: number; tickets: number }[],
  prizeCount: number,
): number[] {
  const stream = new HmacWordStream(seed, `raffle:${promotionId}`, 0);
  const left = [...entries].filter((e) => e.tickets > 0).sort((a, b) => a.memberId - b.memberId);
  const winners: number[] = [];
  while (winners.length < prizeCount && left.length > 0) {
    let pick = stream.nextInt(left.reduce((sum, e) => sum + e.tickets, 0));
    let index = 0;
    while (pick >= left[index]!.tickets) {
      pick -= left[index]!.tickets;
      index += 1;
    }
    winners.push(left[index]!.memberId);
    left.splice(index, 1);
  }
  return winners;
}

/** A raffle as its public list publishes it (the fields the check reads). */
export type PublishedRaffle = {
  promotionId: number;
  commitment: string;
  seed: string | null;
  prizes: readonly number[];
  entries: readonly { entry: number; tickets: number }[];
  winners: readonly { rank: number; entry: number }[];
};

type RaffleCheck = {
  /** The revealed seed hashes to the commitment published before the draw. */
  commitmentMatches: boolean;
  /** The entry numbers the draw gives, by rank. */
  winners: number[];
  /** The published winners are exactly those. */
  winnersMatch: boolean;
};

/**
 * Recomputes a drawn raffle from its public list alone: the seed against the commitment, then the
 * draw over the published entries (their numbers keep the draw's order), against the published
 * winners. Undefined while the raffle is not drawn (no seed yet).
 */
export function checkPublishedRaffle(raffle: PublishedRaffle): RaffleCheck | undefined {
  if (raffle.seed === null) return undefined;
  const winners = drawRaffle(
    raffle.seed,
    raffle.promotionId,
    raffle.entries.map((e) => ({ memberId: e.entry, tickets: e.tickets })),
    raffle.prizes.length,
  );
  const published = [...raffle.winners].sort((a, b) => a.rank - b.rank).map((w) => w.entry);
  return {
    commitmentMatches: verifyCommitment(raffle.seed, raffle.commitment),
    winners,
    winnersMatch: published.length === winners.length && published.every((entry, i) => entry === winners[i]),
  };
}
