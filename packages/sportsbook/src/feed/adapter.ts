import type { FeedMessage } from './messages.ts';
import type { FeedState } from './state.ts';

/**
 * What the book needs from an odds feed, whoever provides it (the simulated feed, operators'
 * manual entry, a commercial feed behind its own adapter). The engine knows only this.
 *
 * - `subscribe`: live messages in sequence order (a listener may still miss some: a dropped
 *   connection, a restart).
 * - `snapshot`: the whole current state and the sequence number it is complete to.
 * - `replay`: the messages after a sequence number, for recovery after a gap, or null when the
 *   adapter no longer holds them all (the consumer then takes a snapshot).
 */
export interface FeedAdapter {
  readonly name: string;
  subscribe(listener: (message: FeedMessage) => void): () => void;
  snapshot(): Promise<FeedState>;
  replay(afterSeq: number): Promise<FeedMessage[] | null>;
}

/** Where a consumer delivers: single messages and, after a gap that replay cannot fill, a snapshot. */
export type FeedSink = { apply(message: FeedMessage): void; applySnapshot(snapshot: FeedState): void };

/**
 * Reads an adapter into a sink in order, exactly once per sequence number: duplicates and stale
 * messages are dropped, a gap is filled by `replay` (or a snapshot when replay cannot), and the
 * messages held back meanwhile follow.
 */
export class FeedConsumer {
  private lastSeq: number;
  private chain: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  recoveries = 0;

  /** `fromSeq`: the sink already holds every message up to it (a feed resumed where an earlier run left it). */
  constructor(
    private readonly adapter: FeedAdapter,
    private readonly sink: FeedSink,
    fromSeq = 0,
  ) {
    this.lastSeq = fromSeq;
  }

  get seq(): number {
    return this.lastSeq;
  }

  /** Starts from a snapshot, then follows live messages. */
  async start(): Promise<void> {
    this.unsubscribe = this.adapter.subscribe((m) => this.receive(m));
    const snapshot = await this.adapter.snapshot();
    this.sink.applySnapshot(snapshot);
    this.lastSeq = Math.max(this.lastSeq, snapshot.seq);
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Takes one message (also usable directly, e.g. from a transport that buffers). */
  receive(message: FeedMessage): void {
    this.chain = this.chain.then(() => this.handle(message));
  }

  /** Resolves when every received message has been handled. */
  idle(): Promise<void> {
    return this.chain;
  }

  private async handle(message: FeedMessage): Promise<void> {
    if (message.seq <= this.lastSeq) return;
    if (message.seq > this.lastSeq + 1) await this.recover();
    if (message.seq === this.lastSeq + 1) {
      this.sink.apply(message);
      this.lastSeq = message.seq;
    }
  }

  private async recover(): Promise<void> {
    this.recoveries++;
    const missed = await this.adapter.replay(this.lastSeq);
    if (missed) {
      for (const m of missed) {
        if (m.seq !== this.lastSeq + 1) break;
        this.sink.apply(m);
        this.lastSeq = m.seq;
      }
      return;
    }
    const snapshot = await this.adapter.snapshot();
    this.sink.applySnapshot(snapshot);
    this.lastSeq = Math.max(this.lastSeq, snapshot.seq);
  }
}
