import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import type { Database } from './db/database.ts';
import type { Env } from './env.ts';
import { createPubSub, type PubSub } from './lib/pubsub.ts';
import { accountsModule } from './modules/accounts/accounts.module.ts';
import { createSmtpEmailProvider } from './modules/accounts/email-provider.ts';
import { type AuditService, createAuditService } from './modules/audit/audit.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createJobRunner, type JobRunner } from './modules/jobs/job-runner.ts';
import { createLedgerReconciliation, type LedgerReconciliation } from './modules/ledger/ledger.reconciliation.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { createLedgerService, type LedgerService } from './modules/ledger/ledger.service.ts';
import { createMerchantService, type MerchantService } from './modules/merchant/merchant.service.ts';
import { createSessionService, type SessionService } from './modules/session/session.service.ts';
import { createSettingsService, type SettingsService } from './modules/settings/settings.service.ts';
import { lookupCountry } from './modules/system/ip-country.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { createSystemService, type SystemService } from './modules/system/system.service.ts';
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
};

export type AppServices = {
  sessions: SessionService;
  settings: SettingsService;
  merchants: MerchantService;
  audit: AuditService;
  ledgerReconciliation: LedgerReconciliation;
  system: SystemService;
  ledger: LedgerService;
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
  app.decorate('services', { sessions, settings, merchants, audit, ledgerReconciliation, system, ledger });
  app.decorate('metrics', metrics);
  app.decorate('jobs', jobs);
  app.decorate('pubsub', pubsub);
  // Jobs stop before the database closes (server.ts closes it after the app).
  app.addHook('onClose', async () => {
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
      now,
      // Without SMTP_URL, mail goes to the email_outbox table (development, tests, demo).
      ...(env.SMTP_URL ? { emailProvider: createSmtpEmailProvider({ url: env.SMTP_URL, from: env.MAIL_FROM }) } : {}),
    }),
  );
  await app.register(ledgerRoutes(ledger));

  await registerWebApp(app, env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR);
  return app;
}
