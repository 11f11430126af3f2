import { AGENT_REFERENCE_PATTERN } from '@platform/contracts/agent-applications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';

let t: TestApp;
let clock = new Date('2026-11-26T03:00:00.000Z');
let support: Record<string, string>;
let finance: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  await createMerchant(t.database.db);
  support = (await loginAdmin(t.app, 'support')).headers;
  finance = (await loginAdmin(t.app, 'finance')).headers;
});

afterAll(async () => {
  await t?.close();
});

let sequence = 0;
/** A new applicant: its own mobile number and request id. */
function application(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    requestId: `join-test-${sequence}-${Date.now()}`,
    realName: 'Nguyễn Văn An',
    mobileNum: `09${String(10_000_000 + sequence).slice(-8)}`,
    email: 'an@example.com',
    contact: 'zalo: an.nguyen',
    experience: 'some',
    message: 'Tôi có một nhóm 200 người chơi trên Zalo.',
    ...overrides,
  };
}

type Call = { headers?: Record<string, string>; ip?: string };
const apply = (body: object, call: Call = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/agent/applications',
    headers: call.headers ?? {},
    remoteAddress: call.ip ?? nextIp(),
    payload: body,
  });
const lookup = (body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/wps/agent/applications/status', headers, remoteAddress: nextIp(), payload: body });
const admin = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const rows = () => t.database.db.selectFrom('agent_applications').selectAll().orderBy('id').execute();

describe('applying', () => {
  it('takes a visitor application and shows it by reference and mobile number', async () => {
    const body = application({ mobileNum: '0912 345 678' });
    const res = await apply(body);
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({ status: 'pending', answer: null, answeredAt: null, createdAt: clock.toISOString() });
    expect(value.reference).toMatch(AGENT_REFERENCE_PATTERN);
    const stored = (await rows()).find((r) => r.reference === value.reference);
    expect(stored).toMatchObject({ member_id: null, mobile_num: '0912345678', experience: 'some', status: 'pending' });

    // The reference is read back in any case and the number with or without spaces.
    const found = await lookup({ reference: value.reference.toLowerCase(), mobileNum: '0912345678' });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().value).toEqual(value);

    const wrongMobile = await lookup({ reference: value.reference, mobileNum: '0999999999' }, { lang: 'vi' });
    expect(wrongMobile.statusCode).toBe(404);
    expect(wrongMobile.json()).toMatchObject({
      code: 'agent_application_not_found',
      message: 'Không tìm thấy đơn nào khớp với mã đơn và số điện thoại này. Vui lòng kiểm tra lại cả hai rồi thử lại.',
    });
    const unknown = await lookup({ reference: 'AG-0000000000', mobileNum: '0912345678' }, { lang: 'en' });
    expect(unknown.json().code).toBe('agent_application_not_found');
  });

  it('refuses bad input with a whole sentence in the language asked for, storing nothing', async () => {
    const before = (await rows()).length;
    const cases: [object, string, string][] = [
      [application({ realName: ' ' }), 'vi', 'Vui lòng nhập họ tên thật.'],
      [
        application({ mobileNum: '12ab' }),
        'en',
        'The mobile number is not in the right format. A mobile number has digits only, with an optional +.',
      ],
      [
        application({ email: 'not-an-email' }),
        'en',
        'The e-mail address is not in the right format. An e-mail address looks like name@example.com.',
      ],
      [application({ experience: 'guru' }), 'vi', 'Kinh nghiệm không đúng định dạng. Vui lòng kiểm tra lại rồi nhập lại.'],
      [application({ message: 'x'.repeat(501) }), 'en', 'The message may be at most 500 characters long.'],
      [application({ requestId: 'short' }), 'en', 'The request id must be at least 8 characters long.'],
      [application({ isAgent: true }), 'en', 'The request carries information that is not accepted. Reload the page and try again.'],
      [application({ message: 'Hello\u0000' }), 'en', 'What you sent contains a character that is not allowed. Remove it and try again.'],
    ];
    for (const [body, lang, message] of cases) {
      const res = await apply(body, { headers: { lang } });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
      expect(res.json().message).not.toMatch(/realName|mobileNum|experience|requestId/);
    }
    const badLookup = await lookup({ reference: 'nope', mobileNum: '0912345678' }, { lang: 'en' });
    expect(badLookup.statusCode).toBe(400);
    expect(badLookup.json().message).toBe('The reference is not in the right format. A reference looks like AG-XXXXXXXXXX.');
    expect((await rows()).length).toBe(before);
  });

  it('answers a double submit with the first application, and refuses the same id with other content', async () => {
    const ip = nextIp();
    const body = application();
    const before = (await rows()).length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => apply(body, { ip })));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const references = new Set(answers.map((res) => res.json().value.reference));
    expect(references.size).toBe(1);
    expect((await rows()).length).toBe(before + 1);

    const again = await apply(body, { ip: nextIp() });
    expect(again.json().value.reference).toBe([...references][0]);

    const changed = await apply({ ...body, realName: 'Someone Else' }, { ip, headers: { lang: 'en' } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('idempotency_conflict');
    // The Idempotency-Key header, when sent, must be the body's request id.
    const mismatch = await apply(application(), { ip, headers: { 'idempotency-key': 'another-key-123' } });
    expect(mismatch.statusCode).toBe(400);
    expect((await rows()).length).toBe(before + 1);
  });

  it('keeps one application under review per mobile number', async () => {
    const first = application();
    expect((await apply(first)).statusCode).toBe(200);
    const second = await apply(application({ mobileNum: first.mobileNum }), { headers: { lang: 'en' } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'agent_application_pending',
      message: 'This mobile number already has an agent application being reviewed. Look it up with the reference you were given.',
    });
  });

  it('takes 3 an hour per address or member, then refuses until the hour has passed', async () => {
    const ip = nextIp();
    for (let i = 0; i < 3; i += 1) expect((await apply(application(), { ip })).statusCode).toBe(200);
    const before = (await rows()).length;
    const fourth = await apply(application(), { ip, headers: { lang: 'vi' } });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      code: 'agent_application_too_many',
      message: 'Mỗi giờ chỉ gửi được 3 đơn đăng ký đại lý. Vui lòng thử lại sau.',
    });
    expect((await rows()).length).toBe(before);
    // Another address is counted on its own.
    expect((await apply(application())).statusCode).toBe(200);

    // A member is counted as the member, whatever the address.
    const merchant = await t.app.services.merchants.current();
    const member = await createMember(t.database.db, merchant);
    const { token } = await t.app.services.sessions.create(member.id);
    const headers = { authorization: `Bearer ${token}` };
    for (let i = 0; i < 3; i += 1) expect((await apply(application(), { headers })).statusCode).toBe(200);
    expect((await apply(application(), { headers })).statusCode).toBe(429);

    const saved = clock;
    clock = new Date(saved.getTime() + 3_600_001);
    try {
      expect((await apply(application(), { ip })).statusCode).toBe(200);
      expect((await apply(application(), { headers })).statusCode).toBe(200);
    } finally {
      clock = saved;
    }
  });
});

describe('the operator queue', () => {
  it('lets support list and answer, audited; the applicant sees the answer; an answer is given once', async () => {
    const body = application();
    const applied = (await apply(body)).json().value as { reference: string };

    expect((await admin('GET', '/admin-api/agent-applications', {})).statusCode).toBe(401);
    expect((await admin('GET', '/admin-api/agent-applications', finance)).statusCode).toBe(403);

    const pending = await admin('GET', '/admin-api/agent-applications?status=pending&pageSize=100', support);
    expect(pending.statusCode, pending.body).toBe(200);
    const item = (pending.json().value.list as { id: number; reference: string }[]).find((a) => a.reference === applied.reference);
    expect(item).toMatchObject({ realName: 'Nguyễn Văn An', mobileNum: body.mobileNum, username: null, status: 'pending', language: 'vi' });
    if (!item) throw new Error('not listed');

    for (const bad of [{ decision: 'maybe', message: 'x' }, { decision: 'approve', message: '  ' }, { decision: 'approve' }]) {
      const res = await admin('POST', `/admin-api/agent-applications/${item.id}/answer`, support, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await admin('POST', '/admin-api/agent-applications/999999/answer', support, { decision: 'approve', message: 'Hi' })).statusCode,
    ).toBe(404);

    const answered = await admin('POST', `/admin-api/agent-applications/${item.id}/answer`, support, {
      decision: 'approve',
      message: 'Chào anh An, chúng tôi sẽ gọi anh trong hôm nay.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().value).toMatchObject({ status: 'approved', answer: 'Chào anh An, chúng tôi sẽ gọi anh trong hôm nay.' });

    const twice = await admin('POST', `/admin-api/agent-applications/${item.id}/answer`, support, { decision: 'reject', message: 'No' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('agent_application_answered');

    const seen = (await lookup({ reference: applied.reference, mobileNum: body.mobileNum })).json().value;
    expect(seen).toMatchObject({
      status: 'approved',
      answer: 'Chào anh An, chúng tôi sẽ gọi anh trong hôm nay.',
      answeredAt: clock.toISOString(),
    });

    const audits = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id'])
      .where('action', 'like', 'agent_application.%')
      .execute();
    expect(audits).toContainEqual({ action: 'agent_application.approve', subject_id: String(item.id) });
    // A new application from the same number may be sent once the first is answered.
    expect((await apply(application({ mobileNum: body.mobileNum }))).statusCode).toBe(200);
  });

  it("sends a member's answer to the inbox too, in the application's language", async () => {
    const merchant = await t.app.services.merchants.current();
    const member = await createMember(t.database.db, merchant);
    const { token } = await t.app.services.sessions.create(member.id);
    const headers = { authorization: `Bearer ${token}` };
    const applied = (await apply(application(), { headers: { ...headers, lang: 'en' } })).json().value as { reference: string };
    const list = (await admin('GET', '/admin-api/agent-applications?pageSize=100', support)).json().value.list as {
      id: number;
      reference: string;
      username: string | null;
    }[];
    const item = list.find((a) => a.reference === applied.reference);
    expect(item?.username).toBe(member.username);
    const res = await admin('POST', `/admin-api/agent-applications/${item?.id}/answer`, support, {
      decision: 'reject',
      message: 'We need <b>more</b> players first.',
    });
    expect(res.statusCode, res.body).toBe(200);

    const inbox = await t.app.inject({ method: 'GET', url: '/wps/member/inbox', headers });
    const messages = inbox.json().value.list as { id: number; title: string }[];
    expect(messages[0]?.title).toBe('The answer to your agent application');
    const opened = await t.app.inject({ method: 'GET', url: `/wps/member/inbox/${messages[0]?.id}`, headers });
    const bodyHtml = opened.json().value.bodyHtml as string;
    expect(bodyHtml).toContain(applied.reference);
    expect(bodyHtml).toContain('We need &lt;b&gt;more&lt;/b&gt; players first.');
  });
});
