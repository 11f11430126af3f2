import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The game server's own storage: an append-only journal of JSON lines per table, each line written
 * and flushed to disk (fsync) before the step it records has any effect outside the process — a bet
 * is written before its debit is sent, a cash-out before its credit. Restarting replays the file, so
 * a process killed at any instant finds every bet it ever sent to the platform and settles or refunds
 * it; the platform's idempotency by transaction id makes sending a call again harmless.
 *
 * `compact` rewrites the file with what is still needed (atomically: a new file, fsync, rename).
 */
export type Journal<E> = {
  /** Every entry written so far, oldest first (read once at open). */
  readonly entries: readonly E[];
  append: (entry: E) => void;
  compact: (entries: readonly E[]) => void;
  close: () => void;
};

export function openJournal<E>(path: string): Journal<E> {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const entries: E[] = [];
  let isTorn = false;
  if (existsSync(path)) {
    const lines = readFileSync(path, 'utf8').split('\n');
    for (const [i, line] of lines.entries()) {
      if (!line) continue;
      try {
        entries.push(JSON.parse(line) as E);
      } catch (err) {
        // Only the last line can be torn (a kill mid-write, before its newline); it was never
        // acted on, since a step runs only after its line is on disk. Anything else is damage.
        if (i !== lines.length - 1) throw err;
        isTorn = true;
      }
    }
  }
  let fd = openSync(path, 'a', 0o600);

  const journal: Journal<E> = {
    entries,
    append(entry) {
      writeSync(fd, `${JSON.stringify(entry)}\n`);
      fsyncSync(fd);
    },
    compact(kept) {
      const next = `${path}.next`;
      const out = openSync(next, 'w', 0o600);
      writeSync(out, kept.map((e) => `${JSON.stringify(e)}\n`).join(''));
      fsyncSync(out);
      closeSync(out);
      closeSync(fd);
      renameSync(next, path);
      fd = openSync(path, 'a', 0o600);
    },
    close() {
      closeSync(fd);
    },
  };
  if (isTorn) journal.compact(entries);
  return journal;
}
