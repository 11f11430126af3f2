import { useCallback, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';

/** A fresh idempotency key for one intent (a transfer, a ticket, an application). */
export function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * Whether a failed call is known to have changed nothing: the server answered with a refusal
 * (an envelope with a code, below 500). A call lost on the way, timed out, or answered with a 5xx
 * or without an envelope may have done its work on the server.
 */
export function isKnownRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'server' && error.code !== null && (error.status ?? 0) < 500;
}

/**
 * One request id per intent, the one rule for every form that moves money or creates something:
 * a double tap or a retry after an unknown outcome sends the same id, so the server answers the
 * first result instead of doing the work twice; a success or a known refusal ends the intent and
 * the next submission draws a new id. `renew` starts a new intent at once (e.g. the lines changed).
 */
export function useRequestId(): { requestId: string; renew: () => void; settle: (error?: unknown) => void } {
  const [requestId, setRequestId] = useState(newRequestId);
  const renew = useCallback(() => setRequestId(newRequestId()), []);
  const settle = useCallback(
    (error?: unknown) => {
      if (error === undefined || isKnownRefusal(error)) renew();
    },
    [renew],
  );
  return { requestId, renew, settle };
}
