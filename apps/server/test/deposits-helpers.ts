import { createServer } from 'node:net';
import { createSandboxGateway, type SandboxGateway } from '@platform/sandbox-gateway/sandbox-gateway';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { createMember, createMerchant } from './factories.ts';

export const TEST_SANDBOX_SECRET = 'test-sandbox-secret-0123456789';

/** A free TCP port on the loopback interface, for an app that must know its own URL before it listens. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type DepositsTestApp = TestApp & { sandbox: SandboxGateway; sandboxUrl: string; appPort: number; publicUrl: string };

/**
 * The app with a sandbox gateway running in this process on a random port. The app's public URL
 * points at `appPort`; tests that need real callbacks call `app.listen({ port: appPort })`.
 */
export async function buildDepositsTestApp(
  options: { sandbox?: Parameters<typeof createSandboxGateway>[0]; now?: () => Date; overrides?: Record<string, string> } = {},
): Promise<DepositsTestApp> {
  const sandbox = createSandboxGateway({ secret: TEST_SANDBOX_SECRET, callbackBackoffBaseMs: 20, ...options.sandbox });
  const sandboxUrl = await sandbox.listen(0);
  const appPort = await freePort();
  const publicUrl = `http://127.0.0.1:${appPort}`;
  const t = await buildTestApp(
    { SANDBOX_GATEWAY_URL: sandboxUrl, SANDBOX_GATEWAY_SECRET: TEST_SANDBOX_SECRET, PUBLIC_URL: publicUrl, ...options.overrides },
    options.now ? { now: options.now } : {},
  );
  return {
    ...t,
    sandbox,
    sandboxUrl,
    appPort,
    publicUrl,
    close: async () => {
      await sandbox.close();
      await t.close();
    },
  };
}

export const BANK_CHANNEL_BODY = {
  type: 'bank_transfer',
  name: 'Vietcombank transfer',
  names: { vi: 'Chuyển khoản Vietcombank', en: 'Vietcombank transfer' },
  bankName: 'Vietcombank',
  bankAccountName: 'CONG TY LOTUS',
  bankAccountNumber: '0071000123456',
  bankBranch: 'Ho Chi Minh City',
  minAmount: 50_000,
  maxAmount: 50_000_000,
  isEnabled: true,
  sort: 1,
  tutorial: { vi: 'Chuyển khoản và ghi mã tham chiếu vào nội dung.', en: 'Transfer and write the reference code in the note.' },
} as const;

export const GATEWAY_CHANNEL_BODY = {
  type: 'gateway',
  name: 'Online payment',
  gatewayCode: 'sandbox',
  minAmount: 10_000,
  maxAmount: 20_000_000,
  isEnabled: true,
  sort: 2,
  tutorial: { vi: 'Thanh toán trực tuyến.', en: 'Pay online.' },
} as const;

/** A merchant (the app's current one, created first), a player with a session, and its headers. */
export async function createDepositScene(app: FastifyInstance, db: TestApp['database']['db'], options: { accountType?: number } = {}) {
  const existing = await db.selectFrom('merchants').select(['id', 'code', 'currency']).orderBy('id').executeTakeFirst();
  const merchant = existing ?? (await createMerchant(db, { currency: 'VND' }));
  const member = await createMember(db, merchant, { accountType: options.accountType ?? 0 });
  const { token } = await app.services.sessions.create(member.id);
  return { merchant, member, token, headers: { authorization: `Bearer ${token}` } };
}

/** Adds a channel through the real back-office call and returns its id. */
export async function addChannel(app: FastifyInstance, adminHeaders: Record<string, string>, body: object): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/admin-api/deposit/channels', headers: adminHeaders, payload: body });
  if (res.statusCode !== 200) throw new Error(`channel create failed: ${res.body}`);
  return res.json().value.id as number;
}

/** What a player's browser does on the sandbox pay page: load it, press Pay or Fail; returns where it was sent. */
export async function payAtSandbox(redirectUrl: string, outcome: 'paid' | 'failed'): Promise<string> {
  const page = await fetch(redirectUrl);
  if (page.status !== 200) throw new Error(`pay page answered ${page.status}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (!action) throw new Error('no form on the pay page');
  const res = await fetch(new URL(action, redirectUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`pay form answered ${res.status}`);
  return res.headers.get('location') ?? '';
}
