import { createHmac } from 'node:crypto';

/**
 * A member's identity tag for a card-room vendor: the first 16 hex of HMAC-SHA256(vendor secret,
 * `identity:<user name>`). The platform puts the tags of the accounts it links to a member (shared
 * device, IP, bank account or payee) in the signed launch URL as `links`; the game server tags its
 * seated players the same way and refuses a seat next to a linked account, without learning names.
 */
export function identityTag(secret: string, username: string): string {
  return createHmac('sha256', secret).update(`identity:${username}`).digest('hex').slice(0, 16);
}

/** At most this many linked accounts travel in a launch URL. */
export const IDENTITY_LINKS_MAX = 40;
