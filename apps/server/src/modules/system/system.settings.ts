import { customerServiceEntrySchema, resourceSchema, type SettingsTreeNode, settingsTreeNodeSchema } from '@platform/contracts/system';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

/**
 * The spec's whitelabel flags. Several modules read them (registration, login, agents), so they are
 * declared once here.
 * - CHNGPASSVERIF3: changing the password asks for a verification step.
 * - REGMOBVERF3: mobile registration needs an SMS code.
 * - MOBILEVERCODELOGIN3: login by mobile number and SMS code is offered.
 * - DIRECTREG3: registration logs the new member in directly.
 * - CBS3, AGENTPOLICY3: feature switches for the client (customer-service button style, agent policy page).
 * - FREEPLAY3: free-play (trial) login is offered.
 */
export const WHITELABEL_FLAGS = [
  'CHNGPASSVERIF3',
  'REGMOBVERF3',
  'MOBILEVERCODELOGIN3',
  'DIRECTREG3',
  'CBS3',
  'AGENTPOLICY3',
  'FREEPLAY3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

export const whitelabelFlagsSchema = z.object(
  Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, z.boolean()])) as Record<WhitelabelFlag, z.ZodBoolean>,
);
export type WhitelabelFlags = z.infer<typeof whitelabelFlagsSchema>;

export const whitelabelSetting = defineSetting('system.whitelabel', whitelabelFlagsSchema, {
  CHNGPASSVERIF3: false,
  REGMOBVERF3: true,
  MOBILEVERCODELOGIN3: true,
  DIRECTREG3: true,
  CBS3: false,
  AGENTPOLICY3: true,
  FREEPLAY3: true,
});

const localizedTextSchema = z.object({ vi: z.string().max(2000), en: z.string().max(2000) });

/**
 * Maintenance: on when `enabled`, within the optional window [startsAt, endsAt). Title and info are
 * written by the operator per language; empty texts let the client show its own translated default.
 */
export const maintenanceSettingSchema = z
  .object({
    enabled: z.boolean(),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    title: localizedTextSchema,
    info: localizedTextSchema,
  })
  .refine((m) => !m.startsAt || !m.endsAt || Date.parse(m.startsAt) < Date.parse(m.endsAt), {
    message: 'startsAt must be before endsAt',
    path: ['endsAt'],
  });
export type MaintenanceSetting = z.infer<typeof maintenanceSettingSchema>;

export const maintenanceSetting = defineSetting('system.maintenance', maintenanceSettingSchema, {
  enabled: false,
  startsAt: null,
  endsAt: null,
  title: { vi: '', en: '' },
  info: { vi: '', en: '' },
});

/** An IPv4 or IPv6 range in CIDR notation; a bare address means that one address. */
export const cidrSchema = z
  .string()
  .trim()
  .max(64)
  .transform((v) => (v.includes('/') ? v : `${v}/${v.includes(':') ? 128 : 32}`))
  .refine((v) => (v.includes(':') ? ipaddr.IPv6.isValidCIDR(v) : ipaddr.IPv4.isValidCIDRFourPartDecimal(v)), {
    message: 'an IPv4 or IPv6 CIDR range such as 203.0.113.0/24 or 2001:db8::/32',
  });

/** Limits keep a pasted list from making every request slow. */
export const REGION_CIDR_COUNT_MAX = 5_000;
export const REGION_COUNTRY_COUNT_MAX = 250;

/**
 * Region restriction, required of licensed operators: visitors from blocked countries (ISO 3166-1
 * alpha-2, looked up offline from the IP) or blocked ranges see the block page. The allow-list wins
 * over both, so an operator can let in an office or an auditor from a blocked country.
 */
export const regionRestrictionSettingSchema = z.object({
  enabled: z.boolean(),
  blockedCountries: z
    .array(
      z
        .string()
        .trim()
        .transform((v) => v.toUpperCase())
        .pipe(z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code')),
    )
    .max(REGION_COUNTRY_COUNT_MAX),
  blockedCidrs: z.array(cidrSchema).max(REGION_CIDR_COUNT_MAX),
  allowedCidrs: z.array(cidrSchema).max(REGION_CIDR_COUNT_MAX),
});
export type RegionRestrictionSetting = z.infer<typeof regionRestrictionSettingSchema>;

export const regionRestrictionSetting = defineSetting('system.regionRestriction', regionRestrictionSettingSchema, {
  enabled: true,
  blockedCountries: [],
  blockedCidrs: [],
  allowedCidrs: [],
});

/** The customer-service link of the maintenance and block pages, and the spec's entry list. */
export const customerServiceSetting = defineSetting(
  'system.customerService',
  z.object({
    url: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
    entries: z.array(customerServiceEntrySchema).max(50),
  }),
  { url: '', entries: [] },
);

export const resourcesSetting = defineSetting('system.resources', z.array(resourceSchema).max(100), []);

export const analyticsSetting = defineSetting(
  'system.analytics',
  z.object({ gtagId: z.union([z.literal(''), z.string().regex(/^G-[A-Z0-9]{4,20}$/, 'a Google tag id such as G-ABC123')]) }),
  { gtagId: '' },
);

const cdnListSchema = z.array(z.url({ protocol: /^https?$/ })).max(20);

/** Hosts that serve images and game launches; the client picks among them. Empty: the site's own. */
export const cdnSetting = defineSetting('system.cdn', z.object({ imageCDNs: cdnListSchema, launchGameCDNs: cdnListSchema }), {
  imageCDNs: [],
  launchGameCDNs: [],
});

const hostNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'a host name such as lotus.example');

/**
 * The operator's domains. The client switches to another when one is blocked; the permission call
 * also tells whether the host a visitor used is one of them (the spec's "domain check failed").
 * An empty list accepts any host, which suits a fresh install.
 */
export const domainRouteSetting = defineSetting('system.domainRoute', z.object({ domainList: z.array(hostNameSchema).max(100) }), {
  domainList: [],
});

/**
 * The registration switches the client needs before the full registration rules load. The SMS and
 * free-play switches are the whitelabel flags REGMOBVERF3 and FREEPLAY3, so they are not repeated.
 */
export const registerSwitchesSetting = defineSetting(
  'system.registerSwitches',
  z.object({ usernameEnabled: z.boolean(), mobileReg: z.boolean(), mobileRegPass: z.boolean(), affiliateCodeEnabled: z.boolean() }),
  { usernameEnabled: true, mobileReg: true, mobileRegPass: true, affiliateCodeEnabled: true },
);

/** The site's parts as the spec's settings tree; the client hides a part whose node is '0'. */
export const DEFAULT_SETTINGS_TREE: SettingsTreeNode[] = [
  node('HOME', [node('BANNER'), node('NOTICE'), node('JACKPOT'), node('WINNERBOARD')]),
  node('GAMES', [
    node('LIVE'),
    node('RNG'),
    node('FISH'),
    node('PVP'),
    node('SPORTS'),
    node('ESPORTS'),
    node('LOTT'),
    node('ELOTT'),
    node('COCKFIGHT'),
  ]),
  node('PROMOTION', [node('REBATE'), node('VIPBONUS'), node('CASHBACK'), node('REDEEMCODE')]),
  node('POINTMALL'),
  node('MEMBER', [node('DEPOSIT'), node('WITHDRAW'), node('BETHISTORY'), node('ACCOUNTHISTORY'), node('PROFITLOSS')]),
  node('AGENT', [
    node('TEAM'),
    node('TRANSFER'),
    // One node per contract kind: the agent centre shows a kind's page only while its node is on.
    node('CONTRACT', [node('DIVIDEND'), node('DAILYSALARY'), node('HOURSALARY'), node('REALTIMESALARY')]),
  ]),
  node('REFERRAL'),
  node('CHATROOM'),
  node('CUSTOMERSERVICE'),
  node('HELP'),
  node('FEEDBACK'),
  node('DOWNLOAD'),
  node('JOINUS'),
  node('SPEEDTEST'),
];

function node(modId: string, childrenNodes: SettingsTreeNode[] = []): SettingsTreeNode {
  return { modId, enabled: '1', childrenNodes };
}

export const settingsTreeSetting = defineSetting('system.settingsTree', z.array(settingsTreeNodeSchema).max(100), DEFAULT_SETTINGS_TREE);
