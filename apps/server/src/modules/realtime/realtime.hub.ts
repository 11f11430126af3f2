import { REALTIME_CLOSE, type RealtimeServerMessage } from '@platform/contracts/realtime';
import type { PubSub } from '@platform/realtime/pubsub';
import { presentWalletBalance } from '../ledger/ledger.presenter.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type Principal, SESSION_ENDED_CHANNEL, type SessionEndedEvent, type SessionService } from '../session/session.service.ts';

/** How often open tabs' balances are compared with the ledger. */
export const BALANCE_WATCH_INTERVAL_MS = 1_000;
/** How often each open tab's session is checked again (logout elsewhere, a break, self-exclusion). */
export const SESSION_RECHECK_INTERVAL_MS = 30_000;
/** Members read per fingerprint query. */
const WATCH_BATCH_SIZE = 500;
/** Open sockets per member; a further tab closes the oldest. */
export const SOCKETS_PER_MEMBER_MAX = 20;
/**
 * Member events from any node reach every node on this channel: to one member (`memberId`) or to
 * every connected member of a merchant (`merchantId`: a broadcast message, the chat room).
 */
export const MEMBER_EVENTS_CHANNEL = 'realtime:member';

/** The part of a WebSocket the hub needs, so tests can use a fake. */
export type RealtimeSocket = {
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
};

type Connection = { socket: RealtimeSocket; principal: Principal; token: string };

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

/**
 * Keeps the open tabs of each member on this node and pushes events to them.
 *
 * Balance changes are found by watching the ledger rather than by hooks in every money path: a
 * movement made inside another module's transaction, on another node or by a job is seen all the
 * same, and nothing is sent for a transaction that rolled back. One indexed query per second per
 * node covers every connected member.
 */
export function createRealtimeHub(deps: {
  ledger: LedgerService;
  sessions: SessionService;
  pubsub: PubSub;
  logger: { warn: (obj: object, msg: string) => void };
  now: () => Date;
}) {
  const { ledger, sessions, pubsub, logger } = deps;
  const byMember = new Map<number, Set<Connection>>();
  const fingerprints = new Map<number, string>();
  let watchTimer: NodeJS.Timeout | undefined;
  let lastSessionCheck = deps.now().getTime();
  let ticking: Promise<void> | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;
  let unsubscribeSessions: (() => Promise<void>) | undefined;

  function sendLocal(memberId: number, message: RealtimeServerMessage): void {
    const text = JSON.stringify(message);
    for (const connection of byMember.get(memberId) ?? []) {
      try {
        connection.socket.send(text);
      } catch (err) {
        logger.warn({ err, memberId }, 'realtime send failed');
      }
    }
  }

  /** Every open tab of the merchant's members on this node. */
  function sendToMerchant(merchantId: number, message: RealtimeServerMessage): void {
    for (const [memberId, set] of byMember) {
      const first = set.values().next().value;
      if (first?.principal.merchantId === merchantId) sendLocal(memberId, message);
    }
  }

  /** Closes this node's sockets of an ended session, or of every session of a member. */
  function closeEnded(event: SessionEndedEvent): void {
    const sets = 'memberId' in event ? [byMember.get(event.memberId)] : [...byMember.values()];
    for (const set of sets) {
      for (const connection of [...(set ?? [])]) {
        if ('sessionId' in event && connection.principal.sessionId !== event.sessionId) continue;
        connection.socket.close(REALTIME_CLOSE.sessionEnded, 'session ended');
        remove(connection);
      }
    }
  }

  async function start(): Promise<void> {
    unsubscribeSessions = await pubsub.subscribe(SESSION_ENDED_CHANNEL, (raw) => {
      const event = raw as { sessionId?: unknown; memberId?: unknown };
      if (typeof event.sessionId === 'number') closeEnded({ sessionId: event.sessionId });
      else if (typeof event.memberId === 'number') closeEnded({ memberId: event.memberId });
    });
    unsubscribe = await pubsub.subscribe(MEMBER_EVENTS_CHANNEL, (raw) => {
      const event = raw as { memberId?: unknown; merchantId?: unknown; message?: RealtimeServerMessage };
      if (!event.message) return;
      if (typeof event.memberId === 'number') sendLocal(event.memberId, event.message);
      else if (typeof event.merchantId === 'number') sendToMerchant(event.merchantId, event.message);
    });
  }

  function ensureWatching(): void {
    if (watchTimer || byMember.size === 0) return;
    watchTimer = setInterval(() => {
      void tick();
    }, BALANCE_WATCH_INTERVAL_MS);
    watchTimer.unref();
  }

  function stopWatchingIfIdle(): void {
    if (byMember.size > 0 || !watchTimer) return;
    clearInterval(watchTimer);
    watchTimer = undefined;
  }

  async function add(socket: RealtimeSocket, principal: Principal, token: string): Promise<() => void> {
    const connection: Connection = { socket, principal, token };
    let set = byMember.get(principal.memberId);
    if (!set) {
      set = new Set();
      byMember.set(principal.memberId, set);
      const reading = await ledger.balanceFingerprints([principal.memberId]);
      fingerprints.set(principal.memberId, reading.get(principal.memberId) ?? '');
    }
    if (set.size >= SOCKETS_PER_MEMBER_MAX) {
      const oldest = set.values().next().value as Connection;
      set.delete(oldest);
      oldest.socket.close(1008, 'too many tabs');
    }
    set.add(connection);
    ensureWatching();
    return () => remove(connection);
  }

  function remove(connection: Connection): void {
    const set = byMember.get(connection.principal.memberId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) {
      byMember.delete(connection.principal.memberId);
      fingerprints.delete(connection.principal.memberId);
    }
    stopWatchingIfIdle();
  }

  async function pushBalances(memberIds: readonly number[]): Promise<void> {
    for (const memberId of memberIds) {
      const first = byMember.get(memberId)?.values().next().value;
      if (!first) continue;
      const balances = await ledger.memberBalances({ memberId, currency: first.principal.currency });
      sendLocal(memberId, { type: 'balance', value: presentWalletBalance(balances) });
    }
  }

  async function checkBalances(): Promise<void> {
    const memberIds = [...byMember.keys()];
    for (let i = 0; i < memberIds.length; i += WATCH_BATCH_SIZE) {
      const batch = memberIds.slice(i, i + WATCH_BATCH_SIZE);
      const reading = await ledger.balanceFingerprints(batch);
      const changed = batch.filter((id) => byMember.has(id) && (reading.get(id) ?? '') !== fingerprints.get(id));
      for (const id of changed) fingerprints.set(id, reading.get(id) ?? '');
      await pushBalances(changed);
    }
  }

  async function checkSessions(): Promise<void> {
    for (const set of [...byMember.values()]) {
      for (const connection of [...set]) {
        const still = await sessions.resolve(connection.token);
        if (!still) {
          connection.socket.close(REALTIME_CLOSE.sessionEnded, 'session ended');
          remove(connection);
        }
      }
    }
  }

  /** One watch round; overlapping rounds are skipped, so a slow database is not piled on. */
  async function tick(): Promise<void> {
    if (ticking) return ticking;
    ticking = (async () => {
      try {
        await checkBalances();
        const at = deps.now().getTime();
        if (at - lastSessionCheck >= SESSION_RECHECK_INTERVAL_MS) {
          lastSessionCheck = at;
          await checkSessions();
        }
      } catch (err) {
        logger.warn({ err }, 'realtime watch failed');
      } finally {
        ticking = undefined;
      }
    })();
    return ticking;
  }

  return {
    start,
    add,
    tick,
    /** Sends an event to the member's tabs on every node. */
    publish: (memberId: number, message: RealtimeServerMessage) => pubsub.publish(MEMBER_EVENTS_CHANNEL, { memberId, message }),
    /** Sends an event to every member of the merchant with an open tab, on every node. */
    publishToMerchant: (merchantId: number, message: RealtimeServerMessage) =>
      pubsub.publish(MEMBER_EVENTS_CHANNEL, { merchantId, message }),
    connectedMembers: () => byMember.size,
    async close(): Promise<void> {
      if (watchTimer) clearInterval(watchTimer);
      watchTimer = undefined;
      for (const set of byMember.values()) for (const c of set) c.socket.close(1001, 'server shutting down');
      byMember.clear();
      await unsubscribe?.();
      await unsubscribeSessions?.();
    },
  };
}
