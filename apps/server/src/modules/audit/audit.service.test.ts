import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { AUDIT_GENESIS_HASH, type AuditService, auditRowHash, canonicalJson, createAuditService, recordAudit } from './audit.service.ts';

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };

describe('the audit log', () => {
  let database: TestDatabase;
  let audit: AuditService;

  // One database for the file; each test starts from an empty log whose ids start again at 1, as on
  // a fresh database (the log is the only table these tests use).
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  beforeEach(async () => {
    await sql`TRUNCATE audit_log RESTART IDENTITY`.execute(database.db);
    audit = createAuditService({ db: database.db, logger: quietLogger });
  });
  afterAll(async () => {
    await database.close();
  });

  async function recordSome(count: number, offset = 0): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      await recordAudit(database.db, {
        actorType: 'admin',
        actorId: 7,
        action: 'member.lock',
        subjectType: 'member',
        subjectId: 100 + offset + i,
        data: { reason: 'fraud review', amounts: [offset + i, 2] },
        ip: '203.0.113.9',
      });
    }
  }

  it('records a row inside the caller transaction, so a rollback removes it too', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await recordAudit(trx, { actorType: 'system', action: 'ledger.transfer', data: { amount: 1 } });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    await database.db.transaction().execute(async (trx) => {
      await recordAudit(trx, { actorType: 'system', action: 'ledger.transfer', data: { amount: 2 } });
    });
    const rows = await database.db.selectFrom('audit_log').select(['action', 'data', 'hash']).execute();
    expect(rows).toEqual([{ action: 'ledger.transfer', data: { amount: 2 }, hash: null }]);
  });

  it('seals unsealed rows in id order into a chain that starts at the genesis hash', async () => {
    await recordSome(3);
    expect(await audit.seal()).toBe(3);
    const rows = await database.db.selectFrom('audit_log').select(['id', 'prev_hash', 'hash']).orderBy('id').execute();
    expect(rows[0]?.prev_hash).toBe(AUDIT_GENESIS_HASH);
    expect(rows[1]?.prev_hash).toBe(rows[0]?.hash);
    expect(rows[2]?.prev_hash).toBe(rows[1]?.hash);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash ?? ''))).toBe(true);
    expect(await audit.verifyChain()).toEqual({ isValid: true, rowsChecked: 3 });
  });

  it('is idempotent: sealing again changes nothing and new rows extend the same chain', async () => {
    await recordSome(2);
    await audit.seal();
    const first = await database.db.selectFrom('audit_log').select(['id', 'hash']).orderBy('id').execute();
    expect(await audit.seal()).toBe(0);
    const again = await database.db.selectFrom('audit_log').select(['id', 'hash']).orderBy('id').execute();
    expect(again).toEqual(first);

    await recordSome(2, 10);
    expect(await audit.seal()).toBe(2);
    const third = await database.db.selectFrom('audit_log').select(['id', 'prev_hash']).orderBy('id').execute();
    expect(third[2]?.prev_hash).toBe(first[1]?.hash);
    expect(await audit.verifyChain()).toEqual({ isValid: true, rowsChecked: 4 });
  });

  it('makes one chain when two nodes seal at the same time', async () => {
    await recordSome(40);
    const otherNode = createAuditService({ db: database.db, logger: quietLogger });
    const sealed = await Promise.all([audit.seal(), otherNode.seal(), audit.seal()]);
    expect(sealed.reduce((a, b) => a + b, 0)).toBe(40);
    const prevHashes = await database.db.selectFrom('audit_log').select('prev_hash').execute();
    expect(new Set(prevHashes.map((r) => r.prev_hash)).size).toBe(40);
    expect(await audit.verifyChain()).toEqual({ isValid: true, rowsChecked: 40 });
  });

  it('detects a row whose content was edited after sealing', async () => {
    await recordSome(4);
    await audit.seal();
    const target = await database.db.selectFrom('audit_log').select('id').orderBy('id').offset(2).limit(1).executeTakeFirstOrThrow();
    await database.db
      .updateTable('audit_log')
      .set({ data: JSON.stringify({ reason: 'nothing to see' }) })
      .where('id', '=', target.id)
      .execute();
    expect(await audit.verifyChain()).toEqual({ isValid: false, rowsChecked: 2, brokenAtId: target.id, reason: 'hash_mismatch' });
  });

  it('detects an edited row whose own hash was recomputed, at the row after it', async () => {
    await recordSome(3);
    await audit.seal();
    const ids = (await database.db.selectFrom('audit_log').select('id').orderBy('id').execute()).map((r) => r.id);
    // A forger rewrites row 2 and its hash, but cannot fix row 3's prev_hash without rewriting the rest.
    await database.db
      .updateTable('audit_log')
      .set({ action: 'member.unlock' })
      .where('id', '=', ids[1] ?? 0)
      .execute();
    const forged = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '=', ids[1] ?? 0)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('audit_log')
      .set({ hash: auditRowHash(forged.prev_hash ?? '', forged) })
      .where('id', '=', forged.id)
      .execute();
    expect(await audit.verifyChain()).toEqual({ isValid: false, rowsChecked: 2, brokenAtId: ids[2], reason: 'prev_hash_mismatch' });
  });

  it('detects a deleted row in the middle of the chain', async () => {
    await recordSome(5);
    await audit.seal();
    const rows = await database.db.selectFrom('audit_log').select('id').orderBy('id').execute();
    await database.db
      .deleteFrom('audit_log')
      .where('id', '=', rows[2]?.id ?? 0)
      .execute();
    expect(await audit.verifyChain()).toEqual({ isValid: false, rowsChecked: 2, brokenAtId: rows[3]?.id, reason: 'prev_hash_mismatch' });
  });

  it('chains a row that committed late with a lower id after the rows already sealed', async () => {
    await recordSome(2);
    // Reserve an id now and insert it after a later row is sealed, as a slow transaction would.
    const { rows: reserved } = await sql<{ id: number }>`SELECT nextval(pg_get_serial_sequence('audit_log', 'id'))::int AS id`.execute(
      database.db,
    );
    await recordSome(1, 5);
    await audit.seal();
    await sql`INSERT INTO audit_log (id, actor_type, action) OVERRIDING SYSTEM VALUE VALUES (${reserved[0]?.id}, 'system', 'late.write')`.execute(
      database.db,
    );
    expect(await audit.seal()).toBe(1);
    expect(await audit.verifyChain()).toEqual({ isValid: true, rowsChecked: 4 });
  });

  it('verifies a chain longer than one chunk and names the hash expected where an edited row breaks it', async () => {
    await sql`INSERT INTO audit_log (actor_type, action, data) SELECT 'system', 'bulk.write', jsonb_build_object('n', g) FROM generate_series(1, 2100) g`.execute(
      database.db,
    );
    await audit.seal();
    expect(await audit.verify()).toEqual({ ok: true, checked: 2100 });
    const target = await database.db.selectFrom('audit_log').select(['id', 'hash']).where('id', '=', 1500).executeTakeFirstOrThrow();
    await database.db
      .updateTable('audit_log')
      .set({ data: JSON.stringify({ n: -1 }) })
      .where('id', '=', 1500)
      .execute();
    const result = await audit.verify();
    expect(result).toMatchObject({ ok: false, checked: 1499, brokenAt: { id: 1500, actualHash: target.hash }, reason: 'hash_mismatch' });
    expect(result.ok ? '' : result.brokenAt.expectedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes content canonically, whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}');
  });
});
