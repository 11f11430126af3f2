/** The spec keeps the login's "remember me" choice in a cookie for one day. */
const COOKIE = 'rememberedUsername';
const ONE_DAY_SECONDS = 24 * 60 * 60;

export function readRememberedUsername(): string {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(COOKIE.length + 1)) : '';
}

/** Remembers the name for a day, or forgets it. Only the name: never the password. */
export function rememberUsername(username: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is missing from Safari and Firefox.
  document.cookie = username
    ? `${COOKIE}=${encodeURIComponent(username)}; Max-Age=${ONE_DAY_SECONDS}; Path=/; SameSite=Lax${secure}`
    : `${COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}
