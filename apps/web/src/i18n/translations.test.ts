import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { vi } from './vi.ts';

/** Every leaf key as a dotted path, so a missing key is named in the failure. */
function leafKeys(resource: object, prefix = ''): string[] {
  return Object.entries(resource).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the translation resources', () => {
  it('have the same keys in Vietnamese and English', () => {
    const viKeys = leafKeys(vi);
    const enKeys = leafKeys(en);
    expect(viKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !viKeys.includes(key))).toEqual([]);
  });

  it('have no empty text and keep the same placeholders in both languages', () => {
    const lookup = (resource: object, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resource);
    for (const key of leafKeys(vi)) {
      const viText = String(lookup(vi, key));
      const enText = String(lookup(en, key));
      expect(viText.trim(), key).not.toBe('');
      expect(enText.trim(), key).not.toBe('');
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(enText), key).toEqual(placeholders(viText));
    }
  });
});
