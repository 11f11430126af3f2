import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import { type LiveTables, liveTableSchema, liveTablesResponseSchema } from '@platform/contracts/live-tables';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBoundedCache } from '../../lib/bounded-cache.ts';
import { HOUSE_VENDOR_CODE, type IntegrationService } from './vendor-wallet.integrations.ts';

/** How long one answer of the house game server serves every lobby; the lobby polls every few seconds. */
export const LIVE_TABLES_CACHE_MS = 1_000;
const HOUSE_TIMEOUT_MS = 1_500;
const answerSchema = z.object({ tables: z.array(liveTableSchema).max(100) });

/**
 * The live state of the house game server's tables for the site's /live lobby, read from the
 * server's public `GET /api/live/tables` at the HOUSE integration's address. It shows nothing a
 * watcher at the tables does not see; when the game server does not answer the list is empty
 * and `isAvailable` false (the lobby then shows only the catalogue).
 */
export function houseTablesRoutes(deps: {
  integrations: IntegrationService;
  now: () => Date;
  fetchImpl?: typeof fetch;
}): FastifyPluginAsyncZod {
  const fetchImpl = deps.fetchImpl ?? fetch;
  const cache = createBoundedCache<'tables', LiveTables>({ max: 1, ttlMs: LIVE_TABLES_CACHE_MS, now: deps.now });

  async function load(): Promise<LiveTables> {
    const integration = await deps.integrations.find(HOUSE_VENDOR_CODE);
    if (!integration?.isEnabled || !integration.launchBaseUrl) return { isAvailable: false, tables: [] };
    try {
      const response = await fetchImpl(new URL('/api/live/tables', integration.launchBaseUrl), {
        signal: AbortSignal.timeout(HOUSE_TIMEOUT_MS),
      });
      if (!response.ok) return { isAvailable: false, tables: [] };
      const parsed = answerSchema.safeParse(await response.json());
      return parsed.success ? { isAvailable: true, tables: parsed.data.tables } : { isAvailable: false, tables: [] };
    } catch {
      return { isAvailable: false, tables: [] };
    }
  }

  return async (app) => {
    app.get(
      '/wps/relay/GCSGAME_liveTables',
      {
        schema: {
          tags: ['games'],
          summary: 'The house live tables with their live state (phase, seconds left, last results, baccarat road) for the /live lobby',
          response: { 200: liveTablesResponseSchema, 500: commonErrorResponses[500] },
        },
      },
      async () => ok(await cache.remember('tables', load)),
    );
  };
}
