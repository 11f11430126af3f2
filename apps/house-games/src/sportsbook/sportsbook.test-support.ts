/** The sportsbook's tests: a book on a temporary journal, the in-memory wallet and a clock the test moves. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SportEvent } from '@platform/sportsbook/model';
import { afterEach } from 'vitest';
import { type Journal, openJournal } from '../journal.ts';
import type { PlatformClient } from '../platform-client.ts';
import { fakeWallet } from '../wallet.test-support.ts';
import { createSportsbook, type SportsbookEntry, type SportsbookLimits, type SportsbookPlayer } from './sportsbook.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

export function harness(
  options: {
    balances?: Record<string, number>;
    limits?: Partial<SportsbookLimits>;
    dir?: string;
    client?: PlatformClient;
    /** The simulated feed (none unless given). */
    simulation?: { seed: string; days: number };
    /** The clock's first reading. */
    now?: number;
    /** Stands in for the journal (a kill mid-compaction). */
    wrapJournal?: (journal: Journal<SportsbookEntry>) => Journal<SportsbookEntry>;
  } = {},
) {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'sb-'));
  if (!options.dir) dirs.push(dir);
  const wallet = fakeWallet(options.balances ?? { t1: 1_000_000, t2: 1_000_000 });
  const clock = { t: options.now ?? 1_000_000 };
  const opened = openJournal<SportsbookEntry>(join(dir, 'sportsbook.jsonl'));
  const journal = options.wrapJournal ? options.wrapJournal(opened) : opened;
  const client = options.client ?? wallet.client;
  const book = createSportsbook({
    journal,
    platformOf: () => client,
    now: () => clock.t,
    simulation: options.simulation ?? null,
    tickMs: 0,
    limits: { inPlayDelayMs: 0, minStake: 100, ...options.limits },
  });
  return { dir, wallet, clock, journal, book };
}

export const player = (n: 1 | 2 = 1): SportsbookPlayer => ({
  username: `m${n}`,
  token: `t${n}`,
  currency: 'VND',
  gameCode: 'sportsbook',
  language: 'en',
});

const match = (home: string, away: string): SportEvent => ({
  kind: 'match',
  id: '',
  sportId: 'football',
  competitionId: 'fb-premier',
  startsAt: 2_000_000,
  home,
  away,
  bestOf: null,
});

/** An event with a 1X2 market (home 2.00, draw 3.40, away 4.00) entered by the operator. */
export async function openEvent(book: ReturnType<typeof harness>['book'], id: string) {
  await book.manualEntry({ op: 'event', event: { ...match(`${id}-H`, `${id}-A`), id }, phase: 'prematch' });
  const marketId = (await book.manualEntry({
    op: 'odds',
    eventId: id,
    spec: { type: '1x2', period: 'ft' },
    prices: { home: 2000, draw: 3400, away: 4000 },
    status: 'open',
  })) as string;
  return marketId;
}
