import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  AbortedTransactionError,
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** PostgreSQL's SQLSTATE for "current transaction is aborted": COMMIT then rolls back instead. */
const IN_FAILED_SQL_TRANSACTION = '25P02';

/**
 * PGlite's one connection, seen by Kysely. A transaction runs through PGlite's own `transaction()`,
 * which holds PGlite's transaction lock from BEGIN to COMMIT/ROLLBACK: a statement issued straight
 * on the PGlite instance meanwhile (pg-boss through `Database.executeSql`) waits for the end instead
 * of running inside the transaction.
 */
class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  #transaction: Transaction | undefined;
  #finish: ((outcome: 'commit' | 'rollback') => void) | undefined;
  #closed: Promise<void> | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.#transaction ?? this.#pglite;
    const { rows, affectedRows } = await target.query<R>(query.sql, [...query.parameters], { rowMode: 'object' });
    return {
      rows: rows ?? [],
      ...(affectedRows === undefined || affectedRows === null ? {} : { numAffectedRows: BigInt(affectedRows) }),
    };
  }

  /** PGlite returns whole results: Kysely's `.stream()` is not offered on it. */
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }

  async begin(): Promise<void> {
    let begun!: () => void;
    const started = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const outcome = new Promise<'commit' | 'rollback'>((resolve) => {
      this.#finish = resolve;
    });
    this.#closed = this.#pglite.transaction(async (tx) => {
      this.#transaction = tx;
      begun();
      // PGlite commits when this callback returns and rolls back when it throws.
      if ((await outcome) === 'rollback') throw new RolledBack();
    });
    try {
      // A BEGIN that fails rejects `#closed` before the callback runs.
      await Promise.race([started, this.#closed]);
    } catch (error) {
      this.#reset();
      throw error;
    }
  }

  async commit(): Promise<void> {
    try {
      this.#finish?.('commit');
      await this.#closed;
    } catch (error) {
      if (codeOf(error) === IN_FAILED_SQL_TRANSACTION) {
        const aborted = new AbortedTransactionError();
        aborted.cause = error;
        throw aborted;
      }
      throw error;
    } finally {
      this.#reset();
    }
  }

  async rollback(): Promise<void> {
    this.#finish?.('rollback');
    await this.#closed?.catch(() => undefined);
    this.#reset();
  }

  #reset(): void {
    this.#transaction = undefined;
    this.#finish = undefined;
    this.#closed = undefined;
  }
}

class RolledBack extends Error {}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/**
 * Kysely's driver over one PGlite instance. Isolation levels are not sent: with one connection and
 * transactions taken one at a time (below), every transaction already sees no concurrent writer.
 */
class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await (connection as PGliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).rollback();
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

/**
 * PGlite has one connection. A driver that hands it to every caller at once would let a query issued
 * while another caller's transaction is open run inside it. This driver hands the connection to one
 * caller at a time: a transaction holds it until commit or rollback.
 */
class SerialDriver implements Driver {
  readonly #inner: Driver;
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.#inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/**
 * Kysely on PGlite: PostgreSQL's SQL compiler, adapter and introspector over the serial PGlite
 * driver. Kysely 0.28 (the line that supports Node 20) has no PGlite dialect of its own.
 */
export class SerialPGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new SerialDriver(new PGliteDriver(this.#pglite));
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

export type { Dialect };
