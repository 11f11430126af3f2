import { describe, expect, it } from 'vitest';
import { instantOf, localInput } from '../lib/format.ts';
import { patchOf } from './catalogue.tsx';
import { announcementBody, bannerBody } from './content.tsx';
import { sheetProblem } from './lottery-results.tsx';

/** The checks the two new screens make before they call (the server checks the same rules again). */

const SOUTH = [
  { tier: 'DB', count: 1, digits: 6 },
  { tier: 'G7', count: 1, digits: 3 },
  { tier: 'G8', count: 1, digits: 2 },
] as const;

describe('a typed lottery sheet', () => {
  it('names the first tier with a missing number or the wrong number of digits, leading zeros kept', () => {
    const layout = SOUTH.map((spec) => ({ ...spec }));
    expect(sheetProblem(layout, { DB: ['903517'], G7: ['060'], G8: ['07'] })).toBeNull();
    expect(sheetProblem(layout, { DB: ['903517'], G7: [''], G8: ['07'] })).toEqual({ key: 'lotteryResults.tierMissing', tier: 'G7' });
    expect(sheetProblem(layout, { DB: ['90351'], G7: ['060'], G8: ['07'] })).toEqual({ key: 'lotteryResults.tierDigits', tier: 'DB' });
    expect(sheetProblem(layout, { DB: ['903517'], G7: ['060'], G8: ['7'] })).toEqual({ key: 'lotteryResults.tierDigits', tier: 'G8' });
    expect(sheetProblem(layout, { DB: ['903517'], G7: ['060'] })).toEqual({ key: 'lotteryResults.tierMissing', tier: 'G8' });
  });
});

describe('the banner form', () => {
  const form = {
    groupName: 'w_home',
    imageUrl: '/banners/lotus-games.svg',
    titleVi: ' Tuần lễ vàng ',
    titleEn: 'Golden week',
    linkageType: '' as const,
    linkageTarget: '',
    sort: '-5',
    startsAt: '',
    endsAt: '',
    enabled: true,
  };

  it('sends a whole banner: trimmed titles, no link when none is chosen, no period when none is set', () => {
    expect(bannerBody(form)).toEqual({
      body: {
        groupName: 'w_home',
        imageUrl: '/banners/lotus-games.svg',
        linkageType: null,
        linkageTarget: null,
        title: { vi: 'Tuần lễ vàng', en: 'Golden week' },
        sort: -5,
        startsAt: null,
        endsAt: null,
        enabled: true,
      },
    });
  });

  it('refuses what the server would refuse, with the sentence to show', () => {
    expect(bannerBody({ ...form, imageUrl: 'banners/x.svg' })).toEqual({ problem: 'content.imageFormat' });
    expect(bannerBody({ ...form, imageUrl: 'http://cdn.example/x.svg' })).toEqual({ problem: 'content.imageFormat' });
    expect(bannerBody({ ...form, groupName: 'Home' })).toEqual({ problem: 'content.groupFormat' });
    expect(bannerBody({ ...form, linkageType: 'ROUTE', linkageTarget: 'promotions' })).toEqual({ problem: 'content.routeFormat' });
    expect(bannerBody({ ...form, linkageType: 'URL', linkageTarget: '/promotions' })).toEqual({ problem: 'content.urlFormat' });
    expect(bannerBody({ ...form, sort: '1.5' })).toEqual({ problem: 'content.sortFormat' });
    expect(bannerBody({ ...form, sort: '20000' })).toEqual({ problem: 'content.sortFormat' });
    expect(bannerBody({ ...form, startsAt: '2026-12-01T10:00', endsAt: '2026-12-01T09:00' })).toEqual({ problem: 'content.periodOrder' });
  });

  it("reads and writes the period in the operator's clock", () => {
    const iso = instantOf('2026-12-01T10:30');
    expect(iso).toBe(new Date(2026, 11, 1, 10, 30).toISOString());
    expect(localInput(iso)).toBe('2026-12-01T10:30');
    expect(instantOf('')).toBeNull();
    expect(localInput(null)).toBe('');
  });
});

describe('a catalogue change', () => {
  const before = { isEnabled: true, isHot: false, isMaintenance: false, maintenanceMessage: { vi: 'Bảo trì' }, sort: 3 };
  const form = { isEnabled: true, isHot: false, isMaintenance: false, messageVi: 'Bảo trì', messageEn: '', sort: '3', category: '' };

  it('sends only what the operator changed, and nothing when nothing changed', () => {
    expect(patchOf(before, form)).toEqual({});
    expect(patchOf(before, { ...form, isMaintenance: true, messageEn: ' Back soon ' })).toEqual({
      isMaintenance: true,
      maintenanceMessage: { vi: 'Bảo trì', en: 'Back soon' },
    });
    expect(patchOf(before, { ...form, isEnabled: false, isHot: true, sort: '-2' })).toEqual({ isEnabled: false, isHot: true, sort: -2 });
  });

  it("sends a game's new category, and never a category for a vendor", () => {
    const game = { ...before, gameType: 'RNG' };
    expect(patchOf(game, { ...form, category: 'RNG' })).toEqual({});
    expect(patchOf(game, { ...form, category: 'FISH' })).toEqual({ category: 'FISH' });
    expect(patchOf(before, { ...form, category: 'FISH' })).toEqual({});
  });

  it('refuses an order that is not a whole number in range', () => {
    expect(patchOf(before, { ...form, sort: '2.5' })).toBeNull();
    expect(patchOf(before, { ...form, sort: '2000000' })).toBeNull();
  });
});

describe('the announcement form', () => {
  const form = {
    type: 'PU' as const,
    titleVi: 'Khuyến mãi',
    titleEn: '',
    bodyVi: '<p>Nạp lần đầu</p>',
    bodyEn: '',
    platform: 'W' as const,
    popupRepeat: 'every_load' as const,
    sort: '0',
    startsAt: '2026-12-01T08:00',
    endsAt: '',
    enabled: true,
  };

  it('needs a title in one language and a start, and keeps the end after it', () => {
    expect(announcementBody(form)).toEqual({
      body: {
        type: 'PU',
        title: { vi: 'Khuyến mãi', en: '' },
        body: { vi: '<p>Nạp lần đầu</p>', en: '' },
        platform: 'W',
        popupRepeat: 'every_load',
        startsAt: new Date(2026, 11, 1, 8, 0).toISOString(),
        endsAt: null,
        sort: 0,
        enabled: true,
      },
    });
    expect(announcementBody({ ...form, titleVi: ' ' })).toEqual({ problem: 'content.titleRequired' });
    expect(announcementBody({ ...form, startsAt: '' })).toEqual({ problem: 'content.startRequired' });
    expect(announcementBody({ ...form, endsAt: '2026-12-01T07:00' })).toEqual({ problem: 'content.periodOrder' });
  });
});
