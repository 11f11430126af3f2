import { join } from 'node:path';
import { ARENAS_MAX, type ArenaCreate, type ArenaSettings, type ArenaSummary, type ArenaView } from '@platform/contracts/cockfight';
import { openJournal } from '../journal.ts';
import type { PlatformClient } from '../platform-client.ts';
import { TableRefused } from '../table-wallet.ts';
import { type CockfightArena, type CockfightEntry, type CockfightRefusal, createCockfightArena } from './cockfight-arena.ts';

/**
 * The cockfight's arenas. Members know one game, `cockfight` (the header's entry launches it): its
 * page lists the arenas, or opens the only one. The operator creates arenas (`a1` always exists;
 * then `a2`, `a3`, … in order, at most ARENAS_MAX), each with its own name, stream address, mode,
 * limits and fights, and its own journal (`cockfight-<arena>.jsonl`); the list of arenas is a
 * journal of its own (`cockfight-arenas.jsonl`), written before the new arena's journal is opened.
 * The operator may close an arena with no fight under way (its own journal says so): the members'
 * list no longer shows it, its history and result pages stay, and it no longer counts towards
 * ARENAS_MAX; the last arena open cannot be closed.
 */
export const COCKFIGHT_GAME_CODE = 'cockfight';
export const FIRST_ARENA_ID = 'a1';

/** A new arena's settings until the operator changes them (minor units). */
const ARENA_DEFAULTS: ArenaSettings = {
  name: '',
  mode: 'pari-mutuel',
  commissionBp: 500,
  odds: { meron: 1_900, wala: 1_900 },
  streamUrl: '',
  limits: { min: 1_000, max: 10_000_000, drawMax: 1_000_000 },
};

type HallEntry = { t: 'arena'; arenaId: string; at: number };

export type CockfightHallOptions = {
  dataDir: string;
  platform: PlatformClient;
  now: () => number;
  log?: (message: string, data?: Record<string, unknown>) => void;
  pushIntervalMs?: number;
};

export function createCockfightHall(options: CockfightHallOptions) {
  const { dataDir, platform, now } = options;
  const log = options.log ?? (() => undefined);
  const registry = openJournal<HallEntry>(join(dataDir, 'cockfight-arenas.jsonl'));
  const journals: { close: () => void }[] = [registry];
  const arenas = new Map<string, CockfightArena>();
  /** Arenas whose journal has been replayed (a replay runs once per arena). */
  const recovered = new Set<string>();
  let isStarted = false;

  function open(arenaId: string): CockfightArena {
    const journal = openJournal<CockfightEntry>(join(dataDir, `cockfight-${arenaId}.jsonl`));
    journals.push(journal);
    const arena = createCockfightArena({
      gameCode: COCKFIGHT_GAME_CODE,
      arenaId,
      defaults: ARENA_DEFAULTS,
      journal,
      platform,
      now,
      log,
      ...(options.pushIntervalMs === undefined ? {} : { pushIntervalMs: options.pushIntervalMs }),
    });
    arenas.set(arenaId, arena);
    return arena;
  }

  open(FIRST_ARENA_ID);
  for (const entry of registry.entries) if (!arenas.has(entry.arenaId)) open(entry.arenaId);

  const numberOf = (arenaId: string) => Number(arenaId.slice(1)) || 0;
  const openArenas = () => [...arenas.values()].filter((a) => !a.isClosed());

  /** Closes an arena for good (see the arena's `retire`); never the last one open. */
  function retire(arena: CockfightArena): ArenaView {
    if (!arena.isClosed() && openArenas().length <= 1) throw new TableRefused<CockfightRefusal>('LAST_ARENA');
    const view = arena.retire();
    log('a cockfight arena was closed', { arena: arena.arenaId });
    return view;
  }

  /** Adds an arena with its name and settings; it takes bets from its first fight on. */
  async function create(input: ArenaCreate): Promise<ArenaView> {
    if (openArenas().length >= ARENAS_MAX) throw new TableRefused<CockfightRefusal>('ARENAS_FULL');
    const arenaId = `a${Math.max(...[...arenas.keys()].map(numberOf)) + 1}`;
    registry.append({ t: 'arena', arenaId, at: now() });
    const arena = open(arenaId);
    await arena.recover();
    recovered.add(arenaId);
    const view = arena.changeSettings(input);
    if (isStarted) arena.start();
    log('a cockfight arena was created', { arena: arenaId });
    return view;
  }

  return {
    gameCode: COCKFIGHT_GAME_CODE,
    isGame: (game: string): boolean => game === COCKFIGHT_GAME_CODE,
    /** An arena by its id (`a1`, `a2`, …). */
    get: (arenaId: string): CockfightArena | undefined => arenas.get(arenaId),
    arenas: (): CockfightArena[] => [...arenas.values()],
    /** What the members' arena list shows, in the order the arenas were created: the open ones. */
    summaries: (): ArenaSummary[] => openArenas().map((a) => a.summary()),
    create,
    retire,
    /** Replays every arena's journal and settles what an earlier run left declared. */
    async recover(): Promise<void> {
      for (const arena of arenas.values()) {
        if (recovered.has(arena.arenaId)) continue;
        recovered.add(arena.arenaId);
        const done = await arena.recover();
        if (done.fights > 0) log('took up the fights an earlier run left open', { arena: arena.arenaId, ...done });
      }
    },
    start(): void {
      for (const arena of arenas.values()) arena.start();
      isStarted = true;
    },
    async stop(): Promise<void> {
      await Promise.all([...arenas.values()].map((a) => a.stop()));
    },
    close(): void {
      for (const journal of journals) journal.close();
    },
  };
}

export type CockfightHall = ReturnType<typeof createCockfightHall>;
