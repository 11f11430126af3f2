import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal } from '@platform/house-games/journal';
import { createPlatformClient } from '@platform/house-games/platform-client';
import { createSportsbook, type SportsbookEntry } from '@platform/house-games/sportsbook/sportsbook';
import { buildApp } from '@platform/server/app';
import { openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { parseEnv } from '@platform/server/env';
import { DEV_HOUSE_GAMES_SECRET, HOUSE_VENDOR_CODE } from '@platform/server/modules/vendor-wallet/vendor-wallet.integrations';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { inParallel, positiveInt, withDatabase } from '../lib/bench-support.ts';

/**
 * The sportsbook's settlement at scale: 100,000 open singles on one market settled by one result
 * change, each bet's credit sent through the platform's seamless callback API over HTTP (signed, as
 * any vendor sends it), against the ledger's `settleMany` closing as many reservations in one
 * statement, in the same run and database. Each run makes its own database and drops it.
 *
 * The bets are placed first through the book (each a seamless debit), with the book's journal on
 * tmpfs when there is one (placement writes two fsync'd lines per bet, which is setup here); then
 * the journal is copied to the disk, the book restarts from it (the recovery path), and the timed
 * phase is the settlement: the result message, one journal line of moves, the credits, one line
 * of confirmations.
 *
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_SB_BETS       open bets to settle (default 100000)
 *   BENCH_SB_PLAYERS    members the bets are spread over (default 1000)
 *   BENCH_SB_CLIENTS    bets placed at once, and the book's money calls in flight (default 32)
 */

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const betCount = positiveInt('BENCH_SB_BETS', 100_000);
const playerCount = positiveInt('BENCH_SB_PLAYERS', 1_000);
const clients = positiveInt('BENCH_SB_CLIENTS', 32);
const FUNDS = 1_000_000_000;
const STAKE = 1_000;
const PRICES = { home: 2_000, draw: 3_400, away: 4_000 } as const;
const SELECTIONS = ['home', 'draw', 'away'] as const;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const databaseName = `bench_sportsbook_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE "${databaseName}"`));
  const fastDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'bench-sportsbook-'));
  const diskDir = mkdtempSync(join(tmpdir(), 'bench-sportsbook-'));
  const connectionString = withDatabase(adminUrl, databaseName);
  const database = await openDatabase({ kind: 'postgres', connectionString, poolSize: 20 });
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db);
    const env = parseEnv({
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      JOBS_ENABLED: 'false',
      WEB_DIST_DIR: '/nonexistent',
      DATABASE_URL: connectionString,
    });
    app = await buildApp({ env, database, logger: false });
    const platformUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const db = database.db;
    const { ledger, gameSessions, vendorWallet } = app.services;
    await vendorWallet.integrations.ensure({
      vendorCode: HOUSE_VENDOR_CODE,
      walletStyle: 'seamless',
      apiSecret: DEV_HOUSE_GAMES_SECRET,
      apiBaseUrl: null,
      launchBaseUrl: 'http://127.0.0.1:1',
      isEnabled: true,
    });

    const merchant = await db
      .insertInto('merchants')
      .values({ code: 'bench', name: 'Bench', currency: 'VND' })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO members (merchant_id, username, account_type, upline_path, currency)
      SELECT ${merchant.id}, 'player' || g, 0, '/', 'VND' FROM generate_series(1, ${playerCount}) g`.execute(db);
    const members = await db.selectFrom('members').select(['id', 'username']).orderBy('id').execute();
    const clearing = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: 'VND' });
    const players: Array<{ username: string; token: string; main: number }> = [];
    await inParallel(8, members.length, async (i) => {
      const member = members[i]!;
      const accounts = await ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId: member.id, currency: 'VND' });
      const main = accounts.player_main!.id;
      await ledger.transfer({
        fromAccountId: clearing.id,
        toAccountId: main,
        amount: FUNDS,
        code: 'deposit',
        idempotencyKey: `fund-${member.id}`,
      });
      const issued = await gameSessions.issue({
        memberId: member.id,
        merchantId: merchant.id,
        currency: 'VND',
        vendorCode: HOUSE_VENDOR_CODE,
        gameCode: 'sportsbook',
        gameCategory: 'SPORTS',
        isTrial: false,
      });
      players[i] = { username: member.username, token: issued.token, main };
    });

    // The reference: the ledger's settleMany closing as many reservations (a third paid 2×, like the home winners).
    const house$ = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'house_revenue', currency: 'VND' });
    const reservations: number[] = [];
    const reserveStarted = performance.now();
    await inParallel(8, betCount, async (i) => {
      const reserved = await ledger.reserve({ accountId: players[i % playerCount]!.main, amount: STAKE, idempotencyKey: `ref-${i}` });
      reservations[i] = reserved.reservationId;
    });
    console.log(`reference reservations: ${betCount} in ${((performance.now() - reserveStarted) / 1000).toFixed(0)} s`);
    await sql`VACUUM ANALYZE`.execute(db);
    const referenceStarted = performance.now();
    await db.transaction().execute((trx) =>
      ledger.settleMany(
        {
          toAccountId: house$.id,
          items: reservations.map((reservationId, i) => ({
            reservationId,
            payout: i % 3 === 0 ? 2 * STAKE : 0,
            idempotencyKey: `ref-settle-${i}`,
          })),
        },
        trx,
      ),
    );
    const referenceMs = performance.now() - referenceStarted;

    // The book: one operator event with a 1X2 market, then every bet a single on it.
    const platform = createPlatformClient({
      platformUrl,
      vendorCode: HOUSE_VENDOR_CODE,
      secret: DEV_HOUSE_GAMES_SECRET,
      timeoutMs: 60_000,
    });
    const limits = { minStake: 1, maxStake: 1e12, maxPayout: 1e12, liabilityLimit: 1e15, inPlayDelayMs: 0 };
    const book = (dir: string) => {
      const journal = openJournal<SportsbookEntry>(join(dir, 'sportsbook.jsonl'));
      const b = createSportsbook({
        journal,
        platformOf: () => platform,
        now: Date.now,
        simulation: null,
        tickMs: 0,
        concurrency: clients,
        limits,
      });
      return { b, journal };
    };
    const first = book(fastDir);
    await first.b.start();
    const eventId = 'op-bench';
    await first.b.manualEntry({
      op: 'event',
      event: {
        kind: 'match',
        id: eventId,
        sportId: 'football',
        competitionId: 'fb-premier',
        startsAt: Date.now() + 3_600_000,
        home: 'Home',
        away: 'Away',
        bestOf: null,
      },
      phase: 'prematch',
    });
    const marketId = (await first.b.manualEntry({
      op: 'odds',
      eventId,
      spec: { type: '1x2', period: 'ft' },
      prices: { ...PRICES },
      status: 'open',
    })) as string;
    const placeStarted = performance.now();
    let refused = 0;
    await inParallel(clients, betCount, async (i) => {
      const p = players[i % playerCount]!;
      const selectionId = SELECTIONS[i % 3]!;
      try {
        await first.b.place(
          { username: p.username, token: p.token, currency: 'VND', gameCode: 'sportsbook', language: 'en' },
          {
            kind: { type: 'single' },
            legs: [{ eventId, marketId, selectionId, odds: PRICES[selectionId] }],
            unitStake: STAKE,
            requestId: `bench-${String(i).padStart(8, '0')}`,
          },
        );
      } catch (err) {
        refused += 1;
        if (refused <= 3) console.error('a bet was refused:', err);
      }
    });
    const placeMs = performance.now() - placeStarted;
    if (refused > 0) throw new Error(`${refused} bets were refused`);
    await first.b.stop();
    first.journal.close();

    // Restart from the journal on the disk, then the timed settlement of every bet by one result.
    copyFileSync(join(fastDir, 'sportsbook.jsonl'), join(diskDir, 'sportsbook.jsonl'));
    const restartStarted = performance.now();
    const second = book(diskDir);
    await second.b.start();
    const restartMs = performance.now() - restartStarted;
    const settleStarted = performance.now();
    await second.b.manualEntry({ op: 'settle', eventId, result: { ft: { home: 2, away: 1 } } });
    await second.b.idle();
    const settleMs = performance.now() - settleStarted;
    const bets = [...second.b.allBets()];
    const unsettled = bets.filter((b) => b.state !== 'settled' || b.pending !== null).length;
    await second.b.stop();
    second.journal.close();
    if (unsettled > 0) throw new Error(`${unsettled} bets were not settled`);

    // The books: every entry balances, no stake is left held, every bet is a settled bet record.
    const check = await sql<{ total: string; drifted: string; open: string; held: string; settled: string }>`
      SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries)::text AS total,
             (SELECT count(*) FROM ledger_accounts a
                WHERE NOT a.is_system AND a.balance <> (SELECT coalesce(sum(e.amount), 0) FROM ledger_entries e WHERE e.account_id = a.id))::text AS drifted,
             (SELECT count(*) FROM bet_records WHERE status <> 'settled')::text AS open,
             (SELECT count(*) FROM ledger_reservations WHERE status = 'held')::text AS held,
             (SELECT count(*) FROM bet_records WHERE status = 'settled')::text AS settled`.execute(db);
    const books = check.rows[0]!;
    if (books.total !== '0' || books.drifted !== '0' || books.open !== '0' || books.held !== '0')
      throw new Error(`invariants broken: ${JSON.stringify(books)}`);
    if (Number(books.settled) !== betCount) throw new Error(`${books.settled} settled bet records for ${betCount} bets`);
    const paid = bets.reduce((s, b) => s + b.paid, 0);
    if (paid !== Math.ceil(betCount / 3) * 2 * STAKE) throw new Error(`paid ${paid}`);

    const line = (label: string, value: string) => console.log(`${label.padEnd(78)}${value}`);
    console.log('');
    line(`bets placed (${betCount} seamless debits, ${clients} at a time, journal on tmpfs)`, `${(placeMs / 1000).toFixed(1)} s`);
    line(`book restarted from its journal on disk (${betCount} bets)`, `${(restartMs / 1000).toFixed(1)} s`);
    line(`settlement of ${betCount} bets on one result (credits over HTTP, ${clients} in flight)`, `${(settleMs / 1000).toFixed(1)} s`);
    line('  per bet', `${((settleMs * 1000) / betCount).toFixed(0)} µs`);
    line(`ledger settleMany of ${betCount} reservations (reference, one statement)`, `${(referenceMs / 1000).toFixed(1)} s`);
    line('ratio settlement : settleMany', `${(settleMs / referenceMs).toFixed(1)}`);
    console.log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await app?.close();
    await database.close();
    rmSync(fastDir, { recursive: true, force: true });
    rmSync(diskDir, { recursive: true, force: true });
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  }
}

await main();
