import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { PlatformModule } from '../module.ts';
import { auditAdminRoutes } from './audit.admin-routes.ts';
import { type AuditService, createAuditService } from './audit.service.ts';

/** The audit log and the job that seals its hash chain. */
export function createAuditModule(deps: {
  db: Kysely<DB>;
  logger: JobLogger;
  /** Throws not_found unless the member is the merchant's (the accounts module, built later). */
  assertMemberOf: (merchantId: number, memberId: number) => Promise<void>;
}): PlatformModule<'audit', AuditService> {
  const audit = createAuditService(deps);
  return {
    name: 'audit',
    service: audit,
    adminRoutes: auditAdminRoutes(audit, deps.assertMemberOf),
    jobs: (runner) => audit.schedule(runner),
  };
}
