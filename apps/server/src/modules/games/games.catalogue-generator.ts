import { GAME_CATEGORIES, GAME_CLASSES } from '@platform/contracts/games';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { IMAGE_HOST_PLACEHOLDER } from './games.hosts.ts';
import { insertGames, insertVendor, type NewGame } from './games.repository.ts';
import { searchNameOf } from './games.search.ts';

/**
 * A large made-up catalogue for paging and search tests and the games benchmark: deterministic
 * for a seed, with Vietnamese names carrying accents so accent-free search is exercised.
 * Never part of the demo data (those games do not launch).
 */
const VI_WORDS = ['Rồng', 'Vàng', 'Phượng', 'Hoàng', 'Đồng', 'Xu', 'Trái', 'Cây', 'Kho', 'Báu', 'Sư', 'Tử', 'Ngọc', 'Trai', 'Đại', 'Dương'];
const EN_WORDS = ['Dragon', 'Gold', 'Phoenix', 'Royal', 'Coin', 'Fortune', 'Fruit', 'Tree', 'Treasure', 'Lion', 'Pearl', 'Ocean'];
const MIN_BET_CENTS = [1, 5, 10, 50, 75, 100];

export type GeneratedGame = NewGame & { vendorCode: string };

/** A small deterministic random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function generateGames(options: { count: number; vendorCodes: string[]; seed: number }): GeneratedGame[] {
  const next = random(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const games: GeneratedGame[] = [];
  for (let i = 0; i < options.count; i++) {
    const vi = `${pick(VI_WORDS)} ${pick(VI_WORDS)} ${i}`;
    const en = `${pick(EN_WORDS)} ${pick(EN_WORDS)} ${i}`;
    const category = next() < 0.5 ? 'RNG' : pick(GAME_CATEGORIES);
    const classify: string[] = [pick(GAME_CLASSES)];
    if (next() < 0.3) classify.push('slot');
    const name = { vi, en };
    const code = `gen-${i}`;
    games.push({
      vendorCode: pick(options.vendorCodes),
      code,
      category,
      classify,
      name,
      searchName: searchNameOf(name, code),
      imageUrl: `${IMAGE_HOST_PLACEHOLDER}/games/${code}.png`,
      isHot: next() < 0.02,
      minBetCents: pick(MIN_BET_CENTS),
      minLines: Math.floor(next() * 50),
      isTrialSupported: next() < 0.5,
      sort: Math.floor(next() * 1000),
    });
  }
  return games;
}

/** Writes vendors GEN0..GEN{n-1} and the generated games for a merchant. */
export async function writeGeneratedCatalogue(
  db: Kysely<DB>,
  merchantId: number,
  options: { count: number; vendorCount: number; seed: number },
): Promise<GeneratedGame[]> {
  const vendorCodes = Array.from({ length: options.vendorCount }, (_, i) => `GEN${i}`);
  const games = generateGames({ count: options.count, vendorCodes, seed: options.seed });
  for (const [index, code] of vendorCodes.entries()) {
    const id = await insertVendor(db, {
      merchantId,
      code,
      displayName: `Generated ${index}`,
      categories: [],
      walletStyle: 'seamless',
      launchUrl: `https://vendor${index}.invalid/play/{game}?token={token}`,
      sort: index,
    });
    await insertGames(
      db,
      { merchantId, id, code },
      games.filter((g) => g.vendorCode === code),
    );
  }
  return games;
}
