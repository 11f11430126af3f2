import type { PackLanguage } from './language.ts';
import type { TranslationPack } from './translation-shape.ts';

/** One dynamic import per language, so each pack is its own chunk, fetched only when chosen. */
const PACK_LOADERS: Record<PackLanguage, () => Promise<{ pack: TranslationPack }>> = {
  th: () => import('./packs/th.ts'),
  ar: () => import('./packs/ar.ts'),
};

export async function loadPack(language: PackLanguage): Promise<TranslationPack> {
  return (await PACK_LOADERS[language]()).pack;
}
