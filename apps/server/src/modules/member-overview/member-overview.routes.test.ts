import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPlainPayloads, nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { hashPassword } from '../../lib/password.ts';

let t: TestApp;
let merchant: { id: number; code: string; currency: string };
const PASSWORD = 'goodpass1';

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' });
  merchant = await createMerchant(t.database.db);
  await allowPlainPayloads(t.app, merchant.id);
});

afterAll(async () => {
  await t?.close();
});

async function newMember(extra: { mobile?: string; email?: string; parentId?: number } = {}) {
  const m = await createMember(t.database.db, merchant, {
    passwordHash: await hashPassword(PASSWORD),
    username: uniqueName('Mo').slice(0, 12),
    parentId: extra.parentId ?? null,
  });
  await t.database.db
    .updateTable('members')
    .set({ mobile_num: extra.mobile ?? null, email: extra.email ?? null })
    .where('id', '=', m.id)
    .execute();
  await t.database.db.insertInto('member_security').values({ member_id: m.id, login_count: 1 }).execute();
  return m;
}

const memberLogin = (username: string, password: string, ip = nextIp(), userAgent = 'TestBrowser/1.0') =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password },
    headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
  });

async function addCard(memberId: number, accountNumber: string, accountName = 'NGUYEN VAN A') {
  await t.database.db
    .insertInto('bank_cards')
    .values({
      merchant_id: merchant.id,
      member_id: memberId,
      bank_code: 'VCB',
      bank_name: 'Vietcombank',
      account_name: accountName,
      account_number: accountNumber,
      created_at: new Date(),
    })
    .execute();
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('member search', () => {
  it('finds members by a name’s start ignoring case, mobile, e-mail, bank account and login address', async () => {
    const a = await newMember({ mobile: `09${Date.now().toString().slice(-8)}`, email: `${uniqueName('x')}@Example.com` });
    const op = await loginAdmin(t.app, 'support');
    const byName = await get(`/admin-api/members/search?by=username&q=${a.username.slice(0, 6).toUpperCase()}`, op.headers);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().value.list.map((r: { id: number }) => r.id)).toContain(a.id);

    const row = await t.database.db.selectFrom('members').select(['mobile_num', 'email']).where('id', '=', a.id).executeTakeFirstOrThrow();
    const byPhone = await get(`/admin-api/members/search?by=phone&q=${encodeURIComponent(` ${row.mobile_num} `)}`, op.headers);
    expect(byPhone.json().value.list.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const byEmail = await get(`/admin-api/members/search?by=email&q=${encodeURIComponent((row.email ?? '').toLowerCase())}`, op.headers);
    expect(byEmail.json().value.list.map((r: { id: number }) => r.id)).toEqual([a.id]);

    const number = `${Date.now()}`.slice(-12);
    await addCard(a.id, number);
    const byCard = await get(`/admin-api/members/search?by=bankAccount&q=${number}`, op.headers);
    expect(byCard.json().value).toMatchObject({ totalCount: 1, pageNo: 1 });

    const ip = nextIp();
    expect((await memberLogin(a.username, PASSWORD, ip)).statusCode).toBe(200);
    const byIp = await get(`/admin-api/members/search?by=ip&q=${ip}`, op.headers);
    expect(byIp.json().value.list.map((r: { id: number }) => r.id)).toEqual([a.id]);
  });

  it('answers bad input with the envelope, refuses a role without the right, and never shows another merchant’s member', async () => {
    const op = await loginAdmin(t.app, 'finance');
    const bad = await get('/admin-api/members/search?by=shoe&q=x', op.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBeDefined();
    expect((await get('/admin-api/members/search?q=x', {})).statusCode).toBe(401);

    const other = await createMerchant(t.database.db);
    const stranger = await createMember(t.database.db, other, { username: uniqueName('zz').slice(0, 12) });
    const res = await get(`/admin-api/members/search?q=${stranger.username}`, op.headers);
    expect(res.json().value.list).toEqual([]);
  });
});

describe('member file', () => {
  it('shows the profile, upline, balances, labels, limits, KYC, masked cards, totals and notes', async () => {
    const top = await createMember(t.database.db, merchant, { accountType: 1 });
    const m = await newMember({ parentId: top.id });
    await addCard(m.id, '123456789012');
    const op = await loginAdmin(t.app, 'risk');
    const note = await t.app.inject({
      method: 'POST',
      url: `/admin-api/members/${m.id}/note`,
      headers: op.headers,
      payload: { text: 'Called about a late deposit.' },
    });
    expect(note.statusCode).toBe(200);
    const res = await get(`/admin-api/members/${m.id}/detail`, op.headers);
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value.profile).toMatchObject({ id: m.id, username: m.username, status: 'active' });
    expect(value.balances).toMatchObject({ main: 0, bonus: 0 });
    expect(value.gameWallets).toEqual([]);
    expect(value.upline).toEqual([{ id: top.id, username: top.username }]);
    expect(value.kycStatus).toBe('none');
    expect(value.bankCards[0].maskedAccountNumber).toBe('********9012');
    expect(JSON.stringify(value)).not.toContain('123456789012');
    expect(value.totals).toEqual({ deposits: 0, depositCount: 0, withdrawals: 0 });
    expect(value.notes.map((n: { text: string }) => n.text)).toEqual(['Called about a late deposit.']);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'member.note')
      .where('subject_id', '=', String(m.id))
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('lists logins with address and user agent, and links members sharing an address, a device or a card', async () => {
    const a = await newMember();
    const b = await newMember();
    const c = await newMember();
    const ip = nextIp();
    expect((await memberLogin(a.username, PASSWORD, ip, 'Phone/9')).statusCode).toBe(200);
    expect((await memberLogin(a.username, 'wrongpass1', ip, 'Phone/9')).statusCode).not.toBe(200);
    expect((await memberLogin(b.username, PASSWORD, ip, 'Phone/9')).statusCode).toBe(200);
    const number = `7${Date.now()}`.slice(-12);
    await addCard(a.id, number, 'TRAN THI B');
    await t.database.db.updateTable('bank_cards').set({ status: 'removed' }).where('account_number', '=', number).execute();
    await addCard(c.id, number, 'LE VAN C');

    const op = await loginAdmin(t.app, 'support');
    const logins = await get(`/admin-api/members/${a.id}/logins?limit=1`, op.headers);
    expect(logins.statusCode).toBe(200);
    expect(logins.json().value.list).toEqual([expect.objectContaining({ result: 'failed', ip, userAgent: 'Phone/9' })]);
    const older = await get(`/admin-api/members/${a.id}/logins?before=${logins.json().value.nextBefore}`, op.headers);
    expect(older.json().value.list).toEqual([expect.objectContaining({ result: 'success', method: 'password' })]);

    const linked = await get(`/admin-api/members/${a.id}/linked`, op.headers);
    expect(linked.statusCode).toBe(200);
    const list = linked.json().value.list as { memberId: number; links: { kind: string }[] }[];
    expect(
      list
        .find((l) => l.memberId === b.id)
        ?.links.map((l) => l.kind)
        .sort(),
    ).toEqual(['device', 'ip']);
    expect(list.find((l) => l.memberId === c.id)?.links.map((l) => l.kind)).toEqual(['bank_card']);
  });

  it('lists transactions, bets, deposits and withdrawals as pages', async () => {
    const m = await newMember();
    const op = await loginAdmin(t.app, 'finance');
    for (const part of ['transactions', 'bets', 'deposits', 'withdrawals']) {
      const res = await get(`/admin-api/members/${m.id}/${part}?pageSize=5`, op.headers);
      expect(res.statusCode, part).toBe(200);
      expect(res.json().value).toMatchObject({ list: [], pageNo: 1, pageSize: 5, totalCount: 0 });
    }
    const bad = await get(`/admin-api/members/${m.id}/transactions?type=nonsense`, op.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('filters bets by status, category, vendor, game and time', async () => {
    const m = await newMember();
    const now = new Date();
    const bet = (vendor: string, game: string, category: string, status: 'open' | 'settled') => ({
      merchant_id: merchant.id,
      member_id: m.id,
      username: m.username,
      vendor_code: vendor,
      game_code: game,
      game_category: category,
      round_id: `r-${m.id}-${vendor}-${game}-${status}`,
      currency: merchant.currency,
      status,
      stake: 1000,
      payout: 0,
      valid_bet: 1000,
      win_loss: -1000,
      bet_count: 1,
      opened_at: now,
      settled_at: status === 'settled' ? now : null,
      updated_at: now,
    });
    await t.database.db
      .insertInto('bet_records')
      .values([
        bet('DEMO', 'baccarat', 'LIVE', 'settled'),
        bet('DEMO', 'slot-1', 'SLOT', 'settled'),
        bet('OTHER', 'slot-1', 'SLOT', 'open'),
      ])
      .execute();
    const op = await loginAdmin(t.app, 'finance');
    const games = async (query: string) =>
      ((await get(`/admin-api/members/${m.id}/bets?${query}`, op.headers)).json().value.list as { vendorCode: string; gameCode: string }[])
        .map((b) => `${b.vendorCode}/${b.gameCode}`)
        .sort();
    expect(await games('gameCode=slot-1')).toEqual(['DEMO/slot-1', 'OTHER/slot-1']);
    expect(await games('vendorCode=DEMO&gameCode=slot-1')).toEqual(['DEMO/slot-1']);
    expect(await games('gameCategory=LIVE')).toEqual(['DEMO/baccarat']);
    expect(await games('status=open')).toEqual(['OTHER/slot-1']);
    expect(await games(`from=${encodeURIComponent(new Date(now.getTime() + 60_000).toISOString())}`)).toEqual([]);
  });

  it('lists ledger entries by type and time, and shows the balance in the file', async () => {
    const m = await newMember();
    const ledger = t.app.services.ledger;
    const clearing = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: merchant.currency });
    const bonusPool = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'bonus_pool', currency: merchant.currency });
    const accounts = await ledger.ensureMemberAccounts({
      merchantId: merchant.id,
      memberId: m.id,
      currency: merchant.currency,
      kinds: ['player_main', 'player_bonus'],
    });
    const main = accounts.player_main?.id ?? 0;
    const bonus = accounts.player_bonus?.id ?? 0;
    await ledger.transfer({ fromAccountId: clearing.id, toAccountId: main, amount: 5000, code: 'deposit', idempotencyKey: `ov:${m.id}:1` });
    await ledger.transfer({
      fromAccountId: bonusPool.id,
      toAccountId: bonus,
      amount: 700,
      code: 'promotion',
      idempotencyKey: `ov:${m.id}:2`,
    });
    const op = await loginAdmin(t.app, 'finance');
    const all = await get(`/admin-api/members/${m.id}/transactions`, op.headers);
    expect(all.json().value.list.map((e: { code: string; amount: number }) => [e.code, e.amount])).toEqual([
      ['promotion', 700],
      ['deposit', 5000],
    ]);
    const deposits = await get(`/admin-api/members/${m.id}/transactions?type=deposit`, op.headers);
    expect(deposits.json().value).toMatchObject({ totalCount: 1, list: [{ code: 'deposit', balanceAfter: 5000 }] });
    const later = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    expect((await get(`/admin-api/members/${m.id}/transactions?from=${later}`, op.headers)).json().value.list).toEqual([]);
    const detail = await get(`/admin-api/members/${m.id}/detail`, op.headers);
    expect(detail.json().value.balances).toMatchObject({ main: 5000, bonus: 700, sum: 5700 });
  });

  it('is 404 for another merchant’s member, 400 for a bad id and refuses a call without the role', async () => {
    const other = await createMerchant(t.database.db);
    const stranger = await createMember(t.database.db, other);
    const op = await loginAdmin(t.app, 'support');
    for (const part of ['detail', 'transactions', 'bets', 'deposits', 'withdrawals', 'logins', 'linked']) {
      const res = await get(`/admin-api/members/${stranger.id}/${part}`, op.headers);
      expect(res.statusCode, part).toBe(404);
    }
    const note = await t.app.inject({
      method: 'POST',
      url: `/admin-api/members/${stranger.id}/note`,
      headers: op.headers,
      payload: { text: 'x' },
    });
    expect(note.statusCode).toBe(404);
    expect((await get('/admin-api/members/abc/detail', op.headers)).statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/admin-api/members/${stranger.id}/note`,
      headers: op.headers,
      payload: { text: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect((await get(`/admin-api/members/${stranger.id}/detail`, {})).statusCode).toBe(401);
  });
});
