import type { LiveClock } from '@platform/sportsbook/feed/messages';
import type { SportEvent } from '@platform/sportsbook/model';
import { describe, expect, it } from 'vitest';
import { harness } from './sportsbook.test-support.ts';
import { sportsbookViews } from './sportsbook-routes.ts';

const MINUTE = 60_000;

/** An event under way for two hours and two minutes, with what the feed last said of its play. */
async function liveClock(sportId: string, clock: ((now: number) => LiveClock) | null, maps: Array<'home' | 'away'> = []) {
  const { book, clock: time } = harness();
  await book.start();
  const event: SportEvent = {
    kind: 'match',
    id: `${sportId}-x`,
    sportId,
    competitionId: `${sportId}-series`,
    startsAt: time.t - 122 * MINUTE,
    home: 'Lotus Gaming',
    away: 'Jade Wolves',
    bestOf: sportId === 'basketball' ? null : 3,
  };
  book.sink.apply({ seq: 1, at: event.startsAt, type: 'fixture', eventId: event.id, event, phase: 'live' });
  const home = maps.filter((m) => m === 'home').length;
  book.sink.apply({
    seq: 2,
    at: time.t - MINUTE,
    type: 'result',
    eventId: event.id,
    live: { home, away: maps.length - home },
    result: sportId === 'basketball' ? {} : { maps },
    ...(clock ? { clock: clock(time.t) } : {}),
  });
  await book.idle();
  const shown = (lang: 'vi' | 'en') => sportsbookViews(book, lang, false).eventView(event.id)?.clock;
  return { en: shown('en'), vi: shown('vi') };
}

describe('sportsbook live clock: each sport its own', () => {
  it("shows an e-sports series' game or map and the minutes into it, never a football minute", async () => {
    expect(await liveClock('lol', (now) => ({ period: 'map', index: 2, since: now - 14 * MINUTE }), ['home'])).toEqual({
      en: "Game 2/3 · 14'",
      vi: "Ván 2/3 · 14'",
    });
    expect(await liveClock('cs2', (now) => ({ period: 'map', index: 3, since: now - 31 * MINUTE }), ['home', 'away'])).toEqual({
      en: "Map 3/3 · 31'",
      vi: "Bản đồ 3/3 · 31'",
    });
    expect(await liveClock('valorant', (now) => ({ period: 'break', index: 1, since: now - 3 * MINUTE }), ['away'])).toEqual({
      en: 'Break after map 1',
      vi: 'Nghỉ sau bản đồ 1',
    });
    // Without a clock from the feed (an operator's event): the map after those played, no minutes.
    expect(await liveClock('dota2', null, ['away'])).toEqual({ en: 'Game 2/3', vi: 'Ván 2/3' });
  });

  it("shows basketball's quarter or overtime", async () => {
    expect(await liveClock('basketball', (now) => ({ period: 'quarter', index: 3, since: now - 5 * MINUTE }))).toEqual({
      en: "Q3 · 5'",
      vi: "Hiệp 3 · 5'",
    });
    expect(await liveClock('basketball', (now) => ({ period: 'overtime', index: 1, since: now - 2 * MINUTE }))).toEqual({
      en: "Overtime 1 · 2'",
      vi: "Hiệp phụ 1 · 2'",
    });
  });

  it('keeps the football minute for football, within 90', async () => {
    expect(await liveClock('football', null)).toEqual({ en: "90'", vi: "90'" });
  });
});
