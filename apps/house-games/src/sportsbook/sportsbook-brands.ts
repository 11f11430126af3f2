/**
 * The sportsbook's game codes: the house sportsbook (every sport) and the five e-sports brands of
 * the catalogue (AV, AI, IMES, TF, IA), each a configured brand of the same engine that shows
 * e-sports only, under its own name and colour. All are HOUSE game codes on HOUSE's seamless
 * endpoint; the wallet calls carry the launched code, so each brand keeps its own betting records.
 */
export type SportsbookBrand = { code: string; name: string; colour: string };

export const SPORTSBOOK_GAME_CODE = 'sportsbook';

export const SPORTSBOOK_BRANDS: readonly SportsbookBrand[] = [
  { code: 'AV', name: 'AV E-sports', colour: '#7c3aed' },
  { code: 'AI', name: 'AI E-sports', colour: '#0891b2' },
  { code: 'IMES', name: 'IM E-sports', colour: '#dc2626' },
  { code: 'TF', name: 'TF Gaming', colour: '#ea580c' },
  { code: 'IA', name: 'IA E-sports', colour: '#16a34a' },
];

export const SPORTSBOOK_GAME_CODES: readonly string[] = [
  SPORTSBOOK_GAME_CODE,
  ...SPORTSBOOK_BRANDS.map((b) => `${SPORTSBOOK_GAME_CODE}-${b.code.toLowerCase()}`),
];

export function isSportsbookGame(game: string): boolean {
  return SPORTSBOOK_GAME_CODES.includes(game);
}

/** The brand a game code launches (null: the house sportsbook itself). */
export function brandOf(game: string): SportsbookBrand | null {
  return SPORTSBOOK_BRANDS.find((b) => game === `${SPORTSBOOK_GAME_CODE}-${b.code.toLowerCase()}`) ?? null;
}
