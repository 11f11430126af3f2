import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PlatformModule } from '../module.ts';
import { memberLabelsRoutes } from './member-labels.routes.ts';
import { createMemberLabelsService, type MemberLabelsService } from './member-labels.service.ts';

/** Operator-defined member labels (VIP tier and others); the accounts module shows a member's labels. */
export function createMemberLabelsModule(deps: { db: Kysely<DB> }): PlatformModule<'memberLabels', MemberLabelsService> {
  const labels = createMemberLabelsService(deps);
  return { name: 'memberLabels', service: labels, adminRoutes: memberLabelsRoutes(labels) };
}
