import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HouseGames } from '@platform/house-games/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { createTestHouseGames, openCrash, registerHouseGames } from '../../../test/house-games-helpers.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createGamePlayer, type GamePlayer } from '../../../test/vendor-helpers.ts';
import { HOUSE_VENDOR_CODE } from './vendor-wallet.integrations.ts';

// The house cockfight against the platform over real HTTP: the operator's calls through the
// console's API, members' bets through the seamless wallet, both modes, a restart mid-fight.
let t: TestApp;
let house: HouseGames;
let houseUrl: string;
let platformUrl: string;
let dataDir: string;
const headers = new Map<string, Record<string, string>>();
const START = 100_000;

beforeAll(async () => {
  t = await buildTestApp();
  await createMerchant(t.database.db);
  platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dataDir = mkdtempSync(join(tmpdir(), 'house-cockfight-'));
  house = createTestHouseGames(platformUrl, dataDir);
  houseUrl = await house.listen(0);
  await registerHouseGames(t.app, houseUrl);
  await house.start();
  for (const role of ['risk', 'support'] as const) headers.set(role, (await loginAdmin(t.app, role)).headers);
});
afterAll(async () => {
  await house.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const operator = (action: string, body: Record<string, unknown> = {}, role = 'risk', language = 'en', arena = 'a1') =>
  t.app.inject({
    method: 'POST',
    url: `/admin-api/house/cockfight/${arena}/${action}`,
    headers: { ...headers.get(role), 'accept-language': language },
    payload: body,
  });
const createArena = (body: Record<string, unknown>, role = 'risk', language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/admin-api/house/cockfight/arenas',
    headers: { ...headers.get(role), 'accept-language': language },
    payload: body,
  });
const restartHouse = async () => {
  await house.close();
  house = createTestHouseGames(platformUrl, dataDir);
  houseUrl = await house.listen(0);
  await registerHouseGames(t.app, houseUrl);
  await house.start();
};
const players = (n: number) =>
  Promise.all(
    Array.from({ length: n }, () =>
      createGamePlayer(t.app, t.database.db, {
        balance: START,
        vendorCode: HOUSE_VENDOR_CODE,
        gameCode: 'cockfight',
        gameCategory: 'COCKFIGHT',
      }),
    ),
  );
const balanceOf = async (p: GamePlayer) =>
  (await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main;
const recordsOf = (p: GamePlayer) =>
  t.database.db
    .selectFrom('bet_records')
    .select(['status', 'stake', 'payout', 'game_category', 'outcome'])
    .where('member_id', '=', p.memberId)
    .where('vendor_code', '=', HOUSE_VENDOR_CODE)
    .orderBy('id')
    .execute();

describe('the house cockfight', () => {
  it('keeps the operator calls to those who may run games, and words refusals in the operator’s language', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/house/cockfight', headers: headers.get('support') })).statusCode).toBe(
      403,
    );
    expect((await operator('open', {}, 'support')).statusCode).toBe(403);
    expect((await createArena({ name: 'Sới Hai' }, 'support')).statusCode).toBe(403);
    const noName = await createArena({ name: '' }, 'risk', 'vi');
    expect(noName.json()).toMatchObject({
      code: 'cockfight_invalid',
      message:
        'Thiết lập sới đá gà chưa hợp lệ: tên sới phải có từ 1 đến 60 ký tự trên một dòng, không có khoảng trắng ở đầu hoặc cuối. Hãy sửa rồi gửi lại.',
    });
    const list = await t.app.inject({ method: 'GET', url: '/admin-api/house/cockfight', headers: headers.get('risk') });
    expect(list.json().value.arenas[0]).toMatchObject({ arenaId: 'a1', gameCode: 'cockfight', fight: null });
    const bad = await operator('settings', { streamUrl: 'javascript:alert(1)' }, 'risk', 'vi');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'cockfight_invalid',
      message: 'Thiết lập sới đá gà chưa hợp lệ: địa chỉ luồng phát phải là một địa chỉ https. Hãy sửa rồi gửi lại.',
    });
    const close = await operator('close');
    expect(close.statusCode).toBe(409);
    expect(close.json()).toMatchObject({ code: 'cockfight_no_fight', message: 'No fight is taking bets; open the next fight first.' });
  });

  it('pari-mutuel: pools, commission on the winning side, balances and betting records; a repeated result pays nothing again', async () => {
    const [a, b, c] = await players(3);
    if (!a || !b || !c) throw new Error('three players');
    const [sa, sb, sc] = await Promise.all([a, b, c].map((p) => openCrash(t.app, houseUrl, p, 'cockfight')));
    if (!sa || !sb || !sc) throw new Error('three sessions');
    expect(
      (await operator('settings', { mode: 'pari-mutuel', commissionBp: 500, streamUrl: 'https://video.example/arena-1' })).statusCode,
    ).toBe(200);
    const opened = await operator('open');
    expect(opened.json().value.fight).toMatchObject({ phase: 'betting', terms: { mode: 'pari-mutuel', commissionBp: 500 } });
    expect(await sa.post('bet', { side: 'meron', stake: 6_000 })).toMatchObject({ httpStatus: 200, status: 'OK', balance: START - 6_000 });
    expect(await sb.post('bet', { side: 'wala', stake: 4_000 })).toMatchObject({ httpStatus: 200, status: 'OK' });
    expect(await sc.post('bet', { side: 'draw', stake: 1_000 })).toMatchObject({ httpStatus: 200, status: 'OK' });
    expect(await sc.post('bet', { side: 'draw', stake: 2_000_000 })).toMatchObject({ httpStatus: 409, status: 'ABOVE_MAXIMUM' });
    // Meron 10,000 × 0.95 / 6,000 × 100 = 158.33; Wala 237.50.
    const state = await sa.post('state');
    expect(state).toMatchObject({
      arena: { fight: { per100: { meron: 15_833, wala: 23_750 } }, settings: { streamUrl: 'https://video.example/arena-1' } },
    });
    expect((await operator('result', { result: 'meron' })).json().code).toBe('cockfight_not_closed');
    expect((await operator('close')).json().value.fight.phase).toBe('closed');
    expect(await sb.post('bet', { side: 'wala', stake: 1_000 })).toMatchObject({ httpStatus: 409, status: 'BETTING_CLOSED' });
    expect((await operator('result', { result: 'wala' })).json().value.history[0]).toMatchObject({ result: 'wala', paid: 9_500 });
    expect((await operator('result', { result: 'wala' })).statusCode).toBe(200);
    expect((await operator('result', { result: 'meron' })).json().code).toBe('cockfight_already_declared');
    // B: 4,000 × 237.50 / 100 = 9,500.
    expect(await Promise.all([a, b, c].map(balanceOf))).toEqual([START - 6_000, START + 5_500, START - 1_000]);
    expect(await recordsOf(b)).toEqual([
      {
        status: 'settled',
        stake: 4_000,
        payout: 9_500,
        game_category: 'COCKFIGHT',
        outcome: expect.objectContaining({ kind: 'fight', result: 'wala', side: 'wala' }),
      },
    ]);
    expect((await recordsOf(a))[0]).toMatchObject({ status: 'settled', stake: 6_000, payout: 0 });
    const audits = await t.database.db.selectFrom('audit_log').select('action').where('action', 'like', 'games.cockfight_%').execute();
    expect(audits.map((r) => r.action).sort()).toEqual(
      [
        'games.cockfight_close',
        'games.cockfight_open',
        'games.cockfight_result',
        'games.cockfight_result',
        'games.cockfight_settings',
      ].sort(),
    );
    await expectCleanBooks(t.database.db);
  });

  it('fixed odds, with a restart of the game server between the bets and the result: paid once at the prices taken', async () => {
    const [a, b] = await players(2);
    if (!a || !b) throw new Error('two players');
    const [sa, sb] = await Promise.all([a, b].map((p) => openCrash(t.app, houseUrl, p, 'cockfight')));
    if (!sa || !sb) throw new Error('two sessions');
    expect((await operator('open', { mode: 'fixed', odds: { meron: 1_850, wala: 2_000 } })).statusCode).toBe(200);
    expect(await sa.post('bet', { side: 'meron', stake: 10_000 })).toMatchObject({ status: 'OK', bet: { price: 1_850 } });
    expect(await sb.post('bet', { side: 'draw', stake: 2_000 })).toMatchObject({ status: 'OK', bet: { price: 9_000 } });
    expect((await operator('close')).json().value.fight.phase).toBe('closed');

    // The game server stops and starts again on its journal: the fight waits for its result.
    await restartHouse();
    expect(house.cockfight.get('a1')?.view().fight).toMatchObject({ phase: 'closed', terms: { mode: 'fixed' } });
    expect((await operator('result', { result: 'draw' })).statusCode).toBe(200);
    // Draw: the draw bet 2,000 × 9 = 18,000; the Meron bet gets its stake back.
    expect(await Promise.all([a, b].map(balanceOf))).toEqual([START, START + 16_000]);
    expect(await recordsOf(a)).toEqual([
      {
        status: 'settled',
        stake: 10_000,
        payout: 10_000,
        game_category: 'COCKFIGHT',
        outcome: expect.objectContaining({ result: 'draw', side: 'meron' }),
      },
    ]);
    await expectCleanBooks(t.database.db);
  });

  it('a second arena with its own name and mode, bets apart from the first; the same result again after a restart answers the settled fight', async () => {
    const created = await createArena({ name: 'Sới Cần Thơ', mode: 'fixed', odds: { meron: 1_900, wala: 1_900 } });
    expect(created.statusCode).toBe(200);
    const arena = created.json().value as { arenaId: string; settings: { name: string; mode: string } };
    expect(arena).toMatchObject({ arenaId: 'a2', settings: { name: 'Sới Cần Thơ', mode: 'fixed' } });
    const list = await t.app.inject({ method: 'GET', url: '/admin-api/house/cockfight', headers: headers.get('risk') });
    expect(list.json().value.arenas.map((a: { arenaId: string }) => a.arenaId)).toEqual(['a1', 'a2']);

    const [a] = await players(1);
    if (!a) throw new Error('a player');
    const sa = await openCrash(t.app, houseUrl, a, 'cockfight');
    const opened = await operator('open', {}, 'risk', 'en', 'a2');
    const fight = opened.json().value.fight.fight as number;
    expect(await sa.post('bet', { arena: 'a2', side: 'meron', stake: 10_000 })).toMatchObject({ status: 'OK', bet: { price: 1_900 } });
    // Arena a1 takes no bet now: its fights are its own.
    expect(await sa.post('bet', { arena: 'a1', side: 'meron', stake: 10_000 })).toMatchObject({
      httpStatus: 409,
      status: 'BETTING_CLOSED',
    });
    expect((await operator('close', {}, 'risk', 'en', 'a2')).statusCode).toBe(200);
    expect((await operator('result', { result: 'meron', fight }, 'risk', 'en', 'a2')).statusCode).toBe(200);
    // Meron at 1.90: 10,000 → 19,000.
    expect(await balanceOf(a)).toBe(START + 9_000);

    // The console sends the result again after the game server restarted: the settled fight answers.
    await restartHouse();
    const again = await operator('result', { result: 'meron', fight }, 'risk', 'en', 'a2');
    expect(again.statusCode).toBe(200);
    expect(again.json().value.history[0]).toMatchObject({ fight, result: 'meron', phase: 'settled' });
    const other = await operator('result', { result: 'wala', fight }, 'risk', 'vi', 'a2');
    expect(other.json()).toMatchObject({ code: 'cockfight_already_declared' });
    expect(await balanceOf(a)).toBe(START + 9_000);
    expect(await recordsOf(a)).toEqual([
      {
        status: 'settled',
        stake: 10_000,
        payout: 19_000,
        game_category: 'COCKFIGHT',
        outcome: expect.objectContaining({ kind: 'fight', result: 'meron', side: 'meron' }),
      },
    ]);
    const audits = await t.database.db.selectFrom('audit_log').select('action').where('action', '=', 'games.cockfight_create').execute();
    expect(audits).toHaveLength(1);
    await expectCleanBooks(t.database.db);
  });

  it('closes an arena from the console: refused in the operator’s language while a fight is under way, then hidden from members and audited', async () => {
    const created = await createArena({ name: 'Sới Hậu Giang' });
    const arenaId = (created.json().value as { arenaId: string }).arenaId;
    expect((await operator('open', {}, 'risk', 'en', arenaId)).statusCode).toBe(200);
    const busy = await operator('retire', {}, 'risk', 'vi', arenaId);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({
      code: 'cockfight_arena_busy',
      message: 'Sới này còn một trận chưa xong; hãy đóng cược, công bố kết quả và chờ thanh toán xong rồi mới đóng sới.',
    });
    expect((await operator('retire', {}, 'support', 'en', arenaId)).statusCode).toBe(403);
    // No bets: the pari-mutuel fight is cancelled as betting closes, and the arena may close.
    expect((await operator('close', {}, 'risk', 'en', arenaId)).json().value.fight.phase).toBe('settled');
    const closed = await operator('retire', {}, 'risk', 'en', arenaId);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().value.closedAt).toEqual(expect.any(Number));
    const reopened = await operator('open', {}, 'risk', 'en', arenaId);
    expect(reopened.json()).toMatchObject({ code: 'cockfight_arena_closed' });

    const list = await t.app.inject({ method: 'GET', url: '/admin-api/house/cockfight', headers: headers.get('risk') });
    expect(list.json().value.arenas.find((a: { arenaId: string }) => a.arenaId === arenaId).closedAt).toEqual(expect.any(Number));
    const [a] = await players(1);
    if (!a) throw new Error('a player');
    const session = await openCrash(t.app, houseUrl, a, 'cockfight');
    const members = (await session.post('arenas', {})) as unknown as { arenas: { arenaId: string }[] };
    expect(members.arenas.map((x) => x.arenaId)).not.toContain(arenaId);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['subject_id', 'data'])
      .where('action', '=', 'games.cockfight_retire')
      .execute();
    expect(audits.map((r) => r.subject_id)).toEqual([`cockfight/${arenaId}`]);
  });
});
