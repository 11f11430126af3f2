import type { LotteryGameEntry } from '@platform/contracts/lottery';
import { describe, expect, it } from 'vitest';
import {
  ALL_DAYS,
  drawsOnWeekday,
  expectedCloseAt,
  expectedDrawAt,
  FAVOURITES_KEY,
  filterGames,
  formatCountdown,
  menuRefreshMs,
  readFavourites,
  toggleFavourite,
  WEEKDAY_ORDER,
} from './lottery-rules.ts';

function game(over: Partial<LotteryGameEntry>): LotteryGameEntry {
  return {
    gameId: 'EL1',
    remark: 'Xổ số nhanh 1 phút',
    gameMenuTag: 'EL',
    gameType: 'ELOTT',
    region: 'north',
    drawDayOfWeek: '1,2,3,4,5,6,7',
    drawTime: null,
    intervalSeconds: 60,
    numero: '20261125-0001',
    remainTime: 45_000,
    lockTime: 10,
    winningTime: 0,
    seedCommitment: null,
    accountTypeName: 'TCG_LOTTO_VN',
    ...over,
  };
}

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('the lottery menu refresh', () => {
  it('waits for the smallest remaining time of an open game, at most 30 s', () => {
    expect(menuRefreshMs([game({ remainTime: 12_000 }), game({ remainTime: 50_000 })])).toBe(12_000);
    expect(menuRefreshMs([game({ remainTime: 3_600_000 })])).toBe(30_000);
  });

  it('waits 7 s when the smallest is zero or there is no open game', () => {
    expect(menuRefreshMs([game({ remainTime: 0 }), game({ remainTime: 20_000 })])).toBe(7_000);
    expect(menuRefreshMs([])).toBe(7_000);
    // A game with no open draw does not count.
    expect(menuRefreshMs([game({ numero: null, remainTime: 0 }), game({ remainTime: 9_000 })])).toBe(9_000);
  });
});

describe('the expected draw time', () => {
  it('is the remaining time less half the round trip less the lock time', () => {
    const entry = game({ remainTime: 60_000, lockTime: 10 });
    // Received at 1,000,000 after a 200 ms round trip: drawn 59.9 s later, closed 10 s before that.
    expect(expectedDrawAt(entry, 1_000_000, 200)).toBe(1_059_900);
    expect(expectedCloseAt(entry, 1_000_000, 200)).toBe(1_049_900);
  });

  it('counts down as mm:ss, with hours when needed, never below zero', () => {
    expect(formatCountdown(65_400)).toBe('01:05');
    expect(formatCountdown(3_725_000)).toBe('1:02:05');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });
});

describe('the weekday filter', () => {
  it('lists Monday to Saturday, then Sunday', () => {
    expect(WEEKDAY_ORDER).toEqual([2, 3, 4, 5, 6, 7, 1]);
  });

  it("keeps a station on its days only, and everything for 'all days'", () => {
    const tuesdayStation = game({ drawDayOfWeek: '3' });
    expect(drawsOnWeekday(tuesdayStation, 3)).toBe(true);
    expect(drawsOnWeekday(tuesdayStation, 4)).toBe(false);
    expect(drawsOnWeekday(tuesdayStation, ALL_DAYS)).toBe(true);
  });
});

describe('favourites', () => {
  it('are kept per username under LOTTFAV and toggle on and off', () => {
    const storage = new MemoryStorage();
    expect(readFavourites(storage, 'alice')).toEqual([]);
    expect(toggleFavourite(storage, 'alice', 'EL1')).toEqual(['EL1']);
    expect(toggleFavourite(storage, 'bob', 'TPHCM')).toEqual(['TPHCM']);
    expect(readFavourites(storage, 'alice')).toEqual(['EL1']);
    expect(toggleFavourite(storage, 'alice', 'EL1')).toEqual([]);
    expect(JSON.parse(storage.getItem(FAVOURITES_KEY) ?? '')).toEqual({ alice: [], bob: ['TPHCM'] });
  });

  it('survive a damaged store by starting empty', () => {
    const storage = new MemoryStorage();
    storage.setItem(FAVOURITES_KEY, 'not json');
    expect(readFavourites(storage, 'alice')).toEqual([]);
    storage.setItem(FAVOURITES_KEY, JSON.stringify({ alice: 'EL1' }));
    expect(readFavourites(storage, 'alice')).toEqual([]);
  });
});

describe('the list filter', () => {
  const list = [
    game({ gameId: 'EL1', remark: 'Xổ số nhanh 1 phút', gameMenuTag: 'EL' }),
    game({ gameId: 'EL3', remark: 'Xổ số nhanh 3 phút', gameMenuTag: 'EL' }),
    game({ gameId: 'TPHCM', remark: 'TP. Hồ Chí Minh', gameMenuTag: 'MN', drawDayOfWeek: '2,7' }),
    game({ gameId: 'MB', remark: 'Miền Bắc', gameMenuTag: 'MB' }),
    game({ gameId: 'TTH', remark: 'Thừa Thiên Huế', gameMenuTag: 'MT', drawDayOfWeek: '1,2' }),
    game({ gameId: 'DLK', remark: 'Đắk Lắk', gameMenuTag: 'MT', drawDayOfWeek: '3' }),
  ];
  const base = { tag: null, weekday: ALL_DAYS, mode: 'all' as const, search: '', favourites: [], ranked: [] };
  const ids = (games: LotteryGameEntry[]) => games.map((g) => g.gameId);

  it('narrows by tag, weekday and name', () => {
    expect(ids(filterGames(list, { ...base, tag: 'EL' }))).toEqual(['EL1', 'EL3']);
    expect(ids(filterGames(list, { ...base, weekday: 3 }))).toEqual(['EL1', 'EL3', 'MB', 'DLK']);
    expect(ids(filterGames(list, { ...base, search: 'hồ chí' }))).toEqual(['TPHCM']);
    expect(ids(filterGames(list, { ...base, search: '  3 PHÚT ' }))).toEqual(['EL3']);
  });

  it('finds a name typed without its accents, as the lobby search does', () => {
    expect(ids(filterGames(list, { ...base, search: 'hue' }))).toEqual(['TTH']);
    expect(ids(filterGames(list, { ...base, search: 'ho chi minh' }))).toEqual(['TPHCM']);
    expect(ids(filterGames(list, { ...base, search: 'dak lak' }))).toEqual(['DLK']);
    expect(ids(filterGames(list, { ...base, search: 'MIEN  bac' }))).toEqual(['MB']);
    expect(ids(filterGames(list, { ...base, search: 'xo so nhanh' }))).toEqual(['EL1', 'EL3']);
  });

  it('shows favourites, and the hot and recent games in their ranked order', () => {
    expect(ids(filterGames(list, { ...base, mode: 'fav', favourites: ['MB', 'EL3'] }))).toEqual(['EL3', 'MB']);
    expect(ids(filterGames(list, { ...base, mode: 'hot', ranked: ['MB', 'EL1', 'GONE'] }))).toEqual(['MB', 'EL1']);
    expect(ids(filterGames(list, { ...base, mode: 'recent', ranked: ['TPHCM'], tag: 'EL' }))).toEqual([]);
  });
});
