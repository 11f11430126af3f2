import {
  type EventPhase,
  type EventResult,
  isValidOdds,
  type MarketSpec,
  marketKey,
  type OddsMilli,
  type Score,
  type SportEvent,
  selectionsOf,
} from '../model.ts';
import type { Outcome, OutcomeKind } from '../settle-market.ts';

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

/**
 * Where play stands, when the feed says so (optional on `result`): the period in play (`map` or
 * `break` after map `index` in e-sports, `quarter` or `overtime` in basketball) and when it began
 * (`since`, the feed's time), so a page can show the time within it. A sport's own clock, never a
 * football minute for an e-sports series.
 */
export type LiveClock = { period: 'map' | 'break' | 'quarter' | 'overtime'; index: number; since: number };
const LIVE_PERIODS: readonly LiveClock['period'][] = ['map', 'break', 'quarter', 'overtime'];

export type FeedMessage =
  | (Base & { type: 'fixture'; event: SportEvent; phase: EventPhase })
  | (Base & { type: 'odds'; marketId: string; spec: MarketSpec; status: 'open' | 'suspended'; prices: Record<string, OddsMilli> })
  | (Base & { type: 'betStop'; marketIds: string[] | null })
  | (Base & { type: 'result'; live: Score | null; result: EventResult; clock?: LiveClock })
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

const isId = (x: unknown): boolean => typeof x === 'string' && x.length > 0;

/** What is wrong with a message on its own (an empty list when nothing is). */
export function feedMessageProblems(m: FeedMessage): string[] {
  const problems: string[] = [];
  if (!Number.isSafeInteger(m.seq) || m.seq < 1) problems.push('seq must be a positive integer');
  if (!Number.isFinite(m.at)) problems.push('at must be a time');
  if (!isId(m.eventId)) problems.push('eventId is missing');
  if (!FEED_MESSAGE_TYPES.includes(m.type)) problems.push(`unknown type ${String((m as { type: unknown }).type)}`);
  switch (m.type) {
    case 'fixture':
      if (m.event.id !== m.eventId) problems.push('fixture for another event');
      if (!['prematch', 'live', 'ended'].includes(m.phase)) problems.push(`bad phase ${m.phase}`);
      break;
    case 'odds': {
      if (m.marketId !== marketIdOf(m.eventId, marketKey(m.spec))) problems.push(`market id ${m.marketId} does not match its definition`);
      const selections = new Set(selectionsOf(m.spec));
      for (const [s, odds] of Object.entries(m.prices)) {
        if (!selections.has(s)) problems.push(`price for unknown selection ${s}`);
        if (!isValidOdds(odds)) problems.push(`price ${odds} outside 1.01–1000`);
      }
      if (m.status !== 'open' && m.status !== 'suspended') problems.push(`bad status ${m.status}`);
      break;
    }
    case 'betStop':
    case 'cancel':
      if (m.marketIds !== null && (!Array.isArray(m.marketIds) || !m.marketIds.every(isId))) problems.push('marketIds must be ids or null');
      if (m.type === 'cancel' && !m.reason) problems.push('a cancellation needs a reason');
      break;
    case 'settle':
      if (!isId(m.marketId)) problems.push('marketId is missing');
      for (const [s, o] of Object.entries(m.outcomes)) {
        if (!OUTCOME_KINDS.includes(o.kind)) problems.push(`bad outcome for ${s}`);
        if (o.kind === 'dead-heat' && !(Number.isInteger(o.num) && Number.isInteger(o.den) && o.num > 0 && o.den > o.num))
          problems.push(`bad dead heat for ${s}`);
      }
      break;
    case 'rollback':
      if (!isId(m.marketId)) problems.push('marketId is missing');
      break;
    case 'result':
      if (
        m.clock !== undefined &&
        !(
          LIVE_PERIODS.includes(m.clock.period) &&
          Number.isSafeInteger(m.clock.index) &&
          m.clock.index > 0 &&
          Number.isFinite(m.clock.since)
        )
      )
        problems.push('a clock needs a period, a positive index and a time');
      break;
  }
  return problems;
}

const OUTCOME_KINDS: readonly OutcomeKind[] = ['win', 'lose', 'half-win', 'half-lose', 'push', 'void', 'dead-heat'];
