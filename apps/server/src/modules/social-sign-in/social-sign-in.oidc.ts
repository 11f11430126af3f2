import { createHash } from 'node:crypto';
import { isLoopbackHttp, type SocialProviderSetting } from '@platform/contracts/social-sign-in';
import * as client from 'openid-client';
import { type BoundedCache, createBoundedCache } from '../../lib/bounded-cache.ts';
import { DomainError } from '../../lib/domain-error.ts';

/** A provider's discovery document is read again after this long (and after its settings change). */
export const DISCOVERY_CACHE_TTL_MS = 60 * 60_000;

/** What the start of a sign-in keeps server-side until the provider's redirect comes back. */
export type AuthorizationStart = { url: URL; state: string; nonce: string; codeVerifier: string };

/** The identity a provider vouched for: its issuer and its subject, and a hint for a username. */
export type VerifiedIdentity = { issuer: string; subject: string; hint: string };

export type OidcClient = ReturnType<typeof createOidcClient>;

/**
 * The OpenID Connect client (openid-client): discovery cached per provider and settings, the
 * authorization URL with state, nonce and PKCE (S256), and the code exchange that checks the state,
 * the ID token's signature (against the provider's published keys), issuer, audience, nonce and expiry.
 */
export function createOidcClient(deps: { now: () => Date; fetch?: typeof fetch | undefined }) {
  const configurations: BoundedCache<string, Promise<client.Configuration>> = createBoundedCache({
    max: 100,
    ttlMs: DISCOVERY_CACHE_TTL_MS,
    now: deps.now,
  });

  const givenFetch = deps.fetch;
  const customFetch: client.CustomFetch | undefined = givenFetch
    ? (url, options) => givenFetch(url, options as unknown as RequestInit)
    : undefined;

  /** The client secret is part of the key (hashed), so a changed secret is a new configuration. */
  function cacheKeyOf(provider: SocialProviderSetting): string {
    const secret = createHash('sha256').update(provider.clientSecret).digest('hex');
    return `${provider.issuer}|${provider.clientId}|${secret}`;
  }

  async function configurationOf(provider: SocialProviderSetting): Promise<client.Configuration> {
    const key = cacheKeyOf(provider);
    const cached = configurations.get(key);
    if (cached) return cached;
    const issuer = new URL(provider.issuer);
    // The ID token's signature is checked against the provider's keys too, not only trusted for
    // coming over TLS from the token endpoint (openid-client's non-repudiation checks).
    const execute = [client.enableNonRepudiationChecks, ...(isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [])];
    const loading = client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
      execute,
      ...(customFetch ? { [client.customFetch]: customFetch } : {}),
      timeout: 10,
    });
    configurations.set(key, loading);
    try {
      const configuration = await loading;
      if (customFetch) configuration[client.customFetch] = customFetch;
      return configuration;
    } catch {
      // A provider that could not be reached is asked again next time, not remembered as down.
      configurations.delete(key);
      throw new DomainError('social_provider_unavailable');
    }
  }

  async function start(provider: SocialProviderSetting, redirectUri: string): Promise<AuthorizationStart> {
    const configuration = await configurationOf(provider);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const scope = ['openid', ...provider.scopes.filter((s) => s !== 'openid')].join(' ');
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, state, nonce, codeVerifier };
  }

  /** Exchanges the code of the provider's redirect; any failed check is `social_sign_in_failed`. */
  async function finish(
    provider: SocialProviderSetting,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VerifiedIdentity> {
    const configuration = await configurationOf(provider);
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      const email = typeof claims.email === 'string' ? claims.email.split('@')[0] : undefined;
      const name =
        typeof claims.preferred_username === 'string'
          ? claims.preferred_username
          : typeof claims.name === 'string'
            ? claims.name
            : undefined;
      return { issuer: claims.iss, subject: claims.sub, hint: email ?? name ?? '' };
    } catch {
      throw new DomainError('social_sign_in_failed');
    }
  }

  return { start, finish };
}
