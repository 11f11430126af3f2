import fastifyMultipart from '@fastify/multipart';
import { commonErrorResponses, errorEnvelope, ok, okEnvelope } from '@platform/contracts/envelope';
import {
  adminGamePageSchema,
  adminGamePatchSchema,
  adminGameQuerySchema,
  adminGameSchema,
  adminJackpotViewSchema,
  adminVendorPatchSchema,
  adminVendorSchema,
  GAMES_IMPORT_TEXT_LENGTH_MAX,
  gamesImportApplyBodySchema,
  gamesImportBodySchema,
  gamesImportPreviewSchema,
  gamesImportResultSchema,
  jackpotConfigBodySchema,
  vendorCodeSchema,
} from '@platform/contracts/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error.ts';
import { MULTIPART_LIMITS, readArtworkForm } from '../../lib/image-upload.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { adminOf, requirePermission } from '../../plugins/admin-auth.ts';
import type { GamesAdminService } from './games.admin.service.ts';

const TAGS = ['admin', 'games'];
const errors = { ...commonErrorResponses, 401: errorEnvelope, 403: errorEnvelope };

const jackpotConfigSchema = z.object({
  base: z.number().int(),
  growthPerTick: z.number().int(),
  tickMs: z.number().int(),
  startedAt: z.string(),
});

export function gamesAdminRoutes(admin: GamesAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to these routes: one game image per upload, with the spec's image size.
    await app.register(fastifyMultipart, { limits: { ...MULTIPART_LIMITS, files: 1 }, throwFileSizeLimit: true });
    /** The file's text travels as JSON; room for the largest file and its envelope. */
    const importBodyLimit = GAMES_IMPORT_TEXT_LENGTH_MAX * 2 + 4_096;

    app.post(
      '/admin-api/games/import/preview',
      {
        preHandler: requirePermission('game:write'),
        bodyLimit: importBodyLimit,
        schema: {
          tags: TAGS,
          summary:
            'Checks a CSV or JSON list of games and answers what it would change (new, changed, unchanged, refused rows) and a token; changes nothing',
          security: [{ session: [] }],
          body: gamesImportBodySchema,
          response: { 200: okEnvelope(gamesImportPreviewSchema), ...errors },
        },
      },
      async (request) => ok(await admin.previewImport(adminOf(request), request.body, requestLanguage(request))),
    );

    app.post(
      '/admin-api/games/import/apply',
      {
        preHandler: requirePermission('game:write'),
        bodyLimit: importBodyLimit,
        schema: {
          tags: TAGS,
          summary:
            "Applies the same file with its preview's token in one transaction; refused (409) if the catalogue changed since the preview",
          security: [{ session: [] }],
          body: gamesImportApplyBodySchema,
          response: { 200: okEnvelope(gamesImportResultSchema), ...errors },
        },
      },
      async (request) => ok(await admin.applyImport(adminOf(request), request.body, requestLanguage(request), request.ip)),
    );

    app.post(
      '/admin-api/games/:nodeId/image',
      {
        preHandler: requirePermission('game:write'),
        schema: {
          tags: TAGS,
          summary:
            "Uploads a game's image (multipart field `image`: PNG, JPG, WebP or an SVG without scripts, 5 MB at most) and shows it at once",
          security: [{ session: [] }],
          consumes: ['multipart/form-data'],
          params: z.object({ nodeId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
          response: { 200: okEnvelope(adminGameSchema), ...errors },
        },
      },
      async (request) => {
        const form = await readArtworkForm(request, { fileFields: ['image'], textFields: [] });
        const [image] = form.images;
        if (!image) throw new DomainError('image_required');
        return ok(await admin.setGameImage(adminOf(request), request.params.nodeId, image, request.ip));
      },
    );
    app.get(
      '/admin-api/games',
      {
        preHandler: requirePermission('game:read'),
        schema: {
          tags: TAGS,
          summary: 'Finds games of the catalogue, enabled or not',
          security: [{ session: [] }],
          querystring: adminGameQuerySchema,
          response: { 200: okEnvelope(adminGamePageSchema), ...errors },
        },
      },
      async (request) => {
        const { vendor, gameType, gameName, isEnabled, isHot, isMaintenance, pageNo, pageSize } = request.query;
        return ok(
          await admin.listGames(adminOf(request), {
            vendorCode: vendor,
            category: gameType,
            nameContains: gameName,
            isEnabled,
            isHot,
            isMaintenance,
            pageNo,
            pageSize,
          }),
        );
      },
    );

    app.get(
      '/admin-api/games/vendors',
      {
        preHandler: requirePermission('game:read'),
        schema: {
          tags: TAGS,
          summary: 'Every vendor with its state and number of games',
          security: [{ session: [] }],
          response: { 200: okEnvelope(z.array(adminVendorSchema)), ...errors },
        },
      },
      async (request) => ok(await admin.listVendors(adminOf(request))),
    );

    app.patch(
      '/admin-api/games/vendors/:code',
      {
        preHandler: requirePermission('game:write'),
        schema: {
          tags: TAGS,
          summary: 'Switches a vendor on or off, into or out of maintenance (with a message), hot, moves it, or names it per language',
          security: [{ session: [] }],
          params: z.object({ code: vendorCodeSchema }),
          body: adminVendorPatchSchema,
          response: { 200: okEnvelope(adminVendorSchema), ...errors },
        },
      },
      async (request) => ok(await admin.updateVendor(adminOf(request), request.params.code, request.body, request.ip)),
    );

    app.get(
      '/admin-api/games/jackpot',
      {
        preHandler: requirePermission('game:read'),
        schema: {
          tags: TAGS,
          summary: "The jackpot counter's display rule",
          security: [{ session: [] }],
          response: { 200: okEnvelope(jackpotConfigSchema), ...errors },
        },
      },
      async (request) => ok(await admin.getJackpot(adminOf(request))),
    );

    app.get(
      '/admin-api/games/jackpot/pools',
      {
        preHandler: requirePermission('game:read'),
        schema: {
          tags: TAGS,
          summary: 'The jackpots players see: the house pools as last published, the home counter now, and its display rule',
          security: [{ session: [] }],
          response: { 200: okEnvelope(adminJackpotViewSchema), ...errors },
        },
      },
      async (request) => ok(await admin.jackpotView(adminOf(request))),
    );

    app.put(
      '/admin-api/games/jackpot',
      {
        preHandler: requirePermission('game:write'),
        schema: {
          tags: TAGS,
          summary: "Sets the jackpot counter's base, growth per tick and tick; isRestarted starts it again from base",
          security: [{ session: [] }],
          body: jackpotConfigBodySchema,
          response: { 200: okEnvelope(jackpotConfigSchema), ...errors },
        },
      },
      async (request) => ok(await admin.setJackpot(adminOf(request), request.body, request.ip)),
    );

    app.patch(
      '/admin-api/games/:nodeId',
      {
        preHandler: requirePermission('game:write'),
        schema: {
          tags: TAGS,
          summary: 'Switches a game on or off, into or out of maintenance (with a message), hot, or moves it',
          security: [{ session: [] }],
          params: z.object({ nodeId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
          body: adminGamePatchSchema,
          response: { 200: okEnvelope(adminGameSchema), ...errors },
        },
      },
      async (request) => ok(await admin.updateGame(adminOf(request), request.params.nodeId, request.body, request.ip)),
    );
  };
}
