/**
 * The avatar's badge (spec section 2): the sum of available promotions (`availablePromoCount`, the
 * promotions list's `availableCount`) and unread messages. Unknown parts (null: not loaded, or no
 * such call) add nothing; with nothing known there is no badge.
 */
export function avatarBadgeCount(parts: { unreadMessages: number | null; availablePromoCount?: number | null }): number {
  return (parts.unreadMessages ?? 0) + (parts.availablePromoCount ?? 0);
}

/** What a badge shows: nothing at 0, the number up to 99, then "99+". */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}
