import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isDeadlock, withTransactionRetry } from '../../lib/db-errors.ts';
import type { Db, Trx } from './ledger.types.ts';

/** Attempts of one standalone operation when PostgreSQL breaks a deadlock by aborting it. */
export const DEADLOCK_RETRY_COUNT_MAX = 3;

export type InTransaction = <T>(trx: Transaction<DB> | undefined, work: (t: Trx) => Promise<T>) => Promise<T>;

export function createInTransaction(db: Db): InTransaction {
  /**
   * Runs `work` in the caller's transaction, or in a new one. A new one that PostgreSQL picks as a
   * deadlock victim (possible when duplicates of one key race on the two write paths) rolled back
   * whole, so it is simply run again, at once; the retry then sees the winner's key and replays.
   */
  async function inTransaction<T>(trx: Transaction<DB> | undefined, work: (t: Trx) => Promise<T>): Promise<T> {
    if (trx) return work(trx);
    return withTransactionRetry(db, work, { attempts: DEADLOCK_RETRY_COUNT_MAX, retryOn: isDeadlock, backoffMs: 0 });
  }

  return inTransaction;
}
