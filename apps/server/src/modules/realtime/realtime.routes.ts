import { REALTIME_AUTH_TIMEOUT_MS, REALTIME_CLOSE, REALTIME_PATH, realtimeClientMessage } from '@platform/contracts/realtime';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionService } from '../session/session.service.ts';
import type { RealtimeHub } from './realtime.hub.ts';

/** Largest message a client may send; only small control messages are expected. */
const CLIENT_MESSAGE_BYTES_MAX = 1024;

/**
 * `GET /ws`: one socket per tab. The first message must be `{type:'auth', token}` with the member's
 * session token; after that the server pushes events and answers pings.
 */
export function realtimeRoutes(deps: { hub: RealtimeHub; sessions: SessionService }): FastifyPluginAsync {
  const { hub, sessions } = deps;
  return async (app) => {
    app.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket) => {
      let detach: (() => void) | undefined;
      let isAuthenticating = false;
      const authTimer = setTimeout(() => socket.close(REALTIME_CLOSE.authTimeout, 'auth timeout'), REALTIME_AUTH_TIMEOUT_MS);
      authTimer.unref();

      socket.on('close', () => {
        clearTimeout(authTimer);
        detach?.();
      });

      socket.on('message', async (data: Buffer, isBinary: boolean) => {
        if (isBinary || data.length > CLIENT_MESSAGE_BYTES_MAX) return socket.close(REALTIME_CLOSE.badMessage, 'bad message');
        let parsed: ReturnType<typeof realtimeClientMessage.safeParse>;
        try {
          parsed = realtimeClientMessage.safeParse(JSON.parse(data.toString('utf8')));
        } catch {
          return socket.close(REALTIME_CLOSE.badMessage, 'bad message');
        }
        if (!parsed.success) return socket.close(REALTIME_CLOSE.badMessage, 'bad message');
        const message = parsed.data;

        if (message.type === 'ping') {
          if (detach) socket.send(JSON.stringify({ type: 'pong' }));
          return;
        }
        if (detach || isAuthenticating) return;
        isAuthenticating = true;
        const principal = await sessions.resolve(message.token);
        // A session limited to the password change gets no pushes (balances, messages) either.
        if (!principal || principal.isPasswordChangeOnly) return socket.close(REALTIME_CLOSE.unauthorized, 'unauthorized');
        clearTimeout(authTimer);
        // The socket may have closed while the session was being read.
        if (socket.readyState !== socket.OPEN) return;
        detach = await hub.add(socket, principal, message.token);
        socket.send(JSON.stringify({ type: 'ready' }));
      });
    });
  };
}
