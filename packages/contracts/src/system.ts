import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { SYSTEM_STATUS } from './system-status.ts';

/**
 * The system calls a visitor's browser makes before anything else: which root view to show, the
 * site configuration and the switches that turn parts of the site on or off. None needs a session.
 */

/** The languages the server writes operator texts in; the client sends one as `lang`. */
export const SITE_LANGUAGES = ['vi', 'en'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/**
 * `lang` is also accepted in the query so each language has its own URL: a cache in front of the
 * site can then never serve one language's maintenance text to another. Upper case is accepted
 * because the spec writes the codes as VI and EN.
 */
const langQuerySchema = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(SITE_LANGUAGES))
  .optional();

export const systemStatusQuerySchema = z.object({ lang: langQuerySchema });

export const maintenanceInfoSchema = z.object({
  /** Operator's title in the caller's language; empty means the client shows its own default. */
  title: z.string(),
  /** Operator's explanation in the caller's language; empty means the client's default text. */
  info: z.string(),
  /** When the operator expects to be back (ISO 8601), if announced. */
  endsAt: z.string().nullable(),
});
export type MaintenanceInfo = z.infer<typeof maintenanceInfoSchema>;

/** GET /wps/system/status */
export const systemStatusValueSchema = z.object({
  status: z.union([z.literal(SYSTEM_STATUS.normal), z.literal(SYSTEM_STATUS.maintenance), z.literal(SYSTEM_STATUS.regionRestricted)]),
  /** The caller's IP address as the server sees it (behind a trusted proxy: the forwarded one). */
  ip: z.string(),
  /** ISO 3166-1 alpha-2 country of the caller's IP, or null when unknown (private ranges, say). */
  countryCode: z.string().nullable(),
  maintenance: maintenanceInfoSchema,
  /** The link behind the customer-service button of the maintenance and block pages; may be empty. */
  customerServiceUrl: z.string(),
});
export type SystemStatusValue = z.infer<typeof systemStatusValueSchema>;
export const systemStatusResponseSchema = okEnvelope(systemStatusValueSchema);

/** GET /wps/system/whitelabel: the spec's whitelabel flags, each on or off. */
export const whitelabelValueSchema = z.object({
  CHNGPASSVERIF3: z.boolean(),
  REGMOBVERF3: z.boolean(),
  MOBILEVERCODELOGIN3: z.boolean(),
  DIRECTREG3: z.boolean(),
  CBS3: z.boolean(),
  AGENTPOLICY3: z.boolean(),
  FREEPLAY3: z.boolean(),
});
export type WhitelabelValue = z.infer<typeof whitelabelValueSchema>;
export const whitelabelResponseSchema = okEnvelope(whitelabelValueSchema);

/**
 * A node of the settings tree: which parts of the site are on. `enabled` is the string '1' or '0',
 * as the spec's client compares it.
 */
export type SettingsTreeNode = { modId: string; enabled: '1' | '0'; childrenNodes: SettingsTreeNode[] };

export const settingsTreeNodeSchema: z.ZodType<SettingsTreeNode> = z
  .lazy(() =>
    z.object({
      modId: z.string().min(1).max(64),
      enabled: z.enum(['1', '0']),
      childrenNodes: z.array(settingsTreeNodeSchema).max(100),
    }),
  )
  // The id names the recursive schema in the OpenAPI document.
  .meta({ id: 'SettingsTreeNode' });

/**
 * Whether a part of the site is on: its node and every node above it enabled ('1'). A part the tree
 * does not name is off, as on the web.
 */
export function isSettingsNodeOn(nodes: readonly SettingsTreeNode[], modId: string): boolean {
  const walk = (list: readonly SettingsTreeNode[], isParentOn: boolean): boolean | undefined => {
    for (const node of list) {
      const isOn = isParentOn && node.enabled === '1';
      if (node.modId === modId) return isOn;
      const found = walk(node.childrenNodes, isOn);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(nodes, true) ?? false;
}

/** GET /wps/system/settings */
export const settingsTreeValueSchema = z.array(settingsTreeNodeSchema);
export const settingsTreeResponseSchema = okEnvelope(settingsTreeValueSchema);

/** A spec resource: a social link, an app download, a QR code. */
export const resourceSchema = z.object({
  resourceType: z.string(),
  url: z.string(),
  qrCodeUrl: z.string(),
  labelNameEn: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;

/** A spec customer-service entry: where (csPosition) and how (csType) a link is shown. */
export const customerServiceEntrySchema = z.object({
  csPosition: z.string(),
  csType: z.number().int(),
  title: z.string(),
  path: z.string(),
});
export type CustomerServiceEntry = z.infer<typeof customerServiceEntrySchema>;

export const registerSummarySchema = z.object({
  /** Registration by username and password is offered. */
  usernameEnabled: z.boolean(),
  /** Registration with the mobile number as username is offered. */
  mobileReg: z.boolean(),
  /** Mobile registration also asks for a password. */
  mobileRegPass: z.boolean(),
  /** Mobile registration needs an SMS code (whitelabel flag REGMOBVERF3). */
  smsEnabled: z.boolean(),
  /** The affiliate (invitation) code field is shown. */
  affiliateCodeEnabled: z.boolean(),
  /** Free-play (trial) login is offered (whitelabel flag FREEPLAY3). */
  freePlayEnabled: z.boolean(),
});
export type RegisterSummary = z.infer<typeof registerSummarySchema>;

/** GET /wps/system/permission?host=<the host the visitor typed> */
export const permissionQuerySchema = z.object({
  host: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(?::\d{1,5})?$/, 'a host name, optionally with a port'),
  lang: langQuerySchema,
});

export const permissionValueSchema = z.object({
  whitelabel: whitelabelValueSchema,
  register: registerSummarySchema,
  resources: z.array(resourceSchema),
  customerService: z.object({ url: z.string(), entries: z.array(customerServiceEntrySchema) }),
  analytics: z.object({ gtagId: z.string() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location: z.object({ ip: z.string(), countryCode: z.string().nullable() }),
  maintenance: maintenanceInfoSchema.extend({ isUnderMaintenance: z.boolean() }),
  regionRestriction: z.object({ isRestricted: z.boolean() }),
  /** The host asked about, without its port, and whether it is one of the operator's domains. */
  host: z.object({ name: z.string(), isAllowed: z.boolean() }),
  /** The IANA time zone every time a member sees is shown in (the merchant's; Asia/Ho_Chi_Minh by default). */
  timeZone: z.string(),
  /** The merchant's currency: the site's amounts before a login (bet units, the jackpot) are shown in it. */
  currency: z.string(),
});
export type PermissionValue = z.infer<typeof permissionValueSchema>;
export const permissionResponseSchema = okEnvelope(permissionValueSchema);

/** GET /wps/system/domainRoute: the operator's domains a client may switch to. */
export const domainRouteValueSchema = z.object({ domainList: z.array(z.string()) });
export type DomainRouteValue = z.infer<typeof domainRouteValueSchema>;
export const domainRouteResponseSchema = okEnvelope(domainRouteValueSchema);

/** The speed test (right bar): a ping to time round trips, and a download of `size` random bytes. */
export const SPEEDTEST_DOWNLOAD_BYTES_MAX = 1_048_576;
export const speedTestPingResponseSchema = okEnvelope(z.object({ serverTime: z.string() }));
export const speedTestDownloadQuerySchema = z.object({
  size: z.coerce.number().int().min(1_024).max(SPEEDTEST_DOWNLOAD_BYTES_MAX).default(262_144),
});
