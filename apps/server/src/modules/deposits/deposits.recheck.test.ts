import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { capturingJobRunner } from '../../../test/capturing-jobs.ts';
import {
  addChannel,
  BANK_CHANNEL_BODY,
  buildDepositsTestApp,
  createDepositScene,
  type DepositsTestApp,
  GATEWAY_CHANNEL_BODY,
  payAtSandbox,
} from '../../../test/deposits-helpers.ts';
import { createMember } from '../../../test/factories.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { DEPOSIT_RECHECK_JOB_NAME } from './deposits.module.ts';
import { RECHECK_AFTER_SECONDS } from './deposits.service.ts';

let t: DepositsTestApp;
let clock = new Date('2026-11-22T08:00:00Z');
let scene: Awaited<ReturnType<typeof createDepositScene>>;
let finance: Record<string, string>;
let gatewayChannelId: number;
let bankChannelId: number;

const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeAll(async () => {
  // The app never listens here, so every callback fails: only the re-check can settle an order.
  t = await buildDepositsTestApp({ now: () => clock, sandbox: { secret: 'test-sandbox-secret-0123456789', callbackAttemptsMax: 1 } });
  scene = await createDepositScene(t.app, t.database.db);
  finance = (await loginAdmin(t.app, 'finance')).headers;
  gatewayChannelId = await addChannel(t.app, finance, GATEWAY_CHANNEL_BODY);
  bankChannelId = await addChannel(t.app, finance, BANK_CHANNEL_BODY);
});

afterAll(async () => {
  await t?.close();
});

async function order(channelId: number, amount: number) {
  const member = await createMember(t.database.db, scene.merchant);
  const { token } = await t.app.services.sessions.create(member.id);
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/member/deposit/orders',
    headers: { authorization: `Bearer ${token}` },
    payload: { channelId, amount },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const value = res.json().value;
  const row = await t.database.db
    .selectFrom('deposit_orders')
    .select('id')
    .where('reference_code', '=', value.orderNo)
    .executeTakeFirstOrThrow();
  return { member, ref: value.orderNo as string, redirectUrl: value.redirectUrl as string | null, id: row.id };
}

const statusOf = async (ref: string) =>
  (await t.database.db.selectFrom('deposit_orders').select('status').where('reference_code', '=', ref).executeTakeFirstOrThrow()).status;
const mainOf = async (memberId: number) => (await t.app.services.ledger.memberBalances({ memberId, currency: 'VND' })).main;

describe('the deposit re-check job', () => {
  it('credits, once, a payment whose callback never arrived, after the order had its time to be paid', async () => {
    const o = await order(gatewayChannelId, 120_000);
    await payAtSandbox(o.redirectUrl!, 'paid');
    await t.sandbox.idle();
    expect(await statusOf(o.ref)).toBe('pending');

    await t.app.services.deposits.recheckPending();
    expect(await statusOf(o.ref)).toBe('pending'); // too young to be asked about

    advance(RECHECK_AFTER_SECONDS + 1);
    const [first, second] = await Promise.all([t.app.services.deposits.recheckPending(), t.app.services.deposits.recheckPending()]);
    expect(first.paid + second.paid).toBe(1);
    expect(await statusOf(o.ref)).toBe('paid');
    expect(await mainOf(o.member.id)).toBe(120_000);
    advance(RECHECK_AFTER_SECONDS + 1);
    await t.app.services.deposits.recheckPending();
    expect(await mainOf(o.member.id)).toBe(120_000);
    expect((await t.app.services.ledger.history({ memberId: o.member.id, codes: ['deposit'] })).totalCount).toBe(1);
  });

  it('closes an order the gateway says failed', async () => {
    const o = await order(gatewayChannelId, 130_000);
    await payAtSandbox(o.redirectUrl!, 'failed');
    advance(RECHECK_AFTER_SECONDS + 1);
    await t.app.services.deposits.recheckPending();
    expect(await statusOf(o.ref)).toBe('failed');
    expect(await mainOf(o.member.id)).toBe(0);
  });

  it('expires an unpaid gateway order after its time, and still credits it if the payment comes in late', async () => {
    const o = await order(gatewayChannelId, 140_000);
    advance(RECHECK_AFTER_SECONDS + 1);
    await t.app.services.deposits.recheckPending();
    expect(await statusOf(o.ref)).toBe('pending');
    advance(30 * 60);
    const counts = await t.app.services.deposits.recheckPending();
    expect(counts.expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(o.ref)).toBe('expired');
    const member = await t.app.inject({
      method: 'GET',
      url: `/wps/member/deposit/orders/${o.ref}`,
      headers: { authorization: `Bearer ${(await t.app.services.sessions.create(o.member.id)).token}` },
    });
    expect(member.json().value).toMatchObject({ status: 'expired', redirectUrl: null });

    await payAtSandbox(o.redirectUrl!, 'paid');
    advance(RECHECK_AFTER_SECONDS + 1);
    // Expired orders are not polled; the gateway's (re-delivered) callback settles them.
    await t.app.services.deposits.recheckPending();
    expect(await statusOf(o.ref)).toBe('expired');
    const outcome = await t.app.services.deposits.applyGatewayOutcome(
      'sandbox',
      { referenceCode: o.ref, status: 'paid', gatewayTxId: 'SBXLATE', amount: 140_000, currency: 'VND' },
      'callback',
    );
    expect(outcome.order.status).toBe('paid');
    expect(await mainOf(o.member.id)).toBe(140_000);
  });

  it('expires a bank-transfer order nobody decided, which the operator may still confirm', async () => {
    const o = await order(bankChannelId, 200_000);
    advance(24 * 60 * 60 + 1);
    await t.app.services.deposits.recheckPending();
    expect(await statusOf(o.ref)).toBe('expired');
    // A day went by: the operator logs in again.
    finance = (await loginAdmin(t.app, 'finance')).headers;
    const confirm = await t.app.inject({ method: 'POST', url: `/admin-api/deposit/orders/${o.id}/confirm`, headers: finance, payload: {} });
    expect(confirm.statusCode).toBe(200);
    expect(await mainOf(o.member.id)).toBe(200_000);
  });
});

describe('job registration', () => {
  it('schedules the re-check on the job runner, and the scheduled handler runs the re-check', async () => {
    const { jobs, scheduled } = capturingJobRunner();
    const database = await createTestDatabase();
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', WEB_DIST_DIR: '/nonexistent' });
    const app = await buildApp({ env, database, logger: false, jobs });
    try {
      const handler = scheduled.get(DEPOSIT_RECHECK_JOB_NAME);
      expect(handler).toBeDefined();
      await expect(handler!({ name: DEPOSIT_RECHECK_JOB_NAME, slotAt: new Date() })).resolves.toBeUndefined();
    } finally {
      await app.close();
      await database.close();
    }
  });
});
