import type { Database } from '../../db/database.ts';
import type { PlatformModule } from '../module.ts';
import { healthRoutes } from './health.routes.ts';

/** `/healthz` and `/readyz`; no service. */
export function createHealthModule(deps: { database: Database }): PlatformModule<'health', undefined> {
  return { name: 'health', service: undefined, routes: healthRoutes(deps.database) };
}
