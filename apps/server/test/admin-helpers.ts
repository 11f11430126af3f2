import type { AdminRole } from '@platform/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { totpCode } from '../src/lib/totp.ts';
import { nextIp } from './accounts-helpers.ts';
import { uniqueName } from './factories.ts';

export const TEST_ADMIN_PASSWORD = 'Operator@2026';

/** How long the password step's challenge lives (ADMIN_CHALLENGE_MINUTES). */
const CHALLENGE_MS = 5 * 60_000;

/**
 * The code an authenticator shows at the app's clock, read from the challenge's end (tests move
 * the clock). `stepsAhead` gives the code of a later step (an earlier one was spent).
 */
export function codeAt(secret: string, challengeExpiresAt: string, stepsAhead = 0): string {
  return totpCode(secret, new Date(Date.parse(challengeExpiresAt) - CHALLENGE_MS + stepsAhead * 30_000));
}

/** The password step, answered as it comes: `{ stage, challenge, challengeExpiresAt, secret?, otpauthUri? }`. */
export async function passwordStep(app: FastifyInstance, username: string, password = TEST_ADMIN_PASSWORD, ip = nextIp()) {
  const res = await app.inject({ method: 'POST', url: '/admin-api/session/login', remoteAddress: ip, payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return res.json().value as {
    stage: 'totp' | 'enrol';
    challenge: string;
    challengeExpiresAt: string;
    secret?: string;
    otpauthUri?: string;
  };
}

/**
 * Creates a back-office user of the app's current merchant and logs it in through the real calls:
 * the password, then the first authenticator code, which enrols it. Returns the headers to send on
 * /admin-api calls, and the secret for later logins.
 */
export async function loginAdmin(app: FastifyInstance, role: AdminRole = 'administrator') {
  const merchant = await app.services.merchants.current();
  const username = uniqueName('op');
  const adminId = await app.services.admins.createAdmin({ merchantId: merchant.id, username, password: TEST_ADMIN_PASSWORD, role });
  const ip = nextIp();
  const step = await passwordStep(app, username, TEST_ADMIN_PASSWORD, ip);
  const secret = step.secret as string;
  const res = await app.inject({
    method: 'POST',
    url: '/admin-api/session/totp',
    remoteAddress: ip,
    payload: { challenge: step.challenge, code: codeAt(secret, step.challengeExpiresAt) },
  });
  if (res.statusCode !== 200) throw new Error(`admin second factor failed: ${res.body}`);
  const token = res.json().value.token as string;
  return { adminId, username, secret, token, headers: { authorization: `Bearer ${token}` } };
}
