import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomFloat, roundRandom, simulationRandom } from '../random-source.ts';
import { uniformInt } from '../rng.ts';
import { cardName, orderedShoe, rankOf, Shoe, shuffle, suitOf } from './cards.ts';

describe('the provably fair stream and the shoe', () => {
  it('reads the round from HMAC-SHA256(serverSeed, clientSeed:nonce:cursor), four bytes a draw', () => {
    const random = roundRandom('server', 'client', 5);
    const block0 = createHmac('sha256', 'server').update('client:5:0').digest();
    const block1 = createHmac('sha256', 'server').update('client:5:1').digest();
    const words = [...Array.from({ length: 8 }, (_, i) => block0.readUInt32BE(4 * i)), block1.readUInt32BE(0)];
    // A bound of 2^32 accepts every word, so the draws are the stream's words themselves.
    for (const word of words) expect(random(2 ** 32)).toBe(word);
    expect(roundRandom('server', 'client', 5)(1000)).toBe(uniformInt('server', 'client', 5, 1000));
  });

  it('shuffles into a permutation of the shoe', () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(1, 6, 8), (nonce, decks) => {
        const shuffled = shuffle(orderedShoe(decks), roundRandom('s', 'c', nonce));
        expect([...shuffled].sort((a, b) => a - b)).toEqual(orderedShoe(decks).sort((a, b) => a - b));
      }),
      { numRuns: 50 },
    );
  });

  it('deals lazily exactly the cards a full shuffle puts on top, in the same order', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 60 }), (nonce, count) => {
        const full = shuffle(orderedShoe(8), roundRandom('s', 'c', nonce));
        const shoe = new Shoe(8, roundRandom('s', 'c', nonce));
        const dealt = Array.from({ length: count }, () => shoe.draw());
        expect(dealt).toEqual(full.slice(-count).reverse());
        expect(shoe.dealt).toBe(count);
      }),
      { numRuns: 50 },
    );
  });

  it('deals every card of a one-deck shoe once, then refuses', () => {
    const shoe = new Shoe(1, simulationRandom(1));
    const cards = Array.from({ length: 52 }, () => shoe.draw());
    expect(new Set(cards).size).toBe(52);
    expect(() => shoe.draw()).toThrow(RangeError);
    shoe.refill();
    expect(shoe.dealt).toBe(0);
  });

  it('names cards and spreads draws evenly (chi-squared over 52 cards within the 99.9% bound)', () => {
    expect(cardName(0)).toBe('AC');
    expect(cardName(51)).toBe('KS');
    expect([rankOf(22), suitOf(22)]).toEqual([10, 1]);
    const random = roundRandom('s', 'chi', 0);
    const counts = new Array<number>(52).fill(0);
    for (let i = 0; i < 52_000; i++) counts[random(52)]! += 1;
    const chi2 = counts.reduce((sum, c) => sum + (c - 1000) ** 2 / 1000, 0);
    expect(chi2).toBeLessThan(88.0); // 51 degrees of freedom, p = 0.999
  });

  it('draws floats in [0, 1) and the simulation source within its bound', () => {
    const random = roundRandom('s', 'f', 0);
    const sim = simulationRandom(3);
    for (let i = 0; i < 1000; i++) {
      const x = randomFloat(random);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      expect(sim(7)).toBeLessThan(7);
    }
  });
});
