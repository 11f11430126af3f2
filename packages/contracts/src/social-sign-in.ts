import { z } from 'zod';
import { loginValueSchema } from './accounts.ts';
import { okEnvelope } from './envelope.ts';

/**
 * Third-party sign-in (OpenID Connect) for players: the providers the login popup shows, the
 * exchange of the one-time code the sign-in's redirect carries, and the link of a new identity to a
 * new or an existing account. The flow is in docs/social-sign-in.md.
 */

/** A provider's key in the merchant's setting and in the sign-in addresses. */
export const socialProviderKeySchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/);

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

/** A provider as operators configure it (the setting `socialSignIn.providers`, edited in the console). */
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

/** GET /wps/session/social/providers: the enabled providers, in the setting's order. */
export const socialProviderSchema = z.object({ key: socialProviderKeySchema, name: z.string() });
export type SocialProvider = z.infer<typeof socialProviderSchema>;
export const socialProvidersResponseSchema = okEnvelope(z.array(socialProviderSchema));

/** GET /wps/session/social/:key/start: where to go back to once signed in (a path of this site). */
export const socialStartQuerySchema = z.object({ returnTo: z.string().max(512).optional() });
export const socialKeyParamsSchema = z.object({ key: socialProviderKeySchema });

/** The one-time values the sign-in's redirect to /social-login carries. */
const oneTimeValue = z.string().min(16).max(128);

/** POST /wps/session/social/exchange: the one-time code of a linked identity's sign-in. */
export const socialExchangeRequestSchema = z.strictObject({ code: oneTimeValue });
export const socialSignedInValueSchema = z.object({ login: loginValueSchema, returnTo: z.string() });
export type SocialSignedInValue = z.infer<typeof socialSignedInValueSchema>;
export const socialSignedInResponseSchema = okEnvelope(socialSignedInValueSchema);

/** GET /wps/session/social/link?ticket=: what the linking screen shows of an identity not linked yet. */
export const socialLinkTicketQuerySchema = z.object({ ticket: oneTimeValue });
export const socialLinkInfoValueSchema = z.object({
  provider: socialProviderSchema,
  /** A free username the member may keep for a new account, under the registration's username rule. */
  suggestedUsername: z.string(),
  /** The registration asks the member to accept the terms. */
  agreementRequired: z.boolean(),
});
export type SocialLinkInfoValue = z.infer<typeof socialLinkInfoValueSchema>;
export const socialLinkInfoResponseSchema = okEnvelope(socialLinkInfoValueSchema);

/**
 * POST /wps/session/social/link: links the identity of the ticket, once and for good, to a new account
 * or to an existing one (its password proves it); `confirmed` is the member's yes to "this link cannot
 * be changed or removed".
 */
export const socialLinkRequestSchema = z.discriminatedUnion('mode', [
  z.strictObject({
    ticket: oneTimeValue,
    mode: z.literal('new'),
    username: z.string().trim().min(1).max(64),
    referralCode: z.string().trim().max(64).optional(),
    agreement: z.boolean().default(false),
    confirmed: z.boolean(),
  }),
  z.strictObject({
    ticket: oneTimeValue,
    mode: z.literal('existing'),
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(128),
    confirmed: z.boolean(),
  }),
]);
export type SocialLinkRequest = z.input<typeof socialLinkRequestSchema>;
