import { useCallback, useEffect, useRef, useState } from 'react';

/** The spec throttles the send action to once a second. */
export const SMS_SEND_THROTTLE_MS = 1000;

/**
 * The SMS send button's state: the countdown (expiry minutes × 60 seconds from the answer) and the
 * one-second throttle of the send action itself.
 */
export function useSmsCountdown() {
  const [remaining, setRemaining] = useState(0);
  const lastSendRef = useRef(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = window.setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining]);
  /** False when a send happened less than a second ago: the click is ignored. */
  const claimSend = useCallback(() => {
    const now = Date.now();
    if (now - lastSendRef.current < SMS_SEND_THROTTLE_MS) return false;
    lastSendRef.current = now;
    return true;
  }, []);
  const start = useCallback((expiredMinutes: number) => setRemaining(Math.max(1, expiredMinutes) * 60), []);
  return { remaining, isCounting: remaining > 0, claimSend, start };
}
