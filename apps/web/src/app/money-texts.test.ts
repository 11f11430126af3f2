import { describe, expect, it } from 'vitest';
import { memberCentreMoneyVi } from '../i18n/member-centre/money.vi.ts';

/** The sources that speak in the money namespace, as text. */
const SOURCES = import.meta.glob<string>(
  [
    '../features/deposits/components/*.tsx',
    '../features/withdrawals/components/*.tsx',
    '../components/pager.tsx',
    '../components/status-pill.tsx',
  ],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

const lookup = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], memberCentreMoneyVi);

describe('the money pages', () => {
  it('use only texts that exist in the namespace', () => {
    const missing: string[] = [];
    expect(Object.keys(SOURCES).length).toBeGreaterThan(10);
    for (const [file, source] of Object.entries(SOURCES)) {
      for (const match of source.matchAll(/\bt\('([a-zA-Z.]+)'/g)) {
        const key = match[1] ?? '';
        if (typeof lookup(key) !== 'string') missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
