import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createMerchant } from '../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { up as encryptExisting } from '../db/migrations/2026-11-26-2811-encrypt-totp-secrets.ts';
import { EnvError, parseEnv, secretsKeyOf } from '../env.ts';
import { findTotp, resealTotpSecrets, upsertTotpSecret } from '../modules/accounts/second-factor.repository.ts';
import { enrolTotp, findById as findAdminById, resealOperatorSecrets } from '../modules/admin/admin.repository.ts';
import {
  decodeSecretsKey,
  developmentSecretsKey,
  isSealedSecret,
  needsReseal,
  openSecret,
  resealUntilDone,
  sealSecret,
  secretsKeyId,
  setSecretsKey,
} from './secret-box.ts';

const key = Buffer.alloc(32, 7);

describe('secrets sealed at rest', () => {
  it('opens what it sealed for the same row, with a fresh nonce each time', () => {
    const a = sealSecret('JBSWY3DPEHPK3PXP', 'member_totp:1', key);
    const b = sealSecret('JBSWY3DPEHPK3PXP', 'member_totp:1', key);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(isSealedSecret(a)).toBe(true);
    expect(openSecret(a, 'member_totp:1', key)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another row, another key, a changed byte and plain text', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', 'admin_totp:2', key);
    expect(() => openSecret(sealed, 'admin_totp:3', key)).toThrow();
    expect(() => openSecret(sealed, 'admin_totp:2', Buffer.alloc(32, 8))).toThrow();
    const head = `v2.${secretsKeyId(key)}.`;
    expect(sealed.startsWith(head)).toBe(true);
    const bytes = Buffer.from(sealed.slice(head.length), 'base64url');
    bytes.writeUInt8((bytes.at(-1) ?? 0) ^ 1, bytes.length - 1);
    expect(() => openSecret(`${head}${bytes.toString('base64url')}`, 'admin_totp:2', key)).toThrow();
    expect(() => openSecret('JBSWY3DPEHPK3PXP', 'admin_totp:2', key)).toThrow(/not sealed/);
  });

  it('takes a key as 64 hex digits or base64 of 32 bytes, and production requires one', () => {
    expect(decodeSecretsKey('07'.repeat(32))).toEqual(key);
    expect(decodeSecretsKey(key.toString('base64'))).toEqual(key);
    expect(decodeSecretsKey(key.toString('base64url'))).toEqual(key);
    expect(decodeSecretsKey('too short')).toBeNull();
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(EnvError);
    expect(() => parseEnv({ TOTP_ENCRYPTION_KEY: 'nope' })).toThrow(/TOTP_ENCRYPTION_KEY/);
    const set = secretsKeyOf(parseEnv({ TOTP_ENCRYPTION_KEY: key.toString('hex') }));
    expect(set).toEqual({ key, previous: [], isDevelopmentKey: false });
    expect(secretsKeyOf(parseEnv({ NODE_ENV: 'development' }))).toEqual({
      key: developmentSecretsKey(),
      previous: [],
      isDevelopmentKey: true,
    });
  });

  it('takes the keys of before a rotation as a list, and refuses a list with one bad key', () => {
    const old1 = Buffer.alloc(32, 1);
    const old2 = Buffer.alloc(32, 2);
    const env = parseEnv({
      TOTP_ENCRYPTION_KEY: key.toString('hex'),
      TOTP_ENCRYPTION_PREVIOUS_KEYS: `${old1.toString('hex')}, ${old2.toString('base64')}`,
    });
    expect(secretsKeyOf(env)).toEqual({ key, previous: [old1, old2], isDevelopmentKey: false });
    expect(() => parseEnv({ TOTP_ENCRYPTION_PREVIOUS_KEYS: `${old1.toString('hex')},short` })).toThrow(/TOTP_ENCRYPTION_PREVIOUS_KEYS/);
  });

  it('names the key in each value, opens values of the old format and of previous keys, and nothing else', () => {
    const oldKey = Buffer.alloc(32, 9);
    const other = Buffer.alloc(32, 10);
    expect(secretsKeyId(key)).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(secretsKeyId(key)).not.toBe(secretsKeyId(oldKey));
    try {
      setSecretsKey(oldKey);
      const underOld = sealSecret('OLDSECRETAAAAAAA', 'member_totp:5');
      expect(needsReseal(underOld)).toBe(false);
      // The first format carried no key id: a value sealed before key ids existed.
      const v1 = `v1.${underOld.slice(`v2.${secretsKeyId(oldKey)}.`.length)}`;
      setSecretsKey(key, [oldKey]);
      expect(needsReseal(underOld)).toBe(true);
      expect(needsReseal(v1)).toBe(true);
      expect(openSecret(underOld, 'member_totp:5')).toBe('OLDSECRETAAAAAAA');
      expect(openSecret(v1, 'member_totp:5')).toBe('OLDSECRETAAAAAAA');
      expect(needsReseal(sealSecret('NEW', 'member_totp:5'))).toBe(false);
      setSecretsKey(key, [other]);
      expect(() => openSecret(underOld, 'member_totp:5')).toThrow(/does not hold/);
      expect(() => openSecret(v1, 'member_totp:5')).toThrow();
    } finally {
      setSecretsKey(developmentSecretsKey());
    }
  });
});

describe('a rotation of the key of secrets at rest', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    setSecretsKey(developmentSecretsKey());
    await database?.close();
  });

  it("seals every member's and operator's secret again with the new key, once, and they still open", async () => {
    const db = database.db;
    const oldKey = Buffer.alloc(32, 21);
    const newKey = Buffer.alloc(32, 22);
    const merchant = await createMerchant(db);
    setSecretsKey(oldKey);
    const members = [];
    for (let i = 0; i < 5; i += 1) {
      const member = await createMember(db, merchant);
      await upsertTotpSecret(db, member.id, `MEMBERSECRET${i}AAA`);
      members.push(member);
    }
    const admin = await db
      .insertInto('admin_users')
      .values({ merchant_id: merchant.id, username: `rot${members[0]?.id}`, password_hash: 'x', role: 'finance' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enrolTotp(db, admin.id, 'OPERATORSECRETZZ', new Date());

    setSecretsKey(newKey, [oldKey]);
    // Steps of 2 rows: each takes rows not yet under the new key.
    expect(await resealTotpSecrets(db, 2)).toEqual({ seen: 2, resealed: 2 });
    expect(await resealTotpSecrets(db, 2)).toEqual({ seen: 2, resealed: 2 });
    expect(await resealUntilDone((limit) => resealTotpSecrets(db, limit))).toBe(1);
    expect(await resealUntilDone((limit) => resealOperatorSecrets(db, limit))).toBe(1);
    expect(await resealUntilDone((limit) => resealTotpSecrets(db, limit))).toBe(0);
    expect(await resealUntilDone((limit) => resealOperatorSecrets(db, limit))).toBe(0);

    // Without the old key, everything still opens: every value is under the new one.
    setSecretsKey(newKey);
    for (const [i, member] of members.entries()) expect((await findTotp(db, member.id))?.secret_base32).toBe(`MEMBERSECRET${i}AAA`);
    expect((await findAdminById(db, admin.id))?.totpSecret).toBe('OPERATORSECRETZZ');
  });
});

describe('the migration that seals stored authenticator secrets', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('seals plain secrets of members, operators and enrolments for their rows, and leaves sealed ones alone', async () => {
    const db = database.db;
    const merchant = await createMerchant(db);
    const member = await createMember(db, merchant);
    const sealedMember = await createMember(db, merchant);
    await db.insertInto('member_totp').values({ member_id: member.id, secret_base32: 'MEMBERSECRETAAAA' }).execute();
    // A value sealed when the migration ran was in the first format (v1, no key id): the migration
    // runs before the server ever writes the current format.
    const v2 = sealSecret('ALREADYSEALEDBBB', `member_totp:${sealedMember.id}`);
    const v1 = `v1.${v2.slice(v2.indexOf('.', 3) + 1)}`;
    await db.insertInto('member_totp').values({ member_id: sealedMember.id, secret_base32: v1 }).execute();
    const stored = (
      await db.selectFrom('member_totp').select('secret_base32').where('member_id', '=', sealedMember.id).executeTakeFirstOrThrow()
    ).secret_base32;
    const admin = await db
      .insertInto('admin_users')
      .values({
        merchant_id: merchant.id,
        username: `op${member.id}`,
        password_hash: 'x',
        role: 'finance',
        totp_secret: 'OPERATORSECRETCC',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('admin_login_challenges')
      .values({
        token_hash: `t${member.id}`,
        admin_id: admin.id,
        stage: 'enrol',
        enrol_secret: 'ENROLSECRETDDDDD',
        created_at: new Date(),
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();

    await encryptExisting(db as never);
    await encryptExisting(db as never);

    const memberRow = await db
      .selectFrom('member_totp')
      .select('secret_base32')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(memberRow.secret_base32.startsWith('v1.')).toBe(true);
    expect((await findTotp(db, member.id))?.secret_base32).toBe('MEMBERSECRETAAAA');
    expect(
      (await db.selectFrom('member_totp').select('secret_base32').where('member_id', '=', sealedMember.id).executeTakeFirstOrThrow())
        .secret_base32,
    ).toBe(stored);
    const op = await db.selectFrom('admin_users').select('totp_secret').where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(openSecret(op.totp_secret ?? '', `admin_totp:${admin.id}`)).toBe('OPERATORSECRETCC');
    const enrol = await db
      .selectFrom('admin_login_challenges')
      .select('enrol_secret')
      .where('token_hash', '=', `t${member.id}`)
      .executeTakeFirstOrThrow();
    expect(openSecret(enrol.enrol_secret ?? '', `admin_enrol:${admin.id}`)).toBe('ENROLSECRETDDDDD');
  });
});
