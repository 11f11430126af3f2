import { randomBytes } from 'node:crypto';
import { migrateToLatest } from '@platform/server/db/migrator';
import type { DB } from '@platform/server/db/schema';
import { createLedgerService } from '@platform/server/modules/ledger/ledger.service';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

/**
 * Where a round's time goes inside PostgreSQL: runs warm-up rounds (reserve + settle) on a fresh
 * database, then one more round on a single connection with auto_explain (loaded per session, so no
 * server restart and no pg_stat_statements needed) and prints, for every statement the round sends,
 * its plan nodes with their actual times, the foreign-key triggers, and the WAL it wrote.
 *
 *   BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/test)
 *   EXPLAIN_WARMUP      rounds before the explained one (default 3000)
 */

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const warmupRounds = Number(process.env.EXPLAIN_WARMUP ?? 3000);
const PLAYER_COUNT = 1000;
const INT8_OID = 20;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'CTE Name'?: string;
  'Actual Total Time'?: number;
  'Actual Rows'?: number;
  'WAL Records'?: number;
  'WAL Bytes'?: number;
  'WAL FPI'?: number;
  Plans?: PlanNode[];
};
type Explained = {
  Plan: PlanNode;
  Triggers?: { 'Trigger Name': string; Relation: string; Time: number; Calls: number }[];
  'Execution Time'?: number;
  'Planning Time'?: number;
  'Query Text'?: string;
};

function printPlan(node: PlanNode, depth: number): void {
  const what = [node['Node Type'], node['Relation Name'] ?? node['CTE Name'] ?? ''].join(' ').trim();
  const wal = node['WAL Records'] ? `  wal ${node['WAL Records']} rec ${node['WAL Bytes']} B fpi ${node['WAL FPI']}` : '';
  console.log(`${'  '.repeat(depth)}${what}: ${node['Actual Total Time']?.toFixed(3)} ms, ${node['Actual Rows']} rows${wal}`);
  for (const child of node.Plans ?? []) printPlan(child, depth + 1);
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function main(): Promise<void> {
  pg.types.setTypeParser(INT8_OID, (v) => Number(v));
  const name = `bench_explain_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const explained: Explained[] = [];
  let isExplaining = false;
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, name), max: 1 });
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      if (!isExplaining) return;
      const json = notice.message?.slice(notice.message.indexOf('{'));
      if (json) explained.push(JSON.parse(json) as Explained);
    });
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db);
    const ledger = createLedgerService({ db });
    const merchant = await db
      .insertInto('merchants')
      .values({ code: 'bench', name: 'Bench', currency: 'VND' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO members (merchant_id, username, account_type, upline_path, currency)
      SELECT ${merchant.id}, 'player' || g, 0, '/', 'VND' FROM generate_series(1, ${PLAYER_COUNT}) g`.execute(db);
    const memberIds = (await db.selectFrom('members').select('id').orderBy('id').execute()).map((m) => m.id);
    const clearing = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: 'VND' });
    const house = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'house_revenue', currency: 'VND' });
    await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'stake_escrow', currency: 'VND' });
    const wallets: number[] = [];
    for (const memberId of memberIds) {
      const main = (await ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId, currency: 'VND' })).player_main!.id;
      await ledger.transfer({
        fromAccountId: clearing.id,
        toAccountId: main,
        amount: 1_000_000_000,
        code: 'deposit',
        idempotencyKey: `fund-${main}`,
      });
      wallets.push(main);
    }
    const round = async (n: number) => {
      const wallet = wallets[n % wallets.length]!;
      const stake = await ledger.reserve({
        accountId: wallet,
        amount: 100,
        idempotencyKey: `r${n}`,
        reference: { type: 'round', id: String(n) },
      });
      await ledger.settle({ reservationId: stake.reservationId, toAccountId: house.id, payout: 1 + (n % 200), idempotencyKey: `s${n}` });
    };
    for (let n = 1; n <= warmupRounds; n++) await round(n);
    await sql`VACUUM ANALYZE`.execute(db);
    await sql`CHECKPOINT`.execute(db);
    await sql`LOAD 'auto_explain'`.execute(db);
    for (const setting of [
      'auto_explain.log_min_duration = 0',
      'auto_explain.log_analyze = on',
      'auto_explain.log_buffers = on',
      'auto_explain.log_wal = on',
      'auto_explain.log_triggers = on',
      'auto_explain.log_nested_statements = on',
      "auto_explain.log_format = 'json'",
      "auto_explain.log_level = 'notice'",
    ]) {
      await sql.raw(`SET ${setting}`).execute(db);
    }
    // A few rounds first so the checkpoint's full-page images are paid before the measured one.
    for (let n = warmupRounds + 1; n <= warmupRounds + 20; n++) await round(n);
    isExplaining = true;
    await round(warmupRounds + 21);
    isExplaining = false;
    for (const e of explained) {
      const text = (e['Query Text'] ?? '').replace(/\s+/g, ' ').trim();
      console.log(`\n== ${text.slice(0, 110)}${text.length > 110 ? '...' : ''}`);
      console.log(`planning ${e['Planning Time']?.toFixed(3) ?? '-'} ms, execution ${e['Execution Time']?.toFixed(3) ?? '-'} ms`);
      printPlan(e.Plan, 1);
      for (const t of e.Triggers ?? [])
        console.log(`  trigger ${t['Trigger Name']} on ${t.Relation}: ${t.Time.toFixed(3)} ms, ${t.Calls} calls`);
    }
  } finally {
    await db.destroy();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

await main();
