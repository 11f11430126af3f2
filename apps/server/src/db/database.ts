import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { SerialPGliteDialect } from './serial-pglite-dialect.ts';

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** bigint columns hold money in minor units; they arrive as JS numbers and must stay exact. */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value out of safe range: ${text}`);
  return value;
}

export type DatabaseKind = 'pglite' | 'postgres';

/** One round trip to the database; throws when it cannot be reached (readiness checks). */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Extensions every PGlite instance is opened with, as the migrations expect them: trigram indexes
 * serve the game catalogue's name search, as on PostgreSQL.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * SQL text that starts with this comment runs as a named prepared statement on PostgreSQL, so each
 * connection parses and plans it once. Only for a few fixed hot statements (the ledger's): every
 * distinct text stays prepared on every connection for the connection's life.
 */
export const PREPARED_STATEMENT_MARKER = '/* prepared */';
const preparedStatementNames = new Map<string, string>();
const PREPARED_STATEMENT_COUNT_MAX = 100;

function prepareMarkedStatements(client: pg.PoolClient): void {
  type Query = (...args: unknown[]) => unknown;
  const query = client.query.bind(client) as Query;
  // Every argument is passed on: pool.query() calls client.query(text, values, callback).
  (client as unknown as { query: Query }).query = (text, ...rest) => {
    if (typeof text !== 'string' || !text.startsWith(PREPARED_STATEMENT_MARKER)) return query(text, ...rest);
    let name = preparedStatementNames.get(text);
    if (!name) {
      if (preparedStatementNames.size >= PREPARED_STATEMENT_COUNT_MAX) return query(text, ...rest);
      name = `prepared_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      preparedStatementNames.set(text, name);
    }
    const [values, ...callback] = rest;
    return query({ name, text, values }, ...callback);
  };
}

export type Database = {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Runs SQL that may hold several statements (used by pg-boss). */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  /** The PostgreSQL connection string when on a server; pg-boss and listeners use it. */
  connectionString: string | undefined;
  close: () => Promise<void>;
};

export type DatabaseConfig =
  | { kind: 'postgres'; connectionString: string; poolSize: number }
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob };

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.connectionString, config.poolSize) : openPglite(config);
}

function openPostgres(connectionString: string, poolSize: number): Database {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8_OID) return parseInt8;
      return pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new pg.Pool({ connectionString, max: poolSize, types });
  pool.on('connect', prepareMarkedStatements);
  // An idle connection can be cut by the server (restart, failover); without a listener that error
  // would end the process. The pool replaces the connection on the next checkout.
  pool.on('error', (err) => {
    process.emitWarning(`PostgreSQL idle connection error: ${err.message}`);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    db,
    connectionString,
    executeSql: async (text, values) => {
      // Several statements without parameters come back as one result each; callers want the last.
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(text, values as unknown[] | undefined);
      return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
    },
    close: () => db.destroy(),
  };
}

async function openPglite(config: { dataDir: string | undefined; loadDataDir?: Blob }): Promise<Database> {
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const pglite = await PGlite.create(config.dataDir, {
    parsers: { [INT8_OID]: parseInt8, [NUMERIC_OID]: (v: string) => v },
    extensions: PGLITE_EXTENSIONS,
    ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}),
  });
  const db = new Kysely<DB>({ dialect: new SerialPGliteDialect(pglite) });
  return {
    kind: 'pglite',
    db,
    connectionString: undefined,
    executeSql: async (text, values) => {
      // PGlite's query() takes one statement; parameterless multi-statement SQL goes through exec().
      if (values && values.length > 0) {
        const result = await pglite.query(text, values);
        return { rows: result.rows };
      }
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
