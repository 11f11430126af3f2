import { randomBytes } from 'node:crypto';
import { createDemoVendor, type DemoVendor } from '@platform/demo-vendor/demo-vendor';
import { afterAll, beforeAll } from 'vitest';
import { describeBetFeedConformance } from '../../../test/bet-feed-conformance.ts';
import { openTransferGame } from '../../../test/demo-transfer-player.ts';
import { createHttpTransferAdapter } from './transfer-adapter.ts';
import { DEMO_TRANSFER_VENDOR_CODE, DEV_DEMO_TRANSFER_VENDOR_SECRET, DEV_DEMO_VENDOR_SECRET } from './vendor-wallet.integrations.ts';

// The demo transfer vendor's bet feed, read through our HTTP adapter. The vendor and the adapter
// share one clock the test moves, so each round settles at the instant the test chooses.
let clockMs = Date.now();
const now = () => new Date(clockMs);
let vendor: DemoVendor;
let vendorUrl: string;

beforeAll(async () => {
  vendor = createDemoVendor({
    platformUrl: 'http://127.0.0.1:9',
    seamlessSecret: DEV_DEMO_VENDOR_SECRET,
    transferSecret: DEV_DEMO_TRANSFER_VENDOR_SECRET,
    siteOrigins: [],
    now,
  });
  vendorUrl = await vendor.listen(0);
});
afterAll(async () => {
  await vendor.close();
});

function adapterWith(overrides: { secret?: string; now?: () => Date } = {}) {
  return createHttpTransferAdapter({
    vendorCode: DEMO_TRANSFER_VENDOR_CODE,
    baseUrl: vendorUrl,
    secret: overrides.secret ?? DEV_DEMO_TRANSFER_VENDOR_SECRET,
    timeoutMs: 10_000,
    now: overrides.now ?? now,
  });
}

function betHistoryOf(adapter: ReturnType<typeof adapterWith>) {
  const read = adapter.betHistory;
  if (!read) throw new Error('the HTTP adapter reads the bet feed');
  return read;
}

describeBetFeedConformance('the demo transfer vendor through the HTTP adapter', () => ({
  async newPlayer(balance) {
    const adapter = adapterWith();
    const member = { playerId: `p${randomBytes(6).toString('hex')}`, username: 'p', currency: 'VND' };
    await adapter.deposit(member, balance, `seed-${randomBytes(8).toString('hex')}`);
    const game = await openTransferGame({
      vendorUrl,
      vendorCode: DEMO_TRANSFER_VENDOR_CODE,
      secret: DEV_DEMO_TRANSFER_VENDOR_SECRET,
      playerId: member.playerId,
      currency: member.currency,
      nowMs: clockMs,
    });
    return {
      playerId: member.playerId,
      async playRound(at) {
        clockMs = at;
        const round = await game.spin(100);
        if (round.status !== 'OK') throw new Error(`the round was refused: ${round.status}`);
        return round.roundId;
      },
      balance: () => adapter.balance(member),
    };
  },
  betHistory: (window) => betHistoryOf(adapterWith())(window),
  betHistoryWithBadSignature: (window) => betHistoryOf(adapterWith({ secret: 'not-the-shared-secret' }))(window),
  betHistoryWithStaleTimestamp: (window) => betHistoryOf(adapterWith({ now: () => new Date(clockMs - 10 * 60_000) }))(window),
  freshTime: () => {
    clockMs += 60 * 60_000;
    return clockMs;
  },
}));
