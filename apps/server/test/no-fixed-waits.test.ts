import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Tests wait for a state, never for a fixed time (ADR 0016). This walks the server tests, their
 * helpers, the house game server's tests and the browser tests, and fails on a sleep (`setTimeout(resolve, …)` in a promise, or
 * playwright's `waitForTimeout`) that is not listed here with its reason.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCANNED = ['apps/server/src', 'apps/server/test', 'apps/house-games/src', 'e2e'];
const FIXED_WAIT = /waitForTimeout\(|setTimeout\(\s*resolve\b/g;

const ALLOWED: Record<string, { count: number; reason: string }> = {
  'apps/server/test/wait-for.ts': { count: 1, reason: 'the pause between two checks of a condition' },
  'apps/server/test/test-database.ts': { count: 1, reason: 'the pause between two attempts to drop a database still in use' },
  'apps/server/src/modules/jobs/job-runner.test.ts': { count: 1, reason: 'a scheduled handler that takes time, so two nodes overlap' },
  'apps/server/src/modules/games/games.cache.test.ts': { count: 1, reason: 'a slow load, so three callers overlap on one key' },
  'apps/server/src/modules/realtime/realtime.routes.test.ts': {
    count: 1,
    reason: 'a socket message ends the pause early; the pause only re-checks',
  },
  'e2e/site-actions.ts': {
    count: 1,
    reason: "an operator's next authenticator code: each code is accepted once, so a further login waits for the next 30-second step",
  },
  'apps/house-games/src/wallet.test-support.ts': { count: 1, reason: 'the pause between two checks of a condition' },
  'apps/house-games/src/baccarat/baccarat-table.ts': {
    count: 1,
    reason: 'not a test: the live pace between two revealed cards of a deal (a shutdown ends it early)',
  },
  'apps/house-games/src/live/live-table.ts': {
    count: 1,
    reason: 'not a test: the live pace between two revealed steps of a round (a shutdown ends it early)',
  },
  'apps/house-games/src/table-channel.ts': {
    count: 1,
    reason: 'not a test: how long a shutdown waits for the pages to answer the close of their channels before cutting them off',
  },
  'apps/house-games/src/card-rooms/card-room.ts': {
    count: 2,
    reason: 'not a test: the pauses that show a bài cào hand and a mậu binh reveal before they are paid (none when the room stops)',
  },
  'e2e/lottery-page.test.ts': { count: 2, reason: "the site runs on the real clock: a draw's time must really pass" },
};

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => entry.name !== 'node_modules' && !entry.name.startsWith('.'))
      .map(async (entry) => {
        const relative = path.posix.join(dir, entry.name);
        if (entry.isDirectory()) return sourceFiles(relative);
        return entry.name.endsWith('.ts') ? [relative] : [];
      }),
  );
  return nested.flat();
}

describe('waits in tests', () => {
  it('are on conditions: no sleep outside the listed exceptions', async () => {
    const files = (await Promise.all(SCANNED.map(sourceFiles))).flat();
    const thisFile = path
      .relative(ROOT, fileURLToPath(import.meta.url))
      .split(path.sep)
      .join('/');
    const overAllowance: string[] = [];
    for (const file of files) {
      if (file === thisFile) continue;
      const count = (await readFile(path.join(ROOT, file), 'utf8')).match(FIXED_WAIT)?.length ?? 0;
      if (count > (ALLOWED[file]?.count ?? 0)) overAllowance.push(`${file}: ${count} fixed wait(s)`);
    }
    expect(overAllowance).toEqual([]);
  });
});
