import fastifyMultipart from '@fastify/multipart';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { MULTIPART_LIMITS } from '../../lib/image-upload.ts';
import type { PlatformModule } from '../module.ts';
import { kycAdminRoutes } from './kyc.admin-routes.ts';
import { kycRoutes } from './kyc.routes.ts';
import { createKycService, type KycService } from './kyc.service.ts';

/** Identity documents: the member's upload, and the operator's review under /admin-api/kyc. */
export function createKycModule(deps: {
  db: Kysely<DB>;
  now: () => Date;
  /** Whether the member's next payout needs a verified identity (the withdrawals module's rule). */
  isRequiredForPayout: (member: { memberId: number; merchantId: number; currency: string }) => Promise<boolean>;
}): PlatformModule<'kyc', KycService> {
  const kyc = createKycService(deps);
  return {
    name: 'kyc',
    service: kyc,
    routes: async (app) => {
      // Scoped to these routes: identity images, with the spec's limits.
      await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
      await app.register(kycRoutes({ kyc, isRequiredForPayout: deps.isRequiredForPayout }));
    },
    adminRoutes: kycAdminRoutes(kyc),
  };
}
