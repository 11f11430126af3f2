import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { betRecordRoutes, type GameInfoResolver } from '../bet-records/bet-records.routes.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { GameSessionService } from '../game-session/game-session.service.ts';
import type { JobLogger, JobRunner } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import { createHttpTransferAdapter, type TransferVendorAdapter } from './transfer-adapter.ts';
import { vendorCallbackRoutes } from './vendor-callback.routes.ts';
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
  jobs: JobRunner;
  logger: JobLogger;
  now: () => Date;
  transferTimeoutMs?: number;
  /** Adapters by vendor code; by default the HTTP adapter of the integration's API base URL. */
  transferAdapterOf?: (integration: Integration) => TransferVendorAdapter | undefined;
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
  return {
    integrations,
    seamless,
    transfers,
    adapterOf,
    /** Signs a launch URL for the game launch call (the catalogue's /wps/game/launchGame). */
    buildLaunchUrl: integrations.buildLaunchUrl,
  };
}

/** Registers the vendor callbacks, the vendor wallet calls and the bet record calls. */
export async function registerGameWallets(
  app: FastifyInstance,
  deps: {
    vendorWallet: VendorWalletService;
    betRecords: BetRecordService;
    ledger: LedgerService;
    merchants: MerchantService;
    gameInfo: GameInfoResolver;
    now: () => Date;
  },
): Promise<void> {
  await app.register(
    vendorCallbackRoutes({ integrations: deps.vendorWallet.integrations, seamless: deps.vendorWallet.seamless, now: deps.now }),
  );
  await app.register(vendorWalletRoutes({ transfers: deps.vendorWallet.transfers, ledger: deps.ledger }));
  await app.register(betRecordRoutes(deps));
  await deps.vendorWallet.transfers.registerJobs();
}
