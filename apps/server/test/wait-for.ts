import type { Server } from 'node:http';

/**
 * Waits until `condition` holds, checking again after each short pause; fails with `what` when it
 * has not held within `timeoutMs`. A test waits for the state it needs, never for a fixed time: the
 * time-out only turns a hang into a failure and is never part of what a test asserts.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  options: { what: string; timeoutMs?: number; pollMs?: number },
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${options.what}: not within ${options.timeoutMs ?? 20_000} ms`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 10));
  }
}

/**
 * Counts the requests an HTTP server (a sandbox vendor in the test process) still holds open.
 * `settled()` resolves once every request it has received is over on the server's side: answered,
 * dropped, or left by a caller that gave up waiting.
 */
export function trackOpenRequests(server: Server): { open: () => number; settled: () => Promise<void> } {
  let open = 0;
  server.on('request', (_request, response) => {
    open += 1;
    response.once('close', () => {
      open -= 1;
    });
  });
  return {
    open: () => open,
    settled: () => waitUntil(() => open === 0, { what: 'requests still held by the server' }),
  };
}
