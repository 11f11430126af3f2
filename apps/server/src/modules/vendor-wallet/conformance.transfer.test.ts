import { randomBytes } from 'node:crypto';
import { createDemoVendor, type DemoVendor } from '@platform/demo-vendor/demo-vendor';
import { afterAll, beforeAll, expect } from 'vitest';
import { trackOpenRequests } from '../../../test/wait-for.ts';
import { type ConformanceOutcome, describeWalletConformance } from '../../../test/wallet-conformance.ts';
import { createHttpTransferAdapter, type TransferOutcome, TransferOutcomeUnknown } from './transfer-adapter.ts';
import { DEMO_TRANSFER_VENDOR_CODE, DEV_DEMO_TRANSFER_VENDOR_SECRET, DEV_DEMO_VENDOR_SECRET } from './vendor-wallet.integrations.ts';

// The transfer adapter against the demo transfer vendor: here the wallet under test is the
// vendor's, and we are its caller. A debit is a withdrawal from it, a credit a deposit, a cancel a
// query of the id (which closes an id the vendor has not seen).
const TIMEOUT_MS = 1_000;
let vendor: DemoVendor;
let vendorUrl: string;
let vendorRequests: ReturnType<typeof trackOpenRequests>;

beforeAll(async () => {
  vendor = createDemoVendor({
    platformUrl: 'http://127.0.0.1:9',
    seamlessSecret: DEV_DEMO_VENDOR_SECRET,
    transferSecret: DEV_DEMO_TRANSFER_VENDOR_SECRET,
    siteOrigins: [],
  });
  vendorUrl = await vendor.listen(0);
  vendorRequests = trackOpenRequests(vendor.server);
});
afterAll(async () => {
  await vendor.close();
});

function adapterWith(overrides: { secret?: string; now?: () => Date } = {}) {
  return createHttpTransferAdapter({
    vendorCode: DEMO_TRANSFER_VENDOR_CODE,
    baseUrl: vendorUrl,
    secret: overrides.secret ?? DEV_DEMO_TRANSFER_VENDOR_SECRET,
    timeoutMs: TIMEOUT_MS,
    ...(overrides.now ? { now: overrides.now } : {}),
  });
}

function outcomeOf(outcome: TransferOutcome): ConformanceOutcome {
  if (outcome.state === 'succeeded') return { status: 'OK' };
  if (outcome.reason === 'INSUFFICIENT_FUNDS') return { status: 'INSUFFICIENT_FUNDS' };
  if (outcome.reason === 'DUPLICATE_CONFLICT') return { status: 'CONFLICT' };
  return { status: 'REFUSED' };
}

async function rejected(call: Promise<unknown>): Promise<ConformanceOutcome> {
  try {
    await call;
    return { status: 'OK' };
  } catch (err) {
    return { status: err instanceof TransferOutcomeUnknown ? 'REFUSED' : 'REJECTED' };
  }
}

async function withFault(mode: 'apply-then-hang' | 'hang-without-apply', work: () => Promise<unknown>) {
  vendor.setTransferFault('withdraw', { mode, ms: TIMEOUT_MS * 3 });
  try {
    await expect(work()).rejects.toBeInstanceOf(TransferOutcomeUnknown);
  } finally {
    vendor.setTransferFault('withdraw', undefined);
  }
  // Let the held request finish on the vendor's side (the adapter gave up on it) before the test goes on.
  await vendorRequests.settled();
}

describeWalletConformance('transfer adapter with the demo transfer vendor', () => ({
  newId: () => `conf-${randomBytes(8).toString('hex')}`,
  async newPlayer(balance) {
    const adapter = adapterWith();
    const member = { playerId: `p${randomBytes(6).toString('hex')}`, username: 'p', currency: 'VND' };
    if (balance > 0) await adapter.deposit(member, balance, `seed-${randomBytes(8).toString('hex')}`);
    return {
      debit: async (id, amount) => outcomeOf(await adapter.withdraw(member, amount, id)),
      credit: async (id, amount) => outcomeOf(await adapter.deposit(member, amount, id)),
      async cancel(id) {
        await adapter.queryTransfer(id);
      },
      balance: () => adapter.balance(member),
      callWithBadSignature: (id, amount) => rejected(adapterWith({ secret: 'not-the-shared-secret' }).withdraw(member, amount, id)),
      callWithStaleTimestamp: (id, amount) =>
        rejected(adapterWith({ now: () => new Date(Date.now() - 10 * 60_000) }).withdraw(member, amount, id)),
      debitLosingAnswer: (id, amount) => withFault('apply-then-hang', () => adapter.withdraw(member, amount, id)),
      debitLostOnTheWay: (id, amount) => withFault('hang-without-apply', () => adapter.withdraw(member, amount, id)),
    };
  },
}));
