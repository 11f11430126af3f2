import type { AdminRole } from '@platform/contracts/admin';
import { useSyncExternalStore } from 'react';

/** The signed-in operator as the login answers it; `permissions` comes with the two-step login. */
export type Operator = {
  id: number;
  username: string;
  role: AdminRole;
  merchantCode?: string;
  permissions?: string[];
};

export type AdminSession = { token: string; expiresAt: string; admin: Operator };

/** Kept for the tab only (sessionStorage): closing the tab signs out, as a back office should. */
const STORAGE_KEY = 'lotus.admin.session';

let current: AdminSession | null = read();
/** Whether the last session was ended by the server (a 401), so the sign-in page can say so. */
let wasEndedByServer = false;
const listeners = new Set<() => void>();

function read(): AdminSession | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as AdminSession;
    return typeof parsed?.token === 'string' && parsed.admin ? parsed : null;
  } catch {
    return null;
  }
}

export function setSession(session: AdminSession | null, reason?: 'expired'): void {
  current = session;
  wasEndedByServer = reason === 'expired';
  if (session) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  else window.sessionStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

export function currentSession(): AdminSession | null {
  return current;
}

export function sessionExpired(): boolean {
  return wasEndedByServer;
}

export function useSession(): AdminSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
