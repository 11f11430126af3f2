/** Escapes text for an HTML attribute or text node: plain text shown as written inside markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
