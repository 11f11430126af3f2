/** An unread badge's text: the count, "99+" beyond. */
export function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
