import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { GameSessionService } from '../game-session/game-session.service.ts';
import type { JobLogger, JobRunner } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import type { BonusWallet } from '../promotions/bonus-wallet.ts';
import { houseCockfightAdminRoutes } from './house-cockfight.admin-routes.ts';
import { createHouseCockfight } from './house-cockfight.ts';
import { houseSportsbookAdminRoutes } from './house-sportsbook.admin-routes.ts';
import { createHouseSportsbook } from './house-sportsbook.ts';
import { houseTableLimitsAdminRoutes } from './house-table-limits.admin-routes.ts';
import { createHouseOperatorCall, createHouseTableLimits } from './house-table-limits.ts';
import { houseTablesRoutes } from './house-tables.routes.ts';
import { createHttpTransferAdapter, type TransferVendorAdapter } from './transfer-adapter.ts';
import { vendorCallbackRoutes } from './vendor-callback.routes.ts';
import { createBetFeed, type GameCategoryResolver } from './vendor-wallet.bet-feed.ts';
import { createIntegrationService, type Integration } from './vendor-wallet.integrations.ts';
import { vendorWalletRoutes } from './vendor-wallet.routes.ts';
import { createSeamlessWallet, type StakeGuard } from './vendor-wallet.seamless.ts';
import { createTransferWallets } from './vendor-wallet.transfer.ts';

export type VendorWalletService = ReturnType<typeof createVendorWallet>;

/**
 * The game wallets: vendor integrations and launch URLs, the seamless callback API, and
 * transfer-style vendor wallets. `stakeGuard` is required: every new real-money bet passes it.
 */
export function createVendorWallet(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  gameSessions: GameSessionService;
  betRecords: BetRecordService;
  stakeGuard: StakeGuard;
  /** Bonus money a stake draws on once the cash is spent (promotions, ADR 0032). */
  bonusWallet?: BonusWallet | undefined;
  /** `stakeGuard` is the responsible-gaming and bonus maximum-stake checks, which SQL makes too: one-statement calls (ADR 0041). */
  isStakeGuardInSql?: boolean | undefined;
  jobs: JobRunner;
  logger: JobLogger;
  now: () => Date;
  /** A game's catalogue category, for the rounds the bet feed brings in (the games module's catalogue). */
  gameCategoryOf: GameCategoryResolver;
  transferTimeoutMs?: number;
  /** Adapters by vendor code; by default the HTTP adapter of the integration's API base URL. */
  transferAdapterOf?: (integration: Integration) => TransferVendorAdapter | undefined;
  /** How the platform calls the house game server (tests pass their own). */
  fetchImpl?: typeof fetch;
}) {
  const integrations = createIntegrationService({ db: deps.db, now: deps.now });
  const seamless = createSeamlessWallet(deps);
  const adapters = new Map<string, { secret: string; baseUrl: string | null; adapter: TransferVendorAdapter | undefined }>();
  const defaultAdapterOf = (integration: Integration) =>
    integration.apiBaseUrl
      ? createHttpTransferAdapter({
          vendorCode: integration.vendorCode,
          baseUrl: integration.apiBaseUrl,
          secret: integration.apiSecret,
          now: deps.now,
          ...(deps.transferTimeoutMs ? { timeoutMs: deps.transferTimeoutMs } : {}),
        })
      : undefined;
  async function adapterOf(vendorCode: string): Promise<TransferVendorAdapter | undefined> {
    const integration = await integrations.find(vendorCode);
    if (integration?.walletStyle !== 'transfer') return undefined;
    const cached = adapters.get(vendorCode);
    // Rebuilt when the secret or URL changed (a rotation).
    if (cached && cached.secret === integration.apiSecret && cached.baseUrl === integration.apiBaseUrl) return cached.adapter;
    const adapter = (deps.transferAdapterOf ?? defaultAdapterOf)(integration);
    adapters.set(vendorCode, { secret: integration.apiSecret, baseUrl: integration.apiBaseUrl, adapter });
    return adapter;
  }
  const transfers = createTransferWallets({ ...deps, integrations, adapterOf });
  const betFeed = createBetFeed({ ...deps, integrations, adapterOf });
  const houseCall = createHouseOperatorCall({ integrations, now: deps.now, ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}) });
  const tableLimits = createHouseTableLimits({ db: deps.db, call: houseCall });
  const cockfight = createHouseCockfight({ db: deps.db, call: houseCall });
  const sportsbook = createHouseSportsbook({ db: deps.db, call: houseCall });
  return {
    /** The house game server's live table limits, for the operator's calls. */
    tableLimits,
    /** The house cockfight arenas, for the operator's calls. */
    cockfight,
    /** The house sportsbook (liability, manual entry, limits), for the operator's calls. */
    sportsbook,
    integrations,
    seamless,
    transfers,
    betFeed,
    adapterOf,
    /** Whether any enabled vendor keeps its own wallet (then the site lists vendor wallets: not one single wallet). */
    async hasTransferVendors(): Promise<boolean> {
      return (await integrations.list()).some((i) => i.isEnabled && i.walletStyle === 'transfer');
    },
    /** Signs a launch URL for the game launch call (the catalogue's /wps/game/launchGame). */
    buildLaunchUrl: integrations.buildLaunchUrl,
  };
}

/**
 * The game wallets as a module: the vendor callbacks (`/vendor-api`), the transfer wallet calls, the
 * transfer re-check jobs, and, when the app is ready, the demo vendors' integrations.
 */
export function createVendorWalletModule(
  deps: Parameters<typeof createVendorWallet>[0] & {
    /** Integrations to create or update at start-up (the demo vendors, from the environment). */
    integrationsAtStartup?: readonly Integration[];
  },
): PlatformModule<'vendorWallet', VendorWalletService> {
  const vendorWallet = createVendorWallet(deps);
  return {
    name: 'vendorWallet',
    service: vendorWallet,
    routes: async (app) => {
      await app.register(vendorCallbackRoutes({ integrations: vendorWallet.integrations, seamless: vendorWallet.seamless, now: deps.now }));
      await app.register(vendorWalletRoutes({ transfers: vendorWallet.transfers, ledger: deps.ledger }));
      await app.register(houseTablesRoutes({ integrations: vendorWallet.integrations, now: deps.now }));
    },
    adminRoutes: async (app) => {
      await app.register(houseTableLimitsAdminRoutes(vendorWallet.tableLimits));
      await app.register(houseCockfightAdminRoutes(vendorWallet.cockfight));
      await app.register(houseSportsbookAdminRoutes(vendorWallet.sportsbook));
    },
    // The transfer wallets hold the runner they were built with (they queue re-checks on it).
    jobs: async (runner) => {
      await vendorWallet.transfers.registerJobs();
      await vendorWallet.betFeed.registerJobs(runner);
    },
    onReady: async () => {
      for (const integration of deps.integrationsAtStartup ?? []) await vendorWallet.integrations.ensure(integration);
    },
  };
}
