import type { shellHomeVi } from './shell-home/vi.ts';
import type { vi } from './vi.ts';

/** The Vietnamese resource's keys with any string as value: every language has the same keys. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type TranslationShape = Widen<typeof vi>;

/** A pack for another language: any key may be missing, and then the English text shows. */
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };
export type TranslationPack = DeepPartial<TranslationShape>;

/** A pack's texts of the `shellHome` namespace (home page, vendor menus, right bar, footer, rankings). */
export type ShellHomePack = DeepPartial<Widen<typeof shellHomeVi>>;
