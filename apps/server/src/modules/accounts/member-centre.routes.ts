import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import {
  authenticatorStatusResponseSchema,
  chooseAvatarRequestSchema,
  contactCodeRequestSchema,
  contactCodeResponseSchema,
  contactConfirmRequestSchema,
  contactVerificationResponseSchema,
  loginHistoryResponseSchema,
  memberProfileRequestSchema,
  memberProfileResponseSchema,
  playerAvatarResponseSchema,
  uploadAvatarRequestSchema,
} from '@platform/contracts/member-centre';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { RequestMeta } from './accounts.service.ts';
import type { ContactVerificationService } from './contact-verification.service.ts';
import type { MemberCentreService } from './member-centre.service.ts';

function meta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null };
}

const security = [{ session: [] }];
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
/** A 1 MB image as base64 inside JSON, with room for the envelope. */
const AVATAR_BODY_LIMIT = 1_500_000;

/** The member centre's account page: profile, avatar, login history, authenticator status. */
export function memberCentreRoutes(deps: {
  memberCentre: MemberCentreService;
  contacts: ContactVerificationService;
}): FastifyPluginAsyncZod {
  const { memberCentre, contacts } = deps;
  return async (app) => {
    app.get(
      '/wps/member/profile',
      {
        preHandler: requireRealAccount,
        schema: { tags: ['member-centre'], security, response: { 200: memberProfileResponseSchema, ...commonErrorResponses } },
      },
      async (request) => ok(await memberCentre.profile(principalOf(request))),
    );

    app.put(
      '/wps/member/profile',
      {
        preHandler: requireRealAccount,
        config: perMinute(30),
        schema: {
          tags: ['member-centre'],
          security,
          body: memberProfileRequestSchema,
          response: { 200: memberProfileResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await memberCentre.updateProfile(principalOf(request), request.body, meta(request))),
    );

    app.get(
      '/wps/relay/MCSFE_getPlayerAvatar',
      {
        preHandler: requireMember,
        schema: { tags: ['member-centre'], security, response: { 200: playerAvatarResponseSchema, ...commonErrorResponses } },
      },
      async (request) => ok(await memberCentre.avatar(principalOf(request))),
    );

    app.put(
      '/wps/member/info/icon',
      {
        preHandler: requireRealAccount,
        config: perMinute(30),
        schema: {
          tags: ['member-centre'],
          security,
          body: chooseAvatarRequestSchema,
          response: { 200: playerAvatarResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await memberCentre.chooseAvatar(principalOf(request), request.body.avatar, meta(request))),
    );

    app.post(
      '/wps/member/info/icon',
      {
        preHandler: requireRealAccount,
        bodyLimit: AVATAR_BODY_LIMIT,
        config: perMinute(10),
        schema: {
          tags: ['member-centre'],
          security,
          body: uploadAvatarRequestSchema,
          response: { 200: playerAvatarResponseSchema, 413: errorEnvelope, ...commonErrorResponses },
        },
      },
      async (request) => ok(await memberCentre.uploadAvatar(principalOf(request), request.body.image, meta(request))),
    );

    app.get(
      '/wps/member/sessions',
      {
        preHandler: requireMember,
        schema: { tags: ['member-centre'], security, response: { 200: loginHistoryResponseSchema, ...commonErrorResponses } },
      },
      async (request) => ok(await memberCentre.loginHistory(principalOf(request))),
    );

    app.get(
      '/wps/member/authenticator',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['member-centre'],
          security,
          response: { 200: authenticatorStatusResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await memberCentre.authenticatorStatus(principalOf(request))),
    );

    app.get(
      '/wps/member/verification',
      {
        preHandler: requireRealAccount,
        schema: { tags: ['member-centre'], security, response: { 200: contactVerificationResponseSchema, ...commonErrorResponses } },
      },
      async (request) => ok(await contacts.status(principalOf(request))),
    );

    app.post(
      '/wps/member/verification/code',
      {
        preHandler: requireRealAccount,
        config: perMinute(10),
        schema: {
          tags: ['member-centre'],
          security,
          body: contactCodeRequestSchema,
          response: { 200: contactCodeResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await contacts.sendCode(principalOf(request), request.body)),
    );

    app.post(
      '/wps/member/verification/confirm',
      {
        preHandler: requireRealAccount,
        config: perMinute(10),
        schema: {
          tags: ['member-centre'],
          security,
          body: contactConfirmRequestSchema,
          response: { 200: contactVerificationResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await contacts.confirm(principalOf(request), request.body, meta(request))),
    );
  };
}
