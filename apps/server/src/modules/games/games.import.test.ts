import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { addVendorWithGames } from '../../../test/games-helpers.ts';
import { JPEG_BYTES, multipart, PNG_BYTES } from '../../../test/withdrawals-helpers.ts';
import { artworkTypeOf, isInertSvg } from '../../lib/image-upload.ts';

describe('importing games and uploading their images', () => {
  let t: TestApp;
  let ids: Record<string, number>;
  let risk: { authorization: string };
  let support: { authorization: string };

  beforeAll(async () => {
    t = await buildTestApp();
    const merchant = await createMerchant(t.database.db);
    ({ ids } = await addVendorWithGames(t.database.db, merchant.id, { code: 'ALPHA' }, [
      { code: 'a-one', name: { vi: 'Kho Báu', en: 'Treasure' } },
      { code: 'a-two', name: { vi: 'Sư Tử', en: 'Lion' } },
    ]));
    risk = (await loginAdmin(t.app, 'risk')).headers;
    support = (await loginAdmin(t.app, 'support')).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = risk) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const adminGames = async () =>
    (await t.app.inject({ method: 'GET', url: '/admin-api/games?vendor=ALPHA&pageSize=50', headers: risk })).json().value.list as Array<{
      nodeId: number;
      gameCode: string;
      gameType: string;
      name: Record<string, string>;
      minBet: number;
      minLineNum: number;
      isTrialSupported: boolean;
      sort: number;
      imageUrl: string;
    }>;
  const publicCodes = async () =>
    (await t.app.inject({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=50' })).json().value.games as {
      gameCode: string;
      imageUrl: string;
    }[];
  const audits = (action: string) =>
    t.database.db.selectFrom('audit_log').select(['data', 'subject_id']).where('action', '=', action).orderBy('id').execute();

  const CSV = [
    'vendor,code,category,classify,name_vi,name_en,minBet,lines,trial,sort,image',
    'alpha,a-one,RNG,slot|JP,,Treasure Deluxe,0.05,20,no,5,/games/a-one.png',
    'ALPHA,a-two,,,,,,,,,',
    'ALPHA,a-three,RNG,slot,Rồng Vàng,Golden Dragon,0.1,25,no,7,',
    'BETA,b-one,RNG,,x,,,,,,',
    'ALPHA,a-four,SLOTS,,,,abc,-1,maybe,,javascript:alert(1)',
    'ALPHA,a-three,RNG,,Lặp,,,,,,',
  ].join('\n');

  it('need an operator who may write the catalogue', async () => {
    const calls: [string, object][] = [
      ['/admin-api/games/import/preview', { format: 'csv', content: CSV }],
      ['/admin-api/games/import/apply', { format: 'csv', content: CSV, token: 'a'.repeat(64) }],
    ];
    for (const [url, body] of calls) {
      expect((await post(url, body, {})).statusCode, url).toBe(401);
      const wrongRole = await post(url, body, support);
      expect([wrongRole.statusCode, wrongRole.json().code], url).toEqual([403, 'admin_forbidden']);
    }
    const image = multipart([{ field: 'image', name: 'a.png', bytes: PNG_BYTES }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/admin-api/games/${ids['a-one']}/image`,
      ...image,
      headers: { ...image.headers, ...support },
    });
    expect([upload.statusCode, upload.json().code]).toEqual([403, 'admin_forbidden']);
  });

  it('previews every row (refused ones with sentences in the operator language) without changing anything', async () => {
    const before = await adminGames();
    const res = await post('/admin-api/games/import/preview', { format: 'csv', content: CSV }, { ...risk, lang: 'en' });
    expect(res.statusCode).toBe(200);
    const preview = res.json().value;
    expect(preview.counts).toEqual({ new: 1, changed: 1, unchanged: 1, refused: 3 });
    expect(preview.rows[0]).toMatchObject({
      row: 2,
      vendor: 'ALPHA',
      code: 'a-one',
      action: 'changed',
      changes: [
        { field: 'classify', before: ['SC'], after: ['slot', 'JP'] },
        { field: 'name', before: { vi: 'Kho Báu', en: 'Treasure' }, after: { vi: 'Kho Báu', en: 'Treasure Deluxe' } },
        { field: 'minBet', before: 0.01, after: 0.05 },
        { field: 'lines', before: 1, after: 20 },
        { field: 'trial', before: true, after: false },
        { field: 'sort', after: 5 },
        { field: 'image', after: '/games/a-one.png' },
      ],
    });
    expect(preview.rows[1]).toMatchObject({ row: 3, action: 'unchanged', changes: [] });
    expect(preview.rows[2]).toMatchObject({ row: 4, code: 'a-three', action: 'new' });
    expect(preview.rows[2].changes.map((c: { field: string; after: unknown }) => [c.field, c.after])).toEqual([
      ['category', 'RNG'],
      ['classify', ['slot']],
      ['name', { vi: 'Rồng Vàng', en: 'Golden Dragon' }],
      ['minBet', 0.1],
      ['lines', 25],
      ['sort', 7],
    ]);
    expect(preview.rows[3].problems).toEqual(['Row 5: there is no vendor "BETA"; use the code of an existing vendor.']);
    expect(preview.rows[4].problems).toHaveLength(5);
    expect(preview.rows[4].problems[0]).toMatch(/^Row 6: there is no category "SLOTS"; choose one of LIVE, RNG/);
    expect(preview.rows[5].problems).toEqual(['Row 7: this game is already on row 4; keep one row per game.']);

    const vi = (await post('/admin-api/games/import/preview', { format: 'csv', content: CSV }, { ...risk, lang: 'vi' })).json().value;
    expect(vi.rows[3].problems).toEqual(['Dòng 5: không có nhà cung cấp "BETA"; hãy dùng mã của một nhà cung cấp đã có.']);
    expect(vi.token).toBe(preview.token);
    expect(await adminGames()).toEqual(before);

    const unreadable = await post('/admin-api/games/import/preview', { format: 'json', content: '{"games": 3' }, { ...risk, lang: 'en' });
    expect([unreadable.statusCode, unreadable.json().code]).toEqual([400, 'games_import_unreadable']);
    expect(unreadable.json().message).toMatch(/^The file could not be read\./);
  });

  it('refuses to apply once the catalogue has changed since the preview, and changes nothing', async () => {
    const { token } = (await post('/admin-api/games/import/preview', { format: 'csv', content: CSV })).json().value;
    const patched = await t.app.inject({ method: 'PATCH', url: `/admin-api/games/${ids['a-two']}`, headers: risk, payload: { sort: 3 } });
    expect(patched.statusCode).toBe(200);
    const before = await adminGames();
    const stale = await post('/admin-api/games/import/apply', { format: 'csv', content: CSV, token });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'games_import_stale']);
    const forged = await post('/admin-api/games/import/apply', { format: 'csv', content: CSV, token: 'f'.repeat(64) });
    expect(forged.json().code).toBe('games_import_stale');
    expect(await adminGames()).toEqual(before);
    expect(await audits('games.imported')).toEqual([]);
  });

  it('applies exactly what the preview showed, in one audited change that every list sees at once', async () => {
    expect((await publicCodes()).map((g) => g.gameCode)).not.toContain('a-three'); // now cached
    const json = JSON.stringify([
      {
        vendor: 'ALPHA',
        code: 'a-one',
        classify: ['slot', 'JP'],
        name: { en: 'Treasure Deluxe' },
        minBet: 0.05,
        lines: 20,
        trial: true,
        sort: 5,
        image: '/games/a-one.png',
      },
      { vendor: 'ALPHA', code: 'a-two', sort: 3 },
      {
        vendor: 'ALPHA',
        code: 'a-three',
        category: 'rng',
        classify: 'slot',
        name: { vi: 'Rồng Vàng', en: 'Golden Dragon' },
        minBet: '0.10',
        lines: 25,
        trial: false,
        sort: 7,
      },
      { vendor: 'ALPHA', code: 'bad code!' },
    ]);
    const preview = (await post('/admin-api/games/import/preview', { format: 'json', content: json })).json().value;
    expect(preview.counts).toEqual({ new: 1, changed: 1, unchanged: 1, refused: 1 });
    const applied = await post('/admin-api/games/import/apply', { format: 'json', content: json, token: preview.token });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().value.counts).toEqual(preview.counts);

    const after = new Map((await adminGames()).map((g) => [g.gameCode, g]));
    const changed = preview.rows.find((r: { code: string }) => r.code === 'a-one');
    const one = after.get('a-one') as Record<string, unknown>;
    const fieldValue: Record<string, unknown> = {
      classify: one.gameClassify,
      name: one.name,
      minBet: one.minBet,
      lines: one.minLineNum,
      trial: one.isTrialSupported,
      sort: one.sort,
      image: one.imageUrl,
    };
    for (const change of changed.changes) expect(fieldValue[change.field], change.field).toEqual(change.after);
    expect(after.get('a-three')).toMatchObject({
      gameType: 'RNG',
      name: { vi: 'Rồng Vàng', en: 'Golden Dragon' },
      minBet: 0.1,
      minLineNum: 25,
      isTrialSupported: false,
      sort: 7,
    });
    expect(after.get('a-two')).toMatchObject({ sort: 3, name: { vi: 'Sư Tử', en: 'Lion' } });
    expect(after.has('bad code!')).toBe(false);
    expect((await publicCodes()).map((g) => g.gameCode)).toContain('a-three');
    const search = await t.app.inject({ method: 'GET', url: '/admin-api/games?gameName=rong%20vang', headers: risk });
    expect(search.json().value.list.map((g: { gameCode: string }) => g.gameCode)).toEqual(['a-three']);

    const [audit] = await audits('games.imported');
    expect(audit?.subject_id).toBe(preview.token);
    expect(audit?.data).toMatchObject({
      counts: preview.counts,
      created: [{ vendor: 'ALPHA', gameCode: 'a-three' }],
      changed: [{ vendor: 'ALPHA', gameCode: 'a-one', changes: changed.changes }],
      refusedRows: [4],
    });
    // The same token again: the catalogue is now what it promised, so the plan (and token) differ.
    const again = await post('/admin-api/games/import/apply', { format: 'json', content: json, token: preview.token });
    expect(again.json().code).toBe('games_import_stale');
  });

  it('stores an uploaded image, points the game at it and serves it; refuses what is not a safe image', async () => {
    await publicCodes(); // cached
    const upload = async (name: string, bytes: Buffer, headers: Record<string, string> = risk) => {
      const form = multipart([{ field: 'image', name, bytes }]);
      return t.app.inject({
        method: 'POST',
        url: `/admin-api/games/${ids['a-two']}/image`,
        ...form,
        headers: { ...form.headers, ...headers, lang: 'en' },
      });
    };
    const res = await upload('tile.png', PNG_BYTES);
    expect(res.statusCode).toBe(200);
    const imageUrl = res.json().value.imageUrl as string;
    expect(imageUrl).toMatch(/^\/wps\/game-image\/\d+$/);
    expect((await publicCodes()).find((g) => g.gameCode === 'a-two')?.imageUrl).toBe(imageUrl);
    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(served.headers['content-security-policy']).toContain('sandbox');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#c00"/></svg>');
    const svgRes = await upload('tile.svg', svg);
    expect(svgRes.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: svgRes.json().value.imageUrl })).headers['content-type']).toBe('image/svg+xml');

    const scripted = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload('evil.svg', scripted);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'game_image_invalid']);
    expect(refused.json().message).toMatch(/^Only PNG, JPG, WebP or SVG images without scripts/);
    expect((await upload('notes.txt', Buffer.from('hello there'))).json().code).toBe('game_image_invalid');
    expect((await adminGames()).find((g) => g.gameCode === 'a-two')?.imageUrl).toBe(svgRes.json().value.imageUrl);

    const uploads = await audits('games.image_uploaded');
    expect(uploads).toHaveLength(2);
    expect(uploads[0]?.data).toMatchObject({
      before: { imageUrl: '{imageHost}/games/a-two.svg' },
      after: { imageUrl },
      contentType: 'image/png',
      bytes: PNG_BYTES.length,
    });
    const form = multipart([{ field: 'image', name: 'a.jpg', bytes: JPEG_BYTES }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/admin-api/games/999999/image',
      payload: form.payload,
      headers: { ...form.headers, ...risk },
    });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'game_not_found']);
  });

  it('tells artwork by its bytes and accepts only SVGs that can do nothing but draw', () => {
    expect(artworkTypeOf(PNG_BYTES)).toBe('image/png');
    expect(artworkTypeOf(JPEG_BYTES)).toBe('image/jpeg');
    expect(artworkTypeOf(Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(8)]))).toBe('image/webp');
    expect(isInertSvg('<svg><use href="#a"/><image href="data:image/png;base64,AAAA"/></svg>')).toBe(true);
    for (const bad of [
      '<svg onload="alert(1)"></svg>',
      '<svg><a href="javascript:alert(1)">x</a></svg>',
      '<svg><image href="https://example.com/x.png"/></svg>',
      '<svg><foreignObject><div/></foreignObject></svg>',
      '<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>',
      '<svg><style>@import url(https://example.com/a.css);</style></svg>',
      '<html><body>not an svg</body></html>',
    ]) {
      expect(isInertSvg(bad), bad).toBe(false);
    }
  });
});
