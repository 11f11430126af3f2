import { IDENTITY_LINKS_MAX, identityTag } from '@platform/contracts/identity-tag';
import { signLaunchParams } from '@platform/contracts/vendor-protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createBoundedCache } from '../../lib/bounded-cache.ts';
import { DomainError } from '../../lib/domain-error.ts';
import * as repo from './vendor-wallet.repository.ts';

export type Integration = repo.IntegrationRow;

/** How long a signed launch URL may be opened; the game token inside lives longer. */
export const LAUNCH_URL_TTL_MS = 10 * 60_000;
/** Integrations are read on every vendor callback, so they are cached this long per node. */
export const INTEGRATION_CACHE_TTL_MS = 30_000;
/** Vendors remembered per node at most (a vendor code that does not exist is remembered too). */
export const INTEGRATION_CACHE_ENTRIES_MAX = 1_000;

export const DEMO_VENDOR_CODE = 'DEMO';
export const DEMO_TRANSFER_VENDOR_CODE = 'DEMOTX';
/** Development-only secrets; production takes the secrets from its secret store (see docs/vendor-wallet.md). */
export const DEV_DEMO_VENDOR_SECRET = 'dev-only-demo-vendor-secret';
export const DEV_DEMO_TRANSFER_VENDOR_SECRET = 'dev-only-demotx-vendor-secret';
/** The house game server (apps/house-games), a seamless vendor like any other (ADR 0021). */
export const HOUSE_VENDOR_CODE = 'HOUSE';
export const DEV_HOUSE_GAMES_SECRET = 'dev-only-house-games-secret';
/**
 * The e-sports brands the house game server runs (its sportsbook under each brand's name): each is a
 * catalogue vendor of its own (lobby card, maintenance switch, betting records), so each has an
 * integration with the house game server's secret and address.
 */
export const HOUSE_BRAND_VENDOR_CODES = ['AV', 'AI', 'IMES', 'TF', 'IA'] as const;

export type LaunchUrlInput = {
  vendorCode: string;
  gameCode: string;
  token: string;
  language: string;
  username: string;
  currency: string;
  returnUrl: string;
  isTrial: boolean;
  linkedUsernames?: readonly string[];
};

export type IntegrationService = ReturnType<typeof createIntegrationService>;

/**
 * Vendor integration settings: the wallet style, the shared secret for signatures, and the vendor's
 * URLs. Rows are written from the deployment's secret store (here: the environment) at start-up.
 */
export function createIntegrationService(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;
  const cache = createBoundedCache<string, Integration | undefined>({
    max: INTEGRATION_CACHE_ENTRIES_MAX,
    ttlMs: INTEGRATION_CACHE_TTL_MS,
    now,
  });

  async function find(vendorCode: string): Promise<Integration | undefined> {
    return cache.remember(vendorCode, () => repo.findIntegration(db, vendorCode));
  }

  /** An enabled integration, or `not_found`. */
  async function require(vendorCode: string): Promise<Integration> {
    const row = await find(vendorCode);
    if (!row?.isEnabled) throw new DomainError('not_found', `vendor ${vendorCode}`);
    return row;
  }

  /**
   * The URL that opens a game at the vendor: the launch base, `/game/<game>`, the parameters and an
   * expiry, signed with the vendor's secret so the vendor can trust the token and settings in it.
   */
  async function buildLaunchUrl(input: LaunchUrlInput): Promise<string> {
    const integration = await require(input.vendorCode);
    if (!integration.launchBaseUrl) throw new DomainError('not_found', `launch URL of ${input.vendorCode}`);
    const params: Record<string, string> = {
      token: input.token,
      lang: input.language,
      return: input.returnUrl,
      user: input.username,
      currency: input.currency,
      trial: input.isTrial ? '1' : '0',
      exp: String(now().getTime() + LAUNCH_URL_TTL_MS),
    };
    if (input.linkedUsernames?.length) {
      params.links = input.linkedUsernames
        .slice(0, IDENTITY_LINKS_MAX)
        .map((name) => identityTag(integration.apiSecret, name))
        .join(',');
    }
    params.sig = signLaunchParams(integration.apiSecret, input.vendorCode, input.gameCode, params);
    const url = new URL(`${integration.launchBaseUrl.replace(/\/+$/, '')}/game/${encodeURIComponent(input.gameCode)}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }

  return {
    find,
    require,
    buildLaunchUrl,
    list: () => repo.findIntegrations(db),
    /** Writes an integration from the secret store at start-up; `isEnabled` of an existing row is kept. */
    async ensure(row: Integration): Promise<void> {
      await repo.upsertIntegration(db, row, now());
      cache.delete(row.vendorCode);
    },
  };
}

/** The demo vendors' and the house game server's integrations, from the environment; none in production without explicit secrets. */
export function demoIntegrationsFromEnv(env: {
  NODE_ENV: string;
  DEMO_VENDOR_URL: string;
  DEMO_VENDOR_SECRET?: string | undefined;
  DEMO_VENDOR_TX_SECRET?: string | undefined;
  HOUSE_GAMES_URL: string;
  HOUSE_GAMES_SECRET?: string | undefined;
}): Integration[] {
  const isProduction = env.NODE_ENV === 'production';
  const rows: Integration[] = [];
  const seamlessSecret = env.DEMO_VENDOR_SECRET ?? (isProduction ? undefined : DEV_DEMO_VENDOR_SECRET);
  const transferSecret = env.DEMO_VENDOR_TX_SECRET ?? (isProduction ? undefined : DEV_DEMO_TRANSFER_VENDOR_SECRET);
  if (seamlessSecret) {
    rows.push({
      vendorCode: DEMO_VENDOR_CODE,
      walletStyle: 'seamless',
      apiSecret: seamlessSecret,
      apiBaseUrl: null,
      launchBaseUrl: env.DEMO_VENDOR_URL,
      isEnabled: true,
    });
  }
  const houseSecret = env.HOUSE_GAMES_SECRET ?? (isProduction ? undefined : DEV_HOUSE_GAMES_SECRET);
  if (houseSecret) {
    rows.push({
      vendorCode: HOUSE_VENDOR_CODE,
      walletStyle: 'seamless',
      apiSecret: houseSecret,
      apiBaseUrl: null,
      launchBaseUrl: env.HOUSE_GAMES_URL,
      isEnabled: true,
    });
    for (const vendorCode of HOUSE_BRAND_VENDOR_CODES) {
      rows.push({
        vendorCode,
        walletStyle: 'seamless',
        apiSecret: houseSecret,
        apiBaseUrl: null,
        launchBaseUrl: env.HOUSE_GAMES_URL,
        isEnabled: true,
      });
    }
  }
  if (transferSecret) {
    rows.push({
      vendorCode: DEMO_TRANSFER_VENDOR_CODE,
      walletStyle: 'transfer',
      apiSecret: transferSecret,
      apiBaseUrl: env.DEMO_VENDOR_URL,
      launchBaseUrl: env.DEMO_VENDOR_URL,
      isEnabled: true,
    });
  }
  return rows;
}
