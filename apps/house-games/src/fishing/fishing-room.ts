import type { RoundOutcome } from '@platform/contracts/round-outcome';
import {
  FISH_KINDS,
  generateWave,
  hitsFor,
  resolveShot,
  SEA_HEIGHT,
  SEA_WIDTH,
  type ShotHit,
  shotClientSeed,
  WAVE_MS,
  type WaveFish,
  WEAPON_BY_CODE,
  WEAPONS,
  type WeaponCode,
  waveClientSeed,
} from '@platform/games/fishing/fishing';
import { roundRandom } from '@platform/games/random-source';
import { commitmentOf, newServerSeed } from '@platform/games/rng';
import type { Journal } from '../journal.ts';
import type { PlatformClient } from '../platform-client.ts';
import {
  type BetState,
  createTableWallet,
  maskName,
  newBetId,
  pushNewest,
  type Settlement,
  TableRefused,
  type WalletEntry,
} from '../table-wallet.ts';

/**
 * The fishing rooms of one game code (docs/house-games.md "Fishing", ADR 0026): up to four players
 * per room shoot at fish swimming on paths drawn from the wave's committed seed; the server decides
 * every hit and kill (`resolveShot`). Shots are bets, grouped per player into **batches** for the
 * wallet: a batch opens at a player's first shot and closes `batchMs` later (1 s); then one `debit`
 * of its shots' stakes and one `credit` of its kills' wins. Every shot is written to the journal
 * before anyone sees its result; a batch whose debit is refused (or unanswered) is void: its shots
 * cost nothing and its kills pay nothing. A restart refunds (rolls back) every batch whose debit was
 * not accepted and credits every accepted one, once (transaction ids derive from the batch id).
 */
export const FISHING_GAMES = {
  fishing: { levels: [100, 200, 500, 1_000, 2_000, 5_000] },
  'fishing-royal': { levels: [1_000, 2_000, 5_000, 10_000, 20_000, 50_000] },
} as const satisfies Record<string, { levels: readonly number[] }>;
export type FishingGameCode = keyof typeof FISHING_GAMES;
export const FISHING_GAME_CODES = Object.keys(FISHING_GAMES) as FishingGameCode[];
export const isFishingGame = (code: string): code is FishingGameCode => code in FISHING_GAMES;

export const FISHING_SEATS = 4;
const ROOMS_MAX = 50;
/** A player may fire at most this many shots per second (the cannon's rate). */
const SHOTS_PER_SECOND = 8;
const HISTORY_KEPT = 60;
const BATCHES_KEPT = 300;
/** A seat is given up when its player has had no event stream open for this long. */
const SEAT_IDLE_MS = 20_000;
const RETRY_MS = 5_000;

export type FishingRefusal =
  | 'WEAPON_INVALID'
  | 'LEVEL_INVALID'
  | 'NO_SEAT'
  | 'ROOM_FULL'
  | 'NO_WAVE'
  | 'NO_TARGET'
  | 'TOO_FAST'
  | 'AIM_INVALID';
export type FishingPlayer = { username: string; token: string; currency: string };

export type BatchShot = {
  shotNo: number;
  wave: number;
  weapon: WeaponCode;
  level: number;
  stake: number;
  win: number;
  hits: ShotHit[];
  at: number;
};
export type BatchRecord = {
  batchId: string;
  room: string;
  player: string;
  openedAt: number;
  stake: number;
  win: number;
  status: 'paid' | 'lost' | 'void';
  shots: BatchShot[];
};
export type WaveHistoryItem = {
  room: string;
  wave: number;
  commitment: string;
  serverSeed: string;
  clientSeed: string;
  startedAt: number;
  endedAt: number;
  shots: number;
  kills: number;
};

export type FishingEntry =
  | { t: 'wave'; room: string; wave: number; at: number; serverSeed: string; commitment: string; clientSeed: string }
  | { t: 'wave-end'; room: string; wave: number; at: number }
  | { t: 'batch'; room: string; batchId: string; username: string; token: string; currency: string; at: number }
  | { t: 'shot'; batchId: string; shot: BatchShot }
  | { t: 'batch-close'; batchId: string; at: number }
  | WalletEntry
  | { t: 'batch-done'; record: BatchRecord }
  | { t: 'history'; item: WaveHistoryItem };

type Batch = {
  betId: string;
  room: string;
  username: string;
  token: string;
  currency: string;
  stake: number;
  win: number;
  openedAt: number;
  shots: BatchShot[];
  isClosed: boolean;
  state: BetState;
  refusal?: string;
  settled?: Settlement;
  timer?: NodeJS.Timeout;
  /** Its debit is on its way (the retry loop leaves it alone). */
  isSending?: boolean;
};

type Wave = {
  no: number;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  startedAt: number;
  fish: WaveFish[];
  dead: Set<number>;
  shots: number;
  kills: number;
  ended?: boolean;
};

type Seat = FishingPlayer & {
  seat: number;
  streams: number;
  idleSince: number;
  balance?: number;
  held: number;
  shotTimes: number[];
  level: number;
  weapon: WeaponCode;
};
type Room = { id: string; seats: (Seat | undefined)[]; wave?: Wave; lastWave: number; timer?: NodeJS.Timeout };

export type FishingEvent =
  | { type: 'seat'; room: string; seats: PublicSeat[] }
  | { type: 'wave'; room: string; wave: PublicWave }
  | { type: 'wave-end'; room: string; item: WaveHistoryItem }
  | {
      type: 'shot';
      room: string;
      seat: number;
      player: string;
      weapon: WeaponCode;
      level: number;
      aim: { x: number; y: number };
      hits: { fishId: number; killed: boolean; multiplier: number; win: number }[];
      win: number;
    }
  | {
      type: 'batch';
      room: string;
      seat: number;
      player: string;
      batchId: string;
      stake: number;
      win: number;
      status: BatchRecord['status'];
    };
export type PublicSeat = { seat: number; player: string; level: number; weapon: WeaponCode };
export type PublicWave = {
  no: number;
  commitment: string;
  clientSeed: string;
  startedAt: number;
  durationMs: number;
  fish: WaveFish[];
  dead: number[];
};

export type FishingHallOptions = {
  gameCode: FishingGameCode;
  journal: Journal<FishingEntry>;
  platform: PlatformClient;
  now: () => number;
  batchMs?: number;
  waveMs?: number;
  /** The waves' server seeds (tests choose them); fresh random ones otherwise. */
  serverSeed?: (room: string, wave: number) => string;
  log?: (message: string, data?: Record<string, unknown>) => void;
};

export function createFishingHall(options: FishingHallOptions) {
  const { journal, platform, now, gameCode } = options;
  const levels: readonly number[] = FISHING_GAMES[gameCode].levels;
  const batchMs = options.batchMs ?? 1_000;
  const waveMs = options.waveMs ?? WAVE_MS;
  const log = options.log ?? (() => undefined);
  const wallet = createTableWallet({ platform, append: (entry) => journal.append(entry), gameCode });
  const rooms = new Map<string, Room>();
  const batches = new Map<string, Batch>();
  const openBatch = new Map<string, Batch>();
  const history: WaveHistoryItem[] = [];
  const records: BatchRecord[] = [];
  const listeners = new Map<string, Set<(event: FishingEvent & { serverNow: number }) => void>>();
  let isStopped = false;
  const retry = setInterval(() => void settlePending(), RETRY_MS);
  retry.unref();

  function emit(event: FishingEvent): void {
    const withTime = { ...event, serverNow: now() };
    for (const listener of listeners.get(event.room) ?? []) {
      try {
        listener(withTime);
      } catch (err) {
        log('a watcher failed', { err: String(err) });
      }
    }
  }

  const publicSeats = (room: Room): PublicSeat[] =>
    room.seats.flatMap((s) => (s ? [{ seat: s.seat, player: maskName(s.username), level: s.level, weapon: s.weapon }] : []));
  const publicWave = (w: Wave): PublicWave => ({
    no: w.no,
    commitment: w.commitment,
    clientSeed: w.clientSeed,
    startedAt: w.startedAt,
    durationMs: waveMs,
    fish: w.fish,
    dead: [...w.dead],
  });

  function roomOf(id: string): Room {
    let room = rooms.get(id);
    if (!room) {
      room = { id, seats: Array.from({ length: FISHING_SEATS }, () => undefined), lastWave: 0 };
      rooms.set(id, room);
    }
    return room;
  }

  function seatOf(username: string): { room: Room; seat: Seat } | undefined {
    for (const room of rooms.values()) {
      const seat = room.seats.find((s) => s?.username === username);
      if (seat) return { room, seat };
    }
    return undefined;
  }

  // ---- waves ----------------------------------------------------------------------------------
  function makeWave(entry: Extract<FishingEntry, { t: 'wave' }>): Wave {
    return {
      no: entry.wave,
      serverSeed: entry.serverSeed,
      commitment: entry.commitment,
      clientSeed: entry.clientSeed,
      startedAt: entry.at,
      fish: generateWave(roundRandom(entry.serverSeed, entry.clientSeed, entry.wave), waveMs),
      dead: new Set(),
      shots: 0,
      kills: 0,
    };
  }

  function startWave(room: Room): void {
    if (isStopped) return;
    const no = room.lastWave + 1;
    const serverSeed = options.serverSeed?.(room.id, no) ?? newServerSeed();
    const entry: FishingEntry = {
      t: 'wave',
      room: room.id,
      wave: no,
      at: now(),
      serverSeed,
      commitment: commitmentOf(serverSeed),
      clientSeed: waveClientSeed(gameCode, room.id, no),
    };
    journal.append(entry);
    room.wave = makeWave(entry);
    room.lastWave = no;
    room.timer = setTimeout(() => endWave(room), waveMs);
    room.timer.unref();
    emit({ type: 'wave', room: room.id, wave: publicWave(room.wave) });
  }

  function endWave(room: Room): void {
    const wave = room.wave;
    if (!wave || wave.ended) return;
    clearTimeout(room.timer);
    wave.ended = true;
    const at = now();
    journal.append({ t: 'wave-end', room: room.id, wave: wave.no, at });
    const item: WaveHistoryItem = {
      room: room.id,
      wave: wave.no,
      commitment: wave.commitment,
      serverSeed: wave.serverSeed,
      clientSeed: wave.clientSeed,
      startedAt: wave.startedAt,
      endedAt: at,
      shots: wave.shots,
      kills: wave.kills,
    };
    journal.append({ t: 'history', item });
    pushNewest(history, item, HISTORY_KEPT);
    room.wave = undefined;
    emit({ type: 'wave-end', room: room.id, item });
    if (room.seats.some(Boolean)) startWave(room);
  }

  // ---- seats ----------------------------------------------------------------------------------
  /** Seats a player (the room they sit in, else the first with a free seat, else a new room). */
  async function join(player: FishingPlayer): Promise<{ room: string; seat: number }> {
    let found = seatOf(player.username);
    if (!found) {
      const room =
        [...rooms.values()].find((r) => r.seats.some((s) => !s)) ?? (rooms.size < ROOMS_MAX ? roomOf(`r${rooms.size + 1}`) : undefined);
      if (!room) throw new TableRefused<FishingRefusal>('ROOM_FULL');
      const index = room.seats.findIndex((s) => !s);
      const seat: Seat = {
        ...player,
        seat: index,
        streams: 0,
        idleSince: now(),
        held: 0,
        shotTimes: [],
        level: levels[0] as number,
        weapon: 'CANNON',
      };
      room.seats[index] = seat;
      found = { room, seat };
      emit({ type: 'seat', room: room.id, seats: publicSeats(room) });
      if (!room.wave) startWave(room);
    }
    found.seat.token = player.token;
    const answer = await platform.call('balance', { token: player.token }).catch(() => undefined);
    if (answer?.status === 'OK' && answer.balance !== undefined) found.seat.balance = answer.balance;
    return { room: found.room.id, seat: found.seat.seat };
  }

  /** Frees the seats of players gone for a while (no event stream, no batch open). */
  function sweepSeats(): void {
    for (const room of rooms.values()) {
      let changed = false;
      room.seats.forEach((s, i) => {
        if (s && s.streams === 0 && now() - s.idleSince > SEAT_IDLE_MS && !openBatch.has(s.username)) {
          room.seats[i] = undefined;
          changed = true;
        }
      });
      if (changed) emit({ type: 'seat', room: room.id, seats: publicSeats(room) });
      if (!room.seats.some(Boolean) && room.wave) endWave(room);
    }
  }
  const sweeper = setInterval(sweepSeats, 5_000);
  sweeper.unref();

  // ---- batches and money ------------------------------------------------------------------------
  function outcomeOf(batch: Batch): RoundOutcome {
    const hits = batch.shots.reduce((s, shot) => s + shot.hits.length, 0);
    const kills = batch.shots.flatMap((shot) =>
      shot.hits.filter((h) => h.killed).map((h) => ({ fish: h.kind, multiplier: h.multiplier, win: h.win })),
    );
    return {
      kind: 'fishing',
      shots: batch.shots.length,
      hits,
      kills: kills.slice(0, 40),
      summary: `Fishing ${batch.room} · ${batch.shots.length} shots, ${hits} hits, ${kills.length} kills`.slice(0, 120),
    };
  }

  function recordOf(batch: Batch): BatchRecord {
    const status = batch.settled === 'paid' ? 'paid' : batch.settled === 'lost' ? 'lost' : 'void';
    return {
      batchId: batch.betId,
      room: batch.room,
      player: maskName(batch.username),
      openedAt: batch.openedAt,
      stake: batch.stake,
      win: status === 'void' ? 0 : batch.win,
      status,
      shots: batch.shots,
    };
  }

  function finish(batch: Batch): void {
    const record = recordOf(batch);
    journal.append({ t: 'batch-done', record });
    batches.delete(batch.betId);
    pushNewest(records, record, BATCHES_KEPT);
    const seated = seatOf(batch.username);
    emit({
      type: 'batch',
      room: batch.room,
      seat: seated?.seat.seat ?? -1,
      player: record.player,
      batchId: batch.betId,
      stake: batch.stake,
      win: record.win,
      status: record.status,
    });
  }

  /** Closes a batch for shooting: one debit of its stakes, then one credit of its wins. */
  async function closeBatch(batch: Batch): Promise<void> {
    if (batch.isClosed) return;
    clearTimeout(batch.timer);
    batch.isClosed = true;
    if (openBatch.get(batch.username) === batch) openBatch.delete(batch.username);
    journal.append({ t: 'batch-close', batchId: batch.betId, at: now() });
    const seated = seatOf(batch.username);
    batch.isSending = true;
    try {
      const answer = await wallet.debit(batch, batch.betId);
      if (seated && answer.balance !== undefined) seated.seat.balance = answer.balance;
    } catch (err) {
      if (!(err instanceof TableRefused)) throw err;
      // Refused or unanswered (then already rolled back): the batch is void.
      log('a fishing batch was refused', { batchId: batch.betId, status: err.code });
      const answer = await platform.call('balance', { token: batch.token }).catch(() => undefined);
      if (seated && answer?.status === 'OK' && answer.balance !== undefined) seated.seat.balance = answer.balance;
    } finally {
      batch.isSending = false;
      if (seated) seated.seat.held = Math.max(0, seated.seat.held - batch.stake);
    }
    await settleBatch(batch);
  }

  async function settleBatch(batch: Batch): Promise<void> {
    if (batch.state === 'refused' || batch.settled) return finish(batch);
    const decision =
      batch.state === 'pending'
        ? ({ how: 'refunded' } as const)
        : ({ how: batch.win > 0 ? 'paid' : 'lost', amount: batch.win, outcome: outcomeOf(batch) } as const);
    try {
      await wallet.settle(batch, batch.betId, decision);
    } catch (err) {
      log('a fishing batch could not be settled yet', { batchId: batch.betId, err: String(err) });
      return;
    }
    if (decision.how === 'paid') {
      const seated = seatOf(batch.username);
      const answer = await platform.call('balance', { token: batch.token }).catch(() => undefined);
      if (seated && answer?.status === 'OK' && answer.balance !== undefined) seated.seat.balance = answer.balance;
    }
    finish(batch);
  }

  /** Settles the closed batches a platform outage left behind (every few seconds, and at start). */
  async function settlePending(): Promise<void> {
    for (const batch of [...batches.values()]) if (batch.isClosed && !batch.isSending) await settleBatch(batch).catch(() => undefined);
  }

  // ---- a shot ---------------------------------------------------------------------------------
  async function shoot(
    player: FishingPlayer,
    input: { weapon: unknown; level: unknown; target: unknown; x: unknown; y: unknown },
  ): Promise<{ shot: BatchShot; batchId: string; available: number | null }> {
    const found = seatOf(player.username);
    if (!found) throw new TableRefused<FishingRefusal>('NO_SEAT');
    const { room, seat } = found;
    const weapon = typeof input.weapon === 'string' ? WEAPON_BY_CODE.get(input.weapon) : undefined;
    if (!weapon) throw new TableRefused<FishingRefusal>('WEAPON_INVALID');
    const level = input.level;
    if (typeof level !== 'number' || !levels.includes(level)) throw new TableRefused<FishingRefusal>('LEVEL_INVALID');
    const { x, y } = input;
    if (typeof x !== 'number' || typeof y !== 'number' || !(x >= 0 && x <= SEA_WIDTH && y >= 0 && y <= SEA_HEIGHT)) {
      throw new TableRefused<FishingRefusal>('AIM_INVALID');
    }
    const wave = room.wave;
    if (!wave || wave.ended) throw new TableRefused<FishingRefusal>('NO_WAVE');
    const at = now();
    seat.shotTimes = seat.shotTimes.filter((t) => at - t < 1_000);
    if (seat.shotTimes.length >= SHOTS_PER_SECOND) throw new TableRefused<FishingRefusal>('TOO_FAST');
    const stake = level * weapon.cost;
    if (seat.balance === undefined || seat.balance - seat.held < stake) throw new TableRefused('INSUFFICIENT_FUNDS');
    const hits = hitsFor({
      fish: wave.fish,
      isDead: (id) => wave.dead.has(id),
      t: at - wave.startedAt,
      weapon,
      target: typeof input.target === 'number' ? input.target : undefined,
      aim: { x, y },
    });
    if (hits.length === 0) throw new TableRefused<FishingRefusal>('NO_TARGET');
    let batch = openBatch.get(player.username);
    if (!batch) {
      batch = {
        betId: newBetId(`fish-${room.id}`),
        room: room.id,
        username: player.username,
        token: player.token,
        currency: player.currency,
        stake: 0,
        win: 0,
        openedAt: at,
        shots: [],
        isClosed: false,
        state: 'pending',
      };
      journal.append({
        t: 'batch',
        room: room.id,
        batchId: batch.betId,
        username: batch.username,
        token: batch.token,
        currency: batch.currency,
        at,
      });
      batches.set(batch.betId, batch);
      openBatch.set(player.username, batch);
      const opened = batch;
      batch.timer = setTimeout(() => void closeBatch(opened).catch((err) => log('a fishing batch failed', { err: String(err) })), batchMs);
      batch.timer.unref();
    }
    const shotNo = wave.shots + 1;
    const result = resolveShot({
      weapon,
      level,
      hits: hits.map((f) => ({ fishId: f.id, kind: f.kind })),
      random: roundRandom(wave.serverSeed, shotClientSeed(wave.clientSeed, shotNo), wave.no),
    });
    const shot: BatchShot = { shotNo, wave: wave.no, weapon: weapon.code, level, stake, win: result.win, hits: result.hits, at };
    journal.append({ t: 'shot', batchId: batch.betId, shot });
    applyShot(batch, shot, wave);
    seat.held += stake;
    seat.shotTimes.push(at);
    seat.level = level;
    seat.weapon = weapon.code;
    emit({
      type: 'shot',
      room: room.id,
      seat: seat.seat,
      player: maskName(seat.username),
      weapon: weapon.code,
      level,
      aim: { x, y },
      hits: result.hits.map((h) => ({ fishId: h.fishId, killed: h.killed, multiplier: h.multiplier, win: h.win })),
      win: result.win,
    });
    return { shot, batchId: batch.betId, available: seat.balance - seat.held };
  }

  function applyShot(batch: Batch, shot: BatchShot, wave: Wave | undefined): void {
    batch.shots.push(shot);
    batch.stake += shot.stake;
    batch.win += shot.win;
    if (wave && wave.no === shot.wave) {
      wave.shots = Math.max(wave.shots, shot.shotNo);
      for (const h of shot.hits)
        if (h.killed) {
          wave.dead.add(h.fishId);
          wave.kills += 1;
        }
    }
  }

  // ---- recovery -------------------------------------------------------------------------------
  /**
   * Replays the journal; every wave left open is ended (its seed published), and every batch not
   * finished is settled once: credited when its debit was accepted, refunded (rolled back) when not.
   */
  async function recover(): Promise<{ batches: number }> {
    for (const entry of journal.entries) {
      switch (entry.t) {
        case 'wave': {
          const room = roomOf(entry.room);
          room.wave = makeWave(entry);
          room.lastWave = Math.max(room.lastWave, entry.wave);
          break;
        }
        case 'wave-end': {
          const room = roomOf(entry.room);
          if (room.wave?.no === entry.wave) room.wave = undefined;
          room.lastWave = Math.max(room.lastWave, entry.wave);
          break;
        }
        case 'history':
          pushNewest(history, entry.item, HISTORY_KEPT);
          roomOf(entry.item.room).lastWave = Math.max(roomOf(entry.item.room).lastWave, entry.item.wave);
          break;
        case 'batch':
          batches.set(entry.batchId, {
            betId: entry.batchId,
            room: entry.room,
            username: entry.username,
            token: entry.token,
            currency: entry.currency,
            stake: 0,
            win: 0,
            openedAt: entry.at,
            shots: [],
            isClosed: false,
            state: 'pending',
          });
          break;
        case 'shot': {
          const batch = batches.get(entry.batchId);
          if (batch) applyShot(batch, entry.shot, roomOf(batch.room).wave);
          break;
        }
        case 'batch-close': {
          const batch = batches.get(entry.batchId);
          if (batch) batch.isClosed = true;
          break;
        }
        case 'bet-ok':
        case 'bet-refused':
        case 'settled':
          wallet.replay(entry, batches.get(entry.betId));
          break;
        case 'batch-done':
          batches.delete(entry.record.batchId);
          pushNewest(records, entry.record, BATCHES_KEPT);
          break;
      }
    }
    for (const room of rooms.values()) if (room.wave) endWave(room);
    let count = 0;
    for (const batch of [...batches.values()]) {
      count += 1;
      if (!batch.isClosed) {
        batch.isClosed = true;
        journal.append({ t: 'batch-close', batchId: batch.betId, at: now() });
      }
      await settleBatch(batch);
    }
    const kept: FishingEntry[] = [
      ...[...history].reverse().map((item): FishingEntry => ({ t: 'history', item })),
      ...[...records].reverse().map((record): FishingEntry => ({ t: 'batch-done', record })),
    ];
    for (const entry of journal.entries) {
      const id = 'batchId' in entry ? entry.batchId : 'betId' in entry ? entry.betId : undefined;
      if (id !== undefined && batches.has(id)) kept.push(entry);
    }
    journal.compact(kept);
    return { batches: count };
  }

  /** Stops shooting: closes every open batch (debit, credit) and ends the waves. */
  async function stop(): Promise<void> {
    isStopped = true;
    clearInterval(retry);
    clearInterval(sweeper);
    await Promise.allSettled([...openBatch.values()].map((b) => closeBatch(b)));
    await wallet.drain();
    for (const room of rooms.values()) {
      clearTimeout(room.timer);
      if (room.wave) endWave(room);
    }
  }

  function snapshot(username?: string) {
    const found = username ? seatOf(username) : undefined;
    const room = found?.room;
    return {
      gameCode,
      room: room?.id ?? null,
      mySeat: found?.seat.seat ?? null,
      balance: found?.seat.balance ?? null,
      held: found?.seat.held ?? 0,
      seats: room ? publicSeats(room) : [],
      wave: room?.wave ? publicWave(room.wave) : null,
      levels,
      weapons: WEAPONS.map((w) => ({ code: w.code, cost: w.cost, targets: w.targets, rtpBp: w.rtpBp })),
      fishKinds: FISH_KINDS.map((k) => ({
        code: k.code,
        tier: k.tier,
        radius: k.radius,
        multiplier: k.multiplier ?? null,
        bonus: k.bonus ? [Math.min(...k.bonus.map((b) => b.multiplier)), Math.max(...k.bonus.map((b) => b.multiplier))] : null,
      })),
      batchMs,
      history: history.filter((h) => h.room === room?.id).slice(0, 20),
      serverNow: now(),
    };
  }

  return {
    gameCode,
    /** The wave length: the fish of a wave depend on it (the verify call passes it on). */
    waveMs,
    join,
    shoot,
    recover,
    stop,
    snapshot,
    history: () => [...history],
    batchRecord: (batchId: string) => records.find((r) => r.batchId === batchId),
    /** Batches not finished yet (tests and the health view). */
    unsettled: () => [...batches.values()],
    /** An event stream of the player's room; counts the stream so the seat is kept. */
    watch(username: string, listener: (event: FishingEvent & { serverNow: number }) => void): () => void {
      const found = seatOf(username);
      if (!found) throw new TableRefused<FishingRefusal>('NO_SEAT');
      const { room, seat } = found;
      let set = listeners.get(room.id);
      if (!set) {
        set = new Set();
        listeners.set(room.id, set);
      }
      set.add(listener);
      seat.streams += 1;
      return () => {
        set.delete(listener);
        seat.streams -= 1;
        seat.idleSince = now();
      };
    },
    sweepSeats,
  };
}

export type FishingHall = ReturnType<typeof createFishingHall>;
