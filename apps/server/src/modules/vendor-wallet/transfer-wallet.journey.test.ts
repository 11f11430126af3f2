import { randomUUID } from 'node:crypto';
import { createDemoVendor, type DemoVendor } from '@platform/demo-vendor/demo-vendor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextIp } from '../../../test/accounts-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { openTransferGame } from '../../../test/demo-transfer-player.ts';
import { createMerchant } from '../../../test/factories.ts';
import { addVendorWithGames } from '../../../test/games-helpers.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createGamePlayer, type GamePlayer } from '../../../test/vendor-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import { BET_FEED_OVERLAP_MS, BET_FEED_SETTLE_LAG_MS, BET_FEED_WINDOW_MAX_MS, createBetFeed } from './vendor-wallet.bet-feed.ts';
import { DEMO_TRANSFER_VENDOR_CODE, DEV_DEMO_TRANSFER_VENDOR_SECRET, DEV_DEMO_VENDOR_SECRET } from './vendor-wallet.integrations.ts';

// The transfer-wallet journey over the member calls, and the bet feed that brings the rounds played
// in the vendor's own wallet into the betting record. The app and the demo vendor share a clock the
// test moves (rounds settle at chosen instants; the feed reads up to a few seconds before now).
let clockMs = Date.now();
const now = () => new Date(clockMs);
let t: TestApp;
let vendor: DemoVendor;
let vendorUrl: string;
let merchant: { id: number; currency: string };

beforeAll(async () => {
  vendor = createDemoVendor({
    platformUrl: 'http://127.0.0.1:9',
    seamlessSecret: DEV_DEMO_VENDOR_SECRET,
    transferSecret: DEV_DEMO_TRANSFER_VENDOR_SECRET,
    siteOrigins: [],
    now,
  });
  vendorUrl = await vendor.listen(0);
  t = await buildTestApp({ DEMO_VENDOR_URL: vendorUrl }, { now });
  merchant = await createMerchant(t.database.db);
  await addVendorWithGames(
    t.database.db,
    merchant.id,
    { code: DEMO_TRANSFER_VENDOR_CODE, displayName: 'Lotus Transfer Studio', walletStyle: 'transfer', categories: ['RNG'] },
    [{ code: 'tx-lucky-wheel', category: 'RNG', name: { vi: 'Vòng quay may mắn', en: 'Lucky Wheel' } }],
  );
});
afterAll(async () => {
  await t.close();
  await vendor.close();
});

type Member = GamePlayer & { headers: Record<string, string> };

async function member(balance: number): Promise<Member> {
  const p = await createGamePlayer(t.app, t.database.db, { balance, merchant });
  return { ...p, headers: await headersOf(p) };
}

async function headersOf(p: GamePlayer) {
  return bearer((await t.app.services.sessions.create(p.memberId)).token, nextIp());
}

const get = async (m: Member, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const post = async (m: Member, url: string, payload: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url, headers: m.headers, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};

async function playRounds(m: GamePlayer, count: number, spacingMs = 1_000): Promise<string[]> {
  const game = await openTransferGame({
    vendorUrl,
    vendorCode: DEMO_TRANSFER_VENDOR_CODE,
    secret: DEV_DEMO_TRANSFER_VENDOR_SECRET,
    playerId: m.username,
    currency: m.currency,
    nowMs: clockMs,
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    clockMs += spacingMs;
    const round = await game.spin(1_000);
    expect(round.status).toBe('OK');
    ids.push(round.roundId);
  }
  return ids;
}

const recordsOf = (memberId: number) =>
  t.database.db.selectFrom('bet_records').selectAll().where('member_id', '=', memberId).orderBy('opened_at').execute();

/** Moves the clock past the feed's settle lag, so the rounds just played are in its reach. */
function pastSettleLag() {
  clockMs += BET_FEED_SETTLE_LAG_MS + 1_000;
}

describe('the transfer-wallet journey', () => {
  it('keeps money moved into a vendor wallet in the total, records the rounds played there, and returns it all', async () => {
    const m = await member(200_000);
    expect(await get(m, '/wps/relay/GCS_merchantWallet')).toEqual({ isSingle: false });

    const moved = await post(m, '/wps/relay/GCS_walletTransfer', {
      fromWallet: 'MAIN',
      toWallet: DEMO_TRANSFER_VENDOR_CODE,
      amount: 100_000,
      requestId: randomUUID(),
    });
    expect(moved).toMatchObject({ status: 'SUCCEEDED', mainBalance: 100_000 });
    expect(await get(m, '/wps/member/info/funds/consolidated')).toMatchObject({
      sumBalance: 200_000,
      mainBalance: 100_000,
      vendorBalance: 100_000,
      isVendorBalanceComplete: true,
      withdrawableBalance: 100_000,
    });
    expect(await get(m, '/wps/relay/GCS_walletBalances')).toMatchObject({
      mainBalance: 100_000,
      list: [{ vendorCode: DEMO_TRANSFER_VENDOR_CODE, balance: 100_000 }],
    });

    const roundIds = await playRounds(m, 6);
    const atVendor = vendor.transferBalance(m.username, m.currency);
    expect((await get(m, '/wps/member/info/funds/consolidated')).vendorBalance).toBe(atVendor);

    pastSettleLag();
    await t.app.services.vendorWallet.betFeed.runVendor(DEMO_TRANSFER_VENDOR_CODE);
    const history = await get(m, '/wps/relay/GCS_personalHistory');
    expect(history.list.map((r: { roundId: string }) => r.roundId).sort()).toEqual([...roundIds].sort());
    expect(history.list[0]).toMatchObject({
      vendorCode: DEMO_TRANSFER_VENDOR_CODE,
      vendorName: 'Lotus Transfer Studio',
      gameCode: 'tx-lucky-wheel',
      gameName: 'Vòng quay may mắn',
      gameCategory: 'RNG',
      status: 'SETTLED',
      stake: 1_000,
    });
    expect(history.totals.winLoss).toBe(atVendor - 100_000);

    const recalled = await post(m, '/wps/relay/GCS_walletRecallAll', { requestId: randomUUID() });
    expect(recalled.list).toMatchObject([{ status: 'SUCCEEDED', amount: atVendor }]);
    expect(vendor.transferBalance(m.username, m.currency)).toBe(0);
    expect(await get(m, '/wps/member/info/funds/consolidated')).toMatchObject({
      sumBalance: 100_000 + atVendor,
      mainBalance: 100_000 + atVendor,
      vendorBalance: 0,
      withdrawableBalance: 100_000 + atVendor,
    });

    // The feed read again records nothing twice.
    pastSettleLag();
    await t.app.services.vendorWallet.betFeed.runVendor(DEMO_TRANSFER_VENDOR_CODE);
    expect(await recordsOf(m.memberId)).toHaveLength(6);
    const audit = await auditLedger(t.database.db);
    expect(audit.driftedAccountIds).toEqual([]);
  });

  it('answers isSingle true only while no enabled vendor keeps its own wallet', async () => {
    const m = await member(0);
    await t.database.db.updateTable('vendor_integrations').set({ is_enabled: false }).where('wallet_style', '=', 'transfer').execute();
    try {
      expect(await get(m, '/wps/relay/GCS_merchantWallet')).toEqual({ isSingle: true });
    } finally {
      await t.database.db.updateTable('vendor_integrations').set({ is_enabled: true }).where('wallet_style', '=', 'transfer').execute();
    }
    expect(await get(m, '/wps/relay/GCS_merchantWallet')).toEqual({ isSingle: false });
  });
});

describe('the bet feed', () => {
  async function fundedAtVendor(amount: number): Promise<GamePlayer> {
    const p = await createGamePlayer(t.app, t.database.db, { balance: amount, merchant });
    const moved = await t.app.services.vendorWallet.transfers.transfer({
      ...p,
      fromWallet: 'MAIN',
      toWallet: DEMO_TRANSFER_VENDOR_CODE,
      amount,
      requestId: randomUUID(),
    });
    expect(moved.status).toBe('succeeded');
    return p;
  }

  const feedStatus = async () => {
    const status = await t.app.services.vendorWallet.betFeed.status(DEMO_TRANSFER_VENDOR_CODE);
    if (!status) throw new Error('no feed yet');
    return status;
  };

  it('survives a run killed after its first page: the watermark stays, and the next run records the rest once', async () => {
    const p = await fundedAtVendor(50_000);
    // Past the overlap of earlier tests' rounds: this run's pages hold only this player's.
    clockMs += BET_FEED_OVERLAP_MS * 2;
    await t.app.services.vendorWallet.betFeed.runVendor(DEMO_TRANSFER_VENDOR_CODE);
    const before = await feedStatus();
    const roundIds = await playRounds(p, 7);
    pastSettleLag();

    // This run's process stops for good while it writes its second page (as a kill -9 would stop it):
    // the first page's rounds are committed, nothing after them happens.
    const real = t.app.services.betRecords;
    let writes = 0;
    const dying: Pick<BetRecordService, 'recordSettledRounds'> = {
      recordSettledRounds: (rounds) => {
        writes += 1;
        return writes === 1 ? real.recordSettledRounds(rounds) : new Promise<number>(() => {});
      },
    };
    const vendorWallet = t.app.services.vendorWallet;
    const killed = createBetFeed({
      db: t.database.db,
      integrations: vendorWallet.integrations,
      adapterOf: vendorWallet.adapterOf,
      betRecords: dying,
      gameCategoryOf: async () => 'RNG',
      logger: { info: () => {}, warn: () => {}, error: () => {} },
      now,
      pageSize: 3,
    });
    void killed.runVendor(DEMO_TRANSFER_VENDOR_CODE);
    await waitUntil(async () => writes === 2, { what: 'the killed run reached its second page' });
    expect(await recordsOf(p.memberId)).toHaveLength(3);
    expect((await feedStatus()).watermark).toEqual(before.watermark);

    // A new node's run starts again from the watermark and records only what is missing.
    const run = await vendorWallet.betFeed.runVendor(DEMO_TRANSFER_VENDOR_CODE);
    expect(run.recorded).toBe(4);
    const records = await recordsOf(p.memberId);
    expect(records.map((r) => r.round_id).sort()).toEqual([...roundIds].sort());
    expect((await feedStatus()).watermark.getTime()).toBe(clockMs - BET_FEED_SETTLE_LAG_MS);
    expect((await feedStatus()).roundsRecorded).toBeGreaterThanOrEqual(7);
  });

  it('reads back over the last minutes each run: a round the vendor files late is recorded, and none twice', async () => {
    const p = await fundedAtVendor(50_000);
    await playRounds(p, 2);
    pastSettleLag();
    await t.app.services.vendorWallet.betFeed.runVendor(DEMO_TRANSFER_VENDOR_CODE);
    const watermark = (await feedStatus()).watermark.getTime();
    expect(await recordsOf(p.memberId)).toHaveLength(2);
    // The vendor files a round settled before the watermark, inside the overlap.
    const realNow = clockMs;
    clockMs = watermark - BET_FEED_OVERLAP_MS / 2;
    const [late] = await playRounds(p, 1, 0);
    clockMs = realNow + 60_000;
    const run = await t.app.services.vendorWallet.betFeed.runVendor(DEMO_TRANSFER_VENDOR_CODE);
    expect(run.recorded).toBe(1);
    expect(run.rounds).toBeGreaterThanOrEqual(3);
    const records = await recordsOf(p.memberId);
    expect(records).toHaveLength(3);
    expect(records.map((r) => r.round_id)).toContain(late);
  });

  it('catches up hour by hour after a pause, and a window that fails keeps the watermark where every round before it is recorded', async () => {
    const p = await fundedAtVendor(50_000);
    pastSettleLag();
    await t.app.services.vendorWallet.betFeed.runVendor(DEMO_TRANSFER_VENDOR_CODE);
    const start = (await feedStatus()).watermark.getTime();
    const at = (minutes: number) => start + minutes * 60_000;
    const ids: string[] = [];
    for (const minutes of [30, 90, 150]) {
      clockMs = at(minutes);
      ids.push(...(await playRounds(p, 1, 0)));
    }
    clockMs = at(200);
    const vendorWallet = t.app.services.vendorWallet;
    const failAfter = at(120);
    const flaky = createBetFeed({
      db: t.database.db,
      integrations: vendorWallet.integrations,
      adapterOf: async (code) => {
        const adapter = await vendorWallet.adapterOf(code);
        const read = adapter?.betHistory;
        if (!adapter || !read) return adapter;
        return {
          ...adapter,
          betHistory: async (window) => {
            if (window.to > failAfter) throw new Error('the vendor is unreachable');
            return read(window);
          },
        };
      },
      betRecords: t.app.services.betRecords,
      gameCategoryOf: async () => 'RNG',
      logger: { info: () => {}, warn: () => {}, error: () => {} },
      now,
    });
    await expect(flaky.runVendor(DEMO_TRANSFER_VENDOR_CODE)).rejects.toThrow('unreachable');
    const stopped = await feedStatus();
    expect(stopped.watermark.getTime()).toBe(start - BET_FEED_OVERLAP_MS + BET_FEED_WINDOW_MAX_MS * 2);
    expect(stopped.lastError).toContain('unreachable');
    // The windows ending by minute 110 were read whole; the one that failed holds the third round.
    expect((await recordsOf(p.memberId)).map((r) => r.round_id)).toEqual(ids.slice(0, 2));

    const run = await vendorWallet.betFeed.runVendor(DEMO_TRANSFER_VENDOR_CODE);
    expect(run.recorded).toBe(1);
    expect((await recordsOf(p.memberId)).map((r) => r.round_id)).toEqual(ids);
    expect((await feedStatus()).lastError).toBeNull();
  });
});
