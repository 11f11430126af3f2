import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { adminMoneyRoutes } from './admin-money.routes.ts';
import { type AdminMoneyService, createAdminMoneyService } from './admin-money.service.ts';
import { adjustmentApprovalSetting } from './admin-money.settings.ts';

/** Operators' manual credits and debits, with a second operator's approval above a threshold. */
export function createAdminMoneyModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  settings: SettingsService;
  now: () => Date;
}): PlatformModule<'adminMoney', AdminMoneyService> {
  const adminMoney = createAdminMoneyService(deps);
  return { name: 'adminMoney', service: adminMoney, adminRoutes: adminMoneyRoutes(adminMoney), settings: [adjustmentApprovalSetting] };
}
