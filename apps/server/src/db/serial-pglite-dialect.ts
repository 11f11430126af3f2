import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseConnection, type Dialect, type Driver, PGliteDialect, type TransactionSettings } from 'kysely';

/**
 * PGlite has one connection. Kysely's PGlite driver hands that connection to every caller at once,
 * so a query issued while another caller's transaction is open would run inside it. This driver
 * hands the connection to one caller at a time: a transaction holds it until commit or rollback.
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

export class SerialPGliteDialect extends PGliteDialect {
  constructor(pglite: PGlite) {
    super({ pglite });
  }

  override createDriver(): Driver {
    return new SerialDriver(super.createDriver());
  }
}

export type { Dialect };
