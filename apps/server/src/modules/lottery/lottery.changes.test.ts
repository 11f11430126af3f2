import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildLotteryTestApp, fundedPlayer, type LotteryTestApp, mainBalance, ticketRequestId } from '../../../test/lottery-helpers.ts';

/** Four eyes on odds changes and voids: who may ask, who may decide, and that only an approval applies. */

let t: LotteryTestApp;

beforeAll(async () => {
  t = await buildLotteryTestApp('2026-11-25T03:00:30Z', { maxPayoutPerNumber: 100_000_000 });
  await t.app.services.lottery.runJobRound();
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function oddsOf(headers: Record<string, string>, betType: string) {
  const list = (await call('GET', '/admin-api/lottery/odds?region=north', headers)).json().value.list as { betType: string }[];
  return list.find((o) => o.betType === betType);
}

async function auditActions(subjectId: number) {
  const rows = await t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id'])
    .where('subject_type', '=', 'lottery_change_request')
    .where('subject_id', '=', String(subjectId))
    .orderBy('id')
    .execute();
  return rows.map((r) => [r.action, Number(r.actor_id)]);
}

describe('odds changes and voids need a second operator', () => {
  it('applies an odds change only when another operator approves it; the asker may withdraw, never approve', async () => {
    const asker = await loginAdmin(t.app, 'risk');
    const approver = await loginAdmin(t.app, 'risk');
    const support = await loginAdmin(t.app, 'support');
    const ask = (payload: object, headers = asker.headers) => call('POST', '/admin-api/lottery/odds/requests', headers, payload);
    expect((await ask({ region: 'north', betType: 'lo2', oddsMilli: 80_000, reason: 'Margin' }, support.headers)).statusCode).toBe(403);
    expect((await ask({ region: 'north', betType: 'lo2', reason: 'Nothing to change' })).statusCode).toBe(400);
    expect((await ask({ region: 'north', betType: 'lo2', oddsMilli: 80_000, reason: 'x' })).statusCode).toBe(400);
    const before = await oddsOf(asker.headers, 'lo2');
    const { region: _r, betType: _b, ...inForce } = before as { region: string; betType: string };

    const asked = await ask({ region: 'north', betType: 'lo2', oddsMilli: 80_000, reason: 'Margin review' });
    expect(asked.statusCode, asked.body).toBe(200);
    const request = asked.json().value;
    expect(request).toMatchObject({ kind: 'odds', subject: 'north:lo2', status: 'requested', requestedBy: asker.adminId, before: inForce });
    // One request waits per subject.
    expect((await ask({ region: 'north', betType: 'lo2', oddsMilli: 81_000, reason: 'Again' }, approver.headers)).json().code).toBe(
      'lottery_change_waiting',
    );
    expect(await oddsOf(asker.headers, 'lo2')).toEqual(before);
    const waiting = (await call('GET', '/admin-api/lottery/change-requests?kind=odds', support.headers)).statusCode;
    expect(waiting).toBe(403);
    const listed = (await call('GET', '/admin-api/lottery/change-requests', approver.headers)).json().value;
    expect(listed.list.map((r: { id: number }) => r.id)).toContain(request.id);

    const approve = (headers: Record<string, string>) =>
      call('POST', `/admin-api/lottery/change-requests/${request.id}/approve`, headers, {});
    expect((await approve(asker.headers)).json().code).toBe('admin_self_approval');
    expect(await oddsOf(asker.headers, 'lo2')).toEqual(before);
    const approved = await approve(approver.headers);
    expect(approved.json().value).toMatchObject({ status: 'approved', decidedBy: approver.adminId });
    expect(await oddsOf(asker.headers, 'lo2')).toMatchObject({ oddsMilli: 80_000 });
    expect((await approve(approver.headers)).json().code).toBe('admin_request_not_pending');

    // Withdrawn by the asker (no decider), rejected by another (the decider kept): nothing changes.
    const second = (await ask({ region: 'north', betType: 'lo2', oddsMilli: 1_000, reason: 'Typo coming' })).json().value;
    const withdrawn = await call('POST', `/admin-api/lottery/change-requests/${second.id}/reject`, asker.headers, { reason: 'My typo' });
    expect(withdrawn.json().value).toMatchObject({ status: 'withdrawn', decidedBy: null, decisionNote: 'My typo' });
    const third = (await ask({ region: 'north', betType: 'lo2', isEnabled: false, reason: 'Close lô' })).json().value;
    const rejected = await call('POST', `/admin-api/lottery/change-requests/${third.id}/reject`, approver.headers, { reason: 'Not today' });
    expect(rejected.json().value).toMatchObject({ status: 'rejected', decidedBy: approver.adminId });
    expect(await oddsOf(asker.headers, 'lo2')).toMatchObject({ oddsMilli: 80_000, isEnabled: true });

    expect(await auditActions(request.id)).toEqual([
      ['lottery.odds_requested', asker.adminId],
      ['lottery.odds_updated', approver.adminId],
    ]);
    expect(await auditActions(second.id)).toEqual([
      ['lottery.odds_requested', asker.adminId],
      ['lottery.odds_request_withdrawn', asker.adminId],
    ]);
    expect(await auditActions(third.id)).toEqual([
      ['lottery.odds_requested', asker.adminId],
      ['lottery.odds_request_rejected', approver.adminId],
    ]);
  });

  it('voids a draw only on approval, refunding each ticket once; a rejected void refunds nothing', async () => {
    const asker = await loginAdmin(t.app, 'risk');
    const approver = await loginAdmin(t.app, 'risk');
    const player = await fundedPlayer(t, 1_000_000);
    const menu = (await t.app.inject({ method: 'GET', url: '/lgw/vn/games/game_menu' })).json().value.list;
    const numero = menu.find((g: { gameId: string }) => g.gameId === 'EL1').numero as string;
    const bet = await t.app.inject({
      method: 'POST',
      url: '/lgw/vn/tickets',
      headers: player.headers,
      payload: { gameId: 'EL1', numero, lines: [{ betType: 'de', numbers: ['11'], stakePerUnit: 10_000 }], requestId: ticketRequestId() },
    });
    expect(bet.statusCode, bet.body).toBe(200);
    const afterBet = await mainBalance(t.database.db, player.accountId);
    const askVoid = () => call('POST', '/admin-api/lottery/voids', asker.headers, { gameId: 'EL1', numero, reason: 'Draw machine fault' });

    const first = (await askVoid()).json().value;
    expect(first).toMatchObject({ kind: 'void', subject: `EL1:${numero}`, before: { status: 'open', openTickets: 1, openStake: 10_000 } });
    await call('POST', `/admin-api/lottery/change-requests/${first.id}/reject`, approver.headers, { reason: 'Machine is fine' });
    expect(await mainBalance(t.database.db, player.accountId)).toBe(afterBet);

    const second = (await askVoid()).json().value;
    expect((await call('POST', `/admin-api/lottery/change-requests/${second.id}/approve`, asker.headers, {})).json().code).toBe(
      'admin_self_approval',
    );
    expect(await mainBalance(t.database.db, player.accountId)).toBe(afterBet);
    const approved = await call('POST', `/admin-api/lottery/change-requests/${second.id}/approve`, approver.headers, { note: 'Checked' });
    expect(approved.json().value).toMatchObject({ status: 'approved', decisionNote: 'Checked', outcome: { refundedTickets: 1 } });
    expect(await mainBalance(t.database.db, player.accountId)).toBe(afterBet + 10_000);
    await t.app.services.lottery.runJobRound();
    expect(await mainBalance(t.database.db, player.accountId)).toBe(afterBet + 10_000);
    // A voided draw takes no second void request.
    expect((await askVoid()).json().code).toBe('lottery_period_not_open');
    expect(await auditActions(second.id)).toEqual([
      ['lottery.void_requested', asker.adminId],
      ['lottery.draw_voided', approver.adminId],
    ]);
  });
});
