import type { EventPhase, EventResult, MarketSpec, OddsMilli, Score, SportEvent } from '../model.ts';
import type { Outcome } from '../settle-market.ts';

/**
 * What a feed says, one message at a time. Every message carries the feed's sequence number
 * (`seq`, 1, 2, 3, ... with no gaps, so a consumer sees a gap) and the time it speaks of (`at`, ms).
 *
 * - `fixture`: an event is announced or changed, with its phase (pre-match, live, ended).
 * - `odds`: a market's definition, status (open or suspended) and prices; also reopens it after a stop.
 * - `betStop`: markets (null: every market of the event) take no bets until their next `odds`.
 * - `result`: the live score and the periods decided so far.
 * - `settle`: a market's outcome per selection.
 * - `rollback`: a market's settlement (or cancellation) is undone; the market is open to resettle.
 * - `cancel`: markets (null: the whole event) are void, every bet on them refunded.
 */
type Base = { seq: number; at: number; eventId: string };

export type FeedMessage =
  | (Base & { type: 'fixture'; event: SportEvent; phase: EventPhase })
  | (Base & { type: 'odds'; marketId: string; spec: MarketSpec; status: 'open' | 'suspended'; prices: Record<string, OddsMilli> })
  | (Base & { type: 'betStop'; marketIds: string[] | null })
  | (Base & { type: 'result'; live: Score | null; result: EventResult })
  | (Base & { type: 'settle'; marketId: string; outcomes: Record<string, Outcome> })
  | (Base & { type: 'rollback'; marketId: string })
  | (Base & { type: 'cancel'; marketIds: string[] | null; reason: string });

export type FeedMessageType = FeedMessage['type'];
export const FEED_MESSAGE_TYPES: readonly FeedMessageType[] = ['fixture', 'odds', 'betStop', 'result', 'settle', 'rollback', 'cancel'];

/** A message before the feed numbered it. */
export type UnnumberedMessage = FeedMessage extends infer M ? (M extends FeedMessage ? Omit<M, 'seq'> : never) : never;

/** A market's id in the feed: its event and its definition's key. */
export function marketIdOf(eventId: string, key: string): string {
  return `${eventId}/${key}`;
}
