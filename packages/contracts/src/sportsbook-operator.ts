import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/**
 * The operator's calls on the house sportsbook, which the platform proxies for the console as signed
 * POSTs to the game server (`<launch base>/api/operator/sportsbook/<call>`, the HOUSE secret, the
 * vendor protocol's signature headers; docs/sportsbook.md, "HTTP calls"). The game server keeps the
 * book; the platform stores nothing of it and audits every change.
 */
export const SPORTSBOOK_OPERATOR_PATH = '/api/operator/sportsbook';
/** The calls that change the book, each its own console route and audit action. */
export const SPORTSBOOK_OPERATOR_WRITES = [
  'manual/event',
  'manual/phase',
  'manual/odds',
  'manual/stop',
  'manual/result',
  'manual/settle',
  'manual/rollback',
  'manual/cancel',
  'limits/set',
  'risk/lift',
] as const;
export type SportsbookOperatorWrite = (typeof SPORTSBOOK_OPERATOR_WRITES)[number];

const amount = z.number().int().min(0);
/** One selection's exposure: the stakes on it, how many bets, what they pay if it wins. */
const exposureSchema = z.object({ stake: amount, bets: amount, payout: amount });
const selectionViewSchema = z.object({ id: z.string(), name: z.string(), odds: z.number().int().nullable() }).loose();
export const sportsbookMarketViewSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    type: z.string(),
    name: z.string(),
    status: z.string(),
    selections: z.array(selectionViewSchema),
  })
  .loose();
export const sportsbookEventViewSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['match', 'outright']),
    sportId: z.string(),
    competition: z.object({ id: z.string(), name: z.string() }),
    name: z.string(),
    startsAt: z.number().int(),
    phase: z.string(),
    cancelled: z.boolean(),
  })
  .loose();
/** An event with its liability: per market each selection's exposure, the worst case, a risk stop. */
export const sportsbookEventLiabilitySchema = z.object({
  event: sportsbookEventViewSchema.nullable(),
  worstPayout: amount,
  markets: z.array(
    z.object({
      marketId: z.string(),
      selections: z.record(z.string(), exposureSchema),
      worstPayout: amount,
      riskStopped: z.boolean(),
      market: sportsbookMarketViewSchema.nullable(),
    }),
  ),
});
export const sportsbookLimitsSchema = z.object({
  minStake: amount,
  maxStake: amount,
  maxStakeByType: z.record(z.string(), amount),
  maxStakeByEvent: z.record(z.string(), amount),
  maxPayout: amount,
  liabilityLimit: amount,
  inPlayDelayMs: amount,
  cashOutMarginBp: amount,
});
export const sportsbookEventsAnswerSchema = z.object({ events: z.array(sportsbookEventLiabilitySchema) });
export const sportsbookLimitsAnswerSchema = z.object({
  limits: sportsbookLimitsSchema,
  defaults: sportsbookLimitsSchema,
  riskStops: z.array(z.string()),
  /** Corrections the platform refused (the member had spent the money): owed to the house, per bet. */
  owed: z.array(z.object({ betId: z.string(), username: z.string(), gameCode: z.string(), amount: z.number().int() })),
});
/** The console's overview: the events with their liability, the limits, the risk stops and what is owed. */
export const sportsbookOverviewSchema = sportsbookEventsAnswerSchema.extend(sportsbookLimitsAnswerSchema.shape);
export type SportsbookOverview = z.infer<typeof sportsbookOverviewSchema>;
export type SportsbookEventLiability = z.infer<typeof sportsbookEventLiabilitySchema>;
export type SportsbookLimitsView = z.infer<typeof sportsbookLimitsSchema>;
export const sportsbookOverviewResponseSchema = okEnvelope(sportsbookOverviewSchema);
/** A change's answer: `{ eventId }`, `{ marketId }`, `{ marketIds }`, `{ limits }`, `{ lifted }` or `{ status }`. */
export const sportsbookWriteResponseSchema = okEnvelope(z.record(z.string(), z.unknown()));
