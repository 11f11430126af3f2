/**
 * Text folding for search and name comparison, one rule for the server and the web app.
 *
 * `stripDiacritics` drops Vietnamese (and any other) accents and reads đ/Đ as d/D, keeping case:
 * "Nguyễn Văn Đức" -> "Nguyen Van Duc". `foldText` also lowers the case and makes runs of white
 * space one space, trimmed: "  Quay  TRÁI Cây " -> "quay trai cay". The server stores folded game
 * names (games.search_name), so the rule must not change without rewriting that column.
 */
export function stripDiacritics(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D');
}

export function foldText(text: string): string {
  return stripDiacritics(text).toLowerCase().replace(/\s+/g, ' ').trim();
}
