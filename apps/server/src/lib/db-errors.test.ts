import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../test/test-database.ts';
import {
  isDeadlock,
  isForeignKeyViolation,
  isSerializationFailure,
  isTransientTransactionError,
  isUniqueViolation,
  sqlStateOf,
  withRetry,
  withTransactionRetry,
} from './db-errors.ts';

const pgError = (code: string, extra: Record<string, unknown> = {}) => Object.assign(new Error('db error'), { code, ...extra });

describe('database error classification', () => {
  it('reads the SQLSTATE of database errors only', () => {
    expect(sqlStateOf(pgError('23505'))).toBe('23505');
    expect(sqlStateOf(new Error('plain'))).toBeUndefined();
    expect(sqlStateOf(null)).toBeUndefined();
    expect(sqlStateOf('23505')).toBeUndefined();
    expect(sqlStateOf({ code: 23505 })).toBeUndefined();
  });

  it('tells a unique violation, optionally of one constraint (named in the field or the message)', () => {
    expect(isUniqueViolation(pgError('23505'))).toBe(true);
    expect(isUniqueViolation(pgError('23503'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation(pgError('23505', { constraint: 'members_username_key' }), 'members_username_key')).toBe(true);
    expect(isUniqueViolation(pgError('23505', { constraint: 'members_email_key' }), 'members_username_key')).toBe(false);
    const byMessage = Object.assign(new Error('duplicate key value violates unique constraint "deposit_orders_gateway_tx_idx"'), {
      code: '23505',
    });
    expect(isUniqueViolation(byMessage, 'deposit_orders_gateway_tx_idx')).toBe(true);
    expect(isUniqueViolation(pgError('23503', { constraint: 'x' }), 'x')).toBe(false);
  });

  it('tells foreign-key violations, deadlocks and serialisation failures', () => {
    expect(isForeignKeyViolation(pgError('23503'))).toBe(true);
    expect(isForeignKeyViolation(pgError('23503', { constraint: 'a_fk' }), 'a_fk')).toBe(true);
    expect(isForeignKeyViolation(pgError('23503', { constraint: 'a_fk' }), 'b_fk')).toBe(false);
    expect(isDeadlock(pgError('40P01'))).toBe(true);
    expect(isDeadlock(pgError('40001'))).toBe(false);
    expect(isSerializationFailure(pgError('40001'))).toBe(true);
    expect(isTransientTransactionError(pgError('40P01'))).toBe(true);
    expect(isTransientTransactionError(pgError('40001'))).toBe(true);
    expect(isTransientTransactionError(pgError('23505'))).toBe(false);
  });
});

describe('retrying', () => {
  const noWait = { sleep: async () => {} };

  it('runs again on a transient error, up to the bound, then throws the last error', async () => {
    let runs = 0;
    await expect(
      withRetry(async () => {
        runs += 1;
        throw pgError('40P01');
      }, noWait),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(3);
  });

  it('returns the first success', async () => {
    let runs = 0;
    const value = await withRetry(async () => {
      runs += 1;
      if (runs < 2) throw pgError('40001');
      return 'done';
    }, noWait);
    expect(value).toBe('done');
    expect(runs).toBe(2);
  });

  it('does not run again on other errors', async () => {
    let runs = 0;
    await expect(
      withRetry(async () => {
        runs += 1;
        throw pgError('23505');
      }, noWait),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });

  it('waits a jittered, growing time between attempts', async () => {
    const waits: number[] = [];
    await expect(
      withRetry(
        async () => {
          throw pgError('40P01');
        },
        { attempts: 4, backoffMs: 10, random: () => 0.5, sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toBeDefined();
    expect(waits).toEqual([5, 10, 20]);
  });

  it('takes its own rule for what to retry', async () => {
    let runs = 0;
    await expect(
      withRetry(
        async () => {
          runs += 1;
          throw new Error('any');
        },
        { attempts: 2, retryOn: () => true, backoffMs: 0 },
      ),
    ).rejects.toThrow('any');
    expect(runs).toBe(2);
  });
});

describe('on the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`CREATE TABLE retry_parent (id int PRIMARY KEY, name text UNIQUE)`.execute(database.db);
    await sql`CREATE TABLE retry_child (id int PRIMARY KEY, parent_id int REFERENCES retry_parent (id))`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('classifies the errors the database raises', async () => {
    await sql`INSERT INTO retry_parent (id, name) VALUES (1, 'a')`.execute(database.db);
    const duplicate = await sql`INSERT INTO retry_parent (id, name) VALUES (2, 'a')`.execute(database.db).catch((err: unknown) => err);
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isUniqueViolation(duplicate, 'retry_parent_name_key')).toBe(true);
    expect(isUniqueViolation(duplicate, 'retry_parent_pkey')).toBe(false);
    const orphan = await sql`INSERT INTO retry_child (id, parent_id) VALUES (1, 99)`.execute(database.db).catch((err: unknown) => err);
    expect(isForeignKeyViolation(orphan)).toBe(true);
    expect(isForeignKeyViolation(orphan, 'retry_child_parent_id_fkey')).toBe(true);
    expect(isUniqueViolation(orphan)).toBe(false);
  });

  it('runs a transaction again after a transient failure, with nothing of the failed attempt kept', async () => {
    let runs = 0;
    const id = await withTransactionRetry(
      database.db,
      async (trx) => {
        runs += 1;
        await sql`INSERT INTO retry_parent (id, name) VALUES (10, 'ten')`.execute(trx);
        if (runs === 1) throw pgError('40P01');
        return 10;
      },
      { sleep: async () => {} },
    );
    expect(id).toBe(10);
    expect(runs).toBe(2);
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM retry_parent WHERE id = 10`.execute(database.db);
    expect(rows.rows[0]?.n).toBe(1);
  });

  it.skipIf(testDatabaseKind() !== 'postgres')('lets the victim of a real deadlock run again and succeed', async () => {
    await sql`INSERT INTO retry_parent (id, name) VALUES (100, 'x'), (101, 'y')`.execute(database.db);
    let arrived = 0;
    let releaseBoth: () => void = () => {};
    const bothHoldTheirFirstLock = new Promise<void>((resolve) => (releaseBoth = resolve));
    let attempts = 0;
    const lockBoth = (first: number, second: number) =>
      withTransactionRetry(
        database.db,
        async (trx) => {
          attempts += 1;
          const isFirstAttempt = attempts <= 2;
          await sql`SELECT id FROM retry_parent WHERE id = ${first} FOR UPDATE`.execute(trx);
          if (isFirstAttempt) {
            arrived += 1;
            if (arrived === 2) releaseBoth();
            await bothHoldTheirFirstLock;
          }
          await sql`SELECT id FROM retry_parent WHERE id = ${second} FOR UPDATE`.execute(trx);
          await sql`UPDATE retry_parent SET name = name || '.' WHERE id IN (${first}, ${second})`.execute(trx);
        },
        { attempts: 5 },
      );
    await Promise.all([lockBoth(100, 101), lockBoth(101, 100)]);
    // One of the two was the victim and ran again (its retry may, rarely, be a victim once more).
    expect(attempts).toBeGreaterThanOrEqual(3);
    const rows = await sql<{ name: string }>`SELECT name FROM retry_parent WHERE id IN (100, 101) ORDER BY id`.execute(database.db);
    expect(rows.rows.map((r) => r.name)).toEqual(['x..', 'y..']);
  });
});
