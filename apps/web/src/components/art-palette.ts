/**
 * What every drawn picture (game-art.tsx, vendor-logo.tsx) picks its colours from, apart so that the
 * shell's vendor logos do not bring the games' artwork into the first load.
 */

/** A stable small number for a code (FNV-1a), so a game keeps its colours between visits. */
export function artSeed(code: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) {
    hash ^= code.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Two colours per theme: the background's top and bottom, then the motif's colour. */
export const PALETTES = [
  ['#7a1022', '#3d0812', '#f6c544'],
  ['#0f5132', '#062a1b', '#ffd166'],
  ['#4c1d95', '#1e0b46', '#fde68a'],
  ['#0c4a6e', '#04213a', '#fcd34d'],
  ['#9a3412', '#431407', '#fef3c7'],
  ['#831843', '#3b0a1f', '#fbcfe8'],
  ['#134e4a', '#042f2e', '#99f6e4'],
  ['#1e3a8a', '#0b1640', '#bfdbfe'],
] as const;
