/**
 * The round runner every shared-table game of the house game server plays on: a betting window,
 * bets closed (the runner waits for bets whose debit is still on its way), the reveal (crash: the
 * curve until the crash point; a table game: the deal step by step), settlement, a pause, the next
 * round. A game supplies the steps; the runner owns the order, the timing and stopping.
 */
export type RoundPhase = 'betting' | 'closed' | 'running' | 'settling' | 'pause';

export interface RoundGame {
  /** How long the betting window stays open, in ms. */
  readonly bettingMs: number;
  /** The pause after settlement before the next round opens, in ms. */
  readonly pauseMs: number;
  /** Opens a round (and records it) with its window closing at `closesAt` (epoch ms). */
  open(closesAt: number): void;
  /** Refuses new bets and resolves once every accepted bet's debit has an answer. */
  close(): Promise<void>;
  /** Plays the round out; resolves when its outcome is final and recorded. */
  reveal(): Promise<void>;
  /** Pays, closes or refunds every bet of the round, once each. */
  settle(): Promise<void>;
  /** Ends a reveal in progress at once (shutting down): the round becomes void and settle refunds it. */
  halt(): void;
}

export type RoundRunner = {
  start: () => void;
  /** Stops after the current step; resolves when the loop has ended. */
  stop: () => Promise<void>;
};

export function createRoundRunner(game: RoundGame, deps: { now: () => number; onError: (err: unknown) => void }): RoundRunner {
  let isStopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });
  }

  async function run(): Promise<void> {
    while (!isStopping) {
      try {
        game.open(deps.now() + game.bettingMs);
        await wait(game.bettingMs);
        await game.close();
        await game.reveal();
        await game.settle();
      } catch (err) {
        deps.onError(err);
      }
      if (!isStopping) await wait(game.pauseMs);
    }
  }

  return {
    start() {
      if (loop) return;
      isStopping = false;
      loop = run();
    },
    async stop() {
      isStopping = true;
      wake?.();
      game.halt();
      await loop;
      loop = undefined;
    },
  };
}
