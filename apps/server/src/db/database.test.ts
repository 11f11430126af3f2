import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

describe('the database executeSql used by background jobs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('never runs inside another caller open transaction', async () => {
    let seenDuringTransaction: Promise<{ rows: unknown[] }> | undefined;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await createMerchant(trx);
        // PGlite has one connection: pg-boss's SQL must wait for the transaction, not join it.
        seenDuringTransaction = database.executeSql('SELECT count(*)::int AS n FROM merchants');
        // Had it joined, it would be answered before this later statement of the transaction is.
        await sql`SELECT 1`.execute(trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const result = await seenDuringTransaction;
    expect(result?.rows).toEqual([{ n: 0 }]);
  });

  it('runs several parameterless statements in one call and returns the last result', async () => {
    const result = await database.executeSql(
      'CREATE TEMP TABLE scratch (n int); INSERT INTO scratch VALUES (4), (5); SELECT sum(n)::int AS total FROM scratch',
    );
    expect(result.rows).toEqual([{ total: 9 }]);
  });
});
