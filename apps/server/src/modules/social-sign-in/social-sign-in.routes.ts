import { loginFailureSchema } from '@platform/contracts/accounts';
import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import {
  socialExchangeRequestSchema,
  socialKeyParamsSchema,
  socialLinkInfoResponseSchema,
  socialLinkRequestSchema,
  socialLinkTicketQuerySchema,
  socialProvidersResponseSchema,
  socialSignedInResponseSchema,
  socialStartQuerySchema,
} from '@platform/contracts/social-sign-in';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error.ts';
import { requestedLanguage } from '../../lib/request-language.ts';
import type { RequestMeta } from '../accounts/accounts.service.ts';
import { type SocialSignInService, WEB_LANDING_PATH } from './social-sign-in.service.ts';

/** Requests per minute per IP: the sign-in's steps, and the link (a password check among them). */
export const SOCIAL_RATE_LIMITS = { flow: 30, link: 10 } as const;
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

function meta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null };
}

/** This site's address as the browser reached it: the provider sends the browser back here. */
const siteOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The redirect URI to register with a provider for the key. */
export const callbackPathOf = (key: string) => `/wps/session/social/${key}/callback`;

const redirectResponses = { 302: z.null(), ...commonErrorResponses };
const linkErrorResponses = {
  ...commonErrorResponses,
  401: loginFailureSchema,
  403: loginFailureSchema,
  409: errorEnvelope,
  423: loginFailureSchema,
};

export function socialSignInRoutes(service: SocialSignInService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/session/social/providers',
      { schema: { tags: ['social-sign-in'], response: { 200: socialProvidersResponseSchema, ...commonErrorResponses } } },
      async (request) => ok(await service.providers(requestedLanguage(request))),
    );

    app.get(
      '/wps/session/social/:key/start',
      {
        config: perMinute(SOCIAL_RATE_LIMITS.flow),
        schema: {
          tags: ['social-sign-in'],
          params: socialKeyParamsSchema,
          querystring: socialStartQuerySchema,
          response: redirectResponses,
        },
      },
      async (request, reply) => {
        const { key } = request.params;
        try {
          const url = await service.start(key, request.query.returnTo, `${siteOf(request)}${callbackPathOf(key)}`);
          return reply.header('cache-control', 'no-store').redirect(url, 302);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return reply.redirect(`${WEB_LANDING_PATH}?error=${error.code}`, 302);
        }
      },
    );

    app.get(
      '/wps/session/social/:key/callback',
      {
        config: perMinute(SOCIAL_RATE_LIMITS.flow),
        schema: {
          tags: ['social-sign-in'],
          params: socialKeyParamsSchema,
          querystring: z.record(z.string(), z.string()),
          response: redirectResponses,
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // The provider's own refusal (the player cancelled) comes back as ?error=…, without a code.
        if (request.query.error !== undefined || request.query.code === undefined) {
          return reply.redirect(`${WEB_LANDING_PATH}?error=social_sign_in_failed`, 302);
        }
        try {
          const next = await service.callback(request.params.key, new URL(request.url, siteOf(request)));
          return reply.redirect(next, 302);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          request.log.info({ code: error.code }, 'social sign-in refused');
          return reply.redirect(`${WEB_LANDING_PATH}?error=${error.code}`, 302);
        }
      },
    );

    app.post(
      '/wps/session/social/exchange',
      {
        config: perMinute(SOCIAL_RATE_LIMITS.flow),
        schema: {
          tags: ['social-sign-in'],
          body: socialExchangeRequestSchema,
          response: { 200: socialSignedInResponseSchema, ...linkErrorResponses },
        },
      },
      async (request) => ok(await service.exchange(request.body.code, meta(request))),
    );

    app.get(
      '/wps/session/social/link',
      {
        config: perMinute(SOCIAL_RATE_LIMITS.flow),
        schema: {
          tags: ['social-sign-in'],
          querystring: socialLinkTicketQuerySchema,
          response: { 200: socialLinkInfoResponseSchema, ...commonErrorResponses },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await service.linkInfo(request.query.ticket, requestedLanguage(request)));
      },
    );

    app.post(
      '/wps/session/social/link',
      {
        config: perMinute(SOCIAL_RATE_LIMITS.link),
        schema: {
          tags: ['social-sign-in'],
          body: socialLinkRequestSchema,
          response: { 200: socialSignedInResponseSchema, ...linkErrorResponses },
        },
      },
      async (request) => ok(await service.link(request.body, meta(request))),
    );
  };
}
