/**
 * Image and launch hosts. Stored URLs begin with a placeholder host instead of a real one:
 * `{imageHost}/games/lucky-sevens.svg`, or `{launchHost}/...` in a vendor's launch template. When a
 * URL leaves the server the placeholder is replaced by one of the merchant's content-delivery hosts
 * (`imageCDNs` / `launchGameCDNs` of /wps/system/permission). The pick is a hash of the game code,
 * so a game keeps one host (browser caches stay warm) while the games spread over all hosts. With
 * no host configured the placeholder becomes '' and the URL is a path on the site itself.
 */
export const IMAGE_HOST_PLACEHOLDER = '{imageHost}';
export const LAUNCH_HOST_PLACEHOLDER = '{launchHost}';

/** FNV-1a: a small, stable string hash; only spreading matters here. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function pickHost(hosts: readonly string[], key: string): string {
  if (hosts.length === 0) return '';
  const host = hosts[hashOf(key) % hosts.length] ?? '';
  return host.replace(/\/+$/, '');
}

export function resolveHost(url: string, placeholder: string, hosts: readonly string[], key: string): string {
  return url.startsWith(placeholder) ? pickHost(hosts, key) + url.slice(placeholder.length) : url;
}
