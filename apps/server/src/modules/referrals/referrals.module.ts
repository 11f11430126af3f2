import type { PlatformModule } from '../module.ts';
import { referralsAdminRoutes } from './referrals.admin-routes.ts';
import { referralsRoutes } from './referrals.routes.ts';
import { createReferralsService, type ReferralsDeps, type ReferralsService } from './referrals.service.ts';

export const REFERRAL_EVALUATION_JOB_NAME = 'referral-evaluation';
/** Every five minutes: invites that qualified or ran out of days are decided (members' own reads decide theirs at once). */
export const REFERRAL_EVALUATION_CRON = '*/5 * * * *';

/** Invite friends: players' codes, invites, qualification and rewards (docs/referral.md). */
export function createReferralsModule(deps: ReferralsDeps): PlatformModule<'referrals', ReferralsService> {
  const referrals = createReferralsService(deps);
  return {
    name: 'referrals',
    service: referrals,
    routes: referralsRoutes(referrals),
    adminRoutes: referralsAdminRoutes(referrals),
    jobs: (runner) =>
      runner.schedule(REFERRAL_EVALUATION_JOB_NAME, REFERRAL_EVALUATION_CRON, async () => {
        const decided = await referrals.evaluate();
        if (Object.keys(decided).length > 0) deps.logger.info({ job: REFERRAL_EVALUATION_JOB_NAME, ...decided }, 'referrals decided');
      }),
  };
}
