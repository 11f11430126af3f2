import { foldText } from '@platform/contracts/text-folding';
import type { LocalisedText } from './games.tables.ts';

/*
 * Name search is accent-insensitive: "quay trai cay", "Quay trái cây" and "QUAY TRÁI CÂY" find the
 * same game. Names and the typed text are folded the same way in JavaScript with `foldText` (so
 * PGlite and PostgreSQL need no unaccent extension): decomposed, combining marks dropped, đ read as
 * d, lower case, runs of spaces made one.
 */

/** Separates the folded names in search_name; folded search text never contains it. */
const NAME_SEPARATOR = ' | ';

/** The stored search column: the code and every language's name, folded, without repeats. */
export function searchNameOf(name: LocalisedText, code: string): string {
  const parts = new Set<string>();
  for (const value of Object.values(name)) {
    const folded = foldText(value).replaceAll('|', ' ');
    if (folded) parts.add(folded);
  }
  parts.add(foldText(code.replaceAll(/[-_]/g, ' ')));
  return [...parts].join(NAME_SEPARATOR);
}

/** Typed search text as the names are stored: folded, without the names' separator. */
export function foldedSearchText(text: string): string {
  return foldText(text).replaceAll('|', ' ');
}

/** A LIKE pattern matching the folded text anywhere; %, _ and \ in it match themselves. */
export function containsPattern(text: string): string {
  return `%${foldedSearchText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
