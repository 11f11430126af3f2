import { REALTIME_CLOSE, REALTIME_PATH, type RealtimeServerMessage } from '@platform/contracts/realtime-protocol';

/** Reconnect delays grow from the first to the last and stay there. */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** A ping keeps proxies from closing an idle socket. */
const PING_INTERVAL_MS = 25_000;

type Listener = (message: RealtimeServerMessage) => void;

/**
 * The tab's one WebSocket. It authenticates with the session token in its first message, reconnects
 * with growing delays after a drop, and stops for good when the server says the session is over.
 */
export function openRealtime(token: string, onMessage: Listener): () => void {
  let socket: WebSocket | undefined;
  let attempt = 0;
  let isStopped = false;
  let reconnectTimer: number | undefined;
  let pingTimer: number | undefined;

  const connect = () => {
    if (isStopped) return;
    const url = new URL(REALTIME_PATH, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      socket?.send(JSON.stringify({ type: 'auth', token }));
    });
    socket.addEventListener('message', (event) => {
      if (typeof event.data !== 'string') return;
      let message: RealtimeServerMessage;
      try {
        message = JSON.parse(event.data) as RealtimeServerMessage;
      } catch {
        return;
      }
      if (message.type === 'ready') {
        attempt = 0;
        window.clearInterval(pingTimer);
        pingTimer = window.setInterval(() => socket?.send(JSON.stringify({ type: 'ping' })), PING_INTERVAL_MS);
      }
      onMessage(message);
    });
    socket.addEventListener('close', (event) => {
      window.clearInterval(pingTimer);
      const isFinal = event.code === REALTIME_CLOSE.unauthorized || event.code === REALTIME_CLOSE.sessionEnded;
      if (isStopped || isFinal) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
      attempt += 1;
      reconnectTimer = window.setTimeout(connect, delay);
    });
  };

  connect();
  return () => {
    isStopped = true;
    window.clearTimeout(reconnectTimer);
    window.clearInterval(pingTimer);
    socket?.close(1000);
  };
}
