import { CS_TYPE } from '@platform/contracts/support-chat-constants';
import type { MaintenanceInfo, PermissionValue, SiteLanguage, SystemStatusValue } from '@platform/contracts/system';
import { SYSTEM_STATUS, type SystemStatus } from '@platform/contracts/system-status';
import type { SiteState, SystemService } from './system.service.ts';
import type { MaintenanceSetting } from './system.settings.ts';

/** The spec's rule: 1 if maintenance, else 2 if region restricted, else 0. */
export function statusOf(state: SiteState): SystemStatus {
  if (state.isUnderMaintenance) return SYSTEM_STATUS.maintenance;
  if (state.isRegionRestricted) return SYSTEM_STATUS.regionRestricted;
  return SYSTEM_STATUS.normal;
}

export function presentMaintenance(setting: MaintenanceSetting, language: SiteLanguage): MaintenanceInfo {
  return { title: setting.title[language], info: setting.info[language], endsAt: setting.endsAt };
}

export function presentStatus(state: SiteState, language: SiteLanguage): SystemStatusValue {
  return {
    status: statusOf(state),
    ip: state.ip,
    countryCode: state.countryCode,
    maintenance: presentMaintenance(state.maintenance, language),
    customerServiceUrl: state.customerServiceUrl,
  };
}

type Permission = Awaited<ReturnType<SystemService['permission']>>;

/**
 * Only what the client needs leaves the server: the region block tells whether this visitor is
 * restricted, never the operator's blocked or allowed ranges.
 */
export function presentPermission(permission: Permission, language: SiteLanguage): PermissionValue {
  const { state, flags, registerSwitches } = permission;
  return {
    whitelabel: flags,
    register: { ...registerSwitches, smsEnabled: flags.REGMOBVERF3, freePlayEnabled: flags.FREEPLAY3 },
    resources: permission.resources,
    // A type-3 entry's link leaves the server only sealed, through the customer-service list call.
    customerService: {
      url: permission.customerService.url,
      entries: permission.customerService.entries.map((e) => (e.csType === CS_TYPE.encryptedLink ? { ...e, path: '' } : e)),
    },
    analytics: permission.analytics,
    imageCDNs: permission.cdn.imageCDNs,
    launchGameCDNs: permission.cdn.launchGameCDNs,
    location: { ip: state.ip, countryCode: state.countryCode },
    maintenance: { ...presentMaintenance(state.maintenance, language), isUnderMaintenance: state.isUnderMaintenance },
    regionRestriction: { isRestricted: state.isRegionRestricted },
    host: permission.host,
    timeZone: permission.timeZone,
    currency: permission.currency,
  };
}
