import { openDatabase } from '@platform/server/db/database';
import { migrateToLatest } from '@platform/server/db/migrator';
import { sql } from 'kysely';
import pg from 'pg';
import { withDatabase } from '../lib/bench-support.ts';

/**
 * The back-office bench's data, in a database of its own (`BENCH_ADMIN_DB`, default bench_admin),
 * kept between runs: a marker table records what was generated, and a run with the same sizes reuses
 * it. Everything is written with set-based INSERT ... SELECT over generate_series, the secondary
 * indexes dropped during the load and built again after it (as in the agents bench).
 *
 *   members        BENCH_MEMBERS (default 200000), each with a main account; username, phone, e-mail
 *   ledger         BENCH_ENTRIES entries (default 10000000): half as many transfers, two entries each,
 *                  between a member's main account and a system account, over 60 days, mixed codes
 *   bet records    BENCH_BETS rounds (default 10000000) over the same 60 days, 5 vendors, 4 categories,
 *                  1 % still open
 */

type BenchData = {
  url: string;
  merchantId: number;
  members: number;
  entries: number;
  bets: number;
  firstDay: string;
  days: number;
};

const DAYS = 60;
const FIRST_DAY = '2026-09-01';

const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await work();
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
};

export async function ensureBenchData(options: { url: string; database: string; members: number; entries: number; bets: number }) {
  const { members, entries, bets } = options;
  const admin = new pg.Client({ connectionString: options.url });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${options.database}`);
  const url = withDatabase(options.url, options.database);
  const scoped = new URL(url);
  scoped.searchParams.set(
    'options',
    '-c synchronous_commit=off -c jit=off -c max_parallel_workers_per_gather=0 -c maintenance_work_mem=256MB',
  );
  let database = await openDatabase({ kind: 'postgres', connectionString: scoped.toString(), poolSize: 2 });
  const marker = await sql<{ m: string; e: string; b: string; merchant: string }>`
    SELECT members::text AS m, entries::text AS e, bets::text AS b, merchant_id::text AS merchant FROM bench_admin_data`
    .execute(database.db)
    .catch(() => undefined);
  const row = marker?.rows[0];
  if (row && Number(row.m) === members && Number(row.e) === entries && Number(row.b) === bets) {
    console.log(`reusing the generated data in database ${options.database}`);
    await timed('migrations (new ones only)', () => migrateToLatest(database.db));
    await database.close();
    await admin.end();
    return { url, merchantId: Number(row.merchant), members, entries, bets, firstDay: FIRST_DAY, days: DAYS } satisfies BenchData;
  }
  // Different sizes or a load that did not finish: start again from an empty database.
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${options.database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${options.database}`);
  await admin.end();
  database = await openDatabase({ kind: 'postgres', connectionString: scoped.toString(), poolSize: 2 });
  const db = database.db;
  console.log(`generating ${members} members, ${entries} ledger entries, ${bets} bet records in database ${options.database}`);
  await timed('migrations', () => migrateToLatest(db));

  async function withoutIndexes(table: string, work: () => Promise<void>): Promise<void> {
    const indexes = await sql<{ name: string; def: string }>`
      SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename = ${table}
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ('public.' || quote_ident(i.indexname))::regclass)`.execute(db);
    for (const index of indexes.rows) await sql`DROP INDEX ${sql.ref(index.name)}`.execute(db);
    await work();
    for (const index of indexes.rows) await sql.raw(index.def).execute(db);
  }

  const merchantId = (
    await sql<{ id: number }>`INSERT INTO merchants (code, name, currency) VALUES ('bench', 'Bench', 'VND') RETURNING id`.execute(db)
  ).rows[0]?.id as number;
  const start = sql`${FIRST_DAY}::timestamp AT TIME ZONE 'Asia/Ho_Chi_Minh'`;

  await timed('members', () =>
    withoutIndexes('members', async () => {
      await sql`
        INSERT INTO members (id, merchant_id, username, account_type, parent_id, upline_path, mobile_num, email, currency, created_at)
        OVERRIDING SYSTEM VALUE
        SELECT g, ${merchantId}, 'player' || g, 0, NULL, '/' || g || '/', '09' || lpad(g::text, 8, '0'), 'p' || g || '@bench.test', 'VND',
               ${start} + ((hashint4(g) & 2147483647) % (${DAYS} * 86400)) * interval '1 second'
          FROM generate_series(1, ${members}::integer) g`.execute(db);
      await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), ${members})`.execute(db);
    }),
  );
  await timed('accounts', async () => {
    // Member g's main account has id g; the system accounts follow.
    await sql`
      INSERT INTO ledger_accounts (id, merchant_id, kind, member_id, currency, balance, is_system, may_go_negative)
      OVERRIDING SYSTEM VALUE
      SELECT g, ${merchantId}, 'player_main', g, 'VND', 0, false, false FROM generate_series(1, ${members}::integer) g`.execute(db);
    await sql`
      INSERT INTO ledger_accounts (id, merchant_id, kind, member_id, currency, balance, is_system, may_go_negative)
      OVERRIDING SYSTEM VALUE
      SELECT ${members} + k, ${merchantId}, (ARRAY['house_revenue', 'payment_clearing', 'bonus_pool'])[k], NULL, 'VND', 0, true, true
        FROM generate_series(1, 3) k`.execute(db);
    await sql`SELECT setval(pg_get_serial_sequence('ledger_accounts', 'id'), ${members + 3})`.execute(db);
  });
  const transfers = Math.floor(entries / 2);
  const span = DAYS * 86400;
  await timed(`ledger transfers (${transfers})`, () =>
    withoutIndexes('ledger_transfers', async () => {
      // Codes: 60 % bets and 30 % payouts against the house, 5 % deposits and 3 % withdrawals against
      // payment clearing, 1 % promotions and 1 % rebates from the bonus pool. A member's side is the
      // debit for bets and withdrawals, the credit otherwise.
      await sql`
        INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, code, idempotency_key, request_hash, created_at)
        OVERRIDING SYSTEM VALUE
        SELECT g, CASE WHEN c.member_pays THEN c.member ELSE c.system END, CASE WHEN c.member_pays THEN c.system ELSE c.member END,
               1000 * (1 + c.h % 500), 'VND', c.code, 'bench-' || g, 'bench', ${start} + (g::bigint * ${span}::bigint / ${transfers}::bigint) * interval '1 second'
          FROM generate_series(1, ${transfers}::integer) g
         CROSS JOIN LATERAL (SELECT hashint4(g) & 2147483647 AS h) r
         CROSS JOIN LATERAL (
           SELECT r.h, 1 + (hashint4(g + 7) & 2147483647) % ${members}::integer AS member,
                  CASE WHEN r.h % 100 < 60 THEN 'bet' WHEN r.h % 100 < 90 THEN 'payout' WHEN r.h % 100 < 95 THEN 'deposit'
                       WHEN r.h % 100 < 98 THEN 'withdrawal' WHEN r.h % 100 < 99 THEN 'promotion' ELSE 'rebate' END AS code,
                  CASE WHEN r.h % 100 < 90 THEN ${members + 1}::bigint WHEN r.h % 100 < 98 THEN ${members + 2}::bigint ELSE ${members + 3}::bigint END AS system,
                  (r.h % 100 < 60 OR r.h % 100 BETWEEN 95 AND 97) AS member_pays
         ) c`.execute(db);
      await sql`SELECT setval(pg_get_serial_sequence('ledger_transfers', 'id'), ${transfers})`.execute(db);
    }),
  );
  await timed(`ledger entries (${transfers * 2})`, () =>
    withoutIndexes('ledger_entries', async () => {
      await sql`
        INSERT INTO ledger_entries (transfer_id, account_id, amount, code, created_at)
        SELECT t.id, CASE WHEN s.side = 1 THEN t.debit_account_id ELSE t.credit_account_id END,
               CASE WHEN s.side = 1 THEN -t.amount ELSE t.amount END, t.code, t.created_at
          FROM ledger_transfers t CROSS JOIN (VALUES (1), (2)) s(side)
         ORDER BY t.id, s.side`.execute(db);
      await sql`
        UPDATE ledger_accounts a SET balance = s.sum
          FROM (SELECT account_id, sum(amount) AS sum FROM ledger_entries GROUP BY account_id) s
         WHERE a.id = s.account_id AND a.may_go_negative`.execute(db);
    }),
  );
  await timed(`bet records (${bets})`, () =>
    withoutIndexes('bet_records', async () => {
      await sql`
        INSERT INTO bet_records (merchant_id, member_id, username, vendor_code, game_code, game_category, round_id, currency, status,
                                 stake, payout, valid_bet, win_loss, bet_count, opened_at, settled_at, updated_at)
        SELECT ${merchantId}, c.member, 'player' || c.member, (ARRAY['PG', 'JILI', 'EVO', 'SABA', 'DEMO'])[1 + c.h % 5],
               'game-' || (c.h % 40), (ARRAY['SLOT', 'LIVE', 'SPORTS', 'FISH'])[1 + c.h % 4], g::text, 'VND',
               CASE WHEN c.h % 100 = 0 THEN 'open' ELSE 'settled' END,
               c.stake, CASE WHEN c.h % 100 = 0 THEN 0 ELSE c.payout END,
               CASE WHEN c.h % 100 = 0 OR c.payout = c.stake THEN 0 ELSE c.stake END,
               CASE WHEN c.h % 100 = 0 THEN 0 ELSE c.payout - c.stake END, 1,
               c.at, CASE WHEN c.h % 100 = 0 THEN NULL ELSE c.at + interval '1 minute' END, c.at + interval '1 minute'
          FROM generate_series(1, ${bets}::integer) g
         CROSS JOIN LATERAL (SELECT hashint4(g + 3) & 2147483647 AS h) r
         CROSS JOIN LATERAL (
           SELECT r.h, 1 + (hashint4(g + 11) & 2147483647) % ${members}::integer AS member, 1000 * (1 + r.h % 300) AS stake,
                  CASE WHEN r.h % 5 < 2 THEN 2000 * (1 + r.h % 300) ELSE 0 END AS payout,
                  ${start} + (g::bigint * ${span}::bigint / ${bets}::bigint) * interval '1 second' AS at
         ) c`.execute(db);
    }),
  );
  await timed('vacuum and analyze', () =>
    sql`VACUUM ANALYZE members, ledger_accounts, ledger_transfers, ledger_entries, bet_records`.execute(db),
  );
  await sql`CREATE TABLE bench_admin_data (members bigint, entries bigint, bets bigint, merchant_id bigint)`.execute(db);
  await sql`INSERT INTO bench_admin_data VALUES (${members}, ${transfers * 2}, ${bets}, ${merchantId})`.execute(db);
  await database.close();
  return { url, merchantId, members, entries: transfers * 2, bets, firstDay: FIRST_DAY, days: DAYS } satisfies BenchData;
}
