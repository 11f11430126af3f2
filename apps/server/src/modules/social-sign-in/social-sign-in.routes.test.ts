import { MASKED_SECRET } from '@platform/contracts/social-sign-in';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { type LocalOidcProvider, startLocalOidcProvider } from '../../../test/local-oidc-provider.ts';
import { hashPassword } from '../../lib/password.ts';
import { loginPolicySetting } from '../accounts/accounts.settings.ts';
import { socialProvidersSetting } from './social-sign-in.settings.ts';

const HOST = 'site.test';
const CALLBACK = `http://${HOST}/wps/session/social/local/callback`;

describe('social sign-in', () => {
  let t: TestApp;
  let provider: LocalOidcProvider;
  let merchant: { id: number; code: string; currency: string };
  let ip: string;
  /** Set by a test to change the provider's token answers on their way to the site. */
  let tamper: ((body: Record<string, unknown>) => Record<string, unknown>) | undefined;

  beforeAll(async () => {
    provider = await startLocalOidcProvider({ redirectUris: [CALLBACK] });
    const tamperingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!tamper || !url.endsWith('/token')) return response;
      const body = tamper((await response.json()) as Record<string, unknown>);
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    t = await buildTestApp({ TRUST_PROXY: 'true' }, { socialSignInFetch: tamperingFetch });
    merchant = await createMerchant(t.database.db);
    await t.app.services.settings.set(
      merchant.id,
      socialProvidersSetting,
      {
        providers: [
          {
            key: 'local',
            name: { en: 'Local ID', vi: 'ID nội bộ' },
            issuer: provider.issuer,
            clientId: provider.clientId,
            clientSecret: provider.clientSecret,
            scopes: ['email', 'profile'],
            isEnabled: true,
          },
        ],
      },
      'test',
    );
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });
  beforeEach(() => {
    ip = nextIp();
    tamper = undefined;
  });

  const headers = () => ({ host: HOST, 'x-forwarded-for': ip });

  /** Starts a sign-in and signs `subject` in at the provider; the provider's redirect back to the site. */
  async function throughProvider(subject: string): Promise<URL> {
    const start = await t.app.inject({ method: 'GET', url: '/wps/session/social/local/start?returnTo=/lottery', headers: headers() });
    expect(start.statusCode).toBe(302);
    return provider.signIn(String(start.headers.location), subject);
  }

  /** The site's answer to the provider's redirect: where it sends the browser. */
  async function callback(back: URL): Promise<URL> {
    const answer = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: headers() });
    expect(answer.statusCode).toBe(302);
    return new URL(String(answer.headers.location), `http://${HOST}`);
  }

  const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload, headers: headers() });

  async function newAccount(subject: string) {
    const landing = await callback(await throughProvider(subject));
    const ticket = landing.searchParams.get('ticket')!;
    const info = await t.app.inject({
      method: 'GET',
      url: `/wps/session/social/link?ticket=${ticket}`,
      headers: { ...headers(), lang: 'en' },
    });
    const username = info.json().value.suggestedUsername as string;
    const linked = await post('/wps/session/social/link', { ticket, mode: 'new', username, agreement: true, confirmed: true });
    return { ticket, username, linked };
  }

  it('lists the enabled providers in the caller language, and shows operators no client secret', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/wps/session/social/providers', headers: { lang: 'vi' } });
    expect(list.json().value).toEqual([{ key: 'local', name: 'ID nội bộ' }]);
    expect(list.body).not.toContain(provider.clientSecret);
    const none = await t.app.inject({ method: 'GET', url: '/wps/session/social/nowhere/start', headers: headers() });
    expect(none.headers.location).toBe('/social-login?error=social_provider_unavailable');
    const setting = socialProvidersSetting.redact!(await t.app.services.settings.get(merchant.id, socialProvidersSetting));
    expect(setting.providers[0]?.clientSecret).toBe(MASKED_SECRET);
  });

  it('sends the browser to the provider with state, nonce and PKCE, and keeps them server-side', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/wps/session/social/local/start', headers: headers() });
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    for (const name of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(name)).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(start.body).not.toContain(provider.clientSecret);
  });

  it('makes a new account for a new identity once confirmed, then signs the same member in with a one-time code', async () => {
    const subject = uniqueName('alice');
    const landing = await callback(await throughProvider(subject));
    expect(landing.pathname).toBe('/social-login');
    const ticket = landing.searchParams.get('ticket')!;
    expect(ticket).toBeTruthy();

    const info = await t.app.inject({
      method: 'GET',
      url: `/wps/session/social/link?ticket=${ticket}`,
      headers: { ...headers(), lang: 'en' },
    });
    expect(info.json().value).toMatchObject({ provider: { key: 'local', name: 'Local ID' }, agreementRequired: true });
    const username = info.json().value.suggestedUsername as string;
    expect(username).toMatch(/^alice/);

    const unconfirmed = await post('/wps/session/social/link', { ticket, mode: 'new', username, agreement: true, confirmed: false });
    expect(unconfirmed.json()).toMatchObject({ success: false, code: 'social_link_unconfirmed' });

    const linked = await post('/wps/session/social/link', { ticket, mode: 'new', username, agreement: true, confirmed: true });
    expect(linked.statusCode).toBe(200);
    const first = linked.json().value;
    expect(first.returnTo).toBe('/lottery');
    expect(first.login).toMatchObject({ username, cpw: false, firstTimeLogin: true });
    const memberId = first.login.customerId as number;

    // The ticket is spent.
    const again = await post('/wps/session/social/link', {
      ticket,
      mode: 'new',
      username: `${username}x`,
      agreement: true,
      confirmed: true,
    });
    expect(again.json().code).toBe('social_sign_in_expired');

    // Next time the identity signs the member in.
    const back = await callback(await throughProvider(subject));
    const code = back.searchParams.get('code')!;
    expect(code).toBeTruthy();
    expect(back.search).not.toContain(first.login.token);
    const exchanged = await post('/wps/session/social/exchange', { code });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json().value.login).toMatchObject({ customerId: memberId, username, firstTimeLogin: false });
    const me = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: `Bearer ${exchanged.json().value.login.token}` },
    });
    expect(me.statusCode).toBe(200);

    // A code is good once.
    const reused = await post('/wps/session/social/exchange', { code });
    expect(reused.json()).toMatchObject({ success: false, code: 'social_sign_in_expired' });

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('subject_id', '=', String(memberId))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['member.registered', 'member.social_linked', 'member.login']));
  });

  it('links an existing account once its password is right, counting a wrong one as a failed login', async () => {
    const username = uniqueName('bob').slice(0, 12);
    const member = await createMember(t.database.db, merchant, { username, passwordHash: await hashPassword('goodpass1') });
    await t.database.db
      .insertInto('member_security')
      .values({ member_id: member.id, login_count: 2, password_changed_at: new Date() })
      .execute();
    const landing = await callback(await throughProvider(uniqueName('bob')));
    const ticket = landing.searchParams.get('ticket')!;

    const wrong = await post('/wps/session/social/link', { ticket, mode: 'existing', username, password: 'wrongpass', confirmed: true });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('login_failed');
    const failures = await t.database.db
      .selectFrom('auth_throttles')
      .select('failures')
      .where('merchant_id', '=', merchant.id)
      .where('key', '=', `username:${username.toLowerCase()}`)
      .executeTakeFirst();
    expect(Number(failures?.failures)).toBe(1);

    const right = await post('/wps/session/social/link', { ticket, mode: 'existing', username, password: 'goodpass1', confirmed: true });
    expect(right.statusCode).toBe(200);
    expect(right.json().value.login).toMatchObject({ customerId: member.id, username });
  });

  it('keeps a link for good: no second link of the identity, none to another identity of the provider, no unlink call', async () => {
    const subject = uniqueName('carol');
    const { linked, username } = await newAccount(subject);
    expect(linked.statusCode).toBe(200);

    // The same member, another identity of the same provider: refused.
    const other = await callback(await throughProvider(uniqueName('carol2')));
    const otherTicket = other.searchParams.get('ticket')!;
    const member = await t.database.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('members')
      .set({ password_hash: await hashPassword('carolpass1') })
      .where('id', '=', member.id)
      .execute();
    const second = await post('/wps/session/social/link', {
      ticket: otherTicket,
      mode: 'existing',
      username,
      password: 'carolpass1',
      confirmed: true,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('social_member_linked');

    // Two tickets for one identity (two tabs): the second link is refused.
    const tabA = (await callback(await throughProvider(uniqueName('dave')))).searchParams.get('ticket')!;
    const daveSubject = uniqueName('dave');
    const one = (await callback(await throughProvider(daveSubject))).searchParams.get('ticket')!;
    const two = (await callback(await throughProvider(daveSubject))).searchParams.get('ticket')!;
    expect(tabA).not.toBe(one);
    const name1 = uniqueName('dv').slice(0, 12);
    expect(
      (await post('/wps/session/social/link', { ticket: one, mode: 'new', username: name1, agreement: true, confirmed: true })).statusCode,
    ).toBe(200);
    const name2 = uniqueName('dv').slice(0, 12);
    const twice = await post('/wps/session/social/link', { ticket: two, mode: 'new', username: name2, agreement: true, confirmed: true });
    expect(twice.json().code).toBe('social_identity_linked');
    expect(await t.database.db.selectFrom('members').select('id').where('username', '=', name2).executeTakeFirst()).toBeUndefined();

    for (const method of ['DELETE', 'PUT'] as const) {
      const unlink = await t.app.inject({ method, url: '/wps/session/social/link', headers: headers(), payload: {} });
      expect(unlink.statusCode).toBe(404);
    }
  });

  it('refuses a reused state', async () => {
    const back = await throughProvider(uniqueName('erin'));
    expect((await callback(back)).searchParams.get('ticket')).toBeTruthy();
    const replay = await callback(back);
    expect(replay.searchParams.get('error')).toBe('social_sign_in_expired');
  });

  it('refuses an ID token whose claims were changed or whose signature is wrong', async () => {
    tamper = (body) => {
      const [header, payload, signature] = String(body.id_token).split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      claims.sub = 'someone-else';
      return { ...body, id_token: [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.') };
    };
    const forged = await callback(await throughProvider(uniqueName('mallory')));
    expect(forged.searchParams.get('error')).toBe('social_sign_in_failed');

    tamper = (body) => {
      const [header, payload] = String(body.id_token).split('.');
      return { ...body, id_token: `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}` };
    };
    const badSignature = await callback(await throughProvider(uniqueName('mallory')));
    expect(badSignature.searchParams.get('error')).toBe('social_sign_in_failed');
  });

  it('refuses a sign-in the provider refused, and the sign-in of a locked account', async () => {
    const denied = await t.app.inject({
      method: 'GET',
      url: '/wps/session/social/local/callback?error=access_denied&state=x',
      headers: headers(),
    });
    expect(denied.headers.location).toBe('/social-login?error=social_sign_in_failed');

    const subject = uniqueName('frank');
    const { linked } = await newAccount(subject);
    await t.database.db.updateTable('members').set({ status: 'locked' }).where('id', '=', linked.json().value.login.customerId).execute();
    const code = (await callback(await throughProvider(subject))).searchParams.get('code')!;
    const refused = await post('/wps/session/social/exchange', { code });
    expect(refused.json()).toMatchObject({ success: false, code: 'account_locked' });
    await t.app.services.settings.set(merchant.id, loginPolicySetting, loginPolicySetting.defaultValue, 'test');
  });
});
