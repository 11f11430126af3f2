import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { recordsRoutes } from './records.routes.ts';
import { createRecordsService, type RecordsService } from './records.service.ts';
import { memberTimeZoneSetting } from './records.settings.ts';

/** The member's account record and profit and loss, read from the ledger; the merchant's time zone. */
export function createRecordsModule(deps: {
  ledger: LedgerService;
  settings: SettingsService;
  now: () => Date;
}): PlatformModule<'records', RecordsService> {
  const records = createRecordsService(deps);
  return { name: 'records', service: records, routes: recordsRoutes(records), settings: [memberTimeZoneSetting] };
}
