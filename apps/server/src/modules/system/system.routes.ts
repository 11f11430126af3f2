import { randomBytes } from 'node:crypto';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  domainRouteResponseSchema,
  permissionQuerySchema,
  permissionResponseSchema,
  type SiteLanguage,
  settingsTreeResponseSchema,
  speedTestDownloadQuerySchema,
  speedTestPingResponseSchema,
  systemStatusQuerySchema,
  systemStatusResponseSchema,
  whitelabelResponseSchema,
} from '@platform/contracts/system';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language.ts';
import { presentPermission, presentStatus } from './system.presenter.ts';

const TAGS = ['system'];
/** Speed-test calls a visitor may make per minute: a run is a few pings and one download per line. */
const SPEEDTEST_PER_MINUTE = 120;

function languageOf(request: FastifyRequest, fromQuery: SiteLanguage | undefined): SiteLanguage {
  return fromQuery ?? requestLanguage(request);
}

/**
 * The calls a visitor's browser makes first. None needs a session. `request.ip` is the socket's
 * address, or the forwarded one when TRUST_PROXY is on, so region checks see the real visitor.
 */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { system } = app.services;

  app.get(
    '/wps/system/status',
    {
      schema: {
        tags: TAGS,
        summary: 'Which root view to show: 0 normal, 1 maintenance, 2 region restricted',
        querystring: systemStatusQuerySchema,
        response: { 200: systemStatusResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) => ok(presentStatus(await system.siteState(request.ip), languageOf(request, request.query.lang))),
  );

  app.get(
    '/wps/system/whitelabel',
    { schema: { tags: TAGS, summary: 'The whitelabel flags', response: { 200: whitelabelResponseSchema, ...commonErrorResponses } } },
    async () => ok(await system.whitelabel()),
  );

  app.get(
    '/wps/system/settings',
    {
      schema: {
        tags: TAGS,
        summary: "The settings tree: which parts of the site are on ('1') or off ('0')",
        response: { 200: settingsTreeResponseSchema, ...commonErrorResponses },
      },
    },
    async () => ok(await system.settingsTree()),
  );

  app.get(
    '/wps/system/permission',
    {
      schema: {
        tags: TAGS,
        summary: 'Site configuration for the host the visitor used',
        querystring: permissionQuerySchema,
        response: { 200: permissionResponseSchema, ...commonErrorResponses },
      },
    },
    async (request) =>
      ok(presentPermission(await system.permission(request.ip, request.query.host), languageOf(request, request.query.lang))),
  );

  app.get(
    '/wps/system/domainRoute',
    {
      schema: {
        tags: TAGS,
        summary: "The operator's domains the client may switch to",
        response: { 200: domainRouteResponseSchema, ...commonErrorResponses },
      },
    },
    async () => ok(await system.domainRoute()),
  );

  // The speed test: a tiny answer to time round trips and a block of random bytes to time a download,
  // never cached or compressed, readable from the operator's other domains (the lines being compared).
  app.get(
    '/wps/system/speedtest/ping',
    {
      config: { rateLimit: { max: SPEEDTEST_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: TAGS,
        summary: 'A tiny answer for the speed test to time round trips',
        response: { 200: speedTestPingResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store').header('access-control-allow-origin', '*');
      return ok({ serverTime: new Date().toISOString() });
    },
  );

  app.get(
    '/wps/system/speedtest/download',
    {
      compress: false,
      config: { rateLimit: { max: SPEEDTEST_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: TAGS,
        summary: 'Random bytes (1 KiB to 1 MiB) for the speed test to time a download',
        querystring: speedTestDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      reply
        .header('cache-control', 'no-store')
        .header('access-control-allow-origin', '*')
        .header('content-type', 'application/octet-stream');
      return randomBytes(request.query.size);
    },
  );
};
