import { describe, expect, it } from 'vitest';
import { cockfightGamePath } from './site-sections.ts';

describe('the header’s cockfight entry', () => {
  it('opens the game page of the cockfight vendor, which launches its game at once', () => {
    const path = cockfightGamePath({ vassalage: 'HOUSE', displayName: 'Lotus House' }, 'Đá gà');
    const url = new URL(path, 'https://site.example');
    expect(url.pathname).toBe('/game');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      vendor: 'HOUSE',
      type: 'COCKFIGHT',
      name: 'Đá gà',
      vendorName: 'Lotus House',
      from: '/index',
    });
  });
});
