import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { defaultPermissionsOf } from '@platform/contracts/admin';
import type { AmountMinor } from '@platform/contracts/money';
import { createSandboxGateway } from '@platform/sandbox-gateway/sandbox-gateway';
import { sign } from '@platform/sandbox-gateway/signature';
import { buildApp } from '@platform/server/app';
import { type Database, openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { parseEnv } from '@platform/server/env';
import { depositPolicySetting } from '@platform/server/modules/deposits/deposits.settings';
import { createLedgerService } from '@platform/server/modules/ledger/ledger.service';
import type { Principal } from '@platform/server/modules/session/session.service';
import { sql } from 'kysely';
import pg from 'pg';
import { inParallel, positiveInt, withDatabase } from '../lib/bench-support.ts';

/**
 * Deposit callbacks against plain ledger transfers, in the same run on the same server.
 *
 * Callback workload: N gateway deposit orders are opened through the deposits service (the real
 * sandbox gateway registers each payment); then C clients post one signed "paid" notification per
 * order over HTTP to the app's /payment-api/sandbox/callback, as a gateway would. Each callback
 * verifies the HMAC, locks the order, credits the member through the ledger, marks the order paid
 * and writes the audit row, in one transaction. A second pass sends every notification again
 * (gateways send duplicates): those must change nothing.
 *
 * Reference workload: C clients make N `ledger.transfer` deposits (payment_clearing -> player main)
 * straight through the ledger service, on the same database: the money movement alone.
 *
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_CLIENTS       concurrent clients for both workloads (default 8)
 *   BENCH_ORDERS        deposits per workload (default 5000)
 */

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const clientCount = positiveInt('BENCH_CLIENTS', 8);
const orderCount = positiveInt('BENCH_ORDERS', 5000);
const ORDERS_PER_PLAYER = 4;
const playerCount = Math.ceil(orderCount / ORDERS_PER_PLAYER);
const AMOUNT = 100_000;
const SECRET = `bench-${randomBytes(12).toString('hex')}`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function setupMembers(
  database: Database,
  merchantId: number,
  count: number,
  prefix: string,
): Promise<{ id: number; username: string }[]> {
  await sql`
    INSERT INTO members (merchant_id, username, account_type, upline_path, currency)
    SELECT ${merchantId}, ${prefix} || g, 0, '/', 'VND' FROM generate_series(1, ${count}) g`.execute(database.db);
  return database.db.selectFrom('members').select(['id', 'username']).where('username', 'like', `${prefix}%`).orderBy('id').execute();
}

async function checkBooks(database: Database): Promise<void> {
  const check = await sql<{ total: string; drifted: string }>`
    SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries)::text AS total,
           (SELECT count(*) FROM ledger_accounts a
              WHERE NOT a.is_system AND a.balance <> (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id))::text AS drifted`.execute(
    database.db,
  );
  const { total, drifted } = check.rows[0]!;
  if (total !== '0' || drifted !== '0') throw new Error(`ledger invariants broken: entry sum ${total}, drifted accounts ${drifted}`);
}

async function main(): Promise<void> {
  const databaseName = `bench_deposits_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE "${databaseName}"`));
  const connectionString = withDatabase(adminUrl, databaseName);
  const database = await openDatabase({ kind: 'postgres', connectionString, poolSize: clientCount });
  const sandbox = createSandboxGateway({ secret: SECRET, duplicateCallbacks: 0 });
  try {
    await migrateToLatest(database.db);
    const sandboxUrl = await sandbox.listen(0);
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const env = parseEnv({
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      JOBS_ENABLED: 'false',
      WEB_DIST_DIR: '/nonexistent',
      PUBLIC_URL: publicUrl,
      SANDBOX_GATEWAY_URL: sandboxUrl,
      SANDBOX_GATEWAY_SECRET: SECRET,
      DATABASE_POOL_SIZE: String(clientCount),
    });
    const app = await buildApp({ env, database, logger: false });
    await app.listen({ port, host: '127.0.0.1' });

    const merchant = await database.db
      .insertInto('merchants')
      .values({ code: 'bench', name: 'Bench', currency: 'VND' })
      .returning(['id', 'currency'])
      .executeTakeFirstOrThrow();
    await app.services.settings.set(
      merchant.id,
      depositPolicySetting,
      { ...depositPolicySetting.defaultValue, pendingOrdersPerMemberMax: ORDERS_PER_PLAYER },
      'bench',
    );
    const adminId = await app.services.admins.createAdmin({
      merchantId: merchant.id,
      username: 'benchfinance',
      password: 'Bench@2026x',
      role: 'finance',
    });
    const channel = await app.services.deposits.createChannel(
      {
        sessionId: 0,
        adminId,
        merchantId: merchant.id,
        username: 'benchfinance',
        role: 'finance',
        permissions: new Set(defaultPermissionsOf('finance')),
      },
      {
        type: 'gateway',
        name: 'Sandbox',
        gatewayCode: 'sandbox',
        minAmount: 1 as AmountMinor,
        maxAmount: 1_000_000_000 as AmountMinor,
        isEnabled: true,
        sort: 0,
        tutorial: { vi: '', en: '' },
      },
      null,
    );

    // Setup (not measured): players and their open gateway orders, registered with the sandbox.
    async function openOrders(prefix: string): Promise<string[]> {
      const players = await setupMembers(database, merchant.id, playerCount, prefix);
      const refs: string[] = [];
      await inParallel(clientCount, orderCount, async (i) => {
        const player = players[i % players.length]!;
        const principal: Principal = {
          sessionId: 0,
          memberId: player.id,
          merchantId: merchant.id,
          username: player.username,
          accountType: 0,
          currency: 'VND',
        };
        const order = await app.services.deposits.createOrder(principal, { channelId: channel.id, amount: AMOUNT }, null);
        refs[i] = order.referenceCode;
      });
      await sql`VACUUM ANALYZE`.execute(database.db);
      return refs;
    }
    const notificationsOf = (refs: string[], prefix: string) =>
      refs.map((ref, i) =>
        JSON.stringify({ merchantRef: ref, txId: `${prefix}${i}`, status: 'paid', amount: AMOUNT, currency: 'VND', paymentId: `P${i}` }),
      );
    const refs = await openOrders('payer');
    console.log(`setup: ${playerCount} players, ${refs.length} open gateway orders, ${clientCount} clients`);
    const bodies = notificationsOf(refs, 'HTTPTX');
    const url = `${publicUrl}/payment-api/sandbox/callback`;
    async function sendAll(label: string): Promise<{ perSecond: number; failed: number; cpuMsPerCallback: number }> {
      let failed = 0;
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await inParallel(clientCount, bodies.length, async (i) => {
        const body = bodies[i]!;
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sandbox-signature': sign(SECRET, body) },
          body,
        });
        await res.arrayBuffer();
        if (res.status !== 200) {
          failed += 1;
          if (failed <= 3) console.error(`${label} callback answered ${res.status}`);
        }
      });
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      return { perSecond: bodies.length / seconds, failed, cpuMsPerCallback: (cpu.user + cpu.system) / 1000 / bodies.length };
    }

    const first = await sendAll('first');
    const duplicates = await sendAll('duplicate');

    // The same handling without HTTP: the service verifies the signature and credits, as the route does.
    const serviceRefs = await openOrders('direct-payer');
    const serviceBodies = notificationsOf(serviceRefs, 'SERVICETX');
    const serviceStarted = performance.now();
    await inParallel(clientCount, serviceBodies.length, async (i) => {
      const body = serviceBodies[i]!;
      await app.services.deposits.handleCallback('sandbox', { 'x-sandbox-signature': sign(SECRET, body) }, Buffer.from(body));
    });
    const servicePerSecond = serviceBodies.length / ((performance.now() - serviceStarted) / 1000);
    const paid = await database.db
      .selectFrom('deposit_orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    const credits = await database.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('code', '=', 'deposit')
      .executeTakeFirstOrThrow();
    if (Number(paid.n) !== 2 * orderCount || Number(credits.n) !== 2 * orderCount) {
      throw new Error(`expected ${2 * orderCount} paid orders and credits, found ${paid.n} and ${credits.n}`);
    }
    await checkBooks(database);
    await app.close();

    // Reference: the same number of deposits straight through the ledger, on the same database.
    const ledger = createLedgerService({ db: database.db });
    const ledgerPlayers = await setupMembers(database, merchant.id, playerCount, 'ledger');
    const clearing = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: 'VND' });
    const wallets: number[] = [];
    await inParallel(clientCount, ledgerPlayers.length, async (i) => {
      const accounts = await ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId: ledgerPlayers[i]!.id, currency: 'VND' });
      wallets[i] = accounts.player_main!.id;
    });
    await sql`VACUUM ANALYZE`.execute(database.db);
    const started = performance.now();
    await inParallel(clientCount, orderCount, async (i) => {
      await ledger.transfer({
        fromAccountId: clearing.id,
        toAccountId: wallets[i % wallets.length]!,
        amount: AMOUNT,
        code: 'deposit',
        idempotencyKey: `bench-direct:${i}`,
        reference: { type: 'bench', id: String(i) },
      });
    });
    const ledgerPerSecond = orderCount / ((performance.now() - started) / 1000);
    await checkBooks(database);

    console.log('');
    const failedNote = (n: number) => (n ? ` (${n} failed)` : '');
    console.log(`deposit callbacks/s over HTTP (first delivery, credits): ${first.perSecond.toFixed(1)}${failedNote(first.failed)}`);
    console.log(
      `deposit callbacks/s over HTTP (duplicates, no change):   ${duplicates.perSecond.toFixed(1)}${failedNote(duplicates.failed)}`,
    );
    console.log(`deposit callbacks/s through the service (no HTTP):       ${servicePerSecond.toFixed(1)}`);
    console.log(`ledger deposit transfers/s (ledger service, no HTTP):    ${ledgerPerSecond.toFixed(1)}`);
    console.log(`ratio HTTP callbacks/s : ledger transfers/s:             ${(first.perSecond / ledgerPerSecond).toFixed(2)}`);
    console.log(`ratio service callbacks/s : ledger transfers/s:          ${(servicePerSecond / ledgerPerSecond).toFixed(2)}`);
    console.log(
      `bench process CPU per HTTP callback (app and client): first ${first.cpuMsPerCallback.toFixed(2)} ms, duplicate ${duplicates.cpuMsPerCallback.toFixed(2)} ms`,
    );
  } finally {
    await sandbox.close();
    await database.close();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  }
}

await main();
