import { createHash, randomBytes } from 'node:crypto';
import type { LoginValue } from '@platform/contracts/accounts';
import type { SocialLinkInfoValue, SocialProvider, SocialProviderSetting, SocialSignedInValue } from '@platform/contracts/social-sign-in';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { localised } from '../../lib/localised-text.ts';
import { type AccountsService, LoginRefusal, type RequestMeta } from '../accounts/accounts.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { OidcClient } from './social-sign-in.oidc.ts';
import * as repo from './social-sign-in.repository.ts';
import { socialProvidersSetting } from './social-sign-in.settings.ts';

/** A started sign-in waits this long for the provider's redirect. */
export const STATE_TTL_MS = 10 * 60_000;
/** The one-time code of a linked identity's sign-in lives this long: the browser exchanges it at once. */
export const CODE_TTL_MS = 60_000;
/** An identity waits this long on the linking screen. */
export const LINK_TICKET_TTL_MS = 15 * 60_000;
/** Wrong passwords a link ticket takes before it is spent (the login throttle counts them too). */
export const LINK_TICKET_MAX_FAILURES = 5;

/** Where the web client takes over: /social-login?code=…, ?ticket=… or ?error=…. */
export const WEB_LANDING_PATH = '/social-login';

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');
const newValue = () => randomBytes(32).toString('base64url');

/** A path of this site to go back to; anything else (another site, a scheme) becomes the home page. */
export function safeReturnTo(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\r\n]/.test(value)) return '/';
  return value;
}

export type LinkInput =
  | { ticket: string; mode: 'new'; username: string; referralCode?: string | undefined; agreement: boolean; confirmed: boolean }
  | { ticket: string; mode: 'existing'; username: string; password: string; confirmed: boolean };

/** How long a grant is kept after it expired. */
const GRANT_KEPT_AFTER_EXPIRY_MS = 86_400_000;

export type SocialSignInService = ReturnType<typeof createSocialSignInService>;

/**
 * Third-party sign-in (OpenID Connect): the enabled providers, the start (state, nonce and PKCE kept
 * here, single use), the provider's redirect (an identity already linked gets a one-time code, a new
 * one a link ticket), the code's exchange for a session, and the link, once and for good, to a new
 * or an existing account. Sessions and accounts are the accounts module's.
 */
export function createSocialSignInService(deps: {
  db: Kysely<DB>;
  settings: SettingsService;
  merchants: MerchantService;
  accounts: Pick<AccountsService, 'signInLinked' | 'verifyPasswordForLink' | 'registerLinked' | 'suggestUsername' | 'registerSettings'>;
  oidc: OidcClient;
  now: () => Date;
}) {
  const { db, settings, merchants, accounts, oidc, now } = deps;

  async function enabledProviders(merchantId: number): Promise<SocialProviderSetting[]> {
    return (await settings.get(merchantId, socialProvidersSetting)).providers.filter((p) => p.isEnabled);
  }

  async function providerOf(merchantId: number, key: string): Promise<SocialProviderSetting> {
    const provider = (await enabledProviders(merchantId)).find((p) => p.key === key);
    if (!provider) throw new DomainError('social_provider_unavailable');
    return provider;
  }

  const present = (provider: SocialProviderSetting, language: string): SocialProvider => ({
    key: provider.key,
    name: typeof provider.name === 'string' ? provider.name : localised(provider.name, language, provider.key),
  });

  async function providers(language: string): Promise<SocialProvider[]> {
    const merchant = await merchants.current();
    return (await enabledProviders(merchant.id)).map((p) => present(p, language));
  }

  /** The provider's authorization address; the state, nonce and PKCE verifier stay in the database. */
  async function start(key: string, returnTo: string | undefined, redirectUri: string): Promise<string> {
    const merchant = await merchants.current();
    const provider = await providerOf(merchant.id, key);
    const begun = await oidc.start(provider, redirectUri);
    const at = now();
    await repo.insertGrant(db, {
      valueHash: hashOf(begun.state),
      merchantId: merchant.id,
      kind: 'state',
      providerKey: provider.key,
      data: { nonce: begun.nonce, codeVerifier: begun.codeVerifier, returnTo: safeReturnTo(returnTo) },
      expiresAt: new Date(at.getTime() + STATE_TTL_MS),
      at,
    });
    return begun.url.href;
  }

  /**
   * The provider's redirect: spends the state, exchanges the code and checks the ID token. The
   * address the browser goes on to: a one-time code for a linked identity, a link ticket for a new one.
   */
  async function callback(key: string, callbackUrl: URL): Promise<string> {
    const merchant = await merchants.current();
    const provider = await providerOf(merchant.id, key);
    const state = callbackUrl.searchParams.get('state');
    if (!state) throw new DomainError('social_sign_in_failed');
    const at = now();
    const grant = await repo.spendGrant(db, { valueHash: hashOf(state), merchantId: merchant.id, kind: 'state' }, at);
    if (!grant || grant.providerKey !== provider.key) throw new DomainError('social_sign_in_expired');
    const data = grant.data as { nonce: string; codeVerifier: string; returnTo: string };
    const identity = await oidc.finish(provider, callbackUrl, { state, nonce: data.nonce, codeVerifier: data.codeVerifier });
    const linked = await repo.findIdentity(db, merchant.id, identity.issuer, identity.subject);
    const value = newValue();
    if (linked) {
      await repo.insertGrant(db, {
        valueHash: hashOf(value),
        merchantId: merchant.id,
        kind: 'code',
        providerKey: provider.key,
        data: { memberId: linked.memberId, returnTo: data.returnTo },
        expiresAt: new Date(at.getTime() + CODE_TTL_MS),
        at,
      });
      return `${WEB_LANDING_PATH}?code=${value}`;
    }
    await repo.insertGrant(db, {
      valueHash: hashOf(value),
      merchantId: merchant.id,
      kind: 'link',
      providerKey: provider.key,
      data: { issuer: identity.issuer, subject: identity.subject, hint: identity.hint, returnTo: data.returnTo },
      expiresAt: new Date(at.getTime() + LINK_TICKET_TTL_MS),
      at,
    });
    return `${WEB_LANDING_PATH}?ticket=${value}`;
  }

  /** The one-time code of a linked identity's sign-in, for the session (signed in as a login is). */
  async function exchange(code: string, meta: RequestMeta): Promise<SocialSignedInValue> {
    const merchant = await merchants.current();
    const grant = await repo.spendGrant(db, { valueHash: hashOf(code), merchantId: merchant.id, kind: 'code' }, now());
    if (!grant) throw new DomainError('social_sign_in_expired');
    const data = grant.data as { memberId: number; returnTo: string };
    return { login: await accounts.signInLinked(data.memberId, meta), returnTo: data.returnTo };
  }

  async function liveTicket(merchantId: number, ticket: string) {
    const grant = await repo.findLiveGrant(db, { valueHash: hashOf(ticket), merchantId, kind: 'link' }, now());
    if (!grant) throw new DomainError('social_sign_in_expired');
    const provider = await providerOf(merchantId, grant.providerKey);
    return { grant, provider, data: grant.data as { issuer: string; subject: string; hint: string; returnTo: string } };
  }

  async function linkInfo(ticket: string, language: string): Promise<SocialLinkInfoValue> {
    const merchant = await merchants.current();
    const { provider, data } = await liveTicket(merchant.id, ticket);
    const [suggestedUsername, registration] = await Promise.all([accounts.suggestUsername(data.hint), accounts.registerSettings()]);
    return { provider: present(provider, language), suggestedUsername, agreementRequired: registration.agreementRequired };
  }

  /**
   * Links the ticket's identity to a new account or to an existing one (its password checked under
   * the login's throttle), in one transaction with the ticket's spending and the audit row; then signs in.
   */
  async function link(input: LinkInput, meta: RequestMeta): Promise<SocialSignedInValue> {
    if (!input.confirmed) throw new DomainError('social_link_unconfirmed');
    const merchant = await merchants.current();
    const { grant, provider, data } = await liveTicket(merchant.id, input.ticket);
    if (await repo.findIdentity(db, merchant.id, data.issuer, data.subject)) throw new DomainError('social_identity_linked');
    const valueHash = hashOf(input.ticket);

    const store = async (trx: Kysely<DB>, memberId: number) => {
      const at = now();
      if (!(await repo.spendGrant(trx, { valueHash, merchantId: merchant.id, kind: 'link' }, at))) {
        throw new DomainError('social_sign_in_expired');
      }
      await repo.insertIdentity(trx, {
        merchantId: merchant.id,
        memberId,
        providerKey: provider.key,
        issuer: data.issuer,
        subject: data.subject,
        at,
      });
      await recordAudit(trx, {
        actorType: 'member',
        actorId: memberId,
        action: 'member.social_linked',
        subjectType: 'member',
        subjectId: memberId,
        data: { provider: provider.key, issuer: data.issuer, mode: input.mode },
        ip: meta.ip,
      });
    };

    let memberId: number;
    try {
      if (input.mode === 'new') {
        memberId = await accounts.registerLinked(
          { username: input.username, referralCode: input.referralCode || undefined, agreement: input.agreement },
          meta,
          store,
        );
      } else {
        if (grant.failures >= LINK_TICKET_MAX_FAILURES) throw new DomainError('social_sign_in_expired');
        try {
          memberId = await accounts.verifyPasswordForLink({ username: input.username, password: input.password }, meta);
        } catch (error) {
          if (error instanceof LoginRefusal && error.code === 'login_failed') await repo.countGrantFailure(db, valueHash);
          throw error;
        }
        if (await repo.hasProviderLink(db, memberId, provider.key)) throw new DomainError('social_member_linked');
        const linkedId = memberId;
        await db.transaction().execute((trx) => store(trx, linkedId));
      }
    } catch (error) {
      if (isUniqueViolation(error, 'social_identities_identity_key')) throw new DomainError('social_identity_linked');
      if (isUniqueViolation(error, 'social_identities_member_provider_key')) throw new DomainError('social_member_linked');
      throw error;
    }
    const login: LoginValue = await accounts.signInLinked(memberId, meta);
    return { login, returnTo: data.returnTo };
  }

  /**
   * The clean-up job's work: drops every grant (state, one-time code, link ticket) that expired a
   * day ago or more, kept that long for the record of what was tried. Deleting what is gone is
   * safe to repeat and to run on two nodes at once.
   */
  async function purgeExpiredGrants(): Promise<{ deleted: number }> {
    return { deleted: await repo.deleteExpiredGrants(db, new Date(now().getTime() - GRANT_KEPT_AFTER_EXPIRY_MS)) };
  }

  return { providers, start, callback, exchange, linkInfo, link, purgeExpiredGrants };
}
