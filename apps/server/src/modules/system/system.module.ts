import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { type CountryLookup, lookupCountry } from './ip-country.ts';
import { systemRoutes } from './system.routes.ts';
import { createSystemService, type SystemService } from './system.service.ts';
import {
  analyticsSetting,
  cdnSetting,
  customerServiceSetting,
  domainRouteSetting,
  maintenanceSetting,
  regionRestrictionSetting,
  registerSwitchesSetting,
  resourcesSetting,
  settingsTreeSetting,
  whitelabelSetting,
} from './system.settings.ts';

/** Site status (maintenance, region blocking), whitelabel flags, the settings tree, domain routes. */
export function createSystemModule(deps: {
  settings: SettingsService;
  merchants: MerchantService;
  now: () => Date;
  /** The time zone members' times are shown in (the records module's `timeZoneOf`). */
  timeZoneOf: (merchantId: number) => Promise<string>;
  /** By default the bundled IP-to-country table. */
  countryOf?: CountryLookup;
}): PlatformModule<'system', SystemService> {
  return {
    name: 'system',
    service: createSystemService({ ...deps, countryOf: deps.countryOf ?? lookupCountry }),
    routes: systemRoutes,
    settings: [
      whitelabelSetting,
      maintenanceSetting,
      regionRestrictionSetting,
      customerServiceSetting,
      resourcesSetting,
      analyticsSetting,
      cdnSetting,
      domainRouteSetting,
      registerSwitchesSetting,
      settingsTreeSetting,
    ],
  };
}
