import type { AdminRole } from '@platform/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { nextIp } from './accounts-helpers.ts';
import { uniqueName } from './factories.ts';

export const TEST_ADMIN_PASSWORD = 'Operator@2026';

/**
 * Creates a back-office user of the app's current merchant and logs it in through the real call.
 * Returns the headers to send on /admin-api calls.
 */
export async function loginAdmin(app: FastifyInstance, role: AdminRole = 'administrator') {
  const merchant = await app.services.merchants.current();
  const username = uniqueName('op');
  const adminId = await app.services.admins.createAdmin({ merchantId: merchant.id, username, password: TEST_ADMIN_PASSWORD, role });
  const res = await app.inject({
    method: 'POST',
    url: '/admin-api/session/login',
    remoteAddress: nextIp(),
    payload: { username, password: TEST_ADMIN_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  const token = res.json().value.token as string;
  return { adminId, username, token, headers: { authorization: `Bearer ${token}` } };
}
