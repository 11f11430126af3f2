import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSeedChain, crashPointOf, payoutOf, timeToReach } from '@platform/games/crash/crash';
import { BACCARAT_GAME_CODES } from '@platform/house-games/baccarat/baccarat-table';
import { CRASH_GAME_CODE } from '@platform/house-games/crash/crash-table';
import { createHouseGames, type HouseGames } from '@platform/house-games/house-games';
import { type ChannelMessage, followTable } from '@platform/house-games/table-channel-client';
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
 * One crash round with many bettors and one baccarat round with many bettors, played on the house
 * game server and settled end to end through the platform's seamless callback API over HTTP (each
 * bet a signed debit, each result a signed credit, as any vendor sends them), against the ledger's
 * `settleMany` closing the same number of reservations in one statement, in the same run and
 * database. Each run makes its own database and drops it at the end.
 *
 *   BENCH_DATABASE_URL      admin connection (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_CRASH_BETTORS     bettors in the crash round (default 1000); half cash out automatically at 1.50×
 *   BENCH_BACCARAT_BETTORS  bettors in the baccarat round (default 500), on player or banker
 *   BENCH_BET_CLIENTS       players placing bets at once (default 16)
 *   BENCH_WINDOW_SECONDS    the crash betting window (default 20); baccarat's closes this much later again
 */

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const crashBettors = positiveInt('BENCH_CRASH_BETTORS', 1_000);
const baccaratBettors = positiveInt('BENCH_BACCARAT_BETTORS', 500);
const betClients = positiveInt('BENCH_BET_CLIENTS', 16);
const windowMs = positiveInt('BENCH_WINDOW_SECONDS', 20) * 1_000;
const FUNDS = 100_000_000;
const STAKE = 10_000;
const AUTO_TARGET = 150;
const CRASH_SALT = 'bench-crash-salt';
const CRASH_CHAIN = 20;
const CRASH_RATE = 0.002;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A root seed whose chain's first round crashes between 2.00× and 5.00×: the automatic cash-outs at 1.50× all win. */
function rootForFirstCrash(): string {
  for (let i = 0; ; i++) {
    const root = `bench-root-${i}`;
    const crashPoint = crashPointOf(buildSeedChain(root, CRASH_CHAIN)[1] as string, CRASH_SALT);
    if (crashPoint >= 200 && crashPoint <= 500) return root;
  }
}

type Event = ChannelMessage;

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type Player = { memberId: number; username: string; token: string; session?: string };

async function openGame(app: FastifyInstance, player: Player, gameCode: string, currency: string): Promise<string> {
  const url = await app.services.vendorWallet.buildLaunchUrl({
    vendorCode: HOUSE_VENDOR_CODE,
    gameCode,
    token: player.token,
    language: 'en',
    username: player.username,
    currency,
    returnUrl: 'https://site.example/',
    isTrial: false,
  });
  const res = await fetch(url);
  const session = /data-session="([^"]+)"/.exec(await res.text())?.[1];
  if (res.status !== 200 || !session) throw new Error(`${gameCode} did not open for ${player.username}: HTTP ${res.status}`);
  return session;
}

async function post(houseUrl: string, gameCode: string, action: string, body: Record<string, unknown>): Promise<{ status?: string }> {
  const res = await fetch(`${houseUrl}/game/${gameCode}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status?: string };
}

async function main(): Promise<void> {
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const databaseName = `bench_house_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE "${databaseName}"`));
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-house-games-'));
  const connectionString = withDatabase(adminUrl, databaseName);
  const database = await openDatabase({ kind: 'postgres', connectionString, poolSize: 20 });
  let app: FastifyInstance | undefined;
  let house: HouseGames | undefined;
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

    // Players: funded, each with a game session for the table it plays at.
    const merchant = await db
      .insertInto('merchants')
      .values({ code: 'bench', name: 'Bench', currency: 'VND' })
      .returning(['id', 'currency'])
      .executeTakeFirstOrThrow();
    const total = crashBettors + baccaratBettors + 1;
    await sql`
      INSERT INTO members (merchant_id, username, account_type, upline_path, currency)
      SELECT ${merchant.id}, 'player' || g, 0, '/', 'VND' FROM generate_series(1, ${total}) g`.execute(db);
    const members = await db.selectFrom('members').select(['id', 'username']).orderBy('id').execute();
    const clearing = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: 'VND' });
    const players: Player[] = [];
    const mainAccounts: number[] = [];
    await inParallel(8, members.length, async (i) => {
      const member = members[i]!;
      const accounts = await ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId: member.id, currency: 'VND' });
      const main = accounts.player_main!.id;
      mainAccounts[i] = main;
      await ledger.transfer({
        fromAccountId: clearing.id,
        toAccountId: main,
        amount: FUNDS,
        code: 'deposit',
        idempotencyKey: `fund-${member.id}`,
      });
      const isCrash = i < crashBettors;
      const issued = await gameSessions.issue({
        memberId: member.id,
        merchantId: merchant.id,
        currency: 'VND',
        vendorCode: HOUSE_VENDOR_CODE,
        gameCode: isCrash ? CRASH_GAME_CODE : BACCARAT_GAME_CODES.COMMISSION,
        gameCategory: isCrash ? 'CRASH' : 'LIVE',
        isTrial: false,
      });
      players[i] = { memberId: member.id, username: member.username, token: issued.token };
    });

    // The reference: the ledger's settleMany closing as many reservations as each round has bets.
    const house$ = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'house_revenue', currency: 'VND' });
    async function referenceSettleMany(count: number, label: string): Promise<number> {
      const reservations: number[] = [];
      await inParallel(8, count, async (i) => {
        const reserved = await ledger.reserve({ accountId: mainAccounts[i]!, amount: STAKE, idempotencyKey: `ref-${label}-${i}` });
        reservations[i] = reserved.reservationId;
      });
      const started = performance.now();
      await db.transaction().execute((trx) =>
        ledger.settleMany(
          {
            toAccountId: house$.id,
            items: reservations.map((reservationId, i) => ({
              reservationId,
              payout: i % 2 === 0 ? payoutOf(STAKE, AUTO_TARGET) : 0,
              idempotencyKey: `ref-settle-${label}-${i}`,
            })),
          },
          trx,
        ),
      );
      return performance.now() - started;
    }
    await sql`VACUUM ANALYZE`.execute(db);
    const crashReferenceMs = await referenceSettleMany(crashBettors, 'crash');
    const baccaratReferenceMs = await referenceSettleMany(baccaratBettors, 'baccarat');

    // The house game server, pointed at this platform over HTTP like any vendor.
    house = createHouseGames({
      platformUrl,
      secret: DEV_HOUSE_GAMES_SECRET,
      dataDir,
      siteOrigins: ['https://site.example'],
      platformTimeoutMs: 30_000,
      crash: {
        bettingMs: windowMs,
        pauseMs: 10 * 60_000,
        ratePerMs: CRASH_RATE,
        chainLength: CRASH_CHAIN,
        rootSeed: rootForFirstCrash(),
        salt: CRASH_SALT,
      },
      baccarat: { bettingMs: 2 * windowMs, revealStepMs: 1, pauseMs: 10 * 60_000 },
    });
    const houseUrl = await house.listen(0);
    await vendorWallet.integrations.ensure({
      vendorCode: HOUSE_VENDOR_CODE,
      walletStyle: 'seamless',
      apiSecret: DEV_HOUSE_GAMES_SECRET,
      apiBaseUrl: null,
      launchBaseUrl: houseUrl,
      isEnabled: true,
    });
    await inParallel(betClients, crashBettors + baccaratBettors, async (i) => {
      const player = players[i]!;
      player.session = await openGame(app!, player, i < crashBettors ? CRASH_GAME_CODE : BACCARAT_GAME_CODES.COMMISSION, merchant.currency);
    });
    const crashChannel = followTable(houseUrl, CRASH_GAME_CODE, players[0]!.session!);
    const baccaratChannel = followTable(houseUrl, BACCARAT_GAME_CODES.COMMISSION, players[crashBettors]!.session!);
    await Promise.all([crashChannel.opened, baccaratChannel.opened]);
    const crashEvents = { events: crashChannel.messages, stop: crashChannel.close };
    const baccaratEvents = { events: baccaratChannel.messages, stop: baccaratChannel.close };
    await house.start();

    // Crash: every bettor bets in the window; half cash out automatically at 1.50×, half ride to the crash.
    let refused = 0;
    const betsStarted = performance.now();
    await inParallel(betClients, crashBettors, async (i) => {
      const answer = await post(houseUrl, CRASH_GAME_CODE, 'bet', {
        session: players[i]!.session,
        stake: STAKE,
        target: i % 2 === 0 ? AUTO_TARGET : null,
      });
      if (answer.status !== 'OK') refused += 1;
    });
    const crashBetMs = performance.now() - betsStarted;
    if (refused > 0) throw new Error(`${refused} crash bets were refused: raise BENCH_WINDOW_SECONDS`);
    await inParallel(betClients, baccaratBettors, async (j) => {
      const i = crashBettors + j;
      const answer = await post(houseUrl, BACCARAT_GAME_CODES.COMMISSION, 'bet', {
        session: players[i]!.session,
        spots: j % 2 === 0 ? { PLAYER: STAKE } : { BANKER: STAKE },
      });
      if (answer.status !== 'OK') refused += 1;
    });
    if (refused > 0) throw new Error(`${refused} baccarat bets were refused: raise BENCH_WINDOW_SECONDS`);

    const seen = (events: Event[], type: string) => events.find((e) => e.type === type);
    await until('the crash round to settle', () => seen(crashEvents.events, 'settled') !== undefined, 10 * windowMs);
    const start = seen(crashEvents.events, 'start')!;
    const end = seen(crashEvents.events, 'end')!;
    const cashouts = crashEvents.events.filter((e) => e.type === 'cashout');
    const crashSettled = seen(crashEvents.events, 'settled')!;
    const reachAt = start.at + timeToReach(AUTO_TARGET, CRASH_RATE);
    const lastCashout = cashouts.at(-1)?.at ?? reachAt;
    await until('the baccarat round to settle', () => seen(baccaratEvents.events, 'settled') !== undefined, 10 * windowMs);
    const baccaratEnd = seen(baccaratEvents.events, 'end')!;
    const baccaratSettled = seen(baccaratEvents.events, 'settled')!;
    crashEvents.stop();
    baccaratEvents.stop();

    // The books: every bet is a settled bet record, no stake is left held, every entry balances, and
    // the crash winners got exactly 1.50× their stake.
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
    if (Number(books.settled) < crashBettors + baccaratBettors) throw new Error(`only ${books.settled} settled bet records`);
    if (cashouts.length !== Math.ceil(crashBettors / 2)) throw new Error(`${cashouts.length} automatic cash-outs`);
    // Player 0 won 1.50× at the table, and its reservations in both references were paid 1.50× too.
    const winner = await ledger.balanceOf(mainAccounts[0]!);
    const expected = FUNDS + 3 * (payoutOf(STAKE, AUTO_TARGET) - STAKE);
    if (winner !== expected) throw new Error(`a crash winner holds ${winner}, expected ${expected}`);

    const crashSettleMs = crashSettled.at - end.at;
    const cashoutMs = Math.max(0, lastCashout - reachAt);
    const baccaratSettleMs = baccaratSettled.at - baccaratEnd.at;
    const line = (label: string, value: string) => console.log(`${label.padEnd(80)}${value}`);
    console.log('');
    line(`crash bets placed (${crashBettors} debits, ${betClients} at a time)`, `${crashBetMs.toFixed(0)} ms`);
    line(`crash automatic cash-outs at 1.50× (${cashouts.length} credits, from 1.50× to the last)`, `${cashoutMs.toFixed(0)} ms`);
    line(`crash settlement after the crash (${crashBettors - cashouts.length} closing credits of 0)`, `${crashSettleMs.toFixed(0)} ms`);
    line(`crash round, every bettor's result (cash-outs + settlement)`, `${(cashoutMs + crashSettleMs).toFixed(0)} ms`);
    line(`ledger settleMany of ${crashBettors} reservations (reference)`, `${crashReferenceMs.toFixed(0)} ms`);
    line('ratio crash round results : settleMany', `${((cashoutMs + crashSettleMs) / crashReferenceMs).toFixed(1)}`);
    line(`baccarat settlement after the deal (${baccaratBettors} credits)`, `${baccaratSettleMs.toFixed(0)} ms`);
    line(`ledger settleMany of ${baccaratBettors} reservations (reference)`, `${baccaratReferenceMs.toFixed(0)} ms`);
    line('ratio baccarat settlement : settleMany', `${(baccaratSettleMs / baccaratReferenceMs).toFixed(1)}`);
  } finally {
    await house?.close();
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  }
}

await main();
