import type { Leases } from '@platform/realtime/lease';

/**
 * Which node runs each shared-round table (ADR 0048): a lease per table, held again every third of
 * its lifetime while the node is alive. The node that holds a table's lease runs its rounds and
 * answers the other nodes' questions about it; when the lease cannot be held (another node has it,
 * or the leases cannot be reached) the node stops the table's rounds (the round in progress ends as
 * the round runner's stop ends it: settled if its outcome was drawn, refunded otherwise) and only
 * relays it. A node that shuts down gives its leases up, so another takes the tables over at once;
 * a node that dies loses them when they lapse.
 */
type TableLeasesOptions = {
  leases: Leases;
  prefix: string;
  /** This node's name in the leases (a new one each run). */
  owner: string;
  games: readonly string[];
  ttlMs: number;
  onAcquire: (game: string) => void;
  onLose: (game: string) => Promise<void>;
  log: (message: string, data?: Record<string, unknown>) => void;
};

export function createTableLeases(options: TableLeasesOptions) {
  const { leases, owner, ttlMs, log } = options;
  const held = new Set<string>();
  const keyOf = (game: string) => `${options.prefix}lease:table:${game}`;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let isStopped = false;

  async function tick(): Promise<void> {
    for (const game of options.games) {
      if (isStopped) return;
      let isHeld = false;
      try {
        isHeld = await leases.hold(keyOf(game), owner, ttlMs);
      } catch (err) {
        log('a table lease could not be held', { game, err: String(err) });
      }
      if (isStopped) return;
      if (isHeld && !held.has(game)) {
        held.add(game);
        log('this node runs the table', { game });
        options.onAcquire(game);
      } else if (!isHeld && held.has(game)) {
        held.delete(game);
        log('another node runs the table now', { game });
        await options.onLose(game);
      }
    }
  }

  function schedule(): void {
    timer = setTimeout(() => {
      ticking = tick()
        .catch((err: unknown) => log('the table leases failed', { err: String(err) }))
        .finally(() => {
          if (!isStopped) schedule();
        });
    }, ttlMs / 3);
    timer.unref();
  }

  return {
    holds: (game: string) => held.has(game),
    /** Takes the leases that are free now, then keeps holding them. */
    async start(): Promise<void> {
      isStopped = false;
      await tick();
      schedule();
    },
    /** Stops holding; `beforeRelease` stops the held tables' rounds before their leases are given up. */
    async stop(beforeRelease: (games: string[]) => Promise<void>): Promise<void> {
      isStopped = true;
      if (timer) clearTimeout(timer);
      await ticking;
      const games = [...held];
      await beforeRelease(games);
      held.clear();
      for (const game of games) await leases.release(keyOf(game), owner).catch(() => undefined);
    },
  };
}
