import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { RESEAL_SECRETS_CRON } from '../../lib/secret-box.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import { adminRoutes } from './admin.routes.ts';
import { type AdminService, createAdminService } from './admin.service.ts';

/** Back-office operators: login, sessions, roles. The admin-auth plugin resolves their sessions. */
export function createAdminModule(deps: {
  db: Kysely<DB>;
  merchants: MerchantService;
  now: () => Date;
  logger?: JobLogger;
}): PlatformModule<'admins', AdminService> {
  const admins = createAdminService(deps);
  return {
    name: 'admins',
    service: admins,
    adminRoutes: adminRoutes(admins),
    jobs: (runner) =>
      runner.schedule(ADMIN_RESEAL_JOB_NAME, RESEAL_SECRETS_CRON, async () => {
        const resealed = await admins.resealSecrets();
        if (resealed > 0) deps.logger?.info({ job: ADMIN_RESEAL_JOB_NAME, resealed }, 'operator secrets sealed again with the current key');
      }),
  };
}

export const ADMIN_RESEAL_JOB_NAME = 'admin-reseal-secrets';
