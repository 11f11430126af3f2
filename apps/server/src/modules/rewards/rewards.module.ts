import type { PlatformModule } from '../module.ts';
import { rewardsAdminRoutes } from './rewards.admin-routes.ts';
import { rewardsRoutes } from './rewards.routes.ts';
import { createRewardsService, type RewardsDeps, type RewardsService } from './rewards.service.ts';

/** The rewards centre and redeem codes (docs/loyalty.md). */
export function createRewardsModule(deps: RewardsDeps): PlatformModule<'rewards', RewardsService> {
  const rewards = createRewardsService(deps);
  return { name: 'rewards', service: rewards, routes: rewardsRoutes(rewards), adminRoutes: rewardsAdminRoutes(rewards) };
}
