/** The pages of the site shell: their route, and the translation key of their title. */
export const SECTION_KEYS = [
  'noticePage',
  'live',
  'sports',
  'esports',
  'elott',
  'rng',
  'fish',
  'pvp',
  'lottery',
  'games',
  'seamless',
  'game',
  'pointMall',
  'depositRank',
  'betRank',
  'winners',
  'news',
  'promotions',
  'promoDetail',
  'help',
  'helpmc',
  'download',
  'join',
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** The header's game categories, in the spec's order, and where each lists its games. */
export const GAME_CATEGORIES = [
  { key: 'live', path: '/live' },
  { key: 'rng', path: '/rng' },
  { key: 'fish', path: '/fish' },
  { key: 'pvp', path: '/pvp' },
  { key: 'sports', path: '/sports' },
  { key: 'esports', path: '/esports' },
  { key: 'lottery', path: '/lottery' },
] as const satisfies readonly { key: SectionKey; path: string }[];

/**
 * The header's cockfight entry (spec: "the cockfight entry launches its game directly"): the game
 * page of the first cockfight vendor, which launches the vendor's cockfight game at once (the
 * platform picks the vendor's first game of the type when none is named).
 */
export function cockfightGamePath(vendor: { vassalage: string; displayName: string }, name: string): string {
  const params = new URLSearchParams({ vendor: vendor.vassalage, type: 'COCKFIGHT', name, vendorName: vendor.displayName, from: '/index' });
  return `/game?${params.toString()}`;
}

/** Routes a visitor may open while the visitor guard (loginedToHomePage) is on. */
export const GUARD_OPEN_PATHS: readonly string[] = ['/login', '/register', '/register.html', '/helpmc', '/download'];
