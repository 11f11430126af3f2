import { socialProviderKeySchema } from '@platform/contracts/social-sign-in';
import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

/** A loopback issuer may be plain HTTP (a provider on this machine, in tests); any other must be HTTPS. */
export function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
}

const issuerSchema = z
  .string()
  .url()
  .max(512)
  .refine((value) => {
    const url = new URL(value);
    return url.protocol === 'https:' || isLoopbackHttp(url);
  }, 'the issuer must be an https address');

export const socialProviderSettingSchema = z.object({
  /** In the sign-in addresses (/wps/session/social/<key>/...) and the redirect URI registered with the provider. */
  key: socialProviderKeySchema,
  /** A brand name ("Google"), or a name per language ({ vi, en, ... }). */
  name: z.union([z.string().min(1).max(64), z.record(z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,4})?$/), z.string().min(1).max(64))]),
  /** The OpenID Connect issuer; its discovery document is read from `<issuer>/.well-known/openid-configuration`. */
  issuer: issuerSchema,
  clientId: z.string().min(1).max(256),
  /** Sent to the provider's token endpoint only: never to a browser, never written to a log. */
  clientSecret: z.string().min(1).max(512),
  /** Asked of the provider; `openid` is always asked. */
  scopes: z.array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/)).max(20),
  isEnabled: z.boolean(),
});
export type SocialProviderSetting = z.infer<typeof socialProviderSettingSchema>;

/** What operators read in place of a client secret; sending it back keeps the stored secret. */
export const MASKED_SECRET = '********';

type ProvidersValue = { providers: SocialProviderSetting[] };

/**
 * The merchant's third-party sign-in providers (OpenID Connect). None by default: an operator adds
 * them through PUT /admin-api/settings/socialSignIn.providers (docs/social-sign-in.md).
 */
export const socialProvidersSetting = defineSetting(
  'socialSignIn.providers',
  z.object({
    providers: z
      .array(socialProviderSettingSchema)
      .max(10)
      .refine((list) => new Set(list.map((p) => p.key)).size === list.length, 'two providers have the same key'),
  }),
  { providers: [] },
  {
    redact: (value: ProvidersValue) => ({ providers: value.providers.map((p) => ({ ...p, clientSecret: MASKED_SECRET })) }),
    restore: (next: ProvidersValue, stored: ProvidersValue) => ({
      providers: next.providers.map((p) =>
        p.clientSecret === MASKED_SECRET ? { ...p, clientSecret: stored.providers.find((s) => s.key === p.key)?.clientSecret ?? '' } : p,
      ),
    }),
  },
);
