import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { createPubSub, type PubSub } from '@platform/realtime/pubsub';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import type { Database } from './db/database.ts';
import { type Env, publicUrlOf, replaysPublishedResults, sandboxGatewayConfig, secretsKeyOf } from './env.ts';
import { setSecretsKey } from './lib/secret-box.ts';
import { createAccountsModule } from './modules/accounts/accounts.module.ts';
import { createAdminModule } from './modules/admin/admin.module.ts';
import { createAdminMoneyModule } from './modules/admin-money/admin-money.module.ts';
import { createAgentApplicationsModule } from './modules/agent-applications/agent-applications.module.ts';
import { createAgentContractsModule } from './modules/agent-contracts/agent-contracts.module.ts';
import { createAgentReportsModule } from './modules/agent-reports/agent-reports.module.ts';
import { createAgentTeamModule } from './modules/agent-team/agent-team.module.ts';
import { createAgentsModule } from './modules/agents/agents.module.ts';
import { createAuditModule } from './modules/audit/audit.module.ts';
import { createBankCardsModule } from './modules/bank-cards/bank-cards.module.ts';
import { createPaymentPasswordsModule } from './modules/bank-cards/payment-passwords.module.ts';
import { createBetRecordsModule } from './modules/bet-records/bet-records.module.ts';
import { createChatModule } from './modules/chat/chat.module.ts';
import { createContentModule } from './modules/content/content.module.ts';
import { createDailyStatsModule } from './modules/daily-stats/daily-stats.module.ts';
import { createDepositsModule } from './modules/deposits/deposits.module.ts';
import type { DepositGuard } from './modules/deposits/deposits.service.ts';
import { createGameSessionModule } from './modules/game-session/game-session.module.ts';
import { gameNameKey } from './modules/games/games.info.ts';
import { createJackpotPoolSource } from './modules/games/games.jackpot-pools.ts';
import { createLiveRoomSource } from './modules/games/games.live-rooms.ts';
import { createGamesModule } from './modules/games/games.module.ts';
import { createHealthModule } from './modules/health/health.module.ts';
import { createHelpModule } from './modules/help/help.module.ts';
import { createInboxModule } from './modules/inbox/inbox.module.ts';
import { createJobRunner, type JobRunner } from './modules/jobs/job-runner.ts';
import { createKycModule } from './modules/kyc/kyc.module.ts';
import { createLedgerModule } from './modules/ledger/ledger.module.ts';
import { createLedgerReconciliationModule } from './modules/ledger/ledger-reconciliation.module.ts';
import { createLotteryModule } from './modules/lottery/lottery.module.ts';
import { createMediaModule } from './modules/media/media.module.ts';
import { createMemberLabelsModule } from './modules/member-labels/member-labels.module.ts';
import { createMemberOverviewModule } from './modules/member-overview/member-overview.module.ts';
import { createMerchantModule } from './modules/merchant/merchant.module.ts';
import { createMissionsModule } from './modules/missions/missions.module.ts';
import { addModuleHooks, editableSettingsOf, registerModules, type ServicesOf, servicesOf } from './modules/module.ts';
import type { PaymentGateway } from './modules/payments/payment-gateway.ts';
import { createPaymentsModule } from './modules/payments/payments.module.ts';
import { createPointsModule } from './modules/points/points.module.ts';
import type { BonusWallet } from './modules/promotions/bonus-wallet.ts';
import { createPromotionsModule } from './modules/promotions/promotions.module.ts';
import { createRealtimeModule } from './modules/realtime/realtime.module.ts';
import { createRecordsModule } from './modules/records/records.module.ts';
import { createRedEnvelopesModule } from './modules/red-envelopes/red-envelopes.module.ts';
import { sharedIdentitySignals } from './modules/referrals/referrals.identity.ts';
import { createReferralsModule } from './modules/referrals/referrals.module.ts';
import { createReportsModule } from './modules/reports/reports.module.ts';
import { createResponsibleGamingModule } from './modules/responsible-gaming/responsible-gaming.module.ts';
import { rewardSourcesOf } from './modules/rewards/reward-sources.ts';
import { createRewardsModule } from './modules/rewards/rewards.module.ts';
import { createSessionModule } from './modules/session/session.module.ts';
import { createSettingsModule } from './modules/settings/settings.module.ts';
import { createSocialSignInModule } from './modules/social-sign-in/social-sign-in.module.ts';
import { createSupportChatModule } from './modules/support-chat/support-chat.module.ts';
import { createSystemModule } from './modules/system/system.module.ts';
import { customerServiceSetting, settingsTreeSetting } from './modules/system/system.settings.ts';
import { createTransfersModule } from './modules/transfers/transfers.module.ts';
import {
  demoIntegrationsFromEnv,
  HOUSE_BRAND_VENDOR_CODES,
  HOUSE_VENDOR_CODE,
} from './modules/vendor-wallet/vendor-wallet.integrations.ts';
import { createVendorWalletModule } from './modules/vendor-wallet/vendor-wallet.module.ts';
import type { StakeGuard } from './modules/vendor-wallet/vendor-wallet.seamless.ts';
import { createVipModule } from './modules/vip/vip.module.ts';
import { createWageringModule } from './modules/withdrawals/wagering.module.ts';
import { createWithdrawalsModule, isCardInUseByWithdrawal } from './modules/withdrawals/withdrawals.module.ts';
import { registerAdminAuth } from './plugins/admin-auth.ts';
import { registerAuth } from './plugins/auth.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { createMetricsRegistry, registerMetrics } from './plugins/metrics.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerRequestEdge } from './plugins/request-edge.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSiteAccessGuard } from './plugins/site-access.ts';
import { registerWebApp } from './plugins/web-app.ts';

export type AppDeps = {
  env: Env;
  database: Database;
  /** The clock; tests move it. */
  now?: () => Date;
  metrics?: Registry;
  /** Log to stdout as JSON (the server) or stay quiet (tests). */
  logger?: boolean;
  /** Background jobs; server.ts starts them when JOBS_ENABLED. Tests may pass their own. */
  jobs?: JobRunner;
  /** Payment gateways; by default the sandbox gateway when it is on (env). */
  paymentGateways?: readonly PaymentGateway[];
  /** The responsible-gaming check on deposits (see DepositGuard); by default the responsible-gaming service. */
  depositGuard?: DepositGuard;
  /** Told of every route as it is added (tests list the operator routes with their permissions). */
  onRoute?: (route: RouteOptions) => void;
  /** The HTTP client of third-party sign-in's calls to providers; tests pass one that changes answers. */
  socialSignInFetch?: typeof fetch;
};

/** What the modules share, built before them. */
type Infrastructure = {
  env: Env;
  database: Database;
  now: () => Date;
  metrics: Registry;
  logger: FastifyBaseLogger;
  jobs: JobRunner;
  pubsub: PubSub;
  paymentGateways: readonly PaymentGateway[] | undefined;
  depositGuard: DepositGuard | undefined;
  socialSignInFetch: typeof fetch | undefined;
};

/** Every module's service under its name (`app.services.ledger`, ...); see createModules. */
export type AppServices = ServicesOf<AppModules>;
type AppModules = Awaited<ReturnType<typeof createModules>>;

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    metrics: Registry;
    jobs: JobRunner;
    pubsub: PubSub;
  }
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export const DEFAULT_WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** The operator console's build (apps/admin), served under /admin. */
const DEFAULT_ADMIN_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../admin/dist');

/** Builds the whole HTTP application from its dependencies; listening is server.ts's job. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const now = deps.now ?? (() => new Date());
  const metrics = deps.metrics ?? createMetricsRegistry();
  const app = createFastify(env, deps.logger);
  const secrets = secretsKeyOf(env);
  setSecretsKey(secrets.key, secrets.previous);
  if (secrets.isDevelopmentKey && env.NODE_ENV === 'development') {
    app.log.warn(
      'TOTP_ENCRYPTION_KEY is not set: authenticator secrets are encrypted with the PUBLIC DEVELOPMENT KEY. Never run real accounts like this; production refuses to start without the variable.',
    );
  }
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  const jobs = deps.jobs ?? createJobRunner({ database, logger: app.log });
  const pubsub = createPubSub({ redisUrl: env.REDIS_URL, onError: (err, channel) => app.log.warn({ err, channel }, 'pubsub error') });

  const modules = await createModules({
    env,
    database,
    now,
    metrics,
    logger: app.log,
    jobs,
    pubsub,
    paymentGateways: deps.paymentGateways,
    depositGuard: deps.depositGuard,
    socialSignInFetch: deps.socialSignInFetch,
  });
  app.decorate('services', servicesOf(modules));
  app.decorate('metrics', metrics);
  app.decorate('jobs', jobs);
  app.decorate('pubsub', pubsub);
  // Added before the plugins, so it runs after theirs. Jobs stop before the database closes
  // (server.ts closes it after the app).
  addModuleHooks(app, modules, {
    afterModulesClose: async () => {
      await jobs.stop();
      await pubsub.close();
    },
  });

  await registerPlugins(app, env, metrics);
  registerRequestEdge(app);
  registerAuth(app, app.services.sessions);
  registerAdminAuth(app, app.services.admins);
  registerSiteAccessGuard(app, app.services.system);
  await registerModules(app, modules, { jobs });
  await registerWebApp(app, env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR, env.ADMIN_DIST_DIR ?? DEFAULT_ADMIN_DIST_DIR, {
    // The home page's first view shows the first home banner's picture (one for every language).
    homeBannerUrl: async () => {
      const merchant = await app.services.merchants.current();
      return (await app.services.content.banners(merchant.id, 'vi', 'w_home'))[0]?.url ?? null;
    },
    isOpenTo: async (ip) => {
      const state = await app.services.system.siteState(ip);
      return !state.isUnderMaintenance && !state.isRegionRestricted;
    },
  });
  return app;
}

/**
 * Every module, in dependency order: each factory is given the services of modules above it.
 * A few dependencies point down the list and are bound late, resolved when first called (after
 * every module is built); each is marked "late:" below.
 */
async function createModules(infra: Infrastructure) {
  const { env, database, now, logger, jobs, pubsub } = infra;
  const db = database.db;

  const health = createHealthModule({ database });
  const sessions = createSessionModule({
    db,
    policy: { idleMinutes: env.SESSION_IDLE_MINUTES, absoluteHours: env.SESSION_ABSOLUTE_HOURS },
    now,
    pubsub,
  });
  // late: the settings screen lists every module's editable settings.
  const settings = createSettingsModule({ db, now, editable: () => editableSettingsOf(modules) });
  const merchants = createMerchantModule({ db, defaultCode: env.MERCHANT_CODE });
  // late: the audit log filtered by member shows only the merchant's members (accounts, below).
  const audit = createAuditModule({
    db,
    logger,
    assertMemberOf: (merchantId, memberId) => accounts.service.memberFile.assertMemberOf(merchantId, memberId),
  });
  const ledger = createLedgerModule({ db, now });
  const ledgerReconciliation = createLedgerReconciliationModule({
    db,
    logger,
    metrics: infra.metrics,
    node: jobs.node,
    cron: env.RECONCILIATION_CRON,
  });
  const records = createRecordsModule({ ledger: ledger.service, settings: settings.service, now });
  const system = createSystemModule({
    settings: settings.service,
    merchants: merchants.service,
    now,
    timeZoneOf: records.service.timeZoneOf,
  });
  const admins = createAdminModule({ db, merchants: merchants.service, now, logger });
  const realtime = await createRealtimeModule({ ledger: ledger.service, sessions: sessions.service, pubsub, logger, now });
  const responsibleGaming = createResponsibleGamingModule({
    db,
    ledger: ledger.service,
    revokeAllSessions: sessions.service.revokeAllForMember,
    timeZoneOf: records.service.timeZoneOf,
    now,
    // late: a break or self-exclusion forfeits the member's active bonus grants in the same transaction.
    onBlocked: (trx, memberId, reason) => promotions.service.forfeitAll(trx, memberId, reason),
    logger,
  });
  // The responsible-gaming checks other modules pass their callers through.
  const rg = responsibleGaming.service;
  const memberLabels = createMemberLabelsModule({ db });
  const accounts = createAccountsModule({
    db,
    logger,
    sessions: sessions.service,
    settings: settings.service,
    merchants: merchants.service,
    ledger: ledger.service,
    // late: the club label (`clubLabel`) is the higher of the labels' VIP tier and the member's VIP level.
    labels: {
      labelsOf: async (memberId) => {
        const [labels, level] = await Promise.all([memberLabels.service.labelsOf(memberId), vip.service.clubOf(memberId)]);
        return level && (labels.club === null || level.rankLevel >= labels.club.rankLevel) ? { ...labels, club: level } : labels;
      },
    },
    loginGuard: rg,
    // late: a locked account forfeits its active bonus grants in the lock's transaction.
    onMemberLocked: (trx, memberId) => promotions.service.forfeitAll(trx, memberId, 'account_locked'),
    // late: the toUpline flag the session carries is the transfers module's, the one its upline transfer checks.
    toUplineOf: async (memberId) => (await transfers.service.permissionsOf(memberId)).toUpline,
    // late: a player's referral code at registration, and the invite in the registration's transaction.
    referrals: {
      placementOf: (merchantId, code) => referrals.service.placementOf(merchantId, code),
      recordInvite: (trx, invite) => referrals.service.recordInvite(trx, invite),
    },
    // late: a move's transaction moves the subtree's totals in the daily team rollups too, and ends
    // the moved member's agent contracts that no longer hang from its direct upline (with their subtrees').
    onSubtreeMoved: async (trx, move) => {
      await dailyStats.service.subtreeMoved(trx, move);
      const { told } = await agentContracts.service.holderMoved(trx, move);
      // Once the move has committed, the holders told get the live notice of their inbox message.
      return () => agentContracts.service.announceEnded(move.merchantId, told);
    },
    now,
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
    firebase: env.FIREBASE_PROJECT_ID ? { projectId: env.FIREBASE_PROJECT_ID, jwksUrl: env.FIREBASE_JWKS_URL } : undefined,
  });
  const socialSignIn = createSocialSignInModule({
    db,
    settings: settings.service,
    merchants: merchants.service,
    accounts: accounts.service.accounts,
    now,
    logger,
    fetch: infra.socialSignInFetch,
  });
  const agents = createAgentsModule({
    db,
    ledger: ledger.service,
    now,
    // late: a member owing the platform for an agent-contract payout keeps its agent wallet's money (agent-contracts, below).
    agentWalletGuard: { assertCanPayOut: (memberId, trx) => agentContracts.service.assertNotDebtor(memberId, trx) },
  });
  const paymentPasswords = createPaymentPasswordsModule({ db, settings: settings.service, sms: accounts.service.sms, now });
  const transfers = createTransfersModule({
    db,
    ledger: ledger.service,
    agents: agents.service,
    now,
    checkPaymentPassword: paymentPasswords.service.checkIfSet,
  });
  const adminMoney = createAdminMoneyModule({ db, ledger: ledger.service, settings: settings.service, now });
  const payments = createPaymentsModule({ gateways: infra.paymentGateways, sandbox: sandboxGatewayConfig(env) ?? undefined });
  const deposits = createDepositsModule({
    db,
    ledger: ledger.service,
    settings: settings.service,
    gateways: payments.service,
    publicUrl: publicUrlOf(env),
    now,
    recheckCron: env.DEPOSIT_RECHECK_CRON,
    logger,
    depositGuard: infra.depositGuard ?? rg,
    // late: the wallet mode and the total balance count transfer-style vendor wallets (built below).
    vendorWallets: {
      hasTransferVendors: () => vendorWallet.service.hasTransferVendors(),
      heldBalance: (member) => vendorWallet.service.transfers.heldBalance(member),
    },
    // late: the consolidated funds call names the contract requests waiting for the member (built below).
    pendingContractRequests: (memberId) => agentContracts.service.pendingRequestTypes(memberId),
    // late: a credited deposit grants the deposit promotions the member joined, in the crediting transaction.
    // late: an invitee's first deposit is kept for the referral rules, and the points earning rules of
    // deposits are paid (points, built below), all in the crediting transaction.
    onCredited: async (trx, deposit) => {
      await promotions.service.onDepositCredited(trx, deposit);
      await referrals.service.onDepositCredited(trx, deposit);
      await points.service.onDepositCredited(trx, deposit);
    },
  });
  const bankCards = createBankCardsModule({
    db,
    settings: settings.service,
    now,
    paymentPasswords: paymentPasswords.service,
    isCardInUse: isCardInUseByWithdrawal,
  });
  const kyc = createKycModule({
    db,
    now,
    // late: whether a payout needs a verified identity is the withdrawals module's rule.
    isRequiredForPayout: (member) => withdrawals.service.isKycRequiredForPayout(member),
  });
  const wagering = createWageringModule({ db, ledger: ledger.service, now });
  const withdrawals = createWithdrawalsModule({
    db,
    ledger: ledger.service,
    settings: settings.service,
    bankCards: bankCards.service,
    paymentPasswords: paymentPasswords.service,
    // The wagering check counts the older requirements and the active promotion grants (late: built below).
    wagering: {
      ...wagering.service,
      remaining: async (member, trx) =>
        (await wagering.service.remaining(member, trx)) + (await promotions.service.remainingTurnover(member, trx)),
    },
    onRequested: (trx, memberId) => promotions.service.onWithdrawalRequested(trx, memberId),
    kyc: kyc.service,
    autoApprovalFacts: {
      // late: linked members are the member file's (member-overview), the level the VIP module's (both below).
      linkedMembers: async (merchantId, memberId) => (await memberOverview.service.linked(merchantId, memberId)).length,
      vipLevel: (memberId) => vip.service.levels.levelOf(memberId),
    },
    now,
  });
  const content = createContentModule({ db, merchants: merchants.service, now });
  const media = createMediaModule({ db, now });
  const help = createHelpModule({ db, merchants: merchants.service, now });
  const inbox = createInboxModule({
    db,
    now,
    notify: { toMember: realtime.service.publish, toMerchant: realtime.service.publishToMerchant },
    labels: memberLabels.service,
    // late: a VIP segment names the levels of the vip module's ladder.
    vipLadder: (merchantId) => vip.service.levels.ladderOf(merchantId),
    logger,
  });
  // The agent programme's applications (/join); a member's answer also reaches the inbox.
  const agentApplications = createAgentApplicationsModule({ db, merchants: merchants.service, inbox: inbox.service, logger, now });
  // Trial accounts and members under a break or self-exclusion are refused the chat room.
  const chat = createChatModule({
    db,
    settingsTree: (merchantId) => settings.service.get(merchantId, settingsTreeSetting),
    assertNotExcluded: (memberId) => rg.assertCanLogin(memberId),
    timeZoneOf: records.service.timeZoneOf,
    publishToMerchant: realtime.service.publishToMerchant,
    logger,
    now,
  });
  // Customer service: the entries (the system module's setting) and the house live chat with the operators.
  const supportChat = createSupportChatModule({
    db,
    merchants: merchants.service,
    customerService: {
      get: (merchantId) => settings.service.get(merchantId, customerServiceSetting),
      set: (op, value) => settings.service.setByOperator(op.merchantId, customerServiceSetting, value, op),
    },
    rankLevelOf: async (memberId) => (await memberLabels.service.labelsOf(memberId)).club?.rankLevel ?? null,
    publishToMember: realtime.service.publish,
    logger,
    now,
  });
  const redEnvelopes = createRedEnvelopesModule({
    db,
    ledger: ledger.service,
    agents: agents.service,
    checkPaymentPassword: paymentPasswords.service.checkIfSet,
    now,
    notify: { toMember: realtime.service.publish, toMerchant: realtime.service.publishToMerchant },
    logger,
  });
  const gameSessions = createGameSessionModule({ db, now });
  const betRecords = createBetRecordsModule({
    db,
    ledger: ledger.service,
    merchants: merchants.service,
    // late: the winner board names games from the catalogue, whose launch needs the game wallets below.
    gameInfo: (game) => games.service.gameInfo(game),
    // late: the betting record names its rounds from the same catalogue.
    gameNames: (query) => games.service.gameNames(query),
    // late: the house game server shows each of its rounds' detail and proof (ADR 0036).
    roundDetailBase: async (vendorCode) => {
      if (vendorCode !== HOUSE_VENDOR_CODE && !(HOUSE_BRAND_VENDOR_CODES as readonly string[]).includes(vendorCode)) return undefined;
      const integration = await vendorWallet.service.integrations.find(vendorCode);
      return integration?.isEnabled ? (integration.launchBaseUrl ?? undefined) : undefined;
    },
    now,
  });
  // Every new real-money bet, in a game or the lottery, passes the responsible-gaming check (limits,
  // breaks, self-exclusion) inside the bet's own transaction.
  // The maximum stake of an active bonus grant is checked there too (late: promotions, built below).
  const stakeGuard: StakeGuard = async (memberId, amountMinor, trx) => {
    await rg.assertCanStake(memberId, amountMinor, trx);
    await promotions.service.assertStakeAllowed(memberId, amountMinor, trx);
  };
  // A stake the cash cannot cover draws the rest from the member's bonus grants (late: promotions, built below).
  const bonusWallet: BonusWallet = {
    available: (memberId, trx) => promotions.service.bonusStakes.available(memberId, trx),
    take: (trx, input) => promotions.service.bonusStakes.take(trx, input),
    settle: (trx, input) => promotions.service.bonusStakes.settle(trx, input),
    void: (trx, input) => promotions.service.bonusStakes.void(trx, input),
    payLateWin: (trx, input) => promotions.service.bonusStakes.payLateWin(trx, input),
  };
  const vendorWallet = createVendorWalletModule({
    db,
    ledger: ledger.service,
    gameSessions: gameSessions.service,
    betRecords: betRecords.service,
    stakeGuard,
    bonusWallet,
    // The guard above is what the debit's SQL function checks too (rg_stake_needs_check,
    // promotions_stake_terms): a change to one is a change to the other (ADR 0041).
    isStakeGuardInSql: true,
    jobs,
    logger,
    now,
    // late: rounds from a vendor's bet feed take their game's category from the catalogue.
    gameCategoryOf: async (game) =>
      (await games.service.gameNames({ merchantId: game.merchantId, language: 'vi', games: [game] })).get(gameNameKey(game))?.category ??
      null,
    transferTimeoutMs: env.VENDOR_TRANSFER_TIMEOUT_MS,
    integrationsAtStartup: demoIntegrationsFromEnv(env),
  });
  const lottery = createLotteryModule({
    db,
    ledger: ledger.service,
    betRecords: betRecords.service,
    merchants: merchants.service,
    realtime: realtime.service,
    logger,
    now,
    stakeGuard,
    bonusWallet,
    resultsFeedUrl: env.LOTTERY_RESULTS_FEED_URL,
    replayPublishedResults: replaysPublishedResults(env),
  });
  const dailyStats = createDailyStatsModule({
    db,
    betRecords: betRecords.service,
    ledger: ledger.service,
    timeZoneOf: records.service.timeZoneOf,
    merchants: merchants.service,
    now,
    logger,
    metrics: infra.metrics,
    node: jobs.node,
  });
  const agentReports = createAgentReportsModule({
    db,
    agents: agents.service,
    teamStats: dailyStats.service.team,
    betRecords: betRecords.service,
    ledger: ledger.service,
    transferSenders: (ids) => transfers.service.sendersOf(ids),
    refreshRollups: () => dailyStats.service.refresh(),
    timeZoneOf: (merchantId) => records.service.timeZoneOf(merchantId),
    now,
  });
  const games = await createGamesModule({
    db,
    settings: settings.service,
    merchants: merchants.service,
    gameSessions: gameSessions.service,
    pubsub,
    now,
    // A vendor with an enabled wallet integration gets a URL signed with its secret.
    vendorLaunchUrl: async (input) =>
      (await vendorWallet.service.integrations.find(input.vendorCode))?.isEnabled ? vendorWallet.service.buildLaunchUrl(input) : undefined,
    namedHosts: { DEMO_VENDOR_URL: env.DEMO_VENDOR_URL, HOUSE_GAMES_URL: env.HOUSE_GAMES_URL },
    // A self-excluded member or one on a break starts no game; stake limits are checked per bet.
    launchGuard: (memberId) => rg.assertCanLogin(memberId),
    // The house game server's card rooms are listed live; their launches carry the member's linked accounts.
    liveRooms: [
      createLiveRoomSource({
        vendorCode: HOUSE_VENDOR_CODE,
        baseUrl: async () => {
          const integration = await vendorWallet.service.integrations.find(HOUSE_VENDOR_CODE);
          return integration?.isEnabled ? (integration.launchBaseUrl ?? undefined) : undefined;
        },
        now,
      }),
    ],
    identityLinks: async (merchantId, memberId) => (await memberOverview.service.linked(merchantId, memberId)).map((m) => m.username),
    // The home jackpot counter shows the pools the house game server keeps (ADR 0036).
    jackpotPools: createJackpotPoolSource({
      baseUrl: async () => {
        const integration = await vendorWallet.service.integrations.find(HOUSE_VENDOR_CODE);
        return integration?.isEnabled ? (integration.launchBaseUrl ?? undefined) : undefined;
      },
      now,
    }),
  });
  // The agent centre's team pages: accounts opened under an agent, its team, its notices.
  const agentTeam = createAgentTeamModule({
    db,
    agents: agents.service,
    accounts: accounts.service.accounts,
    transfers: transfers.service,
    inbox: inbox.service,
    teamTurnover: (parent, days) => dailyStats.service.team.byChild(parent, days),
    timeZoneOf: records.service.timeZoneOf,
    now,
  });
  // Agent contracts: terms along the downline, offered by uplines, set by operators for top-level agents.
  const agentContracts = createAgentContractsModule({
    db,
    agents: agents.service,
    settings: settings.service,
    inbox: inbox.service,
    ledger: ledger.service,
    teamStats: dailyStats.service.team,
    betRecords: betRecords.service,
    timeZoneOf: (merchantId) => records.service.timeZoneOf(merchantId),
    settingsTree: (merchantId, executor) => settings.service.get(merchantId, settingsTreeSetting, executor),
    merchants: merchants.service,
    refreshRollups: () => dailyStats.service.refresh(),
    logger,
    now,
  });
  // VIP levels and rebates, from the daily rollups; paid through the ledger.
  const vip = createVipModule({
    db,
    ledger: ledger.service,
    settings: settings.service,
    rollups: dailyStats.service,
    timeZoneOf: (merchantId) => records.service.timeZoneOf(merchantId),
    assertNotExcluded: (memberId) => rg.assertCanLogin(memberId),
    blockedAmong: (memberIds) => rg.blockedAmong(memberIds),
    merchants: merchants.service,
    refreshRollups: () => dailyStats.service.refresh(),
    logger,
    now,
  });
  // Promotions and bonus grants: audience facts from the VIP, labels, agents and deposits modules.
  const promotions = createPromotionsModule({
    db,
    ledger: ledger.service,
    betRecords: betRecords.service,
    now,
    logger,
    vipLevelOf: (memberId) => vip.service.levels.levelOf(memberId),
    vipLadderOf: (merchantId) => vip.service.levels.ladderOf(merchantId),
    merchants: merchants.service,
    netLossByMember: (filter) => dailyStats.service.netLossByMember(filter),
    timeZoneOf: (merchantId) => records.service.timeZoneOf(merchantId),
    refreshRollups: () => dailyStats.service.refresh(),
    labelsOf: async (memberId) => (await memberLabels.service.labelsOf(memberId)).names,
    isInDownline: async (agentId, member) => {
      const agent = await agents.service.agentOf({ merchantId: member.merchantId, memberId: agentId }).catch(() => null);
      return agent !== null && (await agents.service.isInTeam(agent, member.id));
    },
    paidDepositCount: async (memberId) => (await deposits.service.totalsOfMember(memberId)).reduce((n, t) => n + t.count, 0),
    audienceFacts: {
      vipLevelsOf: (merchantId) => vip.service.memberLevels(merchantId),
      labelNamesOf: (memberIds) => memberLabels.service.labelNamesOf(memberIds),
      paidDepositCounts: (memberIds) => deposits.service.paidCountsOf(memberIds),
      downlineAmong: async (agentId, merchantId, memberIds) => {
        const agent = await agents.service.agentOf({ merchantId, memberId: agentId }).catch(() => null);
        return agent === null ? new Set<number>() : agents.service.teamAmong(agent, memberIds);
      },
    },
    assertNotExcluded: (memberId) => rg.assertCanLogin(memberId),
    assertNotExcludedIn: (trx, memberId) => rg.assertCanLoginIn(trx, memberId),
    identityOf: async (member) => {
      const [profile, cards] = await Promise.all([
        accounts.service.memberFile.profileOf(member.merchantId, member.id),
        bankCards.service.list({ memberId: member.id, merchantId: member.merchantId }),
      ]);
      return { phone: profile.mobileNum, payeeName: profile.payeeName, bankAccounts: cards.cards.map((c) => c.accountNumber) };
    },
  });

  // Loyalty points: earning rules, awards and the points mall, in the ledger's points currency.
  const points = createPointsModule({
    db,
    ledger: ledger.service,
    timeZoneOf: (merchantId, trx) => records.service.timeZoneOf(merchantId, trx),
    now,
    logger,
    verifyPaymentPassword: (member, plain) => paymentPasswords.service.verify(member, plain),
    promotionTerms: async (merchantId) =>
      new Map(
        (await promotions.service.admin.list(merchantId)).map((p) => [
          p.id,
          { id: p.id, wageringMultiple: p.input.wagering.multiple, isActive: p.state === 'active' },
        ]),
      ),
    grantBonus: (trx, input) => promotions.service.grantForReward(trx, input),
    validBet: (filter) => dailyStats.service.validBetByMemberAndCategory(filter),
  });

  // The rewards centre and redeem codes: cash from the bonus pool, bonuses through the promotions
  // engine, points through the points module; promotions to claim, red envelopes and rebates listed
  // beside its own rewards and claimed through their modules.
  const rewards = createRewardsModule({
    db,
    ledger: ledger.service,
    now,
    grantBonus: (trx, input) => promotions.service.grantForReward(trx, input),
    awardPoints: async (trx, input) => {
      await points.service.award(
        {
          merchantId: input.merchantId,
          memberId: input.memberId,
          amount: input.amount,
          ruleKey: 'reward',
          occurrenceKey: input.idempotencyKey,
          note: input.reason,
        },
        trx,
      );
    },
    vipLevelOf: (memberId) => vip.service.levels.levelOf(memberId),
    externalSources: () =>
      rewardSourcesOf({
        promotions: promotions.service,
        redEnvelopes: redEnvelopes.service,
        vip: vip.service,
        referrals: referrals.service,
      }),
  });
  // Missions and the sign-in calendar: progress from the daily rollups, rewards through the rewards centre.
  const missions = createMissionsModule({
    db,
    now,
    logger,
    rewards: rewards.service,
    timeZoneOf: (merchantId) => records.service.timeZoneOf(merchantId),
    rollups: dailyStats.service,
    merchantIds: async () => [(await merchants.service.current()).id],
    pointsEvents: (trx, event) => points.service.onEvent(event, trx),
    // late: the invite missions count the friends who registered (referrals, built below).
    invitesBetween: (memberId, from, to) => referrals.service.invitesBetween(memberId, from, to),
  });

  // The back office's member search and member file, read from the modules that own each part.
  const memberOverview = createMemberOverviewModule({
    memberFile: accounts.service.memberFile,
    ledger: ledger.service,
    bankCards: bankCards.service,
    deposits: deposits.service,
    withdrawals: withdrawals.service,
    betRecords: betRecords.service,
    kyc: kyc.service,
    labels: memberLabels.service,
    responsibleGaming: rg,
    gameWallets: (member) => vendorWallet.service.transfers.walletsOfMember(member),
  });

  // Invite friends: players' codes, invites qualified from the first deposit and the rollups, rewards claimed through the ledger.
  const referrals = createReferralsModule({
    db,
    ledger: ledger.service,
    now,
    logger,
    timeZoneOf: (merchantId) => records.service.timeZoneOf(merchantId),
    rollups: { gameDays: (filter) => dailyStats.service.gameDays(filter), refresh: () => dailyStats.service.refresh() },
    identityLinks: async (merchantId, memberId, otherId) => {
      const [linked, mine, theirs] = await Promise.all([
        memberOverview.service.linked(merchantId, memberId),
        accounts.service.memberFile.profileOf(merchantId, memberId),
        accounts.service.memberFile.profileOf(merchantId, otherId),
      ]);
      return sharedIdentitySignals(linked, otherId, [mine, theirs]);
    },
    addWagering: (memberId, amount, multiple, source, trx) => wagering.service.addRequirement(memberId, amount, multiple, source, trx),
    assertNotExcluded: (memberId) => rg.assertCanLogin(memberId),
    onQualified: (trx, invite) =>
      points.service.onEvent(
        { type: 'referral_qualified', merchantId: invite.merchantId, memberId: invite.referrerId, inviteeId: invite.inviteeId },
        trx,
      ),
  });

  const reports = createReportsModule({
    db,
    now,
    timeZoneOf: (merchantId) => records.service.timeZoneOf(merchantId),
    dailyStats: dailyStats.service,
    ledger: ledger.service,
    betRecords: betRecords.service,
    deposits: deposits.service,
    memberFile: accounts.service.memberFile,
    responsibleGaming: rg,
    admins: admins.service,
  });

  const modules = [
    health,
    sessions,
    settings,
    merchants,
    audit,
    ledger,
    ledgerReconciliation,
    records,
    system,
    admins,
    realtime,
    responsibleGaming,
    memberLabels,
    accounts,
    socialSignIn,
    agents,
    paymentPasswords,
    transfers,
    adminMoney,
    payments,
    deposits,
    bankCards,
    kyc,
    wagering,
    withdrawals,
    content,
    media,
    help,
    inbox,
    agentApplications,
    chat,
    supportChat,
    redEnvelopes,
    gameSessions,
    betRecords,
    vendorWallet,
    lottery,
    dailyStats,
    agentReports,
    games,
    agentTeam,
    agentContracts,
    vip,
    promotions,
    points,
    rewards,
    missions,
    memberOverview,
    referrals,
    reports,
  ] as const;
  return modules;
}

/** Fastify with zod schemas and request ids (a well-formed incoming `x-request-id` is kept). */
function createFastify(env: Env, logger: boolean | undefined): FastifyInstance {
  const app = Fastify({
    logger: logger === false ? false : { level: env.LOG_LEVEL },
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    requestIdHeader: false,
    // A malformed URL or a too-long parameter is answered with the envelope, never the path.
    frameworkErrors: answerFrameworkError,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}

/** The cross-cutting plugins: errors, rate limits, security headers, compression, CORS, OpenAPI, WebSocket, metrics. */
async function registerPlugins(app: FastifyInstance, env: Env, metrics: Registry): Promise<void> {
  registerErrorHandler(app);
  await registerRateLimit(app, { redisUrl: env.REDIS_URL });

  registerSecurityHeaders(app);

  // Answers over 1 KB (game lists, records, settings) go gzipped when the browser accepts it; the
  // web app's files are compressed once at build time and served as they are (plugins/web-app.ts).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });

  const corsOrigins = env.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: corsOrigins, credentials: false });
  }

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Platform API', version: '1.0.0', description: 'Player, agent and vendor calls. Every response is an envelope.' },
      components: { securitySchemes: { session: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas given an id with `.meta({ id })` become named components that routes reference.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  // Before the modules: the realtime module's `/ws` route needs it.
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  registerMetrics(app, metrics, { token: env.METRICS_TOKEN, allow: env.METRICS_ALLOW });
}
