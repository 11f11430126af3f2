import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FUNCTION_OWNERS, TABLE_OWNERS, type TableName } from '../db/table-owners.ts';
import { type FileUsage, scanSource, scanTree } from './kysely-usage.ts';

/**
 * The data-ownership rules of ADR 0013, checked against the source:
 * - a module reads and writes only the tables it owns (`db/table-owners.ts`), unless an exception
 *   below gives the reason; only `modules/ledger` writes ledger tables, with no exception;
 * - only repositories (`*.repository.ts`) and the listed infrastructure call the query builder;
 * - a repository never begins a transaction: a service does, and passes `trx` to repositories;
 * - no module imports another module's repository;
 * - every SQL function a migration creates has one owner (`FUNCTION_OWNERS`), and its body reads and
 *   writes only its owner's tables (only the ledger's functions write ledger tables); it reaches
 *   other tables by calling their owners' functions (ADR 0041).
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** A module that reads a table it does not own, and why that is better than asking the owner. */
const OWNERSHIP_EXCEPTIONS: readonly { module: string; table: TableName; access: 'read'; reason: string }[] = [];

/** Folders outside the modules that may call the query builder on any table: the schema, migrations and seeds. */
const INFRASTRUCTURE = ['db/', 'seed/'];

const LEDGER_TABLES = new Set(Object.entries(TABLE_OWNERS).flatMap(([table, owner]) => (owner === 'ledger' ? [table] : [])));

function functionViolations(usage: readonly FileUsage[]): string[] {
  const owners: Record<string, string> = FUNCTION_OWNERS;
  const found: string[] = [];
  for (const file of usage) {
    for (const fn of file.functions) {
      if (!(fn.name in owners)) found.push(`${file.file}:${fn.line} creates function ${fn.name}: give it an owner in FUNCTION_OWNERS`);
    }
    for (const use of file.tables) {
      if (!use.inFunction) continue;
      const owner = owners[use.inFunction];
      if (owner === undefined) continue;
      const where = `${file.file}:${use.line} function ${use.inFunction} ${use.access}s ${use.table}`;
      if (LEDGER_TABLES.has(use.table) && use.access === 'write' && owner !== 'ledger') {
        found.push(`${where}: only the ledger's functions write ledger tables`);
        continue;
      }
      if (TABLE_OWNERS[use.table] !== owner) {
        found.push(`${where}: the table belongs to ${TABLE_OWNERS[use.table]}; call one of its functions`);
      }
    }
  }
  return found;
}

function ownershipViolations(usage: readonly FileUsage[]): string[] {
  const found: string[] = [];
  for (const file of usage) {
    for (const use of file.tables) {
      // A SQL function's body is checked against its own owner (functionViolations).
      if (use.inFunction) continue;
      const where = `${file.file}:${use.line} ${use.access}s ${use.table} (${use.via})`;
      if (LEDGER_TABLES.has(use.table) && use.access === 'write' && file.area !== 'ledger') {
        found.push(`${where}: only modules/ledger writes ledger tables`);
        continue;
      }
      if (file.area === 'infrastructure') continue;
      const owner = TABLE_OWNERS[use.table];
      if (owner === file.area) continue;
      const excepted = OWNERSHIP_EXCEPTIONS.some((e) => e.module === file.area && e.table === use.table && e.access === use.access);
      if (!excepted) found.push(`${where}: the table belongs to ${owner}; go through its service or the reads it exports`);
    }
  }
  return found;
}

function builderViolations(usage: readonly FileUsage[]): string[] {
  const found: string[] = [];
  for (const file of usage) {
    if (file.file.endsWith('.repository.ts') || INFRASTRUCTURE.some((dir) => file.file.startsWith(dir))) continue;
    for (const call of file.builderCalls)
      found.push(`${file.file}:${call.line} calls ${call.call}: only a repository (*.repository.ts) touches Kysely`);
  }
  return found;
}

function repositoryTransactionViolations(usage: readonly FileUsage[]): string[] {
  return usage
    .filter((file) => file.file.endsWith('.repository.ts'))
    .flatMap((file) =>
      file.transactionLines.map((line) => `${file.file}:${line} begins a transaction: a service begins it and passes trx`),
    );
}

function repositoryImportViolations(usage: readonly FileUsage[]): string[] {
  const found: string[] = [];
  for (const file of usage) {
    if (!file.file.startsWith('modules/')) continue;
    for (const imported of file.repositoryImports)
      if (imported.imported.startsWith('../'))
        found.push(`${file.file}:${imported.line} imports ${imported.imported}: reach another module through its service`);
  }
  return found;
}

describe('data ownership (ADR 0013)', () => {
  const usage = scanTree(SRC);

  it('gives every table that a migration creates exactly one owner', () => {
    const migrations = fileURLToPath(new URL('../db/migrations/', import.meta.url));
    const created = new Set<string>();
    for (const name of readdirSync(migrations)) {
      const text = readFileSync(`${migrations}${name}`, 'utf8');
      for (const match of text.matchAll(/createTable\(\s*'([a-z_][a-z0-9_]*)'/g)) created.add(match[1] ?? '');
      for (const match of text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/gi)) created.add(match[1] ?? '');
      for (const match of text.matchAll(/dropTable\(\s*'([a-z_][a-z0-9_]*)'/g)) created.delete(match[1] ?? '');
    }
    expect([...created].filter((table) => !(table in TABLE_OWNERS)).sort()).toEqual([]);
  });

  it('lets a module query only the tables it owns, and only the ledger write ledger tables', () => {
    expect(ownershipViolations(usage)).toEqual([]);
  });

  it('lets only repositories and the listed infrastructure call the query builder', () => {
    expect(builderViolations(usage)).toEqual([]);
  });

  it('lets a SQL function touch only its owner’s tables, and only the ledger’s write ledger tables', () => {
    expect(functionViolations(usage)).toEqual([]);
  });

  it('lets no repository begin a transaction', () => {
    expect(repositoryTransactionViolations(usage)).toEqual([]);
  });

  it('lets no module import another module’s repository', () => {
    expect(repositoryImportViolations(usage)).toEqual([]);
  });

  it('lists only exceptions that are still used, each with its reason', () => {
    for (const exception of OWNERSHIP_EXCEPTIONS) {
      expect(exception.reason.length).toBeGreaterThan(20);
      const used = usage.some((u) => u.area === exception.module && u.tables.some((t) => t.table === exception.table));
      expect(used, `${exception.module} → ${exception.table}`).toBe(true);
    }
  });

  // The scanner itself: a rule that cannot fail is no rule.
  describe('finds', () => {
    const scan = (file: string, text: string) => scanSource(file, text);

    it('a builder call, a join and raw SQL on a table another module owns', () => {
      const usage = scan(
        'modules/chat/chat.service.ts',
        `const a = db.selectFrom('members as m').innerJoin('bank_cards as b', 'b.member_id', 'm.id');
         const b = sql\`UPDATE ledger_accounts SET balance = 0 FROM members WHERE id = \${id}\`;
         // selectFrom('withdrawals') in a comment is not a query
         const c = 'select * from deposit_orders';`,
      );
      expect(ownershipViolations([usage])).toEqual([
        'modules/chat/chat.service.ts:1 reads bank_cards (innerJoin()): the table belongs to bank-cards; go through its service or the reads it exports',
        'modules/chat/chat.service.ts:1 reads members (selectFrom()): the table belongs to accounts; go through its service or the reads it exports',
        'modules/chat/chat.service.ts:2 writes ledger_accounts (sql`…`): only modules/ledger writes ledger tables',
        'modules/chat/chat.service.ts:2 reads members (sql`…`): the table belongs to accounts; go through its service or the reads it exports',
      ]);
      // selectFrom and innerJoin on line 1, the sql tag on line 2
      expect(builderViolations([usage])).toHaveLength(3);
    });

    it('a ledger write even from infrastructure, and none from the ledger itself', () => {
      expect(ownershipViolations([scan('seed/demo.ts', `db.insertInto('ledger_entries').values(row)`)])).toHaveLength(1);
      expect(ownershipViolations([scan('modules/ledger/ledger.repository.ts', `db.insertInto('ledger_entries').values(row)`)])).toEqual([]);
    });

    it('a service that queries, but not one that opens a transaction for its repository', () => {
      expect(builderViolations([scan('modules/help/help.service.ts', `db.transaction().execute((trx) => repo.insert(trx, row))`)])).toEqual(
        [],
      );
      expect(builderViolations([scan('modules/help/help.service.ts', `trx.deleteFrom('help_articles').execute()`)])).toHaveLength(1);
      expect(builderViolations([scan('modules/help/help.repository.ts', `trx.deleteFrom('help_articles').execute()`)])).toEqual([]);
      expect(repositoryTransactionViolations([scan('modules/help/help.repository.ts', `db.transaction().execute(work)`)])).toHaveLength(1);
    });

    it('a service that refines a query a repository started', () => {
      const usage = scan(
        'modules/withdrawals/withdrawals.service.ts',
        `const q = repo.selectWithdrawals(db).where('w.status', '=', status).orderBy('w.id', 'desc');`,
      );
      expect(builderViolations([usage]).map((v) => v.split(' calls ')[1])).toEqual([
        'orderBy(): only a repository (*.repository.ts) touches Kysely',
        'where(): only a repository (*.repository.ts) touches Kysely',
      ]);
    });

    it('a SQL function without an owner, or touching another owner’s tables', () => {
      const usage = scan(
        'db/migrations/2099-01-01-0001-x.ts',
        `await sql\`CREATE FUNCTION chat_pay() RETURNS void LANGUAGE sql AS $$ UPDATE ledger_accounts SET balance = 0 $$\`.execute(db);
         await sql\`CREATE OR REPLACE FUNCTION vendor_wallet_debit() RETURNS void LANGUAGE sql AS $$
           INSERT INTO ledger_entries (id) VALUES (1); SELECT 1 FROM members $$\`.execute(db);
         await sql\`CREATE FUNCTION ledger_balance_of() RETURNS bigint LANGUAGE sql AS $$ SELECT balance FROM ledger_accounts $$\`.execute(db);`,
      );
      expect(functionViolations([usage])).toEqual([
        'db/migrations/2099-01-01-0001-x.ts:1 creates function chat_pay: give it an owner in FUNCTION_OWNERS',
        "db/migrations/2099-01-01-0001-x.ts:2 function vendor_wallet_debit writes ledger_entries: only the ledger's functions write ledger tables",
        'db/migrations/2099-01-01-0001-x.ts:2 function vendor_wallet_debit reads members: the table belongs to accounts; call one of its functions',
      ]);
      // The same writes outside a function are the ordinary rules' (a ledger write from a migration).
      expect(ownershipViolations([usage])).toEqual([]);
    });

    it('an import of another module’s repository', () => {
      const usage = scan('modules/chat/chat.service.ts', `import { findById } from '../accounts/accounts.repository.ts';`);
      expect(repositoryImportViolations([usage])).toHaveLength(1);
    });
  });
});
