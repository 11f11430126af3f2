import type { SessionValues } from '@platform/contracts/accounts';

/** The spec's session-storage keys, written on login and registration. */
export const SESSION_KEYS = [
  'token',
  'cpw',
  'merchant',
  'merchantCode',
  'platform',
  'nickname',
  'account',
  'username',
  'customerId',
  'isAgent',
  'toUpline',
  'memberLabel',
] as const satisfies readonly (keyof SessionValues)[];

/** Logout keeps these so the next login lands on the same merchant. */
const KEPT_ON_LOGOUT: readonly string[] = ['merchant', 'merchantCode'];

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function writeSession(values: SessionValues): void {
  const store = storage();
  if (!store) return;
  for (const key of SESSION_KEYS) store.setItem(key, String(values[key]));
  try {
    // The spec also remembers the merchant code across visits.
    window.localStorage.setItem('merchantCode', values.merchantCode);
  } catch {
    // Storage refused: the code is still in session storage.
  }
}

export function readSessionToken(): string | null {
  return storage()?.getItem('token') || null;
}

/** The stored session, or null without a token. */
export function readSession(): SessionValues | null {
  const store = storage();
  const token = store?.getItem('token');
  if (!store || !token) return null;
  const text = (key: string) => store.getItem(key) ?? '';
  const int = (key: string) => Number.parseInt(text(key), 10) || 0;
  return {
    token,
    cpw: text('cpw') === 'true',
    merchant: int('merchant'),
    merchantCode: text('merchantCode'),
    platform: text('platform'),
    nickname: text('nickname'),
    account: text('account'),
    username: text('username'),
    customerId: int('customerId'),
    isAgent: int('isAgent'),
    toUpline: text('toUpline') === 'true',
    memberLabel: text('memberLabel'),
  };
}

/** Logout: everything goes except the merchant. */
export function clearSession(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (!KEPT_ON_LOGOUT.includes(key)) store.removeItem(key);
}

export function markPasswordChanged(): void {
  storage()?.setItem('cpw', 'false');
}
