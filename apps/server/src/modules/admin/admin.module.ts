import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import { adminRoutes } from './admin.routes.ts';
import { type AdminService, createAdminService } from './admin.service.ts';

/** Back-office operators: login, sessions, roles. The admin-auth plugin resolves their sessions. */
export function createAdminModule(deps: {
  db: Kysely<DB>;
  merchants: MerchantService;
  now: () => Date;
}): PlatformModule<'admins', AdminService> {
  const admins = createAdminService(deps);
  return { name: 'admins', service: admins, adminRoutes: adminRoutes(admins) };
}
