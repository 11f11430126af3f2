import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * An OpenID Connect provider on this machine (oidc-provider), for tests of third-party sign-in: one
 * client, any login name accepted as the subject (its built-in development login page), consent
 * given at once. Listens on a free loopback port.
 */
export type LocalOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Signs `subject` in at the provider, as the login page would, from the authorization address the
   * site redirected to; the provider's redirect back to the site (the callback address with code and state).
   */
  signIn: (authorizationUrl: string, subject: string) => Promise<URL>;
  close: () => Promise<void>;
};

export async function startLocalOidcProvider(options: { redirectUris: string[]; clientId?: string }): Promise<LocalOidcProvider> {
  const clientId = options.clientId ?? 'lotus-test';
  const clientSecret = 'a-test-client-secret-of-some-length';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@players.example`, name: sub }),
    }),
    // The ID token carries the asked claims (e-mail, name), as the big providers' do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    ttl: { IdToken: 3600 },
    pkce: { required: () => true },
    cookies: { keys: ['local-oidc-provider-test-key'] },
    // Consent is given at once: the grant of every asked scope exists already.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, subject: string): Promise<URL> {
    const cookies = new Map<string, string>();
    const keep = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = (pair ?? '').split('=');
        if (name) cookies.set(name.trim(), value.join('='));
      }
    };
    const cookieHeader = () => [...cookies].map(([n, v]) => `${n}=${v}`).join('; ');
    let url = new URL(authorizationUrl);
    let body: URLSearchParams | undefined;
    for (let step = 0; step < 10; step++) {
      if (url.origin !== issuer) return url;
      const response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(body ? { body } : {}),
      });
      keep(response);
      body = undefined;
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url);
        continue;
      }
      const page = await response.text();
      if (response.status === 200 && url.pathname.startsWith('/interaction/') && page.includes('name="login"')) {
        body = new URLSearchParams({ prompt: 'login', login: subject, password: 'any' });
        continue;
      }
      throw new Error(`the local provider answered ${response.status} at ${url.pathname}: ${page.slice(0, 200)}`);
    }
    throw new Error('the local provider never redirected back');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    signIn,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
