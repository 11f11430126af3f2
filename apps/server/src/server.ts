import { createSandboxGateway, type SandboxGateway } from '@platform/sandbox-gateway/sandbox-gateway';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { type Env, parseEnv, sandboxGatewayConfig } from './env.ts';
import {
  DEV_DEMO_TRANSFER_VENDOR_SECRET,
  DEV_DEMO_VENDOR_SECRET,
  DEV_HOUSE_GAMES_SECRET,
} from './modules/vendor-wallet/vendor-wallet.integrations.ts';
import { fundDemoMembers } from './seed/demo-funding.ts';
import { seedDemoDataAtStartup } from './seed/demo-seed.ts';
import { seedDemoTeams } from './seed/demo-teams.ts';

/** Starts one server node: database, migrations, the app, then listens until told to stop. */
async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', connectionString: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: `${env.DATA_DIR}/pglite` },
  );
  await migrateToLatest(database.db);
  const app = await buildApp({ env, database });
  // The sandbox payment gateway runs in this process on its own port, so `npm start` has a gateway
  // to pay through; with SANDBOX_GATEWAY_PORT=0 it is left to run on its own (apps/sandbox-gateway).
  const sandboxConfig = sandboxGatewayConfig(env);
  let sandbox: SandboxGateway | undefined;
  if (sandboxConfig && sandboxConfig.port > 0) {
    sandbox = createSandboxGateway({
      secret: sandboxConfig.secret,
      publicUrl: sandboxConfig.publicUrl,
      log: (message, data) => app.log.info({ sandboxGateway: true, ...data }, message),
    });
    const url = await sandbox.listen(sandboxConfig.port, env.HOST);
    app.log.info({ url, publicUrl: sandboxConfig.publicUrl }, 'sandbox payment gateway listening');
  }
  const seedStartedAt = performance.now();
  const seeded = await seedDemoDataAtStartup(database.db, env, app.log, {
    afterAccounts: async (trx, data) => {
      // The teams' weeks of play are dated in the past, so they come before today's demo funds.
      const play = await seedDemoTeams({ ledger: app.services.ledger, betRecords: app.services.betRecords })(trx, data);
      app.log.info(play, "seeded the demo agents' teams and their weeks of play");
      await fundDemoMembers(app.services.ledger)(trx, data);
    },
  });
  // The daily rollups catch up with whatever the seed (or a stopped node) left unread.
  await app.services.dailyStats.refresh();
  if (seeded?.isCreated) app.log.info({ ms: Math.round(performance.now() - seedStartedAt) }, 'demo data and its daily rollups are ready');

  let demoVendor: { close: () => Promise<void> } | undefined;
  let houseGames: { close: () => Promise<void> } | undefined;
  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'stopping after an error');
    else app.log.info({ signal }, 'stopping');
    // app.close() stops the job runner (an onClose hook) before the database goes away.
    await sandbox?.close();
    await demoVendor?.close();
    // Before the app: a round in progress is voided and its bets refunded through our callback API.
    await houseGames?.close();
    await app.close();
    await database.close();
  });

  if (env.JOBS_ENABLED) await app.jobs.start();
  await app.listen({ port: env.PORT, host: env.HOST });
  demoVendor = await startDemoVendor(env, app.log);
  houseGames = await startHouseGames(env, app.log);
}

function siteOriginsOf(env: Env): string[] {
  return [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`, ...env.CORS_ORIGINS.split(',').map((o) => o.trim())].filter(
    Boolean,
  );
}

/**
 * The house game server (apps/house-games, ADR 0021) runs in this process outside production (or
 * when HOUSE_GAMES_ENABLED), so `npm start` serves the crash game on one command; it is still a
 * vendor that calls this server back over HTTP, and runs on its own as well.
 */
async function startHouseGames(
  env: Env,
  log: { info: (obj: object, msg: string) => void },
): Promise<{ close: () => Promise<void> } | undefined> {
  const isEnabled = env.HOUSE_GAMES_ENABLED ?? env.NODE_ENV !== 'production';
  if (!isEnabled) return undefined;
  const { createHouseGames } = await import('@platform/house-games/house-games');
  const port = env.HOUSE_GAMES_PORT ?? Number(new URL(env.HOUSE_GAMES_URL).port || 8092);
  const house = createHouseGames({
    platformUrl: `http://127.0.0.1:${env.PORT}`,
    secret: env.HOUSE_GAMES_SECRET ?? DEV_HOUSE_GAMES_SECRET,
    dataDir: env.HOUSE_GAMES_DATA_DIR ?? `${env.DATA_DIR}/house-games`,
    siteOrigins: siteOriginsOf(env),
    log: (message, data) => log.info({ houseGames: true, ...data }, message),
  });
  const url = await house.listen(port, new URL(env.HOUSE_GAMES_URL).hostname);
  await house.start();
  log.info({ url }, 'house game server listening');
  return house;
}

/**
 * The demo game vendor runs in this process outside production (or when DEMO_VENDOR_ENABLED), so
 * `npm start` serves playable demo games; it calls this server back over HTTP like a third party.
 */
async function startDemoVendor(
  env: Env,
  log: { info: (obj: object, msg: string) => void },
): Promise<{ close: () => Promise<void> } | undefined> {
  const isEnabled = env.DEMO_VENDOR_ENABLED ?? env.NODE_ENV !== 'production';
  if (!isEnabled) return undefined;
  const { createDemoVendor } = await import('@platform/demo-vendor/demo-vendor');
  const port = env.DEMO_VENDOR_PORT ?? Number(new URL(env.DEMO_VENDOR_URL).port || 8091);
  const siteOrigins = siteOriginsOf(env);
  const vendor = createDemoVendor({
    platformUrl: `http://127.0.0.1:${env.PORT}`,
    seamlessSecret: env.DEMO_VENDOR_SECRET ?? DEV_DEMO_VENDOR_SECRET,
    transferSecret: env.DEMO_VENDOR_TX_SECRET ?? DEV_DEMO_TRANSFER_VENDOR_SECRET,
    siteOrigins,
  });
  const url = await vendor.listen(port, new URL(env.DEMO_VENDOR_URL).hostname);
  log.info({ url }, 'demo game vendor listening');
  return vendor;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
