// A table's WebSocket channel (ADR 0048), shared by the pages of the shared-round tables. The game
// server sends the table's state (the round, its bets, the member's own bet) on every connection and
// then the table's events in order; after any drop this connects again with growing pauses, so a
// page that lost its network, or a game server that restarted, picks the round up where it stands.
(() => {
  const PAUSE_FIRST_MS = 500;
  const PAUSE_MAX_MS = 15_000;

  window.openTableChannel = ({ game, session, onMessage, onUp, onDown }) => {
    let failures = 0;
    let isUp = false;
    const connect = () => {
      const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
      const socket = new WebSocket(
        `${scheme}//${location.host}/game/${encodeURIComponent(game)}/channel?session=${encodeURIComponent(session)}`,
      );
      socket.addEventListener('message', (e) => {
        let data;
        try {
          data = JSON.parse(e.data);
        } catch {
          return;
        }
        if (data.type === 'state' && !isUp) {
          isUp = true;
          failures = 0;
          onUp?.();
        }
        onMessage(data);
      });
      socket.addEventListener('close', () => {
        isUp = false;
        onDown?.();
        // Full jitter: many pages cut off at once do not all come back in the same instant.
        const pause = Math.min(PAUSE_MAX_MS, PAUSE_FIRST_MS * 2 ** failures) * (0.5 + Math.random() / 2);
        failures += 1;
        setTimeout(connect, pause);
      });
    };
    connect();
  };
})();
