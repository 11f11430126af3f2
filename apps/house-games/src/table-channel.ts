import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { PubSub } from '@platform/realtime/pubsub';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * One WebSocket channel per shared-round table (ADR 0048). The node that runs a table's rounds
 * stamps each of the table's events with its run (`epoch`) and a sequence number and publishes it on
 * the table's pub/sub channel (Redis across game-server nodes, in process otherwise); every node,
 * that one included, relays the channel to the watchers connected to it. A watcher that connects or
 * reconnects first gets the table's snapshot for its member (the current round, its bets, the
 * member's own bet, the history) stamped with the last event it includes; the events after it follow
 * in order. A gap (a message lost on the way, a runner that restarted) makes the node send a fresh
 * snapshot instead of guessing.
 *
 * A node that does not run a table asks the node that does (`ask`): the snapshot for a member, a bet,
 * a cash-out, the history. The question travels on the table's `asks` channel, the answer on the
 * asking node's own channel; no answer in time is an answer too ("try again"), never a guess.
 */
type ChannelEvent = { type: string };

/** A shared-round table as the channel sees it. */
export type ChannelTable = {
  snapshot: (username?: string) => object;
  subscribe: (listener: (event: ChannelEvent) => void) => () => void;
};

type ChannelPlayer = { username: string; token: string; currency: string; isTrial: boolean };

/** A question to the node that runs a table: a player's call (`bet`, `cashout`), the history, a check. */
export type TableAsk = { action: string; player?: ChannelPlayer; body?: Record<string, unknown> };
export type TableAnswer = { statusCode: number; body: unknown };

/** The snapshot for one member, stamped with the last event it includes. */
type StampedSnapshot = { epoch: string; seq: number; state: object };

type Stamped = { epoch: string; seq: number };
type EventMessage = Stamped & { event: ChannelEvent };
type AskMessage = { id: string; replyTo: string; ask: TableAsk | { action: 'snapshot'; username?: string } };
type ReplyMessage = { id: string; answer?: TableAnswer; snapshot?: StampedSnapshot };

/** WebSocket close codes the pages act on (they reconnect after each, with backoff). */
export const CHANNEL_CLOSE = { restarting: 1001, tryAgain: 1013 } as const;
const CLOSE_GRACE_MS = 1_000;

type TableChannelsOptions = {
  pubsub: PubSub;
  /** Prefixes every pub/sub channel name (a deployment's or a test's own). */
  prefix: string;
  /** Whether this node runs the table's rounds now (one node does; the others relay and ask it). */
  runs: (game: string) => boolean;
  /** Answers a player's call or a read on the node that runs the table. */
  serve: (game: string, ask: TableAsk) => Promise<TableAnswer>;
  log: (message: string, data?: Record<string, unknown>) => void;
  /** How long a node waits for the runner's answer (ms). */
  askTimeoutMs?: number;
  /** How often each socket is pinged; a socket that did not answer the last ping is dropped (ms). */
  heartbeatMs?: number;
};

type Watcher = {
  socket: WebSocket;
  game: string;
  username: string;
  /** The last event sent (or included in the snapshot sent); undefined while a snapshot is on its way. */
  synced: Stamped | undefined;
  /** Events that arrived while the snapshot was on its way. */
  buffer: EventMessage[];
  isAlive: boolean;
};

export class TableNotAnswering extends Error {
  constructor(game: string) {
    super(`the table ${game} did not answer in time`);
  }
}

export type TableChannels = ReturnType<typeof createTableChannels>;

export function createTableChannels(options: TableChannelsOptions) {
  const { pubsub, prefix, runs, serve, log } = options;
  const askTimeoutMs = options.askTimeoutMs ?? 20_000;
  const nodeId = randomBytes(9).toString('base64url');
  /** This process's run: a runner that restarts starts its sequence numbers again under a new epoch. */
  const epoch = randomBytes(9).toString('base64url');
  const tables = new Map<string, { table: ChannelTable; seq: number; watchers: Set<Watcher> }>();
  const pending = new Map<string, { resolve: (reply: ReplyMessage) => void; reject: (err: Error) => void; timer: NodeJS.Timeout }>();
  const unsubscribes: (() => unknown)[] = [];
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024, clientTracking: true });
  const socketWatchers = new WeakMap<WebSocket, Watcher>();
  let heartbeat: NodeJS.Timeout | undefined;
  let isClosed = false;

  const eventsChannel = (game: string) => `${prefix}table:${game}:events`;
  const asksChannel = (game: string) => `${prefix}table:${game}:asks`;
  const repliesChannel = `${prefix}node:${nodeId}:replies`;

  function entryOf(game: string) {
    const entry = tables.get(game);
    if (!entry) throw new Error(`no channel for the table ${game}`);
    return entry;
  }

  function localSnapshot(game: string, username?: string): StampedSnapshot {
    const entry = entryOf(game);
    return { epoch, seq: entry.seq, state: entry.table.snapshot(username) };
  }

  function send(watcher: Watcher, message: object): void {
    if (watcher.socket.readyState !== watcher.socket.OPEN) return;
    watcher.socket.send(JSON.stringify(message));
  }

  function deliver(watcher: Watcher, message: EventMessage): void {
    const synced = watcher.synced;
    if (!synced) {
      watcher.buffer.push(message);
      return;
    }
    if (message.epoch === synced.epoch && message.seq <= synced.seq) return;
    if (message.epoch !== synced.epoch || message.seq !== synced.seq + 1) {
      void sync(watcher);
      return;
    }
    synced.seq = message.seq;
    send(watcher, message.event);
  }

  /** Sends the watcher its snapshot, then whatever arrived meanwhile after it. */
  async function sync(watcher: Watcher): Promise<void> {
    watcher.synced = undefined;
    watcher.buffer = [];
    let snapshot: StampedSnapshot;
    try {
      snapshot = await snapshotFor(watcher.game, watcher.username);
    } catch (err) {
      log('a table channel could not get its snapshot', { game: watcher.game, err: String(err) });
      watcher.socket.close(CHANNEL_CLOSE.tryAgain, 'the table is not answering');
      return;
    }
    if (watcher.synced) return;
    send(watcher, { ...snapshot.state, type: 'state' });
    watcher.synced = { epoch: snapshot.epoch, seq: snapshot.seq };
    const buffered = watcher.buffer;
    watcher.buffer = [];
    for (const message of buffered) deliver(watcher, message);
  }

  function onEvent(game: string, raw: unknown): void {
    const message = raw as EventMessage;
    if (typeof message?.epoch !== 'string' || typeof message.seq !== 'number' || !message.event) return;
    for (const watcher of tables.get(game)?.watchers ?? []) deliver(watcher, message);
  }

  async function answerAsk(game: string, raw: unknown): Promise<void> {
    const message = raw as AskMessage;
    if (typeof message?.id !== 'string' || typeof message.replyTo !== 'string' || !message.ask) return;
    // Only the node that runs the table answers; the asking node waits for that one.
    if (!runs(game)) return;
    let reply: ReplyMessage;
    if (message.ask.action === 'snapshot') {
      reply = { id: message.id, snapshot: localSnapshot(game, (message.ask as { username?: string }).username) };
    } else {
      reply = { id: message.id, answer: await serve(game, message.ask as TableAsk) };
    }
    await pubsub.publish(message.replyTo, reply);
  }

  async function remote(game: string, ask: AskMessage['ask']): Promise<ReplyMessage> {
    const id = randomBytes(12).toString('base64url');
    const reply = new Promise<ReplyMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new TableNotAnswering(game));
      }, askTimeoutMs);
      timer.unref();
      pending.set(id, { resolve, reject, timer });
    });
    try {
      await pubsub.publish(asksChannel(game), { id, replyTo: repliesChannel, ask } satisfies AskMessage);
    } catch (err) {
      const waiting = pending.get(id);
      pending.delete(id);
      if (waiting) clearTimeout(waiting.timer);
      reply.catch(() => undefined);
      log('a question to the node that runs a table was not sent', { game, err: String(err) });
      throw new TableNotAnswering(game);
    }
    return reply;
  }

  async function snapshotFor(game: string, username?: string): Promise<StampedSnapshot> {
    if (runs(game)) return localSnapshot(game, username);
    const reply = await remote(game, { action: 'snapshot', ...(username ? { username } : {}) });
    if (!reply.snapshot) throw new TableNotAnswering(game);
    return reply.snapshot;
  }

  return {
    nodeId,
    /** Adds a table (before `start`). */
    register(game: string, table: ChannelTable): void {
      tables.set(game, { table, seq: 0, watchers: new Set() });
    },
    has: (game: string) => tables.has(game),
    /** Whether this node runs the table now. */
    runs,
    /** Subscribes this node to its tables' channels and publishes the events of the tables it runs. */
    async start(): Promise<void> {
      unsubscribes.push(
        await pubsub.subscribe(repliesChannel, (raw) => {
          const reply = raw as ReplyMessage;
          const waiting = typeof reply?.id === 'string' ? pending.get(reply.id) : undefined;
          if (!waiting) return;
          pending.delete(reply.id);
          clearTimeout(waiting.timer);
          waiting.resolve(reply);
        }),
      );
      for (const [game, entry] of tables) {
        unsubscribes.push(await pubsub.subscribe(eventsChannel(game), (raw) => onEvent(game, raw)));
        unsubscribes.push(
          await pubsub.subscribe(asksChannel(game), (raw) => {
            answerAsk(game, raw).catch((err: unknown) => log('a table could not answer another node', { game, err: String(err) }));
          }),
        );
        // A table this node does not run emits nothing; one it stops running still tells how its round ended.
        unsubscribes.push(
          entry.table.subscribe((event) => {
            entry.seq += 1;
            const message: EventMessage = { epoch, seq: entry.seq, event };
            pubsub
              .publish(eventsChannel(game), message)
              .catch((err: unknown) => log('a table event was not published', { game, err: String(err) }));
          }),
        );
      }
      heartbeat = setInterval(() => {
        for (const socket of sockets.clients) {
          const watcher = socketWatchers.get(socket);
          if (watcher && !watcher.isAlive) {
            socket.terminate();
            continue;
          }
          if (watcher) watcher.isAlive = false;
          socket.ping();
        }
      }, options.heartbeatMs ?? 15_000);
      heartbeat.unref();
    },
    /** The table's snapshot for a member, from this node or from the node that runs the table. */
    snapshot: (game: string, username?: string) => snapshotFor(game, username).then((s) => s.state),
    /** A player's call or a read, answered by the node that runs the table. */
    async ask(game: string, ask: TableAsk): Promise<TableAnswer> {
      if (runs(game)) return serve(game, ask);
      const reply = await remote(game, ask);
      if (!reply.answer) throw new TableNotAnswering(game);
      return reply.answer;
    },
    /** Takes over an HTTP upgrade for a member's channel to a table (the caller checked the session). */
    accept(request: IncomingMessage, socket: Duplex, head: Buffer, watch: { game: string; username: string }): void {
      const entry = entryOf(watch.game);
      sockets.handleUpgrade(request, socket, head, (ws) => {
        if (isClosed) return void ws.close(CHANNEL_CLOSE.restarting, 'the game server is restarting');
        const watcher: Watcher = { socket: ws, game: watch.game, username: watch.username, synced: undefined, buffer: [], isAlive: true };
        socketWatchers.set(ws, watcher);
        entry.watchers.add(watcher);
        ws.on('pong', () => {
          watcher.isAlive = true;
        });
        // The page sends nothing; its calls are HTTP requests.
        ws.on('message', () => undefined);
        ws.on('error', () => undefined);
        ws.on('close', () => {
          entry.watchers.delete(watcher);
          socketWatchers.delete(ws);
        });
        void sync(watcher);
      });
    },
    /** Watchers connected to this node (tests, the health view). */
    watchers: (game: string) => tables.get(game)?.watchers.size ?? 0,
    async close(): Promise<void> {
      isClosed = true;
      if (heartbeat) clearInterval(heartbeat);
      // The pages are told to come back (to this node once it is up again, or to another); a page
      // that does not answer its close within a second is cut off, so a shutdown does not wait on it.
      const open = [...sockets.clients];
      for (const socket of open) socket.close(CHANNEL_CLOSE.restarting, 'the game server is restarting');
      const allClosed = Promise.all(
        open.map(
          (socket) =>
            new Promise<void>((resolve) => (socket.readyState === socket.CLOSED ? resolve() : socket.once('close', () => resolve()))),
        ),
      );
      await Promise.race([allClosed, new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
      for (const socket of sockets.clients) socket.terminate();
      for (const waiting of pending.values()) {
        clearTimeout(waiting.timer);
        waiting.reject(new Error('the game server is closing'));
      }
      pending.clear();
      for (const unsubscribe of unsubscribes.splice(0)) await unsubscribe();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
    },
  };
}
