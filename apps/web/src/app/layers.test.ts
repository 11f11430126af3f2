import { describe, expect, it } from 'vitest';

/**
 * The boundary rules in biome.json match imports as written, one override per folder depth inside
 * a feature (0 to 3, see docs/decisions/0009). A deeper file would escape them, so it fails here.
 */
const FEATURE_FILES = Object.keys(import.meta.glob(['../features/**/*.ts', '../features/**/*.tsx']));
const DEPTH_CHECKED_MAX = 3;
const SOURCE_FILES = Object.keys(import.meta.glob(['../**/*.ts', '../**/*.tsx']));
/** The folders biome.json gives rules to; a new top-level folder needs its place there first. */
const LAYERS = ['app', 'pages', 'shell', 'features', 'state', 'api', 'components', 'hooks', 'lib', 'i18n', 'styles', 'test'];

describe('the web layers', () => {
  it('keep every feature file within the folder depths the lint rule checks', () => {
    expect(FEATURE_FILES.length).toBeGreaterThan(100);
    // '../features/<feature>/<folders...>/<file>': the folders between the feature and the file.
    const tooDeep = FEATURE_FILES.filter((file) => file.split('/').length - 4 > DEPTH_CHECKED_MAX);
    expect(tooDeep).toEqual([]);
  });

  it('hold every source file but main.tsx in a folder the lint rule knows', () => {
    // Vite names this folder's own files './x.ts' and the others '../<folder>/x.ts'.
    const layerOf = (file: string) => (file.startsWith('./') ? 'app' : (file.split('/')[1] ?? ''));
    const outside = SOURCE_FILES.filter((file) => file !== '../main.tsx' && !LAYERS.includes(layerOf(file)));
    expect(outside).toEqual([]);
  });

  it('have no file directly in features/ outside a feature folder', () => {
    expect(FEATURE_FILES.filter((file) => file.split('/').length < 4)).toEqual([]);
  });
});
