import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { createWithdrawingMember, LOGIN_PASSWORD, PAYMENT_PASSWORD } from '../../../test/withdrawals-helpers.ts';
import { realNameKey } from './bank-cards.service.ts';
import { bankCardPolicySetting, PAYMENT_PASSWORD_FAILURES_MAX } from './bank-cards.settings.ts';

let t: TestApp;
let clock = new Date('2026-11-22T08:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ TRUST_PROXY: 'true' }, { now: () => clock });
  await createMerchant(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

const newMember = (options: Parameters<typeof createWithdrawingMember>[2] = {}) => createWithdrawingMember(t.app, t.database.db, options);
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
let numberSeed = 100_000_000;
function freshNumber(): string {
  numberSeed += 7;
  return String(numberSeed);
}

describe('real names', () => {
  it('compares names without accents, case or extra spaces', () => {
    expect(realNameKey('  Nguyễn   Văn Đức ')).toBe('NGUYEN VAN DUC');
    expect(realNameKey('nguyen van duc')).toBe(realNameKey('NGUYỄN VĂN ĐỨC'));
  });
});

describe('POST /wps/member/payment-password', () => {
  const url = '/wps/member/payment-password';
  const body = { loginPassword: LOGIN_PASSWORD, paymentPassword: '123456', confirmPaymentPassword: '123456' };

  it('answers 401 without a session', async () => {
    expect((await call('POST', url, {}, body)).statusCode).toBe(401);
  });

  it('refuses a trial account with in_need_true_account', async () => {
    const trial = await newMember({ accountType: 4 });
    const res = await call('POST', url, trial.headers, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('in_need_true_account');
  });

  it('checks the format (six digits), the confirmation, unknown fields and the login password', async () => {
    const m = await newMember();
    const letters = await call('POST', url, m.headers, { ...body, paymentPassword: 'abcdef', confirmPaymentPassword: 'abcdef' });
    expect(letters.json()).toMatchObject({ code: 'field_invalid' });
    const short = await call('POST', url, m.headers, { ...body, paymentPassword: '1234', confirmPaymentPassword: '1234' });
    expect(short.json().code).toBe('field_invalid');
    const mismatch = await call('POST', url, m.headers, { ...body, confirmPaymentPassword: '654321' });
    expect(mismatch.json().code).toBe('password_mismatch');
    const extra = await call('POST', url, m.headers, { ...body, memberId: 1 });
    expect(extra.statusCode).toBe(400);
    const wrongLogin = await call('POST', url, m.headers, { ...body, loginPassword: 'nope' });
    expect(wrongLogin.json().code).toBe('reauth_failed');
    const row = await t.database.db.selectFrom('members').select('payment_password_hash').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.payment_password_hash).toBeNull();
  });

  it('sets it once; a second set is payment_password_already_set', async () => {
    const m = await newMember();
    const first = await call('POST', url, m.headers, body);
    expect(first.json()).toEqual({ success: true, value: { hasPaymentPassword: true } });
    const again = await call('POST', url, m.headers, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('payment_password_already_set');
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('actor_id', '=', String(m.id)).execute();
    expect(audit.map((a) => a.action)).toContain('member.payment_password_set');
  });
});

describe('PUT /wps/member/payment-password', () => {
  const url = '/wps/member/payment-password';

  it('answers 401 without a session and 400 for missing fields', async () => {
    expect(
      (await call('PUT', url, {}, { oldPaymentPassword: '1', newPaymentPassword: '2', confirmNewPaymentPassword: '2' })).statusCode,
    ).toBe(401);
    const m = await newMember({ withPaymentPassword: true });
    expect((await call('PUT', url, m.headers, { newPaymentPassword: '222222' })).statusCode).toBe(400);
  });

  it('changes it with the current one, refuses a wrong one, and locks after repeated wrong ones', async () => {
    const m = await newMember({ withPaymentPassword: true });
    const ok = await call('PUT', url, m.headers, {
      oldPaymentPassword: PAYMENT_PASSWORD,
      newPaymentPassword: '975310',
      confirmNewPaymentPassword: '975310',
    });
    expect(ok.statusCode).toBe(200);
    const same = await call('PUT', url, m.headers, {
      oldPaymentPassword: '975310',
      newPaymentPassword: '975310',
      confirmNewPaymentPassword: '975310',
    });
    expect(same.json().code).toBe('password_unchanged');
    const codes: string[] = [];
    for (let i = 0; i < PAYMENT_PASSWORD_FAILURES_MAX + 1; i++) {
      const res = await call('PUT', url, m.headers, {
        oldPaymentPassword: '000000',
        newPaymentPassword: '111111',
        confirmNewPaymentPassword: '111111',
      });
      codes.push(res.json().code);
    }
    expect(codes.slice(0, PAYMENT_PASSWORD_FAILURES_MAX - 1).every((c) => c === 'payment_password_incorrect')).toBe(true);
    expect(codes.slice(PAYMENT_PASSWORD_FAILURES_MAX - 1).every((c) => c === 'payment_password_locked')).toBe(true);
    // Even the right one is refused while locked, and works again after the lock.
    const locked = await call('PUT', url, m.headers, {
      oldPaymentPassword: '975310',
      newPaymentPassword: '111111',
      confirmNewPaymentPassword: '111111',
    });
    expect(locked.statusCode).toBe(423);
    clock = new Date(clock.getTime() + 16 * 60_000);
    const after = await call('PUT', url, m.headers, {
      oldPaymentPassword: '975310',
      newPaymentPassword: '111111',
      confirmNewPaymentPassword: '111111',
    });
    expect(after.statusCode).toBe(200);
  });

  it('answers payment_password_not_set for a member without one', async () => {
    const m = await newMember();
    const res = await call('PUT', url, m.headers, {
      oldPaymentPassword: '123456',
      newPaymentPassword: '222222',
      confirmNewPaymentPassword: '222222',
    });
    expect(res.json().code).toBe('payment_password_not_set');
  });
});

describe('GET /wps/member/banks', () => {
  it('lists the operator-configured banks, and needs a real account', async () => {
    const m = await newMember();
    const res = await call('GET', '/wps/member/banks', m.headers);
    expect(res.json().value.map((b: { code: string }) => b.code)).toEqual(
      expect.arrayContaining(['VCB', 'CTG', 'BIDV', 'TCB', 'MB', 'ACB']),
    );
    expect((await call('GET', '/wps/member/banks')).statusCode).toBe(401);
    const trial = await newMember({ accountType: 4 });
    expect((await call('GET', '/wps/member/banks', trial.headers)).json().code).toBe('in_need_true_account');
  });
});

describe('POST /wps/member/bank-cards', () => {
  const url = '/wps/member/bank-cards';
  const card = (overrides: Record<string, string> = {}) => ({
    bankCode: 'BIDV',
    accountName: 'NGUYEN VAN AN',
    accountNumber: freshNumber(),
    ...overrides,
  });

  it('answers 401 without a session and in_need_true_account for a trial account', async () => {
    expect((await call('POST', url, {}, card())).statusCode).toBe(401);
    const trial = await newMember({ accountType: 4 });
    expect((await call('POST', url, trial.headers, card())).json().code).toBe('in_need_true_account');
  });

  it('refuses bad fields: unknown bank, letters or wrong length in the number, a bad name, unknown fields', async () => {
    const m = await newMember();
    expect((await call('POST', url, m.headers, card({ bankCode: 'NOPE' }))).json().code).toBe('bank_not_supported');
    expect((await call('POST', url, m.headers, card({ accountNumber: '12345abc' }))).json()).toMatchObject({ code: 'field_invalid' });
    expect((await call('POST', url, m.headers, card({ accountNumber: '12345' }))).json().code).toBe('field_invalid');
    expect((await call('POST', url, m.headers, card({ accountNumber: '1'.repeat(20) }))).json().code).toBe('field_invalid');
    expect((await call('POST', url, m.headers, card({ accountName: 'AN 123' }))).json().code).toBe('real_name_invalid');
    expect((await call('POST', url, m.headers, { ...card(), isDefault: true })).statusCode).toBe(400);
    expect((await call('POST', url, m.headers, { bankCode: 'BIDV' })).statusCode).toBe(400);
    expect((await call('GET', url, m.headers)).json().value.list).toEqual([]);
  });

  it("requires the account name to be the member's real name, ignoring accents and case", async () => {
    const m = await newMember({ payeeName: 'Nguyen Van An' });
    const other = await call('POST', url, m.headers, card({ accountName: 'LE THI HOA' }));
    expect(other.json().code).toBe('bank_card_name_mismatch');
    const accented = await call('POST', url, m.headers, card({ accountName: 'nguyễn văn  an' }));
    expect(accented.statusCode).toBe(200);
    expect(accented.json().value.accountName).toBe('NGUYEN VAN AN');
  });

  it('gives a member without a real name the name of the first card', async () => {
    const m = await newMember({ payeeName: null });
    expect((await call('POST', url, m.headers, card({ accountName: 'Phạm Minh Đức' }))).statusCode).toBe(200);
    const row = await t.database.db.selectFrom('members').select('payee_name').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.payee_name).toBe('Pham Minh Duc');
    expect((await call('POST', url, m.headers, card({ accountName: 'NGUYEN VAN AN' }))).json().code).toBe('bank_card_name_mismatch');
  });

  it('refuses a number already bound, by the same member or another one', async () => {
    const a = await newMember();
    const b = await newMember();
    const number = freshNumber();
    expect((await call('POST', url, a.headers, card({ accountNumber: number }))).statusCode).toBe(200);
    const same = await call('POST', url, a.headers, card({ accountNumber: number }));
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('bank_card_duplicate');
    expect((await call('POST', url, b.headers, card({ accountNumber: number }))).json().code).toBe('bank_card_duplicate');
  });

  it('lets two members race for one number and binds it once', async () => {
    const a = await newMember();
    const b = await newMember();
    const number = freshNumber();
    const results = await Promise.all([
      call('POST', url, a.headers, card({ accountNumber: number })),
      call('POST', url, b.headers, card({ accountNumber: number })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db.selectFrom('bank_cards').select('id').where('account_number', '=', number).execute();
    expect(rows).toHaveLength(1);
  });

  it('limits the cards per member by the setting', async () => {
    const merchant = await t.app.services.merchants.current();
    await t.app.services.settings.set(
      merchant.id,
      bankCardPolicySetting,
      { ...bankCardPolicySetting.defaultValue, cardsPerMemberMax: 2 },
      'test',
    );
    try {
      const m = await newMember();
      expect((await call('POST', url, m.headers, card())).statusCode).toBe(200);
      expect((await call('POST', url, m.headers, card())).statusCode).toBe(200);
      const third = await call('POST', url, m.headers, card());
      expect(third.statusCode).toBe(409);
      expect(third.json().code).toBe('bank_card_limit_reached');
    } finally {
      await t.app.services.settings.set(merchant.id, bankCardPolicySetting, bankCardPolicySetting.defaultValue, 'test');
    }
  });

  it('lists the cards with masked numbers and audits binding with a masked number', async () => {
    const m = await newMember();
    const number = '9704366800001234';
    await call('POST', url, m.headers, card({ accountNumber: number, bankCode: 'TCB' }));
    const list = await call('GET', url, m.headers);
    expect(list.json().value.list).toEqual([
      expect.objectContaining({ bankCode: 'TCB', bankName: 'Techcombank', maskedAccountNumber: '************1234', isVerified: false }),
    ]);
    expect(list.body).not.toContain(number);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('actor_id', '=', String(m.id))
      .where('action', '=', 'bank_card.bound')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.data)).not.toContain(number);
  });
});

describe('DELETE /wps/member/bank-cards/:cardId', () => {
  it("removes the member's own card, audited; another member's card is not found", async () => {
    const a = await newMember();
    const b = await newMember();
    const bound = await call('POST', '/wps/member/bank-cards', a.headers, {
      bankCode: 'ACB',
      accountName: 'NGUYEN VAN AN',
      accountNumber: freshNumber(),
    });
    const id = bound.json().value.id;
    expect((await call('DELETE', `/wps/member/bank-cards/${id}`)).statusCode).toBe(401);
    const foreign = await call('DELETE', `/wps/member/bank-cards/${id}`, b.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('bank_card_not_found');
    expect((await call('DELETE', `/wps/member/bank-cards/abc`, a.headers)).statusCode).toBe(400);
    expect((await call('DELETE', `/wps/member/bank-cards/${id}`, a.headers)).json()).toEqual({ success: true, value: { removed: true } });
    expect((await call('DELETE', `/wps/member/bank-cards/${id}`, a.headers)).json().code).toBe('bank_card_not_found');
    expect((await call('GET', '/wps/member/bank-cards', a.headers)).json().value.list).toEqual([]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', String(id))
      .where('subject_type', '=', 'bank_card')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['bank_card.bound', 'bank_card.removed']);
  });

  it('keeps a removed number free to bind again', async () => {
    const a = await newMember();
    const number = freshNumber();
    const first = await call('POST', '/wps/member/bank-cards', a.headers, {
      bankCode: 'MB',
      accountName: 'NGUYEN VAN AN',
      accountNumber: number,
    });
    await call('DELETE', `/wps/member/bank-cards/${first.json().value.id}`, a.headers);
    const again = await call('POST', '/wps/member/bank-cards', a.headers, {
      bankCode: 'MB',
      accountName: 'NGUYEN VAN AN',
      accountNumber: number,
    });
    expect(again.statusCode).toBe(200);
  });
});
