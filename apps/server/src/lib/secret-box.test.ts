import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createMerchant } from '../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { up as encryptExisting } from '../db/migrations/2026-11-26-2811-encrypt-totp-secrets.ts';
import { EnvError, parseEnv, secretsKeyOf } from '../env.ts';
import { findTotp, upsertTotpSecret } from '../modules/accounts/second-factor.repository.ts';
import { decodeSecretsKey, developmentSecretsKey, isSealedSecret, openSecret, sealSecret } from './secret-box.ts';

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
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes.writeUInt8((bytes.at(-1) ?? 0) ^ 1, bytes.length - 1);
    expect(() => openSecret(`v1.${bytes.toString('base64url')}`, 'admin_totp:2', key)).toThrow();
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
    expect(set).toEqual({ key, isDevelopmentKey: false });
    expect(secretsKeyOf(parseEnv({ NODE_ENV: 'development' }))).toEqual({ key: developmentSecretsKey(), isDevelopmentKey: true });
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
    await upsertTotpSecret(db, sealedMember.id, 'ALREADYSEALEDBBB');
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
