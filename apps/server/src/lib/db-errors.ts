import { setTimeout as sleepMs } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';

/**
 * What a database error was, by its SQLSTATE. PGlite and PostgreSQL (node-postgres) both raise
 * errors carrying the five-character `code`, and, for constraint errors, the `constraint` name
 * (older drivers name it only in the message, so a constraint is looked for in both).
 */
export const SQLSTATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  inFailedTransaction: '25P02',
  /**
   * Raised by a SQL function of ours (ADR 0041) that met a case it leaves to the service's path
   * after it had written: the error undoes its whole statement, and the caller takes that path.
   */
  servicePathRequested: 'PV001',
} as const;

/** The SQLSTATE of a database error; undefined for anything else. */
export function sqlStateOf(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function namesConstraint(err: unknown, constraint: string): boolean {
  const { constraint: name, message } = err as { constraint?: unknown; message?: unknown };
  return (typeof name === 'string' && name.includes(constraint)) || (typeof message === 'string' && message.includes(constraint));
}

/** A unique index refused the write; with `constraint`, only when that index (or constraint) did. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  if (sqlStateOf(err) !== SQLSTATE.uniqueViolation) return false;
  return constraint === undefined || namesConstraint(err, constraint);
}

/** A foreign key refused the write; with `constraint`, only when that one did. */
export function isForeignKeyViolation(err: unknown, constraint?: string): boolean {
  if (sqlStateOf(err) !== SQLSTATE.foreignKeyViolation) return false;
  return constraint === undefined || namesConstraint(err, constraint);
}

/** PostgreSQL broke a deadlock by aborting this transaction. */
export function isDeadlock(err: unknown): boolean {
  return sqlStateOf(err) === SQLSTATE.deadlockDetected;
}

/** A statement was sent in a transaction that an earlier failed statement had already aborted. */
export function isAbortedTransaction(err: unknown): boolean {
  return sqlStateOf(err) === SQLSTATE.inFailedTransaction;
}

/** A SQL function of ours left the call to the service's path (`SQLSTATE.servicePathRequested`); nothing it wrote stands. */
export function isServicePathRequested(err: unknown): boolean {
  return sqlStateOf(err) === SQLSTATE.servicePathRequested;
}

/** A serializable (or repeatable read) transaction could not be ordered with a concurrent one. */
export function isSerializationFailure(err: unknown): boolean {
  return sqlStateOf(err) === SQLSTATE.serializationFailure;
}

/**
 * The transaction was rolled back whole because of a concurrent one (deadlock victim or
 * serialisation failure): running it again from the start is safe and usually succeeds.
 */
export function isTransientTransactionError(err: unknown): boolean {
  return isDeadlock(err) || isSerializationFailure(err);
}

export type RetryOptions = {
  /** Attempts in all, the first one included (default 3). */
  attempts?: number;
  /** Which errors are worth another attempt (default: deadlock or serialisation failure). */
  retryOn?: (err: unknown) => boolean;
  /**
   * The wait before retry n (1-based) is a random time up to `backoffMs * 2^(n-1)` ("full
   * jitter"), so two victims of one deadlock do not collide again. 0 retries at once. Default 10.
   */
  backoffMs?: number;
  /** For tests: the random source (0 <= x < 1) and the wait. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

const RETRY_ATTEMPTS_DEFAULT = 3;
const RETRY_BACKOFF_MS_DEFAULT = 10;

/** Runs `work`, running it again (up to `attempts` in all) while it fails with a retryable error. */
export async function withRetry<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? RETRY_ATTEMPTS_DEFAULT);
  const retryOn = options.retryOn ?? isTransientTransactionError;
  const backoffMs = options.backoffMs ?? RETRY_BACKOFF_MS_DEFAULT;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => sleepMs(ms));
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !retryOn(err)) throw err;
      const wait = Math.floor(random() * backoffMs * 2 ** (attempt - 1));
      if (wait > 0) await sleep(wait);
    }
  }
}

/**
 * Runs `work` in a new transaction, and again in a new one when PostgreSQL rolled it back as a
 * deadlock victim or a serialisation failure (bounded attempts, jittered backoff). `work` must
 * be safe to run again: everything it wrote in the failed attempt was rolled back, but anything it
 * did outside the transaction (a call to another system) was not.
 */
export function withTransactionRetry<DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  return withRetry(() => db.transaction().execute(work), options);
}
