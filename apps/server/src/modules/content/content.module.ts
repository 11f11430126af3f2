import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import { contentAdminRoutes } from './content.admin-routes.ts';
import { contentRoutes } from './content.routes.ts';
import { type ContentService, createContentService } from './content.service.ts';

/** Banners per page group and announcements: the visitors' calls, and the operator's under /admin-api/content/. */
export function createContentModule(deps: {
  db: Kysely<DB>;
  merchants: MerchantService;
  now: () => Date;
}): PlatformModule<'content', ContentService> {
  const content = createContentService({ db: deps.db, now: deps.now });
  return {
    name: 'content',
    service: content,
    routes: contentRoutes({ content, merchants: deps.merchants }),
    adminRoutes: contentAdminRoutes(content),
  };
}
