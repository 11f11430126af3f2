import type { PlatformModule } from '../module.ts';
import { createPointsService, type PointsService, type PointsServiceDeps } from './points.service.ts';

/** Loyalty points: earning rules, awards and balances in the ledger's points currency, and the points mall. */
export function createPointsModule(deps: PointsServiceDeps): PlatformModule<'points', PointsService> {
  const points = createPointsService(deps);
  return {
    name: 'points',
    service: points,
  };
}
