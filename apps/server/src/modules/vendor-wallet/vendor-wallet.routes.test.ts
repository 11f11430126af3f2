import { randomUUID } from 'node:crypto';
import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import { createDemoVendor, type DemoVendor } from '@platform/demo-vendor/demo-vendor';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createGamePlayer, type GamePlayer } from '../../../test/vendor-helpers.ts';
import { trackOpenRequests } from '../../../test/wait-for.ts';
import { DEMO_TRANSFER_VENDOR_CODE, DEV_DEMO_TRANSFER_VENDOR_SECRET, DEV_DEMO_VENDOR_SECRET } from './vendor-wallet.integrations.ts';

const TIMEOUT_MS = 1_500;
let t: TestApp;
let vendor: DemoVendor;
let vendorRequests: ReturnType<typeof trackOpenRequests>;

beforeAll(async () => {
  vendor = createDemoVendor({
    platformUrl: 'http://127.0.0.1:9',
    seamlessSecret: DEV_DEMO_VENDOR_SECRET,
    transferSecret: DEV_DEMO_TRANSFER_VENDOR_SECRET,
    siteOrigins: [],
  });
  const vendorUrl = await vendor.listen(0);
  vendorRequests = trackOpenRequests(vendor.server);
  t = await buildTestApp({ DEMO_VENDOR_URL: vendorUrl, VENDOR_TRANSFER_TIMEOUT_MS: String(TIMEOUT_MS) });
});
afterAll(async () => {
  await t.close();
  await vendor.close();
});
beforeEach(() => {
  vendor.setTransferFault('deposit', undefined);
  vendor.setTransferFault('withdraw', undefined);
});

type Member = GamePlayer & { sessionToken: string; ip: string };

async function member(balance: number, accountType: number = ACCOUNT_TYPE.member): Promise<Member> {
  const p = await createGamePlayer(t.app, t.database.db, { balance, accountType });
  const session = await t.app.services.sessions.create(p.memberId);
  return { ...p, sessionToken: session.token, ip: nextIp() };
}

function transfer(m: Member, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', headers: bearer(m.sessionToken, m.ip), payload: body });
}

const main = async (m: Member) => (await t.app.services.ledger.memberBalances({ memberId: m.memberId, currency: m.currency })).main;
const vendorBalance = (m: Member) => vendor.transferBalance(m.username, m.currency);
const toVendor = (amount: number, requestId = randomUUID()) => ({
  fromWallet: 'MAIN',
  toWallet: DEMO_TRANSFER_VENDOR_CODE,
  amount,
  requestId,
});
const fromVendor = (amount: number, requestId = randomUUID()) => ({
  fromWallet: DEMO_TRANSFER_VENDOR_CODE,
  toWallet: 'MAIN',
  amount,
  requestId,
});

describe('POST /wps/relay/GCS_walletTransfer', () => {
  it('moves money to the vendor wallet and back', async () => {
    const m = await member(10_000);
    const out = await transfer(m, toVendor(3_000));
    expect(out.statusCode).toBe(200);
    expect(out.json().value).toMatchObject({
      status: 'SUCCEEDED',
      direction: 'OUT',
      amount: 3_000,
      vendorCode: DEMO_TRANSFER_VENDOR_CODE,
      mainBalance: 7_000,
    });
    expect(vendorBalance(m)).toBe(3_000);
    const back = await transfer(m, fromVendor(1_000));
    expect(back.json().value).toMatchObject({ status: 'SUCCEEDED', direction: 'IN', mainBalance: 8_000 });
    expect(vendorBalance(m)).toBe(2_000);
    const audit = await auditLedger(t.database.db);
    expect([...audit.holdingsByCurrency.values()].every((v) => v === 0)).toBe(true);
  });

  it('is idempotent by requestId: a retry moves nothing more, other content is a conflict', async () => {
    const m = await member(10_000);
    const body = toVendor(2_000);
    const first = await transfer(m, body);
    const again = await transfer(m, body);
    expect(again.json().value.transferId).toBe(first.json().value.transferId);
    expect(await main(m)).toBe(8_000);
    const other = await transfer(m, { ...body, amount: 2_001 });
    expect([other.statusCode, other.json().code]).toEqual([409, 'idempotency_conflict']);
  });

  it('refuses more than the main wallet holds, and reports a withdrawal the vendor refuses as FAILED', async () => {
    const m = await member(1_000);
    const tooMuch = await transfer(m, toVendor(1_001));
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([409, 'insufficient_funds']);
    const refused = await transfer(m, fromVendor(500));
    expect(refused.json().value).toMatchObject({ status: 'FAILED', mainBalance: 1_000 });
  });

  it('keeps a deposit whose answer was lost pending with the money reserved, then settles it once from the vendor', async () => {
    const m = await member(10_000);
    vendor.setTransferFault('deposit', { mode: 'apply-then-hang', ms: TIMEOUT_MS * 3 });
    const res = await transfer(m, toVendor(4_000));
    expect(res.json().value).toMatchObject({ status: 'PENDING', mainBalance: 6_000 });
    expect((await t.app.services.ledger.memberBalances({ memberId: m.memberId, currency: m.currency })).locked).toBe(4_000);
    const transferId = res.json().value.transferId as string;
    // The app gave up waiting; the vendor lets go of the call before the app asks it about the transfer.
    await vendorRequests.settled();
    expect(await t.app.services.vendorWallet.transfers.resolvePending(transferId)).toBe('succeeded');
    expect(await t.app.services.vendorWallet.transfers.resolvePending(transferId)).toBe('succeeded');
    const balances = await t.app.services.ledger.memberBalances({ memberId: m.memberId, currency: m.currency });
    expect([balances.main, balances.locked, vendorBalance(m)]).toEqual([6_000, 0, 4_000]);
  });

  it('returns a pending deposit the vendor never received', async () => {
    const m = await member(10_000);
    vendor.setTransferFault('deposit', { mode: 'hang-without-apply', ms: TIMEOUT_MS * 2 });
    const res = await transfer(m, toVendor(4_000));
    expect(res.json().value.status).toBe('PENDING');
    // The app gave up waiting; the vendor lets go of the call before the app asks it about the transfer.
    await vendorRequests.settled();
    expect(await t.app.services.vendorWallet.transfers.resolvePending(res.json().value.transferId)).toBe('failed');
    const balances = await t.app.services.ledger.memberBalances({ memberId: m.memberId, currency: m.currency });
    expect([balances.main, balances.locked, vendorBalance(m)]).toEqual([10_000, 0, 0]);
  });

  it('credits a pending withdrawal once the vendor confirms it, through the sweep', async () => {
    const m = await member(10_000);
    await transfer(m, toVendor(5_000));
    vendor.setTransferFault('withdraw', { mode: 'apply-then-hang', ms: TIMEOUT_MS * 3 });
    const res = await transfer(m, fromVendor(2_000));
    expect(res.json().value).toMatchObject({ status: 'PENDING', mainBalance: 5_000 });
    // The app gave up waiting; the vendor lets go of the call before the app asks it about the transfer.
    await vendorRequests.settled();
    // The sweep only takes transfers older than a minute; make this one old.
    await t.database.db
      .updateTable('vendor_wallet_transfers')
      .set({ created_at: new Date(Date.now() - 5 * 60_000) })
      .where('transfer_id', '=', res.json().value.transferId)
      .execute();
    expect(await t.app.services.vendorWallet.transfers.sweepPending()).toBeGreaterThanOrEqual(1);
    expect([await main(m), vendorBalance(m)]).toEqual([7_000, 3_000]);
  });

  it('answers the status matrix: no session, trial account, bad fields, unknown or seamless vendor', async () => {
    const m = await member(1_000);
    const none = await t.app.inject({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', payload: toVendor(1) });
    expect(none.statusCode).toBe(401);
    const trial = await member(1_000, ACCOUNT_TYPE.trial);
    const trialRes = await transfer(trial, toVendor(1));
    expect([trialRes.statusCode, trialRes.json().code]).toEqual([403, 'in_need_true_account']);
    for (const bad of [
      { ...toVendor(1), fromWallet: 'MAIN', toWallet: 'MAIN' },
      { ...toVendor(1), fromWallet: DEMO_TRANSFER_VENDOR_CODE, toWallet: DEMO_TRANSFER_VENDOR_CODE },
      toVendor(0),
      toVendor(1.5),
      { ...toVendor(1), requestId: 'x' },
      { ...toVendor(1), extra: true },
      { fromWallet: 'MAIN', amount: 1, requestId: randomUUID() },
    ]) {
      expect((await transfer(m, bad)).statusCode).toBe(400);
    }
    expect((await transfer(m, { ...toVendor(1), toWallet: 'NOPE' })).statusCode).toBe(404);
    expect((await transfer(m, { ...toVendor(1), toWallet: 'DEMO' })).statusCode).toBe(404);
    expect(await main(m)).toBe(1_000);
  });
});

describe('vendor wallet balances and return all', () => {
  it('lists the vendor wallets and returns everything to the main wallet', async () => {
    const m = await member(10_000);
    await transfer(m, toVendor(2_500));
    const balances = await t.app.inject({ method: 'GET', url: '/wps/relay/GCS_walletBalances', headers: bearer(m.sessionToken, m.ip) });
    expect(balances.json().value).toMatchObject({ mainBalance: 7_500, list: [{ vendorCode: DEMO_TRANSFER_VENDOR_CODE, balance: 2_500 }] });
    const recall = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletRecallAll',
      headers: bearer(m.sessionToken, m.ip),
      payload: { requestId: randomUUID() },
    });
    expect(recall.json().value).toMatchObject({ mainBalance: 10_000, list: [{ status: 'SUCCEEDED', amount: 2_500, direction: 'IN' }] });
    expect(vendorBalance(m)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/wps/relay/GCS_walletBalances' })).statusCode).toBe(401);
  });
});
