import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { memberCentreMoneyVi } from '../i18n/money.vi.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The files that speak in the money namespace. */
const SOURCES = [
  ...readdirSync(here)
    .filter((name) => name.endsWith('.tsx'))
    .map((name) => path.join(here, name)),
  path.join(here, '../security/payment-password-section.tsx'),
  path.join(here, '../security/bank-cards-section.tsx'),
];

const lookup = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], memberCentreMoneyVi);

describe('the money pages', () => {
  it('use only texts that exist in the namespace', () => {
    const missing: string[] = [];
    for (const file of SOURCES) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/\bt\('([a-zA-Z.]+)'/g)) {
        const key = match[1] ?? '';
        if (typeof lookup(key) !== 'string') missing.push(`${path.basename(file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
