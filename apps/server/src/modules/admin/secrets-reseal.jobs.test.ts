import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingJobRunner } from '../../../test/capturing-jobs.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { currentSealPrefix, developmentSecretsKey, setSecretsKey } from '../../lib/secret-box.ts';
import { ACCOUNTS_RESEAL_JOB_NAME } from '../accounts/accounts.module.ts';
import { findTotp, upsertTotpSecret } from '../accounts/second-factor.repository.ts';
import { ADMIN_RESEAL_JOB_NAME } from './admin.module.ts';
import { enrolTotp, findById } from './admin.repository.ts';

/** A rotation as an operator runs it: the new key and the old one in the environment, then the hourly jobs. */

const oldKey = Buffer.alloc(32, 31);
const newKey = Buffer.alloc(32, 32);
const { jobs, scheduled } = capturingJobRunner();
let app: FastifyInstance;
let database: TestDatabase;
let memberId: number;
let adminId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const merchant = await createMerchant(database.db);
  const member = await createMember(database.db, merchant);
  memberId = member.id;
  setSecretsKey(oldKey);
  await upsertTotpSecret(database.db, memberId, 'MEMBERSECRETROTA');
  const admin = await database.db
    .insertInto('admin_users')
    .values({ merchant_id: merchant.id, username: `rotation${memberId}`, password_hash: 'x', role: 'finance' })
    .returning('id')
    .executeTakeFirstOrThrow();
  adminId = admin.id;
  await enrolTotp(database.db, adminId, 'OPERATORSECRETRO', new Date());

  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    WEB_DIST_DIR: '/nonexistent',
    TOTP_ENCRYPTION_KEY: newKey.toString('hex'),
    TOTP_ENCRYPTION_PREVIOUS_KEYS: oldKey.toString('base64'),
  });
  app = await buildApp({ env, database, logger: false, jobs });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  setSecretsKey(developmentSecretsKey());
});

async function storedSecrets(): Promise<string[]> {
  const member = await database.db
    .selectFrom('member_totp')
    .select('secret_base32')
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const admin = await database.db.selectFrom('admin_users').select('totp_secret').where('id', '=', adminId).executeTakeFirstOrThrow();
  return [member.secret_base32, admin.totp_secret ?? ''];
}

describe('the reseal jobs of a key rotation', () => {
  it('write every stored secret again under the new key; a second run changes nothing', async () => {
    expect((await storedSecrets()).map((value) => value.startsWith(currentSealPrefix()))).toEqual([false, false]);
    for (const name of [ACCOUNTS_RESEAL_JOB_NAME, ADMIN_RESEAL_JOB_NAME]) {
      const job = scheduled.get(name);
      expect(job, name).toBeDefined();
      await job?.({ name, slotAt: new Date() });
    }
    const after = await storedSecrets();
    expect(after.map((value) => value.startsWith(currentSealPrefix()))).toEqual([true, true]);

    for (const name of [ACCOUNTS_RESEAL_JOB_NAME, ADMIN_RESEAL_JOB_NAME]) await scheduled.get(name)?.({ name, slotAt: new Date() });
    expect(await storedSecrets()).toEqual(after);

    // The old key can now leave the environment.
    setSecretsKey(newKey);
    expect((await findTotp(database.db, memberId))?.secret_base32).toBe('MEMBERSECRETROTA');
    expect((await findById(database.db, adminId))?.totpSecret).toBe('OPERATORSECRETRO');
  });
});
