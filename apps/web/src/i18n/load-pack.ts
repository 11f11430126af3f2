import type { PackLanguage } from './language.ts';
import type { ShellHomePack, TranslationPack } from './translation-shape.ts';

/**
 * One dynamic import per language, so each pack is its own chunk, fetched only when chosen. The
 * module holds the default namespace (`pack`) and the `shellHome` namespace (`shellHome`).
 */
const PACK_LOADERS: Record<PackLanguage, () => Promise<{ pack: TranslationPack; shellHome: ShellHomePack }>> = {
  zh: () => import('./packs/zh.ts'),
  id: () => import('./packs/id.ts'),
  th: () => import('./packs/th.ts'),
  ja: () => import('./packs/ja.ts'),
  ko: () => import('./packs/ko.ts'),
  es: () => import('./packs/es.ts'),
  hi: () => import('./packs/hi.ts'),
  ms: () => import('./packs/ms.ts'),
  pt: () => import('./packs/pt.ts'),
  ta: () => import('./packs/ta.ts'),
  tl: () => import('./packs/tl.ts'),
  ur: () => import('./packs/ur.ts'),
  tr: () => import('./packs/tr.ts'),
  bn: () => import('./packs/bn.ts'),
  ar: () => import('./packs/ar.ts'),
  fa: () => import('./packs/fa.ts'),
  ru: () => import('./packs/ru.ts'),
  lo: () => import('./packs/lo.ts'),
  ne: () => import('./packs/ne.ts'),
  fr: () => import('./packs/fr.ts'),
  te: () => import('./packs/te.ts'),
  sw: () => import('./packs/sw.ts'),
};

export async function loadPack(language: PackLanguage): Promise<TranslationPack> {
  return (await PACK_LOADERS[language]()).pack;
}

/** The language's `shellHome` texts, from the same chunk as its pack. */
export async function loadShellHomePack(language: PackLanguage): Promise<ShellHomePack> {
  return (await PACK_LOADERS[language]()).shellHome;
}
