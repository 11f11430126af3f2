import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { PACK_LANGUAGES } from './language.ts';
import { loadPack } from './load-pack.ts';
import { vi } from './vi.ts';

/** Every leaf key as a dotted path, so a missing key is named in the failure. */
function leafKeys(resource: object, prefix = ''): string[] {
  return Object.entries(resource).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const lookup = (resource: object, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resource);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the translation resources', () => {
  it('have the same keys in Vietnamese and English', () => {
    const viKeys = leafKeys(vi);
    const enKeys = leafKeys(en);
    expect(viKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !viKeys.includes(key))).toEqual([]);
  });

  it('have no empty text and keep the same placeholders in both languages', () => {
    for (const key of leafKeys(vi)) {
      const viText = String(lookup(vi, key));
      const enText = String(lookup(en, key));
      expect(viText.trim(), key).not.toBe('');
      expect(enText.trim(), key).not.toBe('');
      expect(placeholders(enText), key).toEqual(placeholders(viText));
    }
  });
});

describe.each(PACK_LANGUAGES)('the %s pack', (language) => {
  it('has only keys that English has, each a non-empty text with the English placeholders', async () => {
    const pack = await loadPack(language);
    const enKeys = leafKeys(en);
    const packKeys = leafKeys(pack);
    expect(packKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    for (const key of packKeys) {
      const text = lookup(pack, key);
      expect(typeof text, key).toBe('string');
      expect(String(text).trim(), key).not.toBe('');
      expect(placeholders(String(text)), key).toEqual(placeholders(String(lookup(en, key))));
    }
  });

  it('translates nearly every key: only names that stay as in English may be left out', async () => {
    const pack = await loadPack(language);
    const missing = leafKeys(en).filter((key) => lookup(pack, key) === undefined);
    const SAME_IN_EVERY_LANGUAGE = [
      'fields.qqNum',
      'fields.line',
      'fields.whatsapp',
      'fields.facebook',
      'fields.wechat',
      'language.vi',
      'language.en',
    ];
    expect(missing.filter((key) => !SAME_IN_EVERY_LANGUAGE.includes(key))).toEqual([]);
  });
});
