import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingJobRunner } from '../../../test/capturing-jobs.ts';
import { createMerchant } from '../../../test/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { SOCIAL_GRANT_CLEANUP_JOB_NAME } from './social-sign-in.module.ts';
import { insertGrant } from './social-sign-in.repository.ts';

let app: FastifyInstance;
let database: TestDatabase;
const clock = new Date('2026-11-26T12:00:00Z');
const { jobs, scheduled } = capturingJobRunner();
const HOUR = 3_600_000;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', WEB_DIST_DIR: '/nonexistent' });
  app = await buildApp({ env, database, logger: false, jobs, now: () => new Date(clock.getTime()) });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function grantHashes(): Promise<string[]> {
  const rows = await database.db.selectFrom('social_sign_in_grants').select('value_hash').orderBy('value_hash').execute();
  return rows.map((r) => r.value_hash);
}

describe('the expired social sign-in grants clean-up', () => {
  it('deletes the grants that expired a day ago or more, keeps the rest, and changes nothing when run again', async () => {
    const merchant = await createMerchant(database.db);
    const grant = (valueHash: string, expiresInMs: number) =>
      insertGrant(database.db, {
        valueHash,
        merchantId: merchant.id,
        kind: 'state',
        providerKey: 'local',
        data: {},
        expiresAt: new Date(clock.getTime() + expiresInMs),
        at: new Date(clock.getTime() - 30 * HOUR),
      });
    await grant('a-expired-two-days-ago', -48 * HOUR);
    await grant('b-expired-25-hours-ago', -25 * HOUR);
    await grant('c-expired-an-hour-ago', -HOUR);
    await grant('d-still-live', 10 * 60_000);

    const job = scheduled.get(SOCIAL_GRANT_CLEANUP_JOB_NAME);
    expect(job).toBeDefined();
    await job?.({ name: SOCIAL_GRANT_CLEANUP_JOB_NAME, slotAt: clock });
    expect(await grantHashes()).toEqual(['c-expired-an-hour-ago', 'd-still-live']);

    await job?.({ name: SOCIAL_GRANT_CLEANUP_JOB_NAME, slotAt: clock });
    expect(await grantHashes()).toEqual(['c-expired-an-hour-ago', 'd-still-live']);
  });
});
