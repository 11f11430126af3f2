import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import type { Database } from './db/database.ts';
import { EDITABLE_SETTINGS } from './editable-settings.ts';
import { type Env, publicUrlOf, sandboxGatewayConfig } from './env.ts';
import { createPubSub, type PubSub } from './lib/pubsub.ts';
import { accountsModule } from './modules/accounts/accounts.module.ts';
import { createSmtpEmailProvider } from './modules/accounts/email-provider.ts';
import { createFirebasePhoneVerifier } from './modules/accounts/phone-identity.ts';
import { createOutboxSmsProvider } from './modules/accounts/sms-provider.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { type AdminService, createAdminService } from './modules/admin/admin.service.ts';
import { adminMoneyRoutes } from './modules/admin-money/admin-money.routes.ts';
import { type AdminMoneyService, createAdminMoneyService } from './modules/admin-money/admin-money.service.ts';
import { type AuditService, createAuditService } from './modules/audit/audit.service.ts';
import { type BetRecordService, createBetRecordService } from './modules/bet-records/bet-records.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { type ChatService, createChatService } from './modules/chat/chat.service.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { type ContentService, createContentService } from './modules/content/content.service.ts';
import { createDepositsModule, registerDepositsRoutes } from './modules/deposits/deposits.module.ts';
import type { DepositGuard, DepositsService } from './modules/deposits/deposits.service.ts';
import { createGameSessionService, type GameSessionService } from './modules/game-session/game-session.service.ts';
import { createGameInfoResolver } from './modules/games/games.info.ts';
import { createTemplateLaunchUrlBuilder } from './modules/games/games.launch.ts';
import { gamesModule } from './modules/games/games.module.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { createHelpService, type HelpService } from './modules/help/help.service.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { createInboxService, type InboxService } from './modules/inbox/inbox.service.ts';
import { createJobRunner, type JobRunner } from './modules/jobs/job-runner.ts';
import { createLedgerReconciliation, type LedgerReconciliation } from './modules/ledger/ledger.reconciliation.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { createLedgerService, type LedgerService } from './modules/ledger/ledger.service.ts';
import { createLotteryModule, registerLotteryRoutes } from './modules/lottery/lottery.module.ts';
import type { LotteryService } from './modules/lottery/lottery.service.ts';
import { createMerchantService, type MerchantService } from './modules/merchant/merchant.service.ts';
import type { PaymentGateway } from './modules/payments/payment-gateway.ts';
import { createSandboxPaymentGateway } from './modules/payments/sandbox-gateway.adapter.ts';
import { createRealtimeHub, type RealtimeHub } from './modules/realtime/realtime.hub.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { createRecordsService, type RecordsService } from './modules/records/records.service.ts';
import { responsibleGamingRoutes } from './modules/responsible-gaming/responsible-gaming.routes.ts';
import { createResponsibleGamingService, type ResponsibleGamingService } from './modules/responsible-gaming/responsible-gaming.service.ts';
import { createSessionService, type SessionService } from './modules/session/session.service.ts';
import { settingsAdminRoutes } from './modules/settings/settings.admin-routes.ts';
import { createSettingsService, type SettingsService } from './modules/settings/settings.service.ts';
import { lookupCountry } from './modules/system/ip-country.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { createSystemService, type SystemService } from './modules/system/system.service.ts';
import { settingsTreeSetting } from './modules/system/system.settings.ts';
import { transfersAdminRoutes } from './modules/transfers/transfers.admin-routes.ts';
import { transfersRoutes } from './modules/transfers/transfers.routes.ts';
import { createTransfersService, type TransfersService } from './modules/transfers/transfers.service.ts';
import { demoIntegrationsFromEnv } from './modules/vendor-wallet/vendor-wallet.integrations.ts';
import { createVendorWallet, registerGameWallets, type VendorWalletService } from './modules/vendor-wallet/vendor-wallet.module.ts';
import type { StakeGuard } from './modules/vendor-wallet/vendor-wallet.seamless.ts';
import type { WageringService } from './modules/withdrawals/wagering.service.ts';
import { createWithdrawalsModule } from './modules/withdrawals/withdrawals.module.ts';
import type { WithdrawalsService } from './modules/withdrawals/withdrawals.service.ts';
import { registerAdminAuth } from './plugins/admin-auth.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { createMetricsRegistry, registerMetrics } from './plugins/metrics.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
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
};

export type AppServices = {
  sessions: SessionService;
  settings: SettingsService;
  merchants: MerchantService;
  audit: AuditService;
  ledgerReconciliation: LedgerReconciliation;
  system: SystemService;
  ledger: LedgerService;
  admins: AdminService;
  gameSessions: GameSessionService;
  betRecords: BetRecordService;
  vendorWallet: VendorWalletService;
  realtime: RealtimeHub;
  records: RecordsService;
  transfers: TransfersService;
  responsibleGaming: ResponsibleGamingService;
  adminMoney: AdminMoneyService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  /** Bonus grants call `wagering.addRequirement`; withdrawals wait until it is turned over. */
  wagering: WageringService;
  content: ContentService;
  lottery: LotteryService;
  help: HelpService;
  inbox: InboxService;
  chat: ChatService;
};

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

/** Builds the whole HTTP application from its dependencies; listening is server.ts's job. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const now = deps.now ?? (() => new Date());
  const metrics = deps.metrics ?? createMetricsRegistry();

  const app = Fastify({
    logger: deps.logger === false ? false : { level: env.LOG_LEVEL },
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    requestIdHeader: false,
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

  const sessions = createSessionService({
    db: database.db,
    policy: { idleMinutes: env.SESSION_IDLE_MINUTES, absoluteHours: env.SESSION_ABSOLUTE_HOURS },
    now,
  });
  const settings = createSettingsService({ db: database.db });
  const merchants = createMerchantService({ db: database.db, defaultCode: env.MERCHANT_CODE });
  const jobs = deps.jobs ?? createJobRunner({ database, logger: app.log });
  const audit = createAuditService({ db: database.db, logger: app.log });
  const ledgerReconciliation = createLedgerReconciliation({ db: database.db, logger: app.log, metrics, node: jobs.node });
  // Registration only: the handlers run once the runner is started (server.ts, when JOBS_ENABLED).
  await ledgerReconciliation.schedule(jobs, env.RECONCILIATION_CRON);
  await audit.schedule(jobs);
  const pubsub = createPubSub({ redisUrl: env.REDIS_URL, onError: (err, channel) => app.log.warn({ err, channel }, 'pubsub error') });
  const system = createSystemService({ settings, merchants, now, countryOf: lookupCountry });
  const ledger = createLedgerService({ db: database.db, now });
  const admins = createAdminService({ db: database.db, merchants, now });
  const gameSessions = createGameSessionService({ db: database.db, now });
  const realtime = createRealtimeHub({ ledger, sessions, pubsub, logger: app.log, now });
  await realtime.start();
  // Wallet and payments: records, transfers along the downline, responsible gaming.
  const records = createRecordsService({ ledger, settings, now });
  const transfers = createTransfersService({
    db: database.db,
    ledger,
    now,
    // Resolved at call time: the withdrawals module, which owns the payment password, is built below.
    verifyPaymentPassword: (member, plain) => payments.services.paymentPasswords.verify(member, plain),
  });
  const responsibleGaming = createResponsibleGamingService({
    db: database.db,
    ledger,
    revokeAllSessions: sessions.revokeAllForMember,
    timeZoneOf: records.timeZoneOf,
    now,
  });
  const adminMoney = createAdminMoneyService({ db: database.db, ledger, settings, now });
  const sandboxGateway = sandboxGatewayConfig(env);
  const deposits = await createDepositsModule({
    db: database.db,
    ledger,
    settings,
    gateways:
      deps.paymentGateways ??
      (sandboxGateway ? [createSandboxPaymentGateway({ baseUrl: sandboxGateway.url, secret: sandboxGateway.secret })] : []),
    publicUrl: publicUrlOf(env),
    now,
    jobs,
    recheckCron: env.DEPOSIT_RECHECK_CRON,
    logger: app.log,
    // Responsible gaming: deposit limits and exclusions are checked when a deposit is requested.
    depositGuard: deps.depositGuard ?? responsibleGaming,
  });
  const payments = createWithdrawalsModule({ db: database.db, ledger, settings, now });
  await payments.schedule(jobs);
  const content = createContentService({ db: database.db, now });
  const help = createHelpService({ db: database.db, now });
  // Platform messages: a send tells the members' open tabs through the realtime hub.
  const inbox = createInboxService({
    db: database.db,
    now,
    notify: { toMember: realtime.publish, toMerchant: realtime.publishToMerchant },
    logger: app.log,
  });
  // Game wallets: every new real-money bet passes the responsible-gaming check (limits, breaks,
  // self-exclusion) inside the bet's own transaction.
  const stakeGuard: StakeGuard = (memberId, amountMinor, trx) => responsibleGaming.assertCanStake(memberId, amountMinor, trx);
  const betRecords = createBetRecordService({ db: database.db, now });
  const vendorWallet = createVendorWallet({
    db: database.db,
    ledger,
    gameSessions,
    betRecords,
    stakeGuard,
    jobs,
    logger: app.log,
    now,
    transferTimeoutMs: env.VENDOR_TRANSFER_TIMEOUT_MS,
  });
  // The house lottery: stakes pass the same responsible-gaming check as any other bet.
  const lottery = await createLotteryModule({
    db: database.db,
    ledger,
    betRecords,
    realtime,
    jobs,
    logger: app.log,
    now,
    stakeGuard: (memberId, amountMinor, trx) => responsibleGaming.assertCanStake(memberId, amountMinor, trx),
    resultsFeedUrl: env.LOTTERY_RESULTS_FEED_URL,
  });
  // The house chat room: trial accounts and members under a break or self-exclusion are refused.
  const chat = createChatService({
    db: database.db,
    settingsTree: (merchantId) => settings.get(merchantId, settingsTreeSetting),
    assertNotExcluded: (memberId) => responsibleGaming.assertCanLogin(memberId),
    timeZoneOf: records.timeZoneOf,
    publishToMerchant: realtime.publishToMerchant,
    logger: app.log,
    now,
  });
  app.decorate('services', {
    sessions,
    settings,
    merchants,
    audit,
    ledgerReconciliation,
    system,
    ledger,
    records,
    transfers,
    responsibleGaming,
    adminMoney,
    admins,
    gameSessions,
    realtime,
    deposits,
    withdrawals: payments.services.withdrawals,
    wagering: payments.services.wagering,
    content,
    betRecords,
    vendorWallet,
    lottery,
    help,
    inbox,
    chat,
  });
  app.decorate('metrics', metrics);
  app.decorate('jobs', jobs);
  app.decorate('pubsub', pubsub);
  // Jobs stop before the database closes (server.ts closes it after the app).
  app.addHook('onClose', async () => {
    await realtime.close();
    await jobs.stop();
    await pubsub.close();
  });

  registerErrorHandler(app);
  await registerRateLimit(app, { redisUrl: env.REDIS_URL });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:', 'http:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });

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

  registerMetrics(app, metrics);
  registerAuth(app, sessions);
  registerAdminAuth(app, admins);

  await app.register(healthRoutes(database));
  registerSiteAccessGuard(app, system);
  await app.register(systemRoutes);
  await app.register(
    accountsModule({
      db: database.db,
      sessions,
      settings,
      merchants,
      ledger,
      loginGuard: responsibleGaming,
      now,
      // Without SMTP_URL, mail goes to the email_outbox table (development, tests, demo).
      ...(env.SMTP_URL ? { emailProvider: createSmtpEmailProvider({ url: env.SMTP_URL, from: env.MAIL_FROM }) } : {}),
      // SMS codes go to the outbox until a gateway is configured; Firebase ID tokens are checked when a project is set.
      smsProvider: {
        ...createOutboxSmsProvider(database.db),
        ...(env.FIREBASE_PROJECT_ID
          ? {
              verifyIdToken: createFirebasePhoneVerifier({
                projectId: env.FIREBASE_PROJECT_ID,
                ...(env.FIREBASE_JWKS_URL ? { jwksUrl: env.FIREBASE_JWKS_URL } : {}),
              }),
            }
          : {}),
      },
    }),
  );
  await app.register(ledgerRoutes(ledger));
  await app.register(adminRoutes(admins));
  await registerGameWallets(app, {
    vendorWallet,
    betRecords,
    ledger,
    merchants,
    // The catalogue names the games on the winner board and gives their images.
    gameInfo: createGameInfoResolver({ db: database.db, settings, merchants }),
    now,
  });
  app.addHook('onReady', async () => {
    for (const integration of demoIntegrationsFromEnv(env)) await vendorWallet.integrations.ensure(integration);
  });
  await app.register(settingsAdminRoutes({ settings, editable: EDITABLE_SETTINGS }));
  await app.register(contentRoutes({ content, merchants }));
  await app.register(helpRoutes({ help, merchants }));
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await app.register(realtimeRoutes({ hub: realtime, sessions }));
  await app.register(recordsRoutes(records));
  await app.register(transfersRoutes(transfers));
  await app.register(responsibleGamingRoutes(responsibleGaming));
  await app.register(inboxRoutes(inbox));
  await app.register(chatRoutes(chat));
  await app.register(transfersAdminRoutes(transfers));
  await app.register(adminMoneyRoutes(adminMoney));
  await registerDepositsRoutes(app, { deposits, ledger, settings });
  await app.register(payments.routes);
  await registerLotteryRoutes(app, { lottery, db: database.db, merchants, now });
  const templateLaunchUrl = createTemplateLaunchUrlBuilder({
    db: database.db,
    settings,
    namedHosts: { DEMO_VENDOR_URL: env.DEMO_VENDOR_URL },
  });
  await app.register(
    gamesModule({
      db: database.db,
      settings,
      merchants,
      gameSessions,
      pubsub,
      now,
      // A vendor with a wallet integration gets a URL signed with its secret; any other vendor's URL
      // comes from its catalogue row's template.
      buildLaunchUrl: async (input) =>
        (await vendorWallet.integrations.find(input.vendorCode))?.isEnabled ? vendorWallet.buildLaunchUrl(input) : templateLaunchUrl(input),
      // A self-excluded member or one on a break starts no game; stake limits are checked per bet.
      launchGuard: (memberId) => responsibleGaming.assertCanLogin(memberId),
    }),
  );

  await registerWebApp(app, env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR);
  return app;
}
