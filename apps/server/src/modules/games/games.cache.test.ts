import { foldText } from '@platform/contracts/text-folding';
import { createMemoryPubSub } from '@platform/realtime/pubsub';
import { describe, expect, it } from 'vitest';
import { connectCatalogueCache, createCatalogueCache } from './games.cache.ts';
import { IMAGE_HOST_PLACEHOLDER, pickHost, resolveHost } from './games.hosts.ts';
import { containsPattern, searchNameOf } from './games.search.ts';

describe('the catalogue cache', () => {
  it('loads once per key and serves the stored answer until it expires', async () => {
    let clock = 0;
    const cache = createCatalogueCache({ ttlMs: 1_000, now: () => new Date(clock) });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get(1, ['list', 'vi'], load)).toBe(1);
    expect(await cache.get(1, ['list', 'vi'], load)).toBe(1);
    expect(await cache.get(1, ['list', 'en'], load)).toBe(2);
    expect(await cache.get(2, ['list', 'vi'], load)).toBe(3);
    clock = 1_001;
    expect(await cache.get(1, ['list', 'vi'], load)).toBe(4);
  });

  it('shares one load between callers asking at the same time', async () => {
    const cache = createCatalogueCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return loads;
    };
    const answers = await Promise.all([cache.get(1, ['k'], load), cache.get(1, ['k'], load), cache.get(1, ['k'], load)]);
    expect(answers).toEqual([1, 1, 1]);
  });

  it('keeps at most its bound, dropping the least recently used', async () => {
    const cache = createCatalogueCache({ entriesMax: 3 });
    for (const key of ['a', 'b', 'c']) await cache.get(1, [key], async () => key);
    await cache.get(1, ['a'], async () => 'reloaded'); // a is now the most recent
    await cache.get(1, ['d'], async () => 'd');
    expect(cache.size()).toBe(3);
    expect(await cache.get(1, ['a'], async () => 'reloaded')).toBe('a');
    expect(await cache.get(1, ['b'], async () => 'b-again')).toBe('b-again');
  });

  it("drops only the edited merchant's answers", async () => {
    const cache = createCatalogueCache();
    await cache.get(1, ['k'], async () => 'one');
    await cache.get(2, ['k'], async () => 'two');
    cache.invalidate(1);
    expect(await cache.get(1, ['k'], async () => 'one-new')).toBe('one-new');
    expect(await cache.get(2, ['k'], async () => 'two-new')).toBe('two');
  });

  it('does not keep an answer whose load started before an edit', async () => {
    const cache = createCatalogueCache();
    let release: (value: string) => void = () => {};
    const slow = cache.get(1, ['k'], () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate(1);
    release('stale');
    expect(await slow).toBe('stale');
    expect(await cache.get(1, ['k'], async () => 'fresh')).toBe('fresh');
  });

  it('drops the answers of every node connected to the same pub/sub', async () => {
    const pubsub = createMemoryPubSub();
    const nodeA = createCatalogueCache();
    const nodeB = createCatalogueCache();
    const a = await connectCatalogueCache(nodeA, pubsub);
    const b = await connectCatalogueCache(nodeB, pubsub);
    await nodeA.get(7, ['k'], async () => 'a-old');
    await nodeB.get(7, ['k'], async () => 'b-old');
    await a.announce(7);
    expect(await nodeA.get(7, ['k'], async () => 'a-new')).toBe('a-new');
    expect(await nodeB.get(7, ['k'], async () => 'b-new')).toBe('b-new');
    await pubsub.publish('games:catalogue-changed', { merchantId: 'not a number' });
    expect(await nodeB.get(7, ['k'], async () => 'b-newer')).toBe('b-new');
    await a.disconnect();
    await b.disconnect();
  });
});

describe('name search folding', () => {
  it('folds Vietnamese accents, đ and case', () => {
    expect(foldText('  Quay  TRÁI Cây ')).toBe('quay trai cay');
    expect(foldText('Đồng Xu Vàng')).toBe('dong xu vang');
    expect(foldText('Phượng Hoàng')).toBe('phuong hoang');
  });

  it('stores every language name and the code in one column', () => {
    expect(searchNameOf({ vi: 'Bảy May Mắn', en: 'Lucky Sevens' }, 'lucky-sevens')).toBe('bay may man | lucky sevens');
  });

  it('makes LIKE wildcards in the typed text match themselves', () => {
    expect(containsPattern('100%_x\\')).toBe('%100\\%\\_x\\\\%');
  });
});

describe('image and launch hosts', () => {
  it('leaves a site path without hosts and picks a stable host per game otherwise', () => {
    expect(resolveHost(`${IMAGE_HOST_PLACEHOLDER}/games/a.svg`, IMAGE_HOST_PLACEHOLDER, [], 'a')).toBe('/games/a.svg');
    const hosts = ['https://i1.example/', 'https://i2.example', 'https://i3.example'];
    const picks = new Set(Array.from({ length: 50 }, (_, i) => pickHost(hosts, `game-${i}`)));
    expect(picks).toEqual(new Set(['https://i1.example', 'https://i2.example', 'https://i3.example']));
    expect(pickHost(hosts, 'game-1')).toBe(pickHost(hosts, 'game-1'));
    expect(resolveHost('https://other.example/x.png', IMAGE_HOST_PLACEHOLDER, hosts, 'x')).toBe('https://other.example/x.png');
  });
});
