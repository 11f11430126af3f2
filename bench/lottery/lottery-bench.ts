import { type DrawResult, type LotteryBetType, type LotteryRegion, selectionHits } from '@platform/games/lottery';
import { type Database, openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { createBetRecordService } from '@platform/server/modules/bet-records/bet-records.service';
import { createLedgerService } from '@platform/server/modules/ledger/ledger.service';
import { defaultOddsRows } from '@platform/server/modules/lottery/lottery.seed-data';
import { createLotteryService } from '@platform/server/modules/lottery/lottery.service';
import type { Principal } from '@platform/server/modules/session/session.service';
import { sql } from 'kysely';
import pg from 'pg';
import { inParallel, positiveInt, withDatabase } from '../lib/bench-support.ts';

/**
 * Settlement of one draw with BENCH_TICKETS tickets (default 1,000,000) on PostgreSQL, against a
 * plain bulk UPDATE of as many rows in the same database and run; prints both times and the ratio.
 *
 * Setup: BENCH_PLAYERS members (default 2,000) each place one real ticket through the lottery
 * service (ticket, line, exposure, ledger reservation, bet record: the betting path itself). Those
 * tickets are then copied in SQL until the draw holds BENCH_TICKETS: every copy is the same rows the
 * betting path writes (its own reserve transfer with entries and running member balances, its
 * reservation, bet record, ticket and line; the line's number shifted so the draw has every
 * number), and the books are audited before anything is timed.
 *
 * Timed: the draw's settlement as the minute job runs it (reveal the house draw, score the lines,
 * settle the tickets in chunks through the ledger). Checked after: every ticket settled once, each
 * member's balance moved by exactly the wins the rules engine gives for its lines, the bet records
 * hold the same totals, every transfer balances and no member balance drifts from its entries.
 *
 * Reference: `UPDATE` of every row of a table of BENCH_TICKETS rows as wide as a ticket.
 */

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ticketCount = positiveInt('BENCH_TICKETS', 1_000_000);
const playerCount = Math.min(positiveInt('BENCH_PLAYERS', 2_000), ticketCount);
const PLAYER_FUNDS = 10_000_000_000;
const STAKE = 1_000;
/** The bench's clock: Wednesday 25 November 2026, 10:00:30 in Vietnam. */
const START = new Date('2026-11-25T03:00:30Z');
/** Real tickets are placed this many at once. */
const CONCURRENCY = 8;
/** Copies are written this many tickets per statement group. */
const COPY_BATCH = 100_000;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A mix of the common bets: mostly lô 2 số, some đề, đầu and đuôi. */
function lineOf(i: number): { betType: LotteryBetType; numbers: string[]; stakePerUnit: number } {
  const kind = i % 10;
  if (kind < 6) return { betType: 'lo2', numbers: [String(i % 100).padStart(2, '0')], stakePerUnit: STAKE };
  if (kind < 8) return { betType: 'de', numbers: [String((i * 7) % 100).padStart(2, '0')], stakePerUnit: STAKE };
  if (kind === 8) return { betType: 'dau', numbers: [String(i % 10)], stakePerUnit: STAKE };
  return { betType: 'duoi', numbers: [String((i * 3) % 10)], stakePerUnit: STAKE };
}

async function main(): Promise<void> {
  const name = `lottery_bench_${process.pid}`;
  await admin(`CREATE DATABASE "${name}"`);
  const database: Database = await openDatabase({
    kind: 'postgres',
    connectionString: withDatabase(adminUrl, name),
    poolSize: CONCURRENCY,
  });
  try {
    const db = database.db;
    await migrateToLatest(db);
    let clock = START;
    const now = () => clock;
    const ledger = createLedgerService({ db, now });
    const betRecords = createBetRecordService({ db, now });
    const lottery = createLotteryService({ db, ledger, betRecords, now });

    const merchant = await db
      .insertInto('merchants')
      .values({ code: 'bench', name: 'Bench', currency: 'VND' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('lottery_games')
      .values({
        merchant_id: merchant.id,
        code: 'EL5',
        category: 'ELOTT',
        region: 'north',
        province: 'house',
        name: JSON.stringify({ vi: 'Xổ số nhanh 5 phút', en: 'Fast lottery 5 min' }),
        menu_tag: 'EL',
        interval_seconds: 300,
        lock_seconds: 10,
        result_source: 'rng',
        min_stake: 1_000,
        max_stake: 10_000_000,
        max_payout_per_number: Number.MAX_SAFE_INTEGER,
      })
      .execute();
    await db.insertInto('lottery_odds').values(defaultOddsRows(merchant.id)).execute();
    await sql`
      INSERT INTO members (merchant_id, username, account_type, upline_path, currency)
      SELECT ${merchant.id}, 'player' || g, 0, '/', 'VND' FROM generate_series(1, ${playerCount}) g`.execute(db);
    const members = await db.selectFrom('members').select(['id', 'username']).orderBy('id').execute();
    const clearing = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: 'VND' });
    await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'house_revenue', currency: 'VND' });
    await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'stake_escrow', currency: 'VND' });
    await inParallel(CONCURRENCY, members.length, async (i) => {
      const accounts = await ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId: members[i]!.id, currency: 'VND' });
      const main = accounts.player_main!.id;
      await ledger.transfer({
        fromAccountId: clearing.id,
        toAccountId: main,
        amount: PLAYER_FUNDS,
        code: 'deposit',
        idempotencyKey: `fund-${main}`,
      });
    });

    // The draw and one real ticket per member.
    await lottery.runJobRound();
    const period = await db
      .selectFrom('lottery_periods')
      .select(['id', 'numero', 'draw_at'])
      .where('status', '=', 'open')
      .orderBy('draw_at')
      .limit(1)
      .executeTakeFirstOrThrow();
    const setupStarted = performance.now();
    await inParallel(CONCURRENCY, members.length, async (i) => {
      const member = members[i]!;
      const principal = {
        memberId: member.id,
        merchantId: merchant.id,
        currency: 'VND',
        username: member.username,
      } as unknown as Principal;
      await lottery.placeTicket(principal, { gameId: 'EL5', numero: period.numero, lines: [lineOf(i)] } as never, `bench-ticket-${i}`);
    });
    const copies = Math.ceil(ticketCount / members.length) - 1;
    for (let first = 1; first <= copies; first += Math.max(1, Math.floor(COPY_BATCH / members.length))) {
      const last = Math.min(copies, first + Math.max(1, Math.floor(COPY_BATCH / members.length)) - 1);
      await copyTickets(db, Number(period.id), first, last, ticketCount - members.length);
    }
    const placed = await sql<{ n: string }>`SELECT count(*)::text AS n FROM lottery_tickets WHERE period_id = ${period.id}`.execute(db);
    const tickets = Number(placed.rows[0]?.n ?? 0);
    if (tickets !== ticketCount) throw new Error(`expected ${ticketCount} tickets, have ${tickets}`);
    await auditBooks(db, 'after the tickets were placed');
    await sql`VACUUM ANALYZE`.execute(db);
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    const balancesBefore = await memberBalances(db);

    // Timed: the job's round once the draw time has passed.
    clock = new Date(period.draw_at.getTime() + 1_000);
    const settleStarted = performance.now();
    const round = await lottery.runJobRound();
    const settleMs = performance.now() - settleStarted;
    if (round.settled !== ticketCount) throw new Error(`settled ${round.settled} of ${ticketCount} tickets`);
    await verifySettlement(db, Number(period.id), balancesBefore);
    await auditBooks(db, 'after settlement');

    // Reference: a plain bulk UPDATE of as many rows, as wide as a ticket.
    await sql`
      CREATE TABLE bulk_reference (
        id bigint PRIMARY KEY, merchant_id bigint NOT NULL, member_id bigint NOT NULL, period_id bigint NOT NULL,
        currency text NOT NULL, total_stake bigint NOT NULL, payout bigint, status text NOT NULL,
        created_at timestamptz NOT NULL, settled_at timestamptz)`.execute(db);
    await sql`
      INSERT INTO bulk_reference
      SELECT g, 1, g % 2000, 1, 'VND', 1000, NULL, 'open', now(), NULL FROM generate_series(1, ${ticketCount}) g`.execute(db);
    await sql`VACUUM ANALYZE bulk_reference`.execute(db);
    const updateStarted = performance.now();
    await sql`UPDATE bulk_reference SET status = 'settled', payout = total_stake * 2, settled_at = now()`.execute(db);
    const updateMs = performance.now() - updateStarted;

    console.log(
      `tickets: ${ticketCount.toLocaleString('en')} on one draw, ${members.length.toLocaleString('en')} members (setup ${setupSeconds.toFixed(0)} s)`,
    );
    console.log(
      `settlement (draw, score, ledger, bet records): ${(settleMs / 1000).toFixed(1)} s, ${Math.round(ticketCount / (settleMs / 1000)).toLocaleString('en')} tickets/s`,
    );
    console.log(`bulk UPDATE of ${ticketCount.toLocaleString('en')} rows: ${(updateMs / 1000).toFixed(1)} s`);
    console.log(`ratio settlement / bulk update: ${(settleMs / updateMs).toFixed(1)}`);
    console.log('checked: every ticket settled once, member balances moved by the engine-computed wins, bet records agree, books balanced');
  } finally {
    await database.close();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

/**
 * Copies of the real tickets `first..last` times over, each exactly what the betting path writes,
 * numbered after the real ones; `limit` caps the copies written in total.
 */
async function copyTickets(db: Database['db'], periodId: number, first: number, last: number, limit: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      CREATE TEMP TABLE copies ON COMMIT DROP AS
      SELECT t.id AS template_id, c.n AS copy_no, t.member_id, t.total_stake, r.account_id, r.code, r.reference_type,
             rt.credit_account_id AS escrow_id, l.bet_type, l.numbers, l.stake_per_unit, l.stake_multiplier, l.stake, l.odds_milli,
             nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS transfer_id,
             nextval(pg_get_serial_sequence('ledger_reservations', 'id')) AS reservation_id,
             nextval(pg_get_serial_sequence('bet_records', 'id')) AS bet_record_id,
             nextval(pg_get_serial_sequence('lottery_tickets', 'id')) AS ticket_id
        FROM lottery_tickets t
        JOIN ledger_reservations r ON r.id = t.reservation_id
        JOIN ledger_transfers rt ON rt.id = r.reserve_transfer_id
        JOIN lottery_ticket_lines l ON l.ticket_id = t.id
        CROSS JOIN generate_series(${first}::int, ${last}::int) AS c(n)
       WHERE t.period_id = ${periodId}
         AND t.id IN (SELECT min(id) FROM lottery_tickets WHERE period_id = ${periodId} GROUP BY member_id)
         AND (c.n - 1) * (SELECT count(DISTINCT member_id) FROM lottery_tickets WHERE period_id = ${periodId}) + t.id
             - (SELECT min(id) FROM lottery_tickets WHERE period_id = ${periodId}) < ${limit}`.execute(trx);
    // The member's balance before its copies: what is left after the real ticket and earlier copies.
    await sql`
      INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash,
                                    reference_type, reference_id, note, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT transfer_id, account_id, escrow_id, total_stake, 'VND', code, 'lottery:ticket:' || ticket_id, md5(ticket_id::text),
             reference_type, ticket_id::text, NULL, ${START}::timestamptz
        FROM copies`.execute(trx);
    await sql`
      WITH ordered AS (
        SELECT c.*, a.balance - sum(c.total_stake) OVER (PARTITION BY c.account_id ORDER BY c.ticket_id) AS after
          FROM copies c JOIN ledger_accounts a ON a.id = c.account_id
      )
      INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, code, created_at)
      SELECT transfer_id, account_id, -total_stake, after + total_stake, after, code, ${START}::timestamptz FROM ordered
      UNION ALL
      SELECT transfer_id, escrow_id, total_stake, NULL, NULL, code, ${START}::timestamptz FROM copies`.execute(trx);
    await sql`
      UPDATE ledger_accounts a SET balance = a.balance - s.total, version = a.version + s.n
        FROM (SELECT account_id, sum(total_stake) AS total, count(*) AS n FROM copies GROUP BY account_id) s
       WHERE a.id = s.account_id`.execute(trx);
    await sql`
      INSERT INTO ledger_reservations (id, account_id, amount, currency, code, status, idempotency_key, request_hash, reserve_transfer_id,
                                       reference_type, reference_id, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT reservation_id, account_id, total_stake, 'VND', code, 'held', 'lottery:ticket:' || ticket_id, md5(ticket_id::text), transfer_id,
             reference_type, ticket_id::text, ${START}::timestamptz
        FROM copies`.execute(trx);
    await sql`
      INSERT INTO bet_records (id, merchant_id, member_id, username, vendor_code, game_code, game_category, round_id, currency, is_trial,
                               status, stake, bet_count, opened_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT c.bet_record_id, b.merchant_id, b.member_id, b.username, b.vendor_code, b.game_code, b.game_category, c.ticket_id::text,
             b.currency, false, 'open', c.total_stake, b.bet_count, ${START}::timestamptz, ${START}::timestamptz
        FROM copies c JOIN lottery_tickets t ON t.id = c.template_id JOIN bet_records b ON b.id = t.bet_record_id`.execute(trx);
    await sql`
      INSERT INTO lottery_tickets (id, merchant_id, member_id, period_id, game_id, currency, total_stake, status, reservation_id, bet_record_id, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT c.ticket_id, t.merchant_id, t.member_id, t.period_id, t.game_id, t.currency, c.total_stake, 'open', c.reservation_id,
             c.bet_record_id, ${START}::timestamptz
        FROM copies c JOIN lottery_tickets t ON t.id = c.template_id`.execute(trx);
    // The copy's number moves on from the real ticket's, so the draw holds bets on every number.
    await sql`
      INSERT INTO lottery_ticket_lines (ticket_id, period_id, line_no, bet_type, numbers, is_single, stake_per_unit, stake_multiplier, stake, odds_milli)
      SELECT ticket_id, ${periodId}, 1, bet_type,
             lpad(((numbers::int + copy_no) % (10 ^ length(numbers))::int)::text, length(numbers), '0'),
             true, stake_per_unit, stake_multiplier, stake, odds_milli
        FROM copies`.execute(trx);
  });
}

async function memberBalances(db: Database['db']): Promise<Map<number, number>> {
  const rows = await sql<{ member_id: string; balance: string }>`
    SELECT member_id, balance::text FROM ledger_accounts WHERE kind = 'player_main'`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.member_id), Number(r.balance)]));
}

/** Each member's wins recomputed with the rules engine from the drawn result, against the balances and records. */
async function verifySettlement(db: Database['db'], periodId: number, before: Map<number, number>): Promise<void> {
  const period = await sql<{ result: DrawResult; region: LotteryRegion }>`
    SELECT p.result, g.region FROM lottery_periods p JOIN lottery_games g ON g.id = p.game_id WHERE p.id = ${periodId}`.execute(db);
  const { result, region } = period.rows[0]!;
  const groups = await sql<{
    member_id: string;
    bet_type: LotteryBetType;
    numbers: string;
    stake_per_unit: string;
    odds_milli: string;
    n: string;
  }>`
    SELECT t.member_id, l.bet_type, l.numbers, l.stake_per_unit::text, l.odds_milli::text, count(*)::text AS n
      FROM lottery_ticket_lines l JOIN lottery_tickets t ON t.id = l.ticket_id
     WHERE t.period_id = ${periodId}
     GROUP BY t.member_id, l.bet_type, l.numbers, l.stake_per_unit, l.odds_milli`.execute(db);
  const expected = new Map<number, number>();
  let totalWins = 0;
  for (const g of groups.rows) {
    const hits = selectionHits(region, { type: g.bet_type, numbers: g.numbers.split(',') }, result);
    const win = Number((BigInt(g.stake_per_unit) * BigInt(hits) * BigInt(g.odds_milli)) / 1000n) * Number(g.n);
    expected.set(Number(g.member_id), (expected.get(Number(g.member_id)) ?? 0) + win);
    totalWins += win;
  }
  const after = await memberBalances(db);
  for (const [memberId, balance] of after) {
    const moved = balance - (before.get(memberId) ?? 0);
    if (moved !== (expected.get(memberId) ?? 0))
      throw new Error(`member ${memberId}: balance moved ${moved}, the rules give ${expected.get(memberId) ?? 0}`);
  }
  const open = await sql<{ open: string; wins: string; records: string; record_wins: string }>`
    SELECT (SELECT count(*) FROM lottery_tickets WHERE period_id = ${periodId} AND status <> 'settled')::text AS open,
           (SELECT coalesce(sum(payout), 0) FROM lottery_tickets WHERE period_id = ${periodId})::text AS wins,
           (SELECT count(*) FROM bet_records WHERE status = 'settled')::text AS records,
           (SELECT coalesce(sum(payout), 0) FROM bet_records)::text AS record_wins`.execute(db);
  const row = open.rows[0]!;
  if (Number(row.open) !== 0) throw new Error(`${row.open} tickets are not settled`);
  if (Number(row.wins) !== totalWins || Number(row.record_wins) !== totalWins) {
    throw new Error(`wins: rules ${totalWins}, tickets ${row.wins}, bet records ${row.record_wins}`);
  }
  if (Number(row.records) !== ticketCount) throw new Error(`${row.records} bet records settled of ${ticketCount}`);
}

/** The books from the tables: transfers balance, entries sum to zero, no member balance drifts from its entries. */
async function auditBooks(db: Database['db'], when: string): Promise<void> {
  const result = await sql<{ total: string; drifted: string; unbalanced: string }>`
    SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries)::text AS total,
           (SELECT count(*) FROM ledger_accounts a
              LEFT JOIN (SELECT account_id, sum(amount) AS s FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
             WHERE NOT a.is_system AND a.balance <> coalesce(e.s, 0))::text AS drifted,
           (SELECT count(*) FROM (SELECT transfer_id FROM ledger_entries GROUP BY transfer_id HAVING sum(amount) <> 0 OR count(*) <> 2) u)::text AS unbalanced`.execute(
    db,
  );
  const row = result.rows[0]!;
  if (Number(row.total) !== 0 || Number(row.drifted) !== 0 || Number(row.unbalanced) !== 0) {
    throw new Error(`books ${when}: entries sum ${row.total}, ${row.drifted} drifted accounts, ${row.unbalanced} unbalanced transfers`);
  }
}

await main();
