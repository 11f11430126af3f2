import { z } from 'zod';

/**
 * What a round showed the player, as a vendor reports it when the round settles (the seamless
 * `credit` and `bet-win` calls, and a transfer vendor's bet feed), so the betting record can draw
 * it again: the reels' symbols, the dice, the cards of each hand, a coin, a wheel's segment, the
 * drawn numbers, or a sportsbook bet's legs (`slip`). `summary` is a short text of the same (`7 7 BAR`, `3+4=7`) for places that
 * draw no picture. Bounded so a vendor cannot store a novel on a round.
 */
const label = z.string().trim().min(1).max(24);
const symbol = z.string().trim().min(1).max(16);
/** A card as rank then suit: `AS` ace of spades, `10H`, `QD`; `??` a card not shown. */
const card = z.string().regex(/^(?:(?:[2-9]|10|[JQKA])[SHDC]|\?\?)$/, 'a card like AS, 10H or QD');

export const roundOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reels'),
    /** The symbols in view, one list per reel from left to right, top to bottom. */
    reels: z.array(z.array(symbol).min(1).max(6)).min(1).max(8),
    summary: z.string().max(120).optional(),
  }),
  z.object({
    kind: z.literal('dice'),
    dice: z.array(z.number().int().min(1).max(6)).min(1).max(6),
    /** What the player bet on (`BIG`, `SEVEN`), when the game has a choice. */
    bet: label.optional(),
    summary: z.string().max(120).optional(),
  }),
  z.object({
    kind: z.literal('cards'),
    hands: z
      .array(z.object({ name: label, cards: z.array(card).min(1).max(13), score: z.number().int().min(0).max(99).optional() }))
      .min(1)
      .max(8),
    summary: z.string().max(120).optional(),
  }),
  z.object({
    kind: z.literal('coin'),
    side: z.enum(['HEADS', 'TAILS']),
    call: z.enum(['HEADS', 'TAILS']).optional(),
    summary: z.string().max(120).optional(),
  }),
  z.object({
    kind: z.literal('wheel'),
    /** The segment the wheel stopped on and its multiplier (`2.5` for ×2.5). */
    segment: z.number().int().min(0).max(999),
    multiplier: z.number().min(0).max(100_000),
    summary: z.string().max(120).optional(),
  }),
  z.object({
    kind: z.literal('fishing'),
    /** A fishing batch (one wallet round): its shots, the fish they hit, and the fish killed. */
    shots: z.number().int().min(0).max(100_000),
    hits: z.number().int().min(0).max(500_000),
    kills: z.array(z.object({ fish: symbol, multiplier: z.number().int().min(0).max(100_000), win: z.number().int().min(0) })).max(40),
    summary: z.string().max(120).optional(),
  }),
  z.object({
    kind: z.literal('fight'),
    /** A cockfight: the fight's number, its result (a cancelled fight refunds) and the side the bet took. */
    fight: z.number().int().min(1),
    result: z.enum(['meron', 'wala', 'draw', 'cancelled']),
    side: z.enum(['meron', 'wala', 'draw']),
    summary: z.string().max(120).optional(),
  }),
  z.object({
    kind: z.literal('slip'),
    /** A sportsbook bet: a single, a parlay or a system bet (`2/3`, `trixie`…), and each of its legs. */
    bet: z.enum(['single', 'parlay', 'system']),
    system: z
      .string()
      .regex(/^[a-z0-9/]{1,12}$/)
      .optional(),
    legs: z
      .array(
        z.object({
          event: z.string().trim().min(1).max(120),
          market: z.string().trim().min(1).max(80),
          selection: z.string().trim().min(1).max(80),
          /** Decimal odds in thousandths (1.95 is 1950), as the bet was placed. */
          odds: z.number().int().min(1_010).max(1_000_000),
          /** The leg's result once its market is settled. */
          outcome: z.enum(['win', 'lose', 'half-win', 'half-lose', 'push', 'void', 'dead-heat']).optional(),
        }),
      )
      .min(1)
      .max(10),
    summary: z.string().max(120).optional(),
  }),
  z.object({
    kind: z.literal('numbers'),
    numbers: z
      .array(z.string().regex(/^[0-9]{1,6}$/))
      .min(1)
      .max(30),
    summary: z.string().max(120).optional(),
  }),
]);
export type RoundOutcome = z.infer<typeof roundOutcomeSchema>;
