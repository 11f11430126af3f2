import { WebSocket } from 'ws';

/** A message of a table's channel: `state` (the snapshot) or one of the table's events. */
export type ChannelMessage = { type: string; at: number; data: Record<string, unknown> };

/**
 * Follows a table's channel from Node (the server's tests, the bench, the channel's own tests), the
 * way the pages' `table-channel.js` does in a browser, without reconnecting: every message in arrival
 * order, each stamped with its arrival time (`performance.now()`).
 */
export function followTable(
  houseUrl: string,
  game: string,
  session: string,
): { messages: ChannelMessage[]; opened: Promise<void>; closed: Promise<number>; close: () => void } {
  const url = new URL(`/game/${encodeURIComponent(game)}/channel`, houseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('session', session);
  const messages: ChannelMessage[] = [];
  const socket = new WebSocket(url);
  socket.on('message', (raw) => {
    const data = JSON.parse(String(raw)) as Record<string, unknown>;
    messages.push({ type: String(data.type), at: performance.now(), data });
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (request, response) => {
      reject(new Error(`the channel answered ${response.statusCode}`));
      request.destroy();
    });
    // An error after the opening ends in `close` (the caller sees its code); before it, `opened` fails.
    socket.on('error', reject);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  opened.catch(() => undefined);
  return { messages, opened, closed, close: () => socket.terminate() };
}
