import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import { AVATAR_MAX_BYTES } from '@platform/contracts/member-centre';
import { FIELD_LABELS } from '@platform/contracts/validation-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { describeDevice, sniffImageType } from './member-centre.service.ts';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pngOf = (size: number) => {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from(PNG_HEADER).copy(bytes);
  return bytes;
};
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

const GOOD_PROFILE = {
  permanentAddress: '12 Lê Lợi, Quận 1, TP HCM',
  currentAddress: '34 Trần Hưng Đạo, Hà Nội',
  placeOfBirth: 'Huế',
  nationality: 'Việt Nam',
  occupation: 'Kỹ sư',
  incomeSource: 'Lương',
  line: 'lotus.line',
  birthday: '1990-05-17',
};

describe('member centre calls', () => {
  let t: TestApp;
  let merchant: { id: number; code: string; currency: string };

  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
    merchant = await createMerchant(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  async function session(
    accountType: number = ACCOUNT_TYPE.member,
    userAgent = 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36',
  ) {
    const member = await createMember(t.database.db, merchant, { accountType });
    const ip = nextIp();
    const { token } = await t.app.services.sessions.create(member.id, { ip, userAgent });
    return { member, ip, headers: bearer(token, ip) };
  }

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers?: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

  describe('GET and PUT /wps/member/profile', () => {
    it('needs a session and a real account', async () => {
      expect((await call('GET', '/wps/member/profile')).statusCode).toBe(401);
      expect((await call('PUT', '/wps/member/profile', undefined, GOOD_PROFILE)).statusCode).toBe(401);
      const trial = await session(ACCOUNT_TYPE.trial);
      const refused = await call('PUT', '/wps/member/profile', trial.headers, GOOD_PROFILE);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('in_need_true_account');
      expect((await call('GET', '/wps/member/profile', trial.headers)).json().code).toBe('in_need_true_account');
    });

    it('starts empty, saves the whole profile and reads it back; LINE joins the registration contacts', async () => {
      const s = await session();
      const empty = await call('GET', '/wps/member/profile', s.headers);
      expect(empty.statusCode).toBe(200);
      expect(empty.json().value).toEqual({
        permanentAddress: '',
        currentAddress: '',
        placeOfBirth: '',
        nationality: '',
        occupation: '',
        incomeSource: '',
        line: '',
        birthday: '',
        updatedAt: null,
      });
      const saved = await call('PUT', '/wps/member/profile', s.headers, { ...GOOD_PROFILE, line: '  lotus.line  ' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().value).toMatchObject(GOOD_PROFILE);
      const read = await call('GET', '/wps/member/profile', s.headers);
      expect(read.json().value).toMatchObject(GOOD_PROFILE);
      expect(read.json().value.updatedAt).not.toBeNull();
      const row = await t.database.db
        .selectFrom('member_profiles')
        .select('contacts')
        .where('member_id', '=', s.member.id)
        .executeTakeFirstOrThrow();
      expect(row.contacts).toMatchObject({ line: 'lotus.line' });
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'member.profile_updated')
        .where('actor_id', '=', String(s.member.id))
        .execute();
      expect(audit).toHaveLength(1);
    });

    it('keeps the contacts given at registration when the profile is saved', async () => {
      const s = await session();
      await t.database.db
        .insertInto('member_profiles')
        .values({ member_id: s.member.id, contacts: JSON.stringify({ whatsapp: '0900', line: 'old' }) })
        .execute();
      expect((await call('GET', '/wps/member/profile', s.headers)).json().value.line).toBe('old');
      expect((await call('PUT', '/wps/member/profile', s.headers, GOOD_PROFILE)).statusCode).toBe(200);
      const row = await t.database.db
        .selectFrom('member_profiles')
        .select('contacts')
        .where('member_id', '=', s.member.id)
        .executeTakeFirstOrThrow();
      expect(row.contacts).toEqual({ whatsapp: '0900', line: 'lotus.line' });
    });

    it('clears an optional field sent empty or left out', async () => {
      const s = await session();
      await call('PUT', '/wps/member/profile', s.headers, GOOD_PROFILE);
      const { occupation: _o, birthday: _b, ...rest } = GOOD_PROFILE;
      const saved = await call('PUT', '/wps/member/profile', s.headers, { ...rest, placeOfBirth: '' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().value).toMatchObject({ occupation: '', birthday: '', placeOfBirth: '', nationality: 'Việt Nam' });
    });

    it.each([
      ['permanentAddress', '', 'field_required'],
      ['currentAddress', '   ', 'field_required'],
      ['nationality', '', 'field_required'],
      ['line', '', 'field_required'],
      ['occupation', 'x'.repeat(256), 'field_invalid'],
      ['birthday', '1990-02-30', 'field_invalid'],
      ['birthday', '17/05/1990', 'field_invalid'],
      ['birthday', `${new Date().getUTCFullYear() - 10}-01-01`, 'field_invalid'],
      ['birthday', '2999-01-01', 'field_invalid'],
    ])('refuses %s = %j with %s and changes nothing', async (field, value, code) => {
      const s = await session();
      await call('PUT', '/wps/member/profile', s.headers, GOOD_PROFILE);
      const refused = await call('PUT', '/wps/member/profile', s.headers, { ...GOOD_PROFILE, [field]: value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, code });
      expect(refused.json().message.toLowerCase()).toContain(FIELD_LABELS[field]!.vi.toLowerCase());
      expect((await call('GET', '/wps/member/profile', s.headers)).json().value).toMatchObject(GOOD_PROFILE);
    });

    it('refuses unknown fields, a missing required field and non-text values', async () => {
      const s = await session();
      expect((await call('PUT', '/wps/member/profile', s.headers, { ...GOOD_PROFILE, vip: true })).json().code).toBe('bad_request');
      const { line: _line, ...withoutLine } = GOOD_PROFILE;
      expect((await call('PUT', '/wps/member/profile', s.headers, withoutLine)).json().code).toBe('bad_request');
      expect((await call('PUT', '/wps/member/profile', s.headers, { ...GOOD_PROFILE, nationality: 7 })).json().code).toBe('bad_request');
      expect((await call('GET', '/wps/member/profile', s.headers)).json().value.updatedAt).toBeNull();
    });

    it('shows each member only their own profile', async () => {
      const a = await session();
      const b = await session();
      await call('PUT', '/wps/member/profile', a.headers, GOOD_PROFILE);
      expect((await call('GET', '/wps/member/profile', b.headers)).json().value.permanentAddress).toBe('');
    });
  });

  describe('avatar', () => {
    it('needs a session to read and a real account to change', async () => {
      expect((await call('GET', '/wps/relay/MCSFE_getPlayerAvatar')).statusCode).toBe(401);
      expect((await call('PUT', '/wps/member/info/icon', undefined, { avatar: 'lotus' })).statusCode).toBe(401);
      expect((await call('POST', '/wps/member/info/icon', undefined, { image: dataUrl('image/png', pngOf(64)) })).statusCode).toBe(401);
      const trial = await session(ACCOUNT_TYPE.trial);
      expect((await call('GET', '/wps/relay/MCSFE_getPlayerAvatar', trial.headers)).json().value).toEqual({
        avatar: null,
        image: null,
        updatedAt: null,
      });
      expect((await call('PUT', '/wps/member/info/icon', trial.headers, { avatar: 'lotus' })).json().code).toBe('in_need_true_account');
      expect((await call('POST', '/wps/member/info/icon', trial.headers, { image: dataUrl('image/png', pngOf(64)) })).json().code).toBe(
        'in_need_true_account',
      );
    });

    it('chooses a built-in avatar, then an upload replaces it, then a built-in replaces the upload', async () => {
      const s = await session();
      const chosen = await call('PUT', '/wps/member/info/icon', s.headers, { avatar: 'koi' });
      expect(chosen.statusCode).toBe(200);
      expect(chosen.json().value).toMatchObject({ avatar: 'koi', image: null });
      const png = pngOf(2048);
      const uploaded = await call('POST', '/wps/member/info/icon', s.headers, { image: dataUrl('image/png', png) });
      expect(uploaded.statusCode).toBe(200);
      expect(uploaded.json().value).toMatchObject({ avatar: null, image: dataUrl('image/png', png) });
      expect((await call('GET', '/wps/relay/MCSFE_getPlayerAvatar', s.headers)).json().value.image).toBe(dataUrl('image/png', png));
      const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
      const asJpg = await call('POST', '/wps/member/info/icon', s.headers, { image: dataUrl('image/jpg', jpeg) });
      expect(asJpg.json().value.image).toBe(dataUrl('image/jpeg', jpeg));
      const back = await call('PUT', '/wps/member/info/icon', s.headers, { avatar: 'lotus' });
      expect(back.json().value).toMatchObject({ avatar: 'lotus', image: null });
    });

    it('accepts exactly 1 MB and refuses one byte more, leaving the avatar as it was', async () => {
      const s = await session();
      await call('PUT', '/wps/member/info/icon', s.headers, { avatar: 'star' });
      const big = await call('POST', '/wps/member/info/icon', s.headers, { image: dataUrl('image/png', pngOf(AVATAR_MAX_BYTES + 1)) });
      expect(big.statusCode).toBe(413);
      expect(big.json().code).toBe('avatar_too_large');
      expect((await call('GET', '/wps/relay/MCSFE_getPlayerAvatar', s.headers)).json().value.avatar).toBe('star');
      const exact = await call('POST', '/wps/member/info/icon', s.headers, { image: dataUrl('image/png', pngOf(AVATAR_MAX_BYTES)) });
      expect(exact.statusCode).toBe(200);
    });

    it.each([
      ['a GIF', dataUrl('image/gif', Buffer.from('GIF89a0000000000'))],
      ['JPEG bytes called PNG', dataUrl('image/png', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(20)]))],
      ['text called PNG', dataUrl('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
      ['no data URL', 'iVBORw0KGgo='],
      ['an empty image', 'data:image/png;base64,'],
    ])('refuses %s with avatar_invalid', async (_name, image) => {
      const s = await session();
      const refused = await call('POST', '/wps/member/info/icon', s.headers, { image });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('avatar_invalid');
      expect((await call('GET', '/wps/relay/MCSFE_getPlayerAvatar', s.headers)).json().value.updatedAt).toBeNull();
    });

    it('refuses an unknown built-in avatar and unknown fields', async () => {
      const s = await session();
      expect((await call('PUT', '/wps/member/info/icon', s.headers, { avatar: 'unicorn' })).json().code).toBe('bad_request');
      expect((await call('PUT', '/wps/member/info/icon', s.headers, { avatar: 'koi', extra: 1 })).json().code).toBe('bad_request');
      expect(
        (await call('POST', '/wps/member/info/icon', s.headers, { image: dataUrl('image/png', pngOf(64)), name: 'a.png' })).json().code,
      ).toBe('bad_request');
    });

    it("keeps one member's avatar from another", async () => {
      const a = await session();
      const b = await session();
      await call('PUT', '/wps/member/info/icon', a.headers, { avatar: 'tiger' });
      expect((await call('GET', '/wps/relay/MCSFE_getPlayerAvatar', b.headers)).json().value.avatar).toBeNull();
    });
  });

  describe('GET /wps/member/sessions', () => {
    it('needs a session', async () => {
      expect((await call('GET', '/wps/member/sessions')).statusCode).toBe(401);
    });

    it("lists the member's own logins, newest first, marks the current one and names the previous login", async () => {
      const first = await session();
      const other = await session();
      const { token: secondToken } = await t.app.services.sessions.create(first.member.id, {
        ip: '203.0.113.9',
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      });
      const history = await call('GET', '/wps/member/sessions', bearer(secondToken, '203.0.113.9'));
      expect(history.statusCode).toBe(200);
      const value = history.json().value;
      expect(value.sessions).toHaveLength(2);
      expect(value.sessions[0]).toMatchObject({ ip: '203.0.113.9', device: 'Safari · iOS', current: true, active: true });
      expect(value.sessions[1]).toMatchObject({ ip: first.ip, device: 'Chrome · Windows', current: false, active: true });
      expect(value.previousLoginIp).toBe(first.ip);
      expect(value.previousLoginTime).toBe(value.sessions[1].loginTime);
      const own = (await call('GET', '/wps/member/sessions', other.headers)).json().value;
      expect(own.sessions).toHaveLength(1);
      expect(own.previousLoginTime).toBeNull();
    });

    it('shows an ended session as not active', async () => {
      const s = await session();
      const { token, sessionId } = await t.app.services.sessions.create(s.member.id, { ip: s.ip, userAgent: null });
      await t.app.services.sessions.revoke(sessionId);
      expect((await call('GET', '/wps/member/sessions', bearer(token, s.ip))).statusCode).toBe(401);
      const value = (await call('GET', '/wps/member/sessions', s.headers)).json().value;
      expect(value.sessions.map((row: { active: boolean; current: boolean }) => [row.current, row.active])).toEqual([
        [false, false],
        [true, true],
      ]);
    });
  });

  describe('GET /wps/member/authenticator', () => {
    it('needs a real account and tells whether an authenticator is confirmed', async () => {
      expect((await call('GET', '/wps/member/authenticator')).statusCode).toBe(401);
      const trial = await session(ACCOUNT_TYPE.trial);
      expect((await call('GET', '/wps/member/authenticator', trial.headers)).json().code).toBe('in_need_true_account');
      const s = await session();
      expect((await call('GET', '/wps/member/authenticator', s.headers)).json().value).toEqual({ enabled: false });
      await call('POST', '/wps/member/authenticator', s.headers);
      expect((await call('GET', '/wps/member/authenticator', s.headers)).json().value).toEqual({ enabled: false });
      await t.database.db.updateTable('member_totp').set({ confirmed_at: new Date() }).where('member_id', '=', s.member.id).execute();
      expect((await call('GET', '/wps/member/authenticator', s.headers)).json().value).toEqual({ enabled: true });
    });
  });
});

describe('member centre helpers', () => {
  it('names common browsers and systems', () => {
    expect(describeDevice(null)).toBe('');
    expect(describeDevice('Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile Safari/537.36')).toBe('Chrome · Android');
    expect(describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Version/17.0 Safari/605.1.15')).toBe('Safari · macOS');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0) Chrome/120 Safari/537.36 Edg/120')).toBe('Edge · Windows');
    expect(describeDevice('curl/8.0')).toBe('curl/8.0');
  });
  it('tells PNG and JPEG apart from anything else', () => {
    expect(sniffImageType(Buffer.from([...PNG_HEADER, 0]))).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageType(Buffer.from(PNG_HEADER))).toBeNull();
  });
});
