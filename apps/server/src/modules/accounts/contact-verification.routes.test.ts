import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, lastSmsCode, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';

describe('mobile and e-mail verification', () => {
  let t: TestApp;
  let merchant: { id: number; code: string; currency: string };
  let mobileCounter = 0;

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
    merchant = await createMerchant(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const nextMobile = () => {
    mobileCounter += 1;
    return `09${String(Date.now() % 100000).padStart(5, '0')}${String(mobileCounter).padStart(3, '0')}`;
  };

  async function session(options: { accountType?: number; mobile?: string | null; email?: string | null } = {}) {
    const member = await createMember(t.database.db, merchant, { accountType: options.accountType ?? ACCOUNT_TYPE.member });
    await t.database.db
      .updateTable('members')
      .set({ mobile_num: options.mobile ?? null, email: options.email ?? null })
      .where('id', '=', member.id)
      .execute();
    const ip = nextIp();
    const { token } = await t.app.services.sessions.create(member.id, { ip, userAgent: 'test' });
    return { member, headers: bearer(token, ip) };
  }

  const call = (method: 'GET' | 'POST', url: string, headers?: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  const status = async (headers: Record<string, string>) => (await call('GET', '/wps/member/verification', headers)).json().value;

  async function lastEmailCode(to: string): Promise<string> {
    const row = await t.database.db
      .selectFrom('email_outbox')
      .select('body')
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return /\b(\d{4,8})\b/.exec(row.body)?.[1] ?? '';
  }

  /** Backdates the member's codes so the resend gap does not hold the next send. */
  async function ageCodes(memberId: number) {
    await t.database.db
      .updateTable('member_contact_codes')
      .set({ created_at: new Date(Date.now() - 61_000) })
      .where('member_id', '=', memberId)
      .execute();
  }

  it('needs a session and a real account', async () => {
    expect((await call('GET', '/wps/member/verification')).statusCode).toBe(401);
    expect((await call('POST', '/wps/member/verification/code', undefined, { channel: 'mobile' })).statusCode).toBe(401);
    expect((await call('POST', '/wps/member/verification/confirm', undefined, { channel: 'mobile', code: '123456' })).statusCode).toBe(401);
    const trial = await session({ accountType: ACCOUNT_TYPE.trial });
    for (const [method, url, body] of [
      ['GET', '/wps/member/verification', undefined],
      ['POST', '/wps/member/verification/code', { channel: 'email' }],
      ['POST', '/wps/member/verification/confirm', { channel: 'email', code: '123456' }],
    ] as const) {
      const refused = await call(method, url, trial.headers, body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('in_need_true_account');
    }
  });

  it('verifies the mobile number on file with the SMS code, and only the member who asked', async () => {
    const mobile = nextMobile();
    const s = await session({ mobile });
    const other = await session();
    expect((await status(s.headers)).mobile).toEqual({
      value: `******${mobile.slice(-4)}`,
      isSet: true,
      verified: false,
      verifiedAt: null,
    });
    const sent = await call('POST', '/wps/member/verification/code', s.headers, { channel: 'mobile' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().value).toEqual({ expiredMinutes: 5 });
    const code = await lastSmsCode(t.database.db, mobile);
    // Another member cannot spend it: they have no live code of their own.
    expect((await call('POST', '/wps/member/verification/confirm', other.headers, { channel: 'mobile', code })).json().code).toBe(
      'verification_code_invalid',
    );
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call('POST', '/wps/member/verification/confirm', s.headers, { channel: 'mobile', code: wrong })).json().code).toBe(
      'verification_code_invalid',
    );
    const confirmed = await call('POST', '/wps/member/verification/confirm', s.headers, { channel: 'mobile', code });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().value.mobile).toMatchObject({ isSet: true, verified: true });
    expect(confirmed.json().value.email).toEqual({ value: '', isSet: false, verified: false, verifiedAt: null });
    // Spent: the same code does not work twice.
    expect((await call('POST', '/wps/member/verification/confirm', s.headers, { channel: 'mobile', code })).json().code).toBe(
      'verification_code_invalid',
    );
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'member.contact_verified')
      .where('actor_id', '=', String(s.member.id))
      .execute();
    expect(audit.map((row) => row.data)).toEqual([{ channel: 'mobile', added: false }]);
  });

  it('refuses a different address for a contact on file, and asks for one when none is on file', async () => {
    const s = await session({ mobile: nextMobile(), email: 'on.file@example.com' });
    const other = await call('POST', '/wps/member/verification/code', s.headers, { channel: 'email', address: 'else@example.com' });
    expect(other.json()).toMatchObject({ code: 'field_invalid' });
    const bare = await session();
    const missing = await call('POST', '/wps/member/verification/code', bare.headers, { channel: 'email' });
    expect(missing.json()).toMatchObject({ code: 'field_required' });
    expect(
      (await call('POST', '/wps/member/verification/code', bare.headers, { channel: 'email', address: 'not-an-email' })).json().code,
    ).toBe('field_invalid');
    expect((await call('POST', '/wps/member/verification/code', bare.headers, { channel: 'mobile', address: '12' })).json().code).toBe(
      'mobile_invalid',
    );
    expect((await call('POST', '/wps/member/verification/code', bare.headers, { channel: 'fax' })).json().code).toBe('bad_request');
    expect(
      (await call('POST', '/wps/member/verification/code', bare.headers, { channel: 'email', address: 'a@example.com', extra: 1 })).json()
        .code,
    ).toBe('bad_request');
    expect(await t.database.db.selectFrom('member_contact_codes').select('id').where('member_id', '=', bare.member.id).execute()).toEqual(
      [],
    );
  });

  it('adds and verifies an e-mail for a member who had none, once its code is confirmed', async () => {
    const s = await session();
    const address = `fresh${s.member.id}@example.com`;
    expect((await call('POST', '/wps/member/verification/code', s.headers, { channel: 'email', address })).statusCode).toBe(200);
    // Not on the account until confirmed.
    expect((await status(s.headers)).email.isSet).toBe(false);
    const confirmed = await call('POST', '/wps/member/verification/confirm', s.headers, {
      channel: 'email',
      code: await lastEmailCode(address),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().value.email).toMatchObject({ isSet: true, verified: true, value: `fr***@example.com` });
    const row = await t.database.db.selectFrom('members').select('email').where('id', '=', s.member.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(address);
  });

  it('refuses a mobile number another member has, before and at confirmation', async () => {
    const taken = nextMobile();
    await session({ mobile: taken });
    const s = await session();
    expect((await call('POST', '/wps/member/verification/code', s.headers, { channel: 'mobile', address: taken })).json().code).toBe(
      'mobile_taken',
    );
    const free = nextMobile();
    await call('POST', '/wps/member/verification/code', s.headers, { channel: 'mobile', address: free });
    const code = await lastSmsCode(t.database.db, free);
    // Someone else takes the number between the send and the confirmation.
    await session({ mobile: free });
    const refused = await call('POST', '/wps/member/verification/confirm', s.headers, { channel: 'mobile', code });
    expect(refused.json().code).toBe('mobile_taken');
    expect((await status(s.headers)).mobile.isSet).toBe(false);
  });

  it('holds a resend for the gap, caps sends an hour, and retires a code after too many wrong guesses', async () => {
    const address = 'limits@example.com';
    const s = await session({ email: address });
    expect((await call('POST', '/wps/member/verification/code', s.headers, { channel: 'email' })).statusCode).toBe(200);
    const again = await call('POST', '/wps/member/verification/code', s.headers, { channel: 'email' });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('sms_too_many_requests');
    for (let i = 0; i < 4; i += 1) {
      await ageCodes(s.member.id);
      expect((await call('POST', '/wps/member/verification/code', s.headers, { channel: 'email' })).statusCode).toBe(200);
    }
    await ageCodes(s.member.id);
    expect((await call('POST', '/wps/member/verification/code', s.headers, { channel: 'email' })).json().code).toBe(
      'sms_too_many_requests',
    );
    const code = await lastEmailCode(address);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await call('POST', '/wps/member/verification/confirm', s.headers, { channel: 'email', code: wrong })).json().code).toBe(
        'verification_code_invalid',
      );
    }
    expect((await call('POST', '/wps/member/verification/confirm', s.headers, { channel: 'email', code })).json().code).toBe(
      'verification_code_invalid',
    );
    expect((await status(s.headers)).email.verified).toBe(false);
  });

  it('refuses an expired code and a code replaced by a newer one', async () => {
    const address = 'expiry@example.com';
    const s = await session({ email: address });
    await call('POST', '/wps/member/verification/code', s.headers, { channel: 'email' });
    const first = await lastEmailCode(address);
    await ageCodes(s.member.id);
    await call('POST', '/wps/member/verification/code', s.headers, { channel: 'email' });
    const second = await lastEmailCode(address);
    if (first !== second) {
      expect((await call('POST', '/wps/member/verification/confirm', s.headers, { channel: 'email', code: first })).json().code).toBe(
        'verification_code_invalid',
      );
    }
    await t.database.db
      .updateTable('member_contact_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('member_id', '=', s.member.id)
      .execute();
    expect((await call('POST', '/wps/member/verification/confirm', s.headers, { channel: 'email', code: second })).json().code).toBe(
      'verification_code_expired',
    );
  });

  it('stops counting a verification once the address on file changes', async () => {
    const address = 'change@example.com';
    const s = await session({ email: address });
    await call('POST', '/wps/member/verification/code', s.headers, { channel: 'email' });
    await call('POST', '/wps/member/verification/confirm', s.headers, { channel: 'email', code: await lastEmailCode(address) });
    expect((await status(s.headers)).email.verified).toBe(true);
    await t.database.db.updateTable('members').set({ email: 'other@example.com' }).where('id', '=', s.member.id).execute();
    expect((await status(s.headers)).email).toMatchObject({ isSet: true, verified: false, verifiedAt: null });
  });
});
