import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PlatformModule } from '../module.ts';
import { mediaAdminRoutes } from './media.admin-routes.ts';
import { mediaRoutes } from './media.routes.ts';
import { createMediaService, type MediaService } from './media.service.ts';

/** The site's pictures uploaded by operators: the public `/media/…` address, and the operator's calls under /admin-api/media. */
export function createMediaModule(deps: { db: Kysely<DB>; now: () => Date }): PlatformModule<'media', MediaService> {
  const media = createMediaService(deps);
  return { name: 'media', service: media, routes: mediaRoutes(media), adminRoutes: mediaAdminRoutes(media) };
}
