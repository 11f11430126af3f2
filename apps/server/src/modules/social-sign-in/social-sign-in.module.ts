import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { createOidcClient } from './social-sign-in.oidc.ts';
import { socialSignInRoutes } from './social-sign-in.routes.ts';
import { createSocialSignInService, type SocialSignInService } from './social-sign-in.service.ts';
import { socialProvidersSetting } from './social-sign-in.settings.ts';

export const SOCIAL_GRANT_CLEANUP_JOB_NAME = 'social-sign-in-grant-cleanup';
/** Hourly: grants live minutes, so an hour's leftovers are a handful of rows. */
export const SOCIAL_GRANT_CLEANUP_CRON = '23 * * * *';

/**
 * Third-party sign-in for players over OpenID Connect (docs/social-sign-in.md): the providers per
 * merchant (a setting), the sign-in's redirects, the one-time code's exchange, and the permanent
 * link of an identity to a new or an existing account.
 */
export function createSocialSignInModule(deps: {
  db: Kysely<DB>;
  settings: SettingsService;
  merchants: MerchantService;
  accounts: AccountsService;
  now: () => Date;
  logger: JobLogger;
  /** The HTTP client of the calls to providers; tests pass one that changes answers. */
  fetch?: typeof fetch | undefined;
}): PlatformModule<'socialSignIn', SocialSignInService> {
  const oidc = createOidcClient({ now: deps.now, fetch: deps.fetch });
  const service = createSocialSignInService({ ...deps, oidc });
  return {
    name: 'socialSignIn',
    service,
    routes: socialSignInRoutes(service),
    settings: [socialProvidersSetting],
    jobs: (runner) =>
      runner.schedule(SOCIAL_GRANT_CLEANUP_JOB_NAME, SOCIAL_GRANT_CLEANUP_CRON, async () => {
        const done = await service.purgeExpiredGrants();
        if (done.deleted > 0) deps.logger.info({ job: SOCIAL_GRANT_CLEANUP_JOB_NAME, ...done }, 'expired social sign-in grants deleted');
      }),
  };
}
