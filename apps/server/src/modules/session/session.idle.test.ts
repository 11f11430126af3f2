import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { EnvError, parseEnv } from '../../env.ts';

/** The idle clock under a short setting: use keeps a session, only time without use ends it. */
let t: TestApp;
let clock = new Date('2026-11-26T06:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ SESSION_IDLE_MINUTES: '1' }, { now: () => clock });
  await createMerchant(t.database.db);
});

afterAll(async () => {
  await t?.close();
});

async function newSession() {
  const merchant = await t.app.services.merchants.current();
  const member = await createMember(t.database.db, merchant);
  const { token } = await t.app.services.sessions.create(member.id);
  return { authorization: `Bearer ${token}` };
}

const info = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/wps/member/info', headers });
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe('SESSION_IDLE_MINUTES=1', () => {
  it('keeps a session that is used every 40 seconds for ten minutes', async () => {
    const headers = await newSession();
    for (let step = 0; step < 15; step += 1) {
      advance(40_000);
      const res = await info(headers);
      expect(res.statusCode, `after ${(step + 1) * 40} s: ${res.body}`).toBe(200);
    }
  });

  it('keeps a session whose uses are just under a minute apart', async () => {
    const headers = await newSession();
    for (let step = 0; step < 6; step += 1) {
      advance(59_000);
      expect((await info(headers)).statusCode, `use ${step + 1}`).toBe(200);
    }
  });

  it('ends a session left unused for longer than the idle time and its touch interval', async () => {
    const headers = await newSession();
    advance(30_000);
    expect((await info(headers)).statusCode).toBe(200);
    advance(2 * 60_000);
    const res = await info(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('ends a session left unused after the clock stepped back, counting from its first use after the step', async () => {
    const headers = await newSession();
    advance(30_000);
    expect((await info(headers)).statusCode).toBe(200);
    // The clock is corrected an hour back: the last use now reads an hour ahead.
    advance(-60 * 60_000);
    expect((await info(headers)).statusCode).toBe(200);
    advance(2 * 60_000);
    const res = await info(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });
});

describe('settings the idle clock cannot honour', () => {
  it('refuses an idle time as long as the absolute lifetime, naming the variable', () => {
    expect(() => parseEnv({ SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '24' })).toThrow(EnvError);
    expect(() => parseEnv({ SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_HOURS: '24' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => parseEnv({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(parseEnv({ SESSION_IDLE_MINUTES: '1' }).SESSION_IDLE_MINUTES).toBe(1);
    expect(parseEnv({ SESSION_IDLE_MINUTES: '1439', SESSION_ABSOLUTE_HOURS: '24' }).SESSION_IDLE_MINUTES).toBe(1439);
  });
});
