import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { CONTENT_CACHE_MAX_ENTRIES } from './content.service.ts';

let t: TestApp;
let clock = new Date('2026-11-22T03:00:00.000Z');
let admin: { headers: Record<string, string> };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  await createMerchant(t.database.db);
  admin = await loginAdmin(t.app, 'support');
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  clock = new Date('2026-11-22T03:00:00.000Z');
  await t.database.db.deleteFrom('content_banners').execute();
  await t.database.db.deleteFrom('content_announcements').execute();
  t.app.services.content.clearCache();
});

const banner = (overrides: Record<string, unknown> = {}) => ({
  groupName: 'w_home',
  imageUrl: '/banners/welcome.svg',
  linkageType: 'ROUTE',
  linkageTarget: '/promotions',
  title: { vi: 'Chào mừng', en: 'Welcome' },
  sort: 0,
  ...overrides,
});

const announcement = (overrides: Record<string, unknown> = {}) => ({
  type: 'B',
  title: { vi: 'Thông báo', en: 'Notice' },
  body: { vi: '<p>Nội dung</p>', en: '<p>Body</p>' },
  startsAt: '2026-11-21T00:00:00.000Z',
  ...overrides,
});

async function post(url: string, payload: unknown, headers = admin.headers) {
  return t.app.inject({ method: 'POST', url, headers, payload: payload as object });
}

async function createBanner(overrides: Record<string, unknown> = {}) {
  const res = await post('/admin-api/content/banners', banner(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number };
}

async function createAnnouncement(overrides: Record<string, unknown> = {}) {
  const res = await post('/admin-api/content/announcements', announcement(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; body: { vi: string; en: string } };
}

const get = (url: string, lang = 'vi') => t.app.inject({ method: 'GET', url, headers: { lang } });

describe('back-office content calls: the status matrix', () => {
  const calls = [
    { method: 'GET', url: '/admin-api/content/banners' },
    { method: 'POST', url: '/admin-api/content/banners', payload: banner() },
    { method: 'PUT', url: '/admin-api/content/banners/1', payload: banner() },
    { method: 'POST', url: '/admin-api/content/banners/1/disable' },
    { method: 'DELETE', url: '/admin-api/content/banners/1' },
    { method: 'GET', url: '/admin-api/content/announcements' },
    { method: 'POST', url: '/admin-api/content/announcements', payload: announcement() },
    { method: 'PUT', url: '/admin-api/content/announcements/1', payload: announcement() },
    { method: 'POST', url: '/admin-api/content/announcements/1/enable' },
    { method: 'DELETE', url: '/admin-api/content/announcements/1' },
  ] as const;

  it.each(calls)('$method $url needs an operator session (401), and the support role (403)', async (call) => {
    const anonymous = await t.app.inject({ ...call, payload: 'payload' in call ? call.payload : undefined });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('admin_unauthorized');
    const finance = await loginAdmin(t.app, 'finance');
    const refused = await t.app.inject({ ...call, headers: finance.headers, payload: 'payload' in call ? call.payload : undefined });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('admin_forbidden');
  });

  it('refuses a member token on the back office', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin-api/content/banners',
      headers: { authorization: 'Bearer not-an-operator' },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['an unknown field', { extra: 1 }],
    ['a bad group name', { groupName: 'Home Page' }],
    ['a script address as image', { imageUrl: 'javascript:alert(1)' }],
    ['a protocol-relative image', { imageUrl: '//evil.example/x.png' }],
    ['a link type without target', { linkageTarget: null }],
    ['a target without link type', { linkageType: null }],
    ['a route that is not a site path', { linkageTarget: 'https://elsewhere.example' }],
    ['a URL link that is not http', { linkageType: 'URL', linkageTarget: 'javascript:alert(1)' }],
    ['an end before the start', { startsAt: '2026-11-22T00:00:00Z', endsAt: '2026-11-21T00:00:00Z' }],
    ['a date without offset', { startsAt: '2026-11-22 00:00:00' }],
    ['a sort out of range', { sort: 1e9 }],
  ])('refuses a banner with %s (400) and stores nothing', async (_name, overrides) => {
    const res = await post('/admin-api/content/banners', banner(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('bad_request');
    expect(await t.database.db.selectFrom('content_banners').selectAll().execute()).toEqual([]);
  });

  it.each([
    ['an unknown type', { type: 'X' }],
    ['no title in either language', { title: { vi: '', en: '  ' } }],
    ['no start time', { startsAt: undefined }],
    ['an end before the start', { endsAt: '2026-11-20T00:00:00Z' }],
    ['an unknown platform', { platform: 'IOS' }],
    ['an unknown field', { colour: 'red' }],
    ['a body too long', { body: { vi: 'x'.repeat(20_001), en: '' } }],
  ])('refuses an announcement with %s (400) and stores nothing', async (_name, overrides) => {
    const res = await post('/admin-api/content/announcements', announcement(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(await t.database.db.selectFrom('content_announcements').selectAll().execute()).toEqual([]);
  });

  it('answers 404 for an unknown id and for another merchant’s item', async () => {
    const other = await createMerchant(t.database.db);
    const foreign = await t.database.db
      .insertInto('content_banners')
      .values({
        merchant_id: other.id,
        group_name: 'w_home',
        image_url: '/x.svg',
        linkage_type: null,
        linkage_target: null,
        title_vi: 'x',
        title_en: 'x',
        sort: 0,
        starts_at: null,
        ends_at: null,
        enabled: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const url of [`/admin-api/content/banners/${foreign.id}/disable`, '/admin-api/content/banners/999999/disable']) {
      const res = await post(url, undefined);
      expect(res.statusCode).toBe(404);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: `/admin-api/content/banners/${foreign.id}`,
      headers: admin.headers,
      payload: banner(),
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: '/admin-api/content/announcements/424242', headers: admin.headers });
    expect(del.statusCode).toBe(404);
    const row = await t.database.db.selectFrom('content_banners').select('enabled').where('id', '=', foreign.id).executeTakeFirstOrThrow();
    expect(row.enabled).toBe(true);
  });
});

describe('banners', () => {
  it('creates, edits, disables, enables and deletes, each audited, and visitors follow every edit', async () => {
    const created = await createBanner();
    const list = async () => (await get('/wps/relay/MCSFE_getBanners?groupName=w_home')).json().value;
    expect(await list()).toEqual([
      {
        bannerId: created.id,
        url: '/banners/welcome.svg',
        groupName: 'w_home',
        linkageType: 'ROUTE',
        linkageTarget: '/promotions',
        title: 'Chào mừng',
      },
    ]);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/admin-api/content/banners/${created.id}`,
      headers: admin.headers,
      payload: banner({ imageUrl: '/banners/other.svg', linkageType: null, linkageTarget: null }),
    });
    expect(put.statusCode).toBe(200);
    // The cached answer was dropped by the edit: no waiting for the cache time.
    expect((await list())[0]).toMatchObject({ url: '/banners/other.svg', linkageType: null, linkageTarget: null });

    expect((await post(`/admin-api/content/banners/${created.id}/disable`, undefined)).json().value.enabled).toBe(false);
    expect(await list()).toEqual([]);
    expect((await post(`/admin-api/content/banners/${created.id}/enable`, undefined)).json().value.enabled).toBe(true);
    expect(await list()).toHaveLength(1);
    const del = await t.app.inject({ method: 'DELETE', url: `/admin-api/content/banners/${created.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    expect(await list()).toEqual([]);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('subject_type', '=', 'banner')
      .where('subject_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'content.banner.create',
      'content.banner.update',
      'content.banner.disable',
      'content.banner.enable',
      'content.banner.delete',
    ]);
    expect(audit[1]?.data).toMatchObject({ before: { imageUrl: '/banners/welcome.svg' }, after: { imageUrl: '/banners/other.svg' } });
  });

  it('shows only the asked group, in the operator order, within the active window, in the caller language with fallback', async () => {
    const second = await createBanner({ sort: 2, title: { vi: '', en: 'Only English' } });
    const first = await createBanner({ sort: 1 });
    await createBanner({ groupName: 'w_login' });
    await createBanner({ startsAt: '2026-11-23T00:00:00Z' });
    await createBanner({ endsAt: '2026-11-22T02:00:00Z', startsAt: null });
    const vi = (await get('/wps/relay/MCSFE_getBanners?groupName=w_home')).json().value;
    expect(vi.map((b: { bannerId: number }) => b.bannerId)).toEqual([first.id, second.id]);
    expect(vi.map((b: { title: string }) => b.title)).toEqual(['Chào mừng', 'Only English']);
    const en = (await get('/wps/relay/MCSFE_getBanners?groupName=w_home', 'en')).json().value;
    expect(en[0].title).toBe('Welcome');

    clock = new Date('2026-11-23T00:00:01Z');
    t.app.services.content.clearCache();
    expect((await get('/wps/relay/MCSFE_getBanners')).json().value).toHaveLength(3);
    expect((await get('/wps/relay/MCSFE_getBanners?groupName=w_login')).json().value).toHaveLength(1);
  });

  it('refuses a bad group name from a visitor', async () => {
    const res = await get('/wps/relay/MCSFE_getBanners?groupName=../../etc');
    expect(res.statusCode).toBe(400);
  });
});

describe('announcements', () => {
  it('cleans the HTML on save: no scripts, handlers, styles or frames; links get rel=noopener', async () => {
    const created = await createAnnouncement({
      body: {
        vi: '<p style="color:red" onclick="x()">Xin <b>chào</b><script>alert(1)</script></p><iframe src="https://x"></iframe><a href="https://lotus.example/help" onmouseover="y()">trợ giúp</a><a href="javascript:alert(1)">x</a><img src="http://insecure.example/a.png" onerror="z()"><img src="https://cdn.example/a.png" alt="a">',
        en: '<div class="x"><h3>Hi</h3><form><input></form></div>',
      },
    });
    expect(created.body.vi).toBe(
      '<p>Xin <b>chào</b></p><a href="https://lotus.example/help" target="_blank" rel="noopener noreferrer">trợ giúp</a><a target="_blank" rel="noopener noreferrer">x</a><img /><img src="https://cdn.example/a.png" alt="a" />',
    );
    expect(created.body.en).toBe('<h3>Hi</h3>');
    const stored = await t.database.db.selectFrom('content_announcements').select(['body_vi']).executeTakeFirstOrThrow();
    expect(stored.body_vi).not.toMatch(/script|onclick|style=|iframe|javascript:/);
  });

  it('pages 9 at a time, newest first, only what is in effect by the server clock, and only the asked type', async () => {
    for (let i = 0; i < 11; i += 1) {
      await createAnnouncement({
        title: { vi: `Tin ${i}`, en: `News ${i}` },
        startsAt: new Date(Date.UTC(2026, 10, 10 + i)).toISOString(),
      });
    }
    await createAnnouncement({ title: { vi: 'Sắp tới', en: 'Upcoming' }, startsAt: '2026-11-23T00:00:00Z' });
    await createAnnouncement({ title: { vi: 'Hết hạn', en: 'Expired' }, startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-02T00:00:00Z' });
    await createAnnouncement({ title: { vi: 'Tắt', en: 'Off' }, enabled: false });
    await createAnnouncement({ type: 'PR', title: { vi: 'KM', en: 'Promo' } });
    await createAnnouncement({ type: 'N', title: { vi: 'Tin tức', en: 'News item' } });
    await createAnnouncement({ title: { vi: 'Ứng dụng', en: 'App only' }, platform: 'M' });

    const page1 = (await get('/wps/relay/MCSFE_getListAnnouncements')).json().value;
    expect(page1).toMatchObject({ pageNo: 1, pageSize: 9, totalCount: 11, totalPages: 2 });
    expect(page1.list).toHaveLength(9);
    expect(page1.list[0]).toMatchObject({
      title: 'Tin 10',
      type: 'B',
      startDateStr: '2026-11-20 07:00:00',
      startDate: '2026-11-20T00:00:00.000Z',
    });
    expect(page1.list[0].content).toBe('<p>Nội dung</p>');
    const page2 = (await get('/wps/relay/MCSFE_getListAnnouncements?pageNo=2', 'en')).json().value;
    expect(page2.list.map((a: { title: string }) => a.title)).toEqual(['News 1', 'News 0']);
    expect(page2.list[0].content).toBe('<p>Body</p>');
    const promo = (await get('/wps/relay/MCSFE_getListAnnouncements?type=PR')).json().value;
    expect(promo.list.map((a: { title: string }) => a.title)).toEqual(['KM']);
    // The news page's type.
    const news = (await get('/wps/relay/MCSFE_getListAnnouncements?type=N', 'en')).json().value;
    expect(news.list.map((a: { title: string; type: string }) => [a.title, a.type])).toEqual([['News item', 'N']]);
    const app = (await get('/wps/relay/MCSFE_getListAnnouncements?platform=M')).json().value;
    expect(app.totalCount).toBe(12);
    const empty = (await get('/wps/relay/MCSFE_getListAnnouncements?type=H')).json().value;
    expect(empty).toMatchObject({ list: [], totalCount: 0, totalPages: 1 });

    // The upcoming one appears once its start passes (after the cache time).
    clock = new Date('2026-11-23T00:00:10Z');
    expect((await get('/wps/relay/MCSFE_getListAnnouncements')).json().value.list[0].title).toBe('Sắp tới');
  });

  it('falls back to the other language for title and body together', async () => {
    await createAnnouncement({ title: { vi: '', en: 'English only' }, body: { vi: '<p>vi</p>', en: '<p>en</p>' } });
    const vi = (await get('/wps/relay/MCSFE_getListAnnouncements')).json().value.list[0];
    expect(vi).toMatchObject({ title: 'English only', content: '<p>en</p>' });
    const th = (await get('/wps/relay/MCSFE_getListAnnouncements', 'th')).json().value.list[0];
    expect(th).toMatchObject({ title: 'English only', content: '<p>en</p>' });
  });

  it.each([
    ['pageSize above 50', '?pageSize=51'],
    ['pageNo 0', '?pageNo=0'],
    ['an unknown type', '?type=ZZ'],
    ['an unknown platform', '?platform=X'],
    ['an unknown parameter', '?foo=1'],
  ])('refuses a list with %s (400)', async (_name, query) => {
    expect((await get(`/wps/relay/MCSFE_getListAnnouncements${query}`)).statusCode).toBe(400);
  });

  it('groups the announcement content by popup, player, banners, promotion and headline', async () => {
    const popup = await createAnnouncement({ type: 'PU', title: { vi: 'Bật lên', en: 'Popup' } });
    await createAnnouncement({ type: 'PU', title: { vi: 'Tắt', en: 'Off' }, enabled: false });
    const bulletin = await createAnnouncement({ type: 'B' });
    await createAnnouncement({ type: 'PL', title: { vi: 'Người chơi', en: 'Player' } });
    const onlyPopup = (await get('/wps/relay/MCSFE_getAnnouncementContent?types=PU&platform=W', 'en')).json().value;
    expect(onlyPopup.popup.map((a: { id: number }) => a.id)).toEqual([popup.id]);
    expect(onlyPopup.popup[0].title).toBe('Popup');
    expect(onlyPopup.banners).toEqual([]);
    const all = (await get('/wps/relay/MCSFE_getAnnouncementContent?types=B,PL,PU,PR,H')).json().value;
    expect(all.banners.map((a: { id: number }) => a.id)).toEqual([bulletin.id]);
    expect(all.player).toHaveLength(1);
    expect(all.promotion).toEqual([]);
    expect((await get('/wps/relay/MCSFE_getAnnouncementContent?types=PU,XX')).statusCode).toBe(400);
    // The spec's client sends `execution` with the call; it is accepted and answers the same content.
    const executed = await get('/wps/relay/MCSFE_getAnnouncementContent?types=PU&platform=W&execution=B');
    expect(executed.statusCode).toBe(200);
    expect(executed.json().value.popup.map((a: { id: number }) => a.id)).toEqual([popup.id]);
    expect((await get('/wps/relay/MCSFE_getAnnouncementContent?types=PU&execution=true')).statusCode).toBe(200);
  });

  it('says how often each popup shows: once per session unless the operator marks it for every page load', async () => {
    const once = await createAnnouncement({ type: 'PU', title: { vi: 'Một lần', en: 'Once' } });
    const every = await createAnnouncement({ type: 'PU', title: { vi: 'Mỗi lần', en: 'Every load' }, popupRepeat: 'every_load' });
    const popups = (await get('/wps/relay/MCSFE_getAnnouncementContent?types=PU&platform=W')).json().value.popup as {
      id: number;
      popupRepeat: string;
    }[];
    expect(popups.find((a) => a.id === once.id)?.popupRepeat).toBe('session');
    expect(popups.find((a) => a.id === every.id)?.popupRepeat).toBe('every_load');
    const listed = (await t.app.inject({ method: 'GET', url: '/admin-api/content/announcements', headers: admin.headers })).json().value;
    expect(listed.find((a: { id: number }) => a.id === every.id)).toMatchObject({ popupRepeat: 'every_load' });
    expect((await post('/admin-api/content/announcements', announcement({ popupRepeat: 'always' }))).statusCode).toBe(400);
  });

  it('lists headline and bulletin titles for the marquee, invalidated by a disable', async () => {
    const headline = await createAnnouncement({ type: 'H', title: { vi: 'Tiêu điểm', en: 'Headline' }, sort: -1 });
    await createAnnouncement({ type: 'B', title: { vi: 'Bản tin', en: 'Bulletin' } });
    await createAnnouncement({ type: 'PU' });
    const marquee = (await get('/wps/relay/MCSFE_getMarqueeNotices', 'en')).json().value;
    expect(marquee).toEqual([
      { id: headline.id, type: 'H', title: 'Headline' },
      { id: expect.any(Number), type: 'B', title: 'Bulletin' },
    ]);
    await post(`/admin-api/content/announcements/${headline.id}/disable`, undefined);
    expect((await get('/wps/relay/MCSFE_getMarqueeNotices', 'en')).json().value.map((m: { title: string }) => m.title)).toEqual([
      'Bulletin',
    ]);
  });

  it('keeps the cache bounded however many pages are asked for', async () => {
    const merchant = await t.app.services.merchants.current();
    for (let pageNo = 1; pageNo <= CONTENT_CACHE_MAX_ENTRIES + 5; pageNo += 1) {
      await t.app.services.content.announcementPage(merchant.id, 'vi', { type: 'B', platform: 'W', pageNo, pageSize: 9 });
    }
    expect(t.app.services.content.cacheSize()).toBeLessThanOrEqual(CONTENT_CACHE_MAX_ENTRIES);
    expect(t.app.services.content.cacheSize()).toBeGreaterThan(0);
  });

  it('edits and deletes with audit rows naming the operator', async () => {
    const created = await createAnnouncement();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/admin-api/content/announcements/${created.id}`,
      headers: admin.headers,
      payload: announcement({ title: { vi: 'Mới', en: 'New' }, body: { vi: '<p onclick="x()">a</p>', en: '' } }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().value).toMatchObject({ title: { vi: 'Mới', en: 'New' }, body: { vi: '<p>a</p>', en: '' } });
    const del = await t.app.inject({ method: 'DELETE', url: `/admin-api/content/announcements/${created.id}`, headers: admin.headers });
    expect(del.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `/admin-api/content/announcements/${created.id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('subject_type', '=', 'announcement')
      .where('subject_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'content.announcement.create', actor_type: 'admin' },
      { action: 'content.announcement.update', actor_type: 'admin' },
      { action: 'content.announcement.delete', actor_type: 'admin' },
    ]);
    const list = await t.app.inject({ method: 'GET', url: '/admin-api/content/announcements?type=B', headers: admin.headers });
    expect(list.json().value).toEqual([]);
  });
});
