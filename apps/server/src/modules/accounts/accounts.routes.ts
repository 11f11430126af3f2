import {
  affiliateQuerySchema,
  affiliateResponseSchema,
  agentAffiliateCodeResponseSchema,
  authenticatorConfirmRequestSchema,
  authenticatorConfirmResponseSchema,
  authenticatorEnrolResponseSchema,
  botCheckChallengeResponseSchema,
  captchaResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResponseSchema,
  freePlayLoginRequestSchema,
  freePlayLoginResponseSchema,
  loginFailureSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  memberInfoResponseSchema,
  registerMobileRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  registerSettingsResponseSchema,
  resetPasswordByEmailRequestSchema,
  resetPasswordByEmailResponseSchema,
  resetPasswordByPhoneRequestSchema,
  resetPasswordByPhoneResponseSchema,
  secondFactorVerifyRequestSchema,
  smsLoginCodeRequestSchema,
  smsPasswordCodeRequestSchema,
  smsRegisterCodeRequestSchema,
  smsSentResponseSchema,
  validationRulesResponseSchema,
} from '@platform/contracts/accounts';
import { commonErrorResponses, errorEnvelope, ok, okEnvelope } from '@platform/contracts/envelope';
import { ERROR_CODES, errorMessage } from '@platform/contracts/errors';
import { publicPayloadKeySchema } from '@platform/contracts/payload-encryption';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../lib/domain-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import { requireAgent, requireRealAccount } from '../../plugins/guards.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import { type AccountsService, LoginRefusal, type RequestMeta } from './accounts.service.ts';
import { CAPTCHA_TTL_SECONDS } from './accounts.settings.ts';
import type { BotCheck } from './bot-check.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { PayloadEncryption } from './payload-encryption.ts';

/** Requests per minute per IP on the calls a script would hammer; lockouts and SMS caps sit behind. */
export const ACCOUNT_RATE_LIMITS = {
  login: 30,
  register: 10,
  captcha: 30,
  sms: 10,
  affiliate: 30,
  password: 10,
  freePlay: 5,
} as const;

export const CAPTCHA_COOKIE = 'captcha_key';

function meta(request: FastifyRequest): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null };
}

/** Reads the captcha key the browser keeps in an HttpOnly cookie. */
export function captchaKeyFromCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CAPTCHA_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
/**
 * The calls a session limited to the password change (a login that answered cpw) may make: the
 * change itself, the SMS code it may need, the member info the change form shows, and logout.
 */
const duringPasswordChange = { allowsPasswordChangeOnlySession: true } as const;

const loginErrorResponses = {
  400: loginFailureSchema,
  401: loginFailureSchema,
  403: loginFailureSchema,
  423: loginFailureSchema,
  429: errorEnvelope,
  500: errorEnvelope,
  503: errorEnvelope,
};

export function accountsRoutes(deps: {
  accounts: AccountsService;
  captcha: CaptchaService;
  encryption: PayloadEncryption;
  botCheck: BotCheck;
  passwordReset: PasswordResetService;
  merchants: MerchantService;
}): FastifyPluginAsyncZod {
  const { accounts, captcha, encryption, botCheck, passwordReset, merchants } = deps;
  const requireBotCheck = botCheck.requireBotCheck;
  const decryptBody = encryption.decryptBody;
  return async (app) => {
    // Scoped to these routes; the shared store (Redis) can be passed here when it lands.
    // Rate limits (config.rateLimit on each route) use the app-wide store: Redis when configured.
    // The spec sends the forgot-password form url-encoded; parsed here for these routes only.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get(
      '/wps/system/setting/register',
      { schema: { tags: ['accounts'], response: { 200: registerSettingsResponseSchema, ...commonErrorResponses } } },
      async () => ok(await accounts.registerSettings()),
    );

    app.get(
      '/wps/system/setting/register/validation',
      { schema: { tags: ['accounts'], response: { 200: validationRulesResponseSchema, ...commonErrorResponses } } },
      async () => ok(await accounts.validationRules()),
    );

    app.get(
      '/wps/agent/affiliate',
      {
        config: perMinute(ACCOUNT_RATE_LIMITS.affiliate),
        schema: {
          tags: ['accounts'],
          querystring: affiliateQuerySchema,
          response: { 200: affiliateResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await accounts.checkAffiliate(request.query.code)),
    );

    app.get(
      '/wps/system/encryption/key',
      { schema: { tags: ['accounts'], response: { 200: okEnvelope(publicPayloadKeySchema), ...commonErrorResponses } } },
      async () => ok(await encryption.publicKey()),
    );

    app.get(
      '/wps/botcheck/challenge',
      {
        config: perMinute(ACCOUNT_RATE_LIMITS.captcha),
        schema: { tags: ['accounts'], response: { 200: botCheckChallengeResponseSchema, ...commonErrorResponses } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const challenge = await botCheck.challenge();
        return ok({ parameters: { ...challenge.parameters }, ...(challenge.signature ? { signature: challenge.signature } : {}) });
      },
    );

    app.post(
      '/wps/agent/affiliate/code',
      {
        preHandler: requireAgent,
        schema: {
          tags: ['accounts'],
          security: [{ session: [] }],
          response: { 200: agentAffiliateCodeResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await accounts.agentAffiliateCode(principalOf(request))),
    );

    app.get(
      '/wps/captcha',
      {
        config: perMinute(ACCOUNT_RATE_LIMITS.captcha),
        schema: { tags: ['accounts'], response: { 200: captchaResponseSchema, ...commonErrorResponses } },
      },
      async (request, reply) => {
        const merchant = await merchants.current();
        const issued = await captcha.issue(merchant.id, request.ip ?? null);
        reply.header('cache-control', 'no-store');
        reply.header(
          'set-cookie',
          `${CAPTCHA_COOKIE}=${encodeURIComponent(issued.key)}; Path=/wps; Max-Age=${CAPTCHA_TTL_SECONDS}; HttpOnly; SameSite=Strict`,
        );
        return { success: true as const, value: issued.pngBase64, captchaKey: issued.key };
      },
    );

    app.post(
      '/wps/session/login',
      {
        preHandler: requireBotCheck,
        preValidation: decryptBody,
        config: perMinute(ACCOUNT_RATE_LIMITS.login),
        schema: { tags: ['accounts'], body: loginRequestSchema, response: { 200: loginResponseSchema, ...loginErrorResponses } },
      },
      async (request, reply) => {
        try {
          return ok(await accounts.login(request.body, { ...meta(request), captchaKey: captchaKeyFromCookie(request) }));
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return sendLoginFailure(request, reply, error);
        }
      },
    );

    app.post(
      '/wps/session/login/verify',
      {
        preValidation: decryptBody,
        config: perMinute(ACCOUNT_RATE_LIMITS.login),
        schema: {
          tags: ['accounts'],
          body: secondFactorVerifyRequestSchema,
          response: { 200: loginResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await accounts.verifySecondFactor(request.body, meta(request))),
    );

    app.post(
      '/wps/member/authenticator',
      {
        preHandler: requireRealAccount,
        config: perMinute(ACCOUNT_RATE_LIMITS.password),
        schema: {
          tags: ['accounts'],
          security: [{ session: [] }],
          response: { 200: authenticatorEnrolResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await accounts.enrolAuthenticator(principalOf(request))),
    );

    app.post(
      '/wps/member/authenticator/confirm',
      {
        preHandler: requireRealAccount,
        config: perMinute(ACCOUNT_RATE_LIMITS.password),
        schema: {
          tags: ['accounts'],
          security: [{ session: [] }],
          body: authenticatorConfirmRequestSchema,
          response: { 200: authenticatorConfirmResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        await accounts.confirmAuthenticator(principalOf(request), request.body.code);
        return ok({ enabled: true as const });
      },
    );

    app.post(
      '/wps/session/login/freeplay',
      {
        config: perMinute(ACCOUNT_RATE_LIMITS.freePlay),
        schema: {
          tags: ['accounts'],
          body: freePlayLoginRequestSchema,
          response: { 200: freePlayLoginResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await accounts.freePlayLogin(request.body, meta(request))),
    );

    app.delete(
      '/wps/session/logout',
      {
        preHandler: requireMember,
        config: duringPasswordChange,
        schema: { tags: ['accounts'], security: [{ session: [] }], response: { 200: logoutResponseSchema, ...commonErrorResponses } },
      },
      async (request) => {
        await accounts.logout(principalOf(request), meta(request));
        return ok({ loggedOut: true as const });
      },
    );

    app.get(
      '/wps/member/info',
      {
        preHandler: requireMember,
        config: duringPasswordChange,
        schema: { tags: ['accounts'], security: [{ session: [] }], response: { 200: memberInfoResponseSchema, ...commonErrorResponses } },
      },
      async (request) => ok(await accounts.memberInfo(principalOf(request))),
    );

    app.put(
      '/wps/member/register',
      {
        preHandler: requireBotCheck,
        preValidation: decryptBody,
        config: perMinute(ACCOUNT_RATE_LIMITS.register),
        schema: { tags: ['accounts'], body: registerRequestSchema, response: { 200: registerResponseSchema, ...commonErrorResponses } },
      },
      async (request) =>
        ok(await accounts.register('username', request.body, { ...meta(request), captchaKey: captchaKeyFromCookie(request) })),
    );

    app.put(
      '/wps/member/register/mobile',
      {
        preHandler: requireBotCheck,
        preValidation: decryptBody,
        config: perMinute(ACCOUNT_RATE_LIMITS.register),
        schema: {
          tags: ['accounts'],
          body: registerMobileRequestSchema,
          response: { 200: registerResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) =>
        ok(await accounts.register('mobile', request.body, { ...meta(request), captchaKey: captchaKeyFromCookie(request) })),
    );

    app.post(
      '/wps/member/password',
      {
        preValidation: decryptBody,
        preHandler: requireRealAccount,
        config: { ...perMinute(ACCOUNT_RATE_LIMITS.password), ...duringPasswordChange },
        schema: {
          tags: ['accounts'],
          security: [{ session: [] }],
          body: changePasswordRequestSchema,
          response: { 200: changePasswordResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        const login = await accounts.changePassword(principalOf(request), request.body, meta(request));
        return ok({ ...login, changed: true as const });
      },
    );

    app.post(
      '/wps/verification/sms/noLogin',
      {
        preHandler: requireBotCheck,
        config: perMinute(ACCOUNT_RATE_LIMITS.sms),
        schema: { tags: ['accounts'], body: smsLoginCodeRequestSchema, response: { 200: smsSentResponseSchema, ...commonErrorResponses } },
      },
      async (request) => {
        const sent = await accounts.sendLoginCode(request.body, meta(request));
        return { success: true as const, message: smsSentMessage(request), value: sent };
      },
    );

    app.post(
      '/wps/member/password/email',
      {
        preHandler: requireBotCheck,
        config: perMinute(ACCOUNT_RATE_LIMITS.password),
        schema: {
          tags: ['accounts'],
          body: forgotPasswordRequestSchema,
          response: { 200: forgotPasswordResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        const origin =
          typeof request.headers.origin === 'string' && /^https?:\/\/[^/]+$/.test(request.headers.origin) ? request.headers.origin : null;
        await passwordReset.request({ ...request.body, origin }, meta(request));
        return ok({ sent: true as const });
      },
    );

    app.post(
      '/wps/member/password/reset',
      {
        preValidation: decryptBody,
        config: perMinute(ACCOUNT_RATE_LIMITS.password),
        schema: {
          tags: ['accounts'],
          body: resetPasswordByEmailRequestSchema,
          response: { 200: resetPasswordByEmailResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        await passwordReset.complete(request.body, meta(request));
        return ok({ changed: true as const });
      },
    );

    app.post(
      '/wps/verification/sms/member',
      {
        preHandler: requireRealAccount,
        config: { ...perMinute(ACCOUNT_RATE_LIMITS.sms), ...duringPasswordChange },
        schema: { tags: ['accounts'], security: [{ session: [] }], response: { 200: smsSentResponseSchema, ...commonErrorResponses } },
      },
      async (request) => {
        const sent = await accounts.sendMemberPasswordCode(principalOf(request), meta(request));
        return { success: true as const, message: smsSentMessage(request), value: sent };
      },
    );

    app.post(
      '/wps/verification/sms/password',
      {
        preHandler: requireBotCheck,
        config: perMinute(ACCOUNT_RATE_LIMITS.sms),
        schema: {
          tags: ['accounts'],
          body: smsPasswordCodeRequestSchema,
          response: { 200: smsSentResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        const sent = await accounts.sendPasswordCode(request.body, meta(request));
        return { success: true as const, message: smsSentMessage(request), value: sent };
      },
    );

    app.post(
      '/wps/member/password/verification',
      {
        preValidation: decryptBody,
        config: perMinute(ACCOUNT_RATE_LIMITS.password),
        schema: {
          tags: ['accounts'],
          body: resetPasswordByPhoneRequestSchema,
          response: { 200: resetPasswordByPhoneResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(await accounts.resetPasswordByPhone(request.body, meta(request))),
    );

    app.post(
      '/wps/verification/sms/register',
      {
        preHandler: requireBotCheck,
        config: perMinute(ACCOUNT_RATE_LIMITS.sms),
        schema: {
          tags: ['accounts'],
          body: smsRegisterCodeRequestSchema,
          response: { 200: smsSentResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        const sent = await accounts.sendRegisterCode(request.body, meta(request));
        return { success: true as const, message: smsSentMessage(request), value: sent };
      },
    );
  };
}

function smsSentMessage(request: FastifyRequest): string {
  return requestLanguage(request) === 'en' ? 'The code has been sent' : 'Mã xác minh đã được gửi';
}

function sendLoginFailure(request: FastifyRequest, reply: FastifyReply, error: DomainError) {
  const base = errorMessage(error.code, requestLanguage(request), error.params);
  return reply.status(ERROR_CODES[error.code].status).send({
    success: false as const,
    code: error.code,
    message: base,
    value: {
      captcha: error instanceof LoginRefusal ? error.captcha : false,
      ...(error instanceof LoginRefusal && error.secondFactor ? { secondFactor: error.secondFactor } : {}),
    },
  });
}
