import type { MerchantService } from '../merchant/merchant.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { CountryLookup } from './ip-country.ts';
import { checkRegion, compileRegionRules, normaliseIp } from './region-rules.ts';
import {
  analyticsSetting,
  cdnSetting,
  customerServiceSetting,
  domainRouteSetting,
  type MaintenanceSetting,
  maintenanceSetting,
  regionRestrictionSetting,
  registerSwitchesSetting,
  resourcesSetting,
  settingsTreeSetting,
  whitelabelSetting,
} from './system.settings.ts';

export type SystemService = ReturnType<typeof createSystemService>;

/** What the site looks like to one visitor right now. */
export type SiteState = {
  ip: string;
  countryCode: string | null;
  isUnderMaintenance: boolean;
  isRegionRestricted: boolean;
  maintenance: MaintenanceSetting;
  customerServiceUrl: string;
};

/** Maintenance is on when switched on and `now` falls inside the announced window, if one is set. */
export function isMaintenanceActive(setting: MaintenanceSetting, now: Date): boolean {
  if (!setting.enabled) return false;
  const at = now.getTime();
  if (setting.startsAt && at < Date.parse(setting.startsAt)) return false;
  if (setting.endsAt && at >= Date.parse(setting.endsAt)) return false;
  return true;
}

/** The host without its port, lower case; a listed domain also covers its subdomains. */
export function isHostAllowed(domainList: readonly string[], host: string): { name: string; isAllowed: boolean } {
  const name = host.replace(/:\d+$/, '').toLowerCase();
  const isAllowed = domainList.length === 0 || domainList.some((domain) => name === domain || name.endsWith(`.${domain}`));
  return { name, isAllowed };
}

export function createSystemService(deps: {
  settings: SettingsService;
  merchants: MerchantService;
  now: () => Date;
  countryOf: CountryLookup;
  /** The time zone members' times are shown in (the records module's, the merchant's). */
  timeZoneOf: (merchantId: number) => Promise<string>;
}) {
  const { settings, merchants, now, countryOf, timeZoneOf } = deps;

  async function siteState(rawIp: string): Promise<SiteState> {
    const merchant = await merchants.current();
    const [maintenance, region, customerService] = await Promise.all([
      settings.get(merchant.id, maintenanceSetting),
      settings.get(merchant.id, regionRestrictionSetting),
      settings.get(merchant.id, customerServiceSetting),
    ]);
    const verdict = checkRegion(compileRegionRules(region), rawIp, countryOf);
    return {
      ip: normaliseIp(rawIp)?.toString() ?? rawIp,
      countryCode: verdict.countryCode,
      isUnderMaintenance: isMaintenanceActive(maintenance, now()),
      isRegionRestricted: verdict.isRestricted,
      maintenance,
      customerServiceUrl: customerService.url,
    };
  }

  async function whitelabel() {
    const merchant = await merchants.current();
    return settings.get(merchant.id, whitelabelSetting);
  }

  async function settingsTree() {
    const merchant = await merchants.current();
    return settings.get(merchant.id, settingsTreeSetting);
  }

  async function domainRoute() {
    const merchant = await merchants.current();
    return settings.get(merchant.id, domainRouteSetting);
  }

  /** Everything the client loads at start-up, in one call. */
  async function permission(rawIp: string, host: string) {
    const merchant = await merchants.current();
    const [state, flags, registerSwitches, resources, customerService, analytics, cdn, domains, timeZone] = await Promise.all([
      siteState(rawIp),
      settings.get(merchant.id, whitelabelSetting),
      settings.get(merchant.id, registerSwitchesSetting),
      settings.get(merchant.id, resourcesSetting),
      settings.get(merchant.id, customerServiceSetting),
      settings.get(merchant.id, analyticsSetting),
      settings.get(merchant.id, cdnSetting),
      settings.get(merchant.id, domainRouteSetting),
      timeZoneOf(merchant.id),
    ]);
    return {
      state,
      flags,
      registerSwitches,
      resources,
      customerService,
      analytics,
      cdn,
      host: isHostAllowed(domains.domainList, host),
      timeZone,
      currency: merchant.currency,
    };
  }

  return { siteState, whitelabel, settingsTree, domainRoute, permission };
}
