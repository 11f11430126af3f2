import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildLotteryTestApp, fundedPlayer, type LotteryTestApp, mainBalance, ticketRequestId } from '../../../test/lottery-helpers.ts';

/**
 * The operators' review of official results (docs/admin-console.md, "Lottery results"): the draws
 * that may take a result, the list of entries by status, rejecting or withdrawing a pending entry,
 * and the audit rows of each step.
 */

let t: LotteryTestApp;

// 10:00:30 in Vietnam on a Wednesday: today's 16:15 Ho Chi Minh City draw is open (no Đồng Nai on this merchant).
beforeAll(async () => {
  t = await buildLotteryTestApp('2026-11-25T03:00:30Z', { maxPayoutPerNumber: 1_000_000 });
  await t.app.services.lottery.runJobRound();
});

afterAll(async () => {
  await t?.close();
});

const SOUTH_RESULT = {
  DB: ['903517'],
  G1: ['48601'],
  G2: ['27316'],
  G3: ['42180', '70251'],
  G4: ['01985', '90142', '38764', '38225', '33452', '19317', '63054'],
  G5: ['0793'],
  G6: ['1532', '9055', '4206'],
  G7: ['160'],
  G8: ['47'],
};

type Headers = Record<string, string>;

describe('reviewing official results', () => {
  it('lists the open official draws, keeps entries by status, and lets a pending entry be rejected or withdrawn with its reason', async () => {
    const player = await fundedPlayer(t, 100_000);
    const bet = await t.app.inject({
      method: 'POST',
      url: '/lgw/vn/tickets',
      headers: player.headers,
      payload: {
        gameId: 'TPHCM',
        numero: '20261125',
        lines: [{ betType: 'de', numbers: ['17'], stakePerUnit: 1_000 }],
        requestId: ticketRequestId(),
      },
    });
    expect(bet.statusCode, bet.body).toBe(200);

    const first = await loginAdmin(t.app, 'administrator');
    const risk = await loginAdmin(t.app, 'risk');
    const support = await loginAdmin(t.app, 'support');
    const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
    const post = (url: string, headers: Headers, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

    expect((await get('/admin-api/lottery/draws/awaiting-result', support.headers)).statusCode).toBe(403);
    expect((await get('/admin-api/lottery/results', support.headers)).statusCode).toBe(403);
    const awaiting = (await get('/admin-api/lottery/draws/awaiting-result', first.headers)).json().value.list;
    // Only official draws: the fast games draw from the RNG and never appear.
    expect(awaiting.map((d: { gameId: string }) => d.gameId)).toEqual(['TPHCM']);
    expect(awaiting[0]).toMatchObject({ numero: '20261125', drawDate: '2026-11-25', region: 'south', pendingEntryId: null });
    expect(awaiting[0].drawAt).toBe('2026-11-25T09:15:00.000Z');
    // The southern sheet: 18 numbers, a six-digit special prize first.
    expect(awaiting[0].layout[0]).toEqual({ tier: 'DB', count: 1, digits: 6 });
    expect(awaiting[0].layout.reduce((sum: number, tier: { count: number }) => sum + tier.count, 0)).toBe(18);

    // A typo (the special prize of another draw) entered, then withdrawn by the same operator.
    const typo = { ...SOUTH_RESULT, DB: ['111111'] };
    const entered = await post('/admin-api/lottery/results', first.headers, { gameId: 'TPHCM', numero: '20261125', result: typo });
    expect(entered.statusCode, entered.body).toBe(200);
    const typoId = entered.json().value.id as number;
    const nowAwaiting = (await get('/admin-api/lottery/draws/awaiting-result', risk.headers)).json().value.list;
    expect(nowAwaiting[0].pendingEntryId).toBe(typoId);
    const pending = (await get('/admin-api/lottery/results?status=pending', risk.headers)).json().value;
    expect(pending.totalCount).toBe(1);
    expect(pending.list[0]).toMatchObject({ id: typoId, gameId: 'TPHCM', gameName: { vi: 'TP. Hồ Chí Minh' }, status: 'pending' });
    expect(pending.list[0].enteredBy).toBe(first.adminId);

    expect((await post(`/admin-api/lottery/results/${typoId}/reject`, first.headers, { reason: 'x' })).statusCode).toBe(400);
    const withdrawn = await post(`/admin-api/lottery/results/${typoId}/reject`, first.headers, { reason: 'wrong special prize' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    // Withdrawn by its own operator: no second decider on the entry, the audit row says who.
    expect(withdrawn.json().value).toMatchObject({ status: 'rejected', decidedBy: null });
    expect((await post(`/admin-api/lottery/results/${typoId}/confirm`, risk.headers)).json().code).toBe('admin_request_not_pending');
    expect((await post(`/admin-api/lottery/results/${typoId}/reject`, risk.headers, { reason: 'again' })).json().code).toBe(
      'admin_request_not_pending',
    );

    // The right sheet, rejected by the second operator, then entered again and confirmed after the draw closes.
    const again = await post('/admin-api/lottery/results', first.headers, { gameId: 'TPHCM', numero: '20261125', result: SOUTH_RESULT });
    const rejectedId = again.json().value.id as number;
    expect((await post(`/admin-api/lottery/results/${rejectedId}/reject`, risk.headers, { reason: 'not yet drawn' })).statusCode).toBe(200);
    const third = await post('/admin-api/lottery/results', first.headers, { gameId: 'TPHCM', numero: '20261125', result: SOUTH_RESULT });
    const thirdId = third.json().value.id as number;
    t.clock.set('2026-11-25T09:16:00Z');
    const later = await loginAdmin(t.app, 'risk');
    expect((await post(`/admin-api/lottery/results/${thirdId}/confirm`, later.headers)).statusCode).toBe(200);
    // Settled: 1,000 on đề 17 pays 95,000; the draw no longer awaits a result.
    expect(await mainBalance(t.database.db, player.accountId)).toBe(100_000 - 1_000 + 95_000);
    expect((await get('/admin-api/lottery/draws/awaiting-result', later.headers)).json().value.list).toEqual([]);
    const rejected = (await get('/admin-api/lottery/results?status=rejected', later.headers)).json().value.list;
    expect(rejected.map((e: { id: number }) => e.id)).toEqual([rejectedId, typoId]);
    const confirmed = (await get('/admin-api/lottery/results?status=confirmed', later.headers)).json().value.list;
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({ id: thirdId, result: SOUTH_RESULT, decidedBy: later.adminId });

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id', 'actor_id', 'data'])
      .where('action', 'like', 'lottery.result_%')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.action, Number(row.subject_id)])).toEqual([
      ['lottery.result_entered', typoId],
      ['lottery.result_withdrawn', typoId],
      ['lottery.result_entered', rejectedId],
      ['lottery.result_rejected', rejectedId],
      ['lottery.result_entered', thirdId],
      ['lottery.result_confirmed', thirdId],
    ]);
    expect(Number(audit[1]?.actor_id)).toBe(first.adminId);
    expect(audit[3]?.data).toMatchObject({ reason: 'not yet drawn', after: { status: 'rejected' } });
    expect(Number(audit[5]?.actor_id)).toBe(later.adminId);
  });
});
