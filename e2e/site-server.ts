import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDemoVendor, type DemoVendor } from '@platform/demo-vendor/demo-vendor';
import { createHouseGames, type HouseGames, type HouseGamesOptions } from '@platform/house-games/house-games';
import { buildApp } from '@platform/server/app';
import { type Database, openDatabase } from '@platform/server/db/database';
import { parseEnv } from '@platform/server/env';
import {
  DEV_DEMO_TRANSFER_VENDOR_SECRET,
  DEV_DEMO_VENDOR_SECRET,
  DEV_HOUSE_GAMES_SECRET,
} from '@platform/server/modules/vendor-wallet/vendor-wallet.integrations';
import { type DemoFundingTargets, fundDemoMembers } from '@platform/server/seed/demo-funding';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { copyDatabaseFromTemplate } from '../apps/server/test/test-database.ts';

const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

export type SiteServer = {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  merchantId: number;
  /** Set with `demoVendor: true`: the demo game vendor, serving the demo games' pages. */
  demoVendor?: DemoVendor;
  /** Set with `houseGames`: the house game server (its sportsbook's clock ticks, its feed settles). */
  houseGames?: HouseGames;
  close: () => Promise<void>;
};

/** A clock a test moves: the site's time is the real time plus what the test added. */
export type MovableClock = { now(): Date; advance(ms: number): void };

export function createMovableClock(): MovableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance: (ms) => {
      offsetMs += ms;
    },
  };
}

/**
 * The seeded dump of global-setup.ts, read once per worker: a Blob is immutable, so every site this
 * worker starts loads from the same one.
 */
let seededDump: Promise<Blob> | undefined;
function seededDatabaseDump(): Promise<Blob> {
  seededDump ??= readFile(inject('siteDumpPath')).then((bytes) => new Blob([bytes]));
  return seededDump;
}

/**
 * A new database holding the demo data: a copy of the run's seeded template on PostgreSQL (with
 * E2E_DATABASE_URL; dropped when closed), else an in-memory copy of the run's seeded dump.
 */
export async function openSeededDatabase(): Promise<{ database: Database; seed: DemoFundingTargets }> {
  const template = inject('siteTemplate');
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (template && adminUrl) return { database: await copyDatabaseFromTemplate(adminUrl, template, 10), seed: inject('siteSeed') };
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: await seededDatabaseDump() });
  return { database, seed: inject('siteSeed') };
}

/** A port nobody listens on right now, for a service whose address must be known before it starts. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The demo's popup announcement would cover what most tests click; only the content tests keep it. */
export async function switchOffDemoPopups(database: Database): Promise<void> {
  await database.db.updateTable('content_announcements').set({ enabled: false }).where('type', '=', 'PU').execute();
}

/**
 * The real site on a fresh in-memory database with the demo data (a copy of the run's seeded dump), serving the built web app on a
 * free port: what `npm start` serves, without a data folder.
 *
 * `demoVendor: true` also does what `npm start` does outside production: the demo members get their
 * play money through the ledger, and the demo game vendor listens on a port of its own (the games'
 * launch URLs point at it, `DEMO_VENDOR_URL`) and calls this site's seamless API back over HTTP.
 */
export async function startSiteServer(
  options: {
    keepPopupAnnouncements?: boolean;
    /** Extra environment, e.g. where the sandbox payment gateway runs. */
    env?: Record<string, string>;
    /** A fixed port, for a site that must know its own address before it listens (gateway return URLs). */
    port?: number;
    /** Start the demo game vendor and fund the demo members, as `npm start` does outside production. */
    demoVendor?: boolean;
    /** The site's clock (createMovableClock), for a test that moves to the next day; by default the real time. */
    clock?: MovableClock;
    /** Start the house game server (apps/house-games) with these crash settings, as `npm start` does; funds the demo members. */
    houseGames?: HouseGamesOptions['crash'];
    /** The house game server's baccarat pace (with `houseGames`). */
    houseBaccarat?: HouseGamesOptions['baccarat'];
    /** The pace of the dragon tiger, sic bo and roulette tables (with `houseGames`). */
    houseLive?: HouseGamesOptions['live'];
    /** The card rooms' timers (with `houseGames`); by default the production ones (20 s turns). */
    houseCardRooms?: HouseGamesOptions['cardRooms'];
    /** The fishing rooms' pace (with `houseGames`). */
    houseFishing?: HouseGamesOptions['fishing'];
    /** The sportsbook's simulated feed, limits and clock ticks (with `houseGames`); `clock` moves its time too. */
    houseSportsbook?: HouseGamesOptions['sportsbook'];
  } = {},
): Promise<SiteServer> {
  if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error('apps/web/dist/index.html is missing: run `npm run build` before `npm run test:e2e`.');
  }
  const { database, seed: seeded } = await openSeededDatabase();
  if (!options.keepPopupAnnouncements) await switchOffDemoPopups(database);
  const vendorPort = options.demoVendor ? await freePort() : undefined;
  const housePort = options.houseGames ? await freePort() : undefined;
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    WEB_DIST_DIR,
    ...(vendorPort === undefined ? {} : { DEMO_VENDOR_URL: `http://127.0.0.1:${vendorPort}` }),
    ...(housePort === undefined ? {} : { HOUSE_GAMES_URL: `http://127.0.0.1:${housePort}` }),
    ...options.env,
  });
  const clock = options.clock;
  const app = await buildApp({ env, database, logger: false, ...(clock ? { now: () => clock.now() } : {}) });
  if (options.demoVendor || options.houseGames) {
    await database.db.transaction().execute((trx) => fundDemoMembers(app.services.ledger)(trx, seeded));
  }
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server did not listen on a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  let demoVendor: DemoVendor | undefined;
  if (vendorPort !== undefined) {
    demoVendor = createDemoVendor({
      platformUrl: baseUrl,
      seamlessSecret: DEV_DEMO_VENDOR_SECRET,
      transferSecret: DEV_DEMO_TRANSFER_VENDOR_SECRET,
      siteOrigins: [baseUrl],
    });
    await demoVendor.listen(vendorPort, '127.0.0.1');
  }
  let houseGames: HouseGames | undefined;
  let houseDataDir: string | undefined;
  if (housePort !== undefined) {
    houseDataDir = mkdtempSync(path.join(tmpdir(), 'e2e-house-games-'));
    houseGames = createHouseGames({
      platformUrl: baseUrl,
      secret: DEV_HOUSE_GAMES_SECRET,
      dataDir: houseDataDir,
      siteOrigins: [baseUrl],
      ...(options.houseGames ? { crash: options.houseGames } : {}),
      ...(options.houseBaccarat ? { baccarat: options.houseBaccarat } : {}),
      ...(options.houseLive ? { live: options.houseLive } : {}),
      ...(options.houseCardRooms ? { cardRooms: options.houseCardRooms } : {}),
      ...(options.houseFishing ? { fishing: options.houseFishing } : {}),
      ...(options.houseSportsbook ? { sportsbook: options.houseSportsbook } : {}),
      ...(options.houseSportsbook && clock ? { now: () => clock.now().getTime() } : {}),
    });
    await houseGames.listen(housePort, '127.0.0.1');
    await houseGames.start();
  }
  return {
    app,
    database,
    baseUrl,
    merchantId: seeded.merchant.id,
    ...(demoVendor ? { demoVendor } : {}),
    ...(houseGames ? { houseGames } : {}),
    close: async () => {
      await demoVendor?.close();
      await houseGames?.close();
      if (houseDataDir) rmSync(houseDataDir, { recursive: true, force: true });
      await app.close();
      await database.close();
    },
  };
}
