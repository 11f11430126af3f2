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
/** The console's event filter by phase: in play, pre-match, ended (results in). */
export const SPORTSBOOK_EVENT_STATES = ['live', 'upcoming', 'settled'] as const;
export type SportsbookEventState = (typeof SPORTSBOOK_EVENT_STATES)[number];
export const SPORTSBOOK_EVENTS_PAGE_SIZE = 20;

/**
 * The console's event list filters (the query of `GET /admin-api/house/sportsbook`): a sport, a
 * state, a start time range (unix ms, real time; the console sends the operator's day), a search
 * of team, outright and competition names, a page (20 events each).
 */
export const sportsbookEventsQuerySchema = z.object({
  sportId: z.string().max(40).optional(),
  state: z.enum(SPORTSBOOK_EVENT_STATES).optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
  q: z.string().max(120).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type SportsbookEventsQuery = z.infer<typeof sportsbookEventsQuerySchema>;

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
    /** The start as members see it: a real time (unix ms). */
    startsAt: z.number().int(),
    phase: z.string(),
    cancelled: z.boolean(),
    /** An outright's competitors (its selections). */
    competitors: z.array(z.string()).optional(),
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
  /** The most one member may have staked on one event (all their undecided bets), unless the event has its own cap. */
  maxStakePerEvent: amount,
  /** Events' own caps, by event id. */
  maxStakeByEvent: z.record(z.string(), amount),
  maxPayout: amount,
  liabilityLimit: amount,
  inPlayDelayMs: amount,
  cashOutMarginBp: amount,
});
export const sportsbookEventsAnswerSchema = z.object({
  events: z.array(sportsbookEventLiabilitySchema),
  /** Events that pass the filters (every page). */
  total: amount,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** The sports of the events that pass the other filters, with their counts. */
  sports: z.array(z.object({ id: z.string(), name: z.string(), count: amount })),
});
export const sportsbookLimitsAnswerSchema = z.object({
  limits: sportsbookLimitsSchema,
  defaults: sportsbookLimitsSchema,
  riskStops: z.array(z.string()),
  /** The events with a stake cap of their own, named (in the `lang` asked for). */
  eventLimits: z.array(z.object({ eventId: z.string(), event: z.string(), maxStake: amount })),
  /** The markets stopped by risk, named (in the `lang` asked for), with their worst case. */
  stops: z.array(z.object({ marketId: z.string(), event: z.string(), market: z.string(), worstPayout: amount })),
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
