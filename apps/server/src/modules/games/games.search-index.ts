import { type BoundedCache, createBoundedCache } from '../../lib/bounded-cache.ts';
import type { GameFilter, GameRow } from './games.repository.ts';
import { foldedSearchText } from './games.search.ts';

/**
 * Name search in memory. A name search matches the typed text anywhere in a game's folded names,
 * and the page needs the count of every match: in the database that reads every matching row for
 * every search, and searches are too varied to cache. The visible games of a merchant are instead
 * loaded once (per catalogue version, in the catalogue cache) with an index of the three-letter
 * pieces of their names: a search intersects the lists of its pieces, checks the candidates and
 * the other filters, and counts. It answers exactly what `pageGames` answers for the same filter
 * (games.search-index.test.ts compares them). The positions whose names hold a typed text are
 * remembered per text (players type the same few words), so a repeated text with another category,
 * minimum bet or page only runs the cheap filters.
 */
export type SearchIndex = {
  /** Visible games in display order (sort, then id). */
  readonly rows: readonly GameRow[];
  readonly names: readonly string[];
  /** Each piece of three characters: the positions in `rows` whose names contain it, ascending. */
  readonly pieces: ReadonlyMap<string, Int32Array>;
  /** Folded text -> the positions whose names contain it, ascending (bounded; lives with the index). */
  readonly nameMatches: BoundedCache<string, Int32Array>;
};

/** Distinct typed texts remembered per index: a few hundred KB at most. */
const NAME_MATCHES_MAX = 2_000;

const PIECE = 3;

function piecesOf(text: string): Set<string> {
  const pieces = new Set<string>();
  for (let i = 0; i + PIECE <= text.length; i++) pieces.add(text.slice(i, i + PIECE));
  return pieces;
}

export function buildSearchIndex(games: ReadonlyArray<GameRow & { searchName: string }>): SearchIndex {
  const lists = new Map<string, number[]>();
  games.forEach((game, position) => {
    for (const piece of piecesOf(game.searchName)) {
      const list = lists.get(piece);
      if (list) list.push(position);
      else lists.set(piece, [position]);
    }
  });
  const pieces = new Map<string, Int32Array>();
  for (const [piece, list] of lists) pieces.set(piece, Int32Array.from(list));
  return {
    rows: games.map(({ searchName: _, ...row }) => row),
    names: games.map((g) => g.searchName),
    pieces,
    nameMatches: createBoundedCache({ max: NAME_MATCHES_MAX }),
  };
}

/** Positions that may match a folded text: all of them for a text shorter than a piece. */
function candidatesOf(index: SearchIndex, folded: string): Iterable<number> {
  if (folded.length < PIECE) return index.rows.keys();
  const lists: Int32Array[] = [];
  for (const piece of piecesOf(folded)) {
    const list = index.pieces.get(piece);
    if (!list) return [];
    lists.push(list);
  }
  lists.sort((a, b) => a.length - b.length);
  const [shortest, ...others] = lists as [Int32Array, ...Int32Array[]];
  const cursors = others.map(() => 0);
  const found: number[] = [];
  outer: for (const position of shortest) {
    for (let k = 0; k < others.length; k++) {
      const list = others[k] as Int32Array;
      let at = cursors[k] as number;
      while (at < list.length && (list[at] as number) < position) at++;
      cursors[k] = at;
      if (at === list.length) break outer;
      if (list[at] !== position) continue outer;
    }
    found.push(position);
  }
  return found;
}

function matches(game: GameRow, filter: GameFilter): boolean {
  if (filter.category && game.category !== filter.category) return false;
  if (filter.vendorCode && game.vendorCode !== filter.vendorCode) return false;
  if (filter.classify && !game.classify.includes(filter.classify)) return false;
  if (filter.minBetCentsAtMost !== undefined && !(game.minBetCents <= filter.minBetCentsAtMost)) return false;
  if (filter.minLinesAtMost !== undefined && !(game.minLines <= filter.minLinesAtMost)) return false;
  if (filter.isHot !== undefined && game.isHot !== filter.isHot) return false;
  return true;
}

/** The positions whose folded names contain `folded`, in display order. */
function nameMatchesOf(index: SearchIndex, folded: string): Int32Array {
  const known = index.nameMatches.get(folded);
  if (known) return known;
  const found: number[] = [];
  for (const position of candidatesOf(index, folded)) {
    if ((index.names[position] as string).includes(folded)) found.push(position);
  }
  const positions = Int32Array.from(found);
  index.nameMatches.set(folded, positions);
  return positions;
}

/** One page of a name search and the number of games matching, as `pageGames` gives them. */
export function searchPage(
  index: SearchIndex,
  filter: GameFilter & { nameContains: string },
  page: { limit: number; offset: number },
): { rows: GameRow[]; totalCount: number } {
  const folded = foldedSearchText(filter.nameContains);
  const rows: GameRow[] = [];
  let totalCount = 0;
  for (const position of nameMatchesOf(index, folded)) {
    const game = index.rows[position] as GameRow;
    if (!matches(game, filter)) continue;
    if (totalCount >= page.offset && rows.length < page.limit) rows.push(game);
    totalCount += 1;
  }
  return { rows, totalCount };
}
