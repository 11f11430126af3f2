import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { replaceFileDurably, syncFolder } from './durable-file.ts';

/**
 * The game server's own storage: an append-only journal of JSON lines per table, each line written
 * and flushed to disk (fsync) before the step it records has any effect outside the process — a bet
 * is written before its debit is sent, a cash-out before its credit. Restarting replays the file, so
 * a process killed at any instant finds every bet it ever sent to the platform and settles or refunds
 * it; the platform's idempotency by transaction id makes sending a call again harmless.
 *
 * `compact` rewrites the file with what is still needed (atomically: a new file, fsync, rename, and
 * the folder flushed so the rename itself survives a power cut; a journal just made is flushed into
 * its folder the same way).
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
  const isNew = !existsSync(path);
  if (!isNew) {
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
  if (isNew) syncFolder(dirname(path));

  const journal: Journal<E> = {
    entries,
    append(entry) {
      writeSync(fd, `${JSON.stringify(entry)}\n`);
      fsyncSync(fd);
    },
    compact(kept) {
      // The old file stays open until the new one is in its place: a failure leaves the journal as it was.
      replaceFileDurably(path, kept.map((e) => `${JSON.stringify(e)}\n`).join(''));
      closeSync(fd);
      fd = openSync(path, 'a', 0o600);
    },
    close() {
      closeSync(fd);
    },
  };
  if (isTorn) journal.compact(entries);
  return journal;
}
