import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currencyScale } from '@platform/contracts/money-format';
import { JACKPOT_SEED, jackpotContribution } from '@platform/games/house/jackpot-wheel';
import type { HouseGames } from '@platform/house-games/house-games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, nextIp } from '../../../test/accounts-helpers.ts';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createTestHouseGames, openCrash, registerHouseGames } from '../../../test/house-games-helpers.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createGamePlayer } from '../../../test/vendor-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { HOUSE_VENDOR_CODE } from './vendor-wallet.integrations.ts';

// The jackpot wheel against the platform, over real HTTP: concurrent spins, forced jackpots, the
// vendor's pool books, the platform's ledger and bet records, and the home counter.
let t: TestApp;
let house: HouseGames;
let houseUrl: string;
let dataDir: string;

beforeAll(async () => {
  t = await buildTestApp();
  const platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dataDir = mkdtempSync(join(tmpdir(), 'house-jackpot-'));
  house = createTestHouseGames(platformUrl, dataDir, {
    // A 1,000 stake wins the jackpot half the time: several winners race in one burst.
    jackpot: { triggerBound: 2_000 },
  });
  houseUrl = await house.listen(0);
  await registerHouseGames(t.app, houseUrl);
  await house.start();
});
afterAll(async () => {
  await house.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Spin = { betId: string; roundId: string; nonce: number; stake: number; wheelWin: number; jackpot: number; multiplier: number };

describe('the jackpot wheel on the house game server', () => {
  it('concurrent spins of three players: each pool is paid once, the books of the pool and of the ledger balance', async () => {
    const start = 100_000;
    const players = await Promise.all(
      [0, 1, 2].map(() =>
        createGamePlayer(t.app, t.database.db, {
          balance: start,
          vendorCode: HOUSE_VENDOR_CODE,
          gameCode: 'jackpot-wheel',
          gameCategory: 'JACKPOT',
        }),
      ),
    );
    const sessions = await Promise.all(players.map((p) => openCrash(t.app, houseUrl, p, 'jackpot-wheel')));
    const first = await sessions[0]?.post('state');
    expect(first).toMatchObject({ pool: JACKPOT_SEED, contributionBps: 100 });

    // Four rounds of three simultaneous spins (one per player: a player's spins go one at a time).
    const spins: Spin[][] = [[], [], []];
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(sessions.map((s, i) => s.post('spin', { stake: 1_000, clientSeed: `p${i}-r${round}` })));
      for (const [i, a] of answers.entries()) {
        expect(a).toMatchObject({ httpStatus: 200, status: 'OK' });
        spins[i]?.push(a.spin as Spin);
      }
    }
    expect(await sessions[0]?.post('spin', { stake: 10, clientSeed: 'x' })).toMatchObject({ httpStatus: 409, status: 'STAKE_INVALID' });
    const all = spins.flat();
    const jackpots = all.filter((s) => s.jackpot > 0);
    expect(jackpots.length).toBeGreaterThan(0);

    // The vendor's books: amount = seeded + contributed − paid, contributions from every spin.
    const [books] = house.jackpots.get('jackpot-wheel')?.books() ?? [];
    if (!books) throw new Error('no pool');
    expect(books.contributed).toBe(all.length * jackpotContribution(1_000));
    expect(books.paid).toBe(jackpots.reduce((a, s) => a + s.jackpot, 0));
    expect(books.amount).toBe(books.seeded + books.contributed - books.paid);

    // The platform: each player's balance is the stakes less the wheel's wins and jackpots, once each.
    for (const [i, p] of players.entries()) {
      const paid = (spins[i] ?? []).reduce((a, s) => a + s.wheelWin + s.jackpot, 0);
      const { main } = await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency });
      expect(main).toBe(start - 4 * 1_000 + paid);
    }
    const records = await t.database.db
      .selectFrom('bet_records')
      .select(['member_id', 'round_id', 'status', 'stake', 'payout', 'game_category', 'outcome'])
      .where('vendor_code', '=', HOUSE_VENDOR_CODE)
      .where('game_code', '=', 'jackpot-wheel')
      .execute();
    expect(records).toHaveLength(all.length);
    for (const s of all) {
      const record = records.find((r) => r.round_id === s.roundId);
      expect(record).toMatchObject({ status: 'settled', stake: 1_000, payout: s.wheelWin + s.jackpot, game_category: 'JACKPOT' });
      expect(record?.outcome).toMatchObject({ kind: 'wheel', multiplier: s.multiplier });
    }
    await expectCleanBooks(t.database.db);

    // Every spin's proof.
    const jackpotSpin = jackpots[0] as Spin;
    const verify = await (await fetch(`${houseUrl}/api/jackpot-wheel/verify?round=${jackpotSpin.nonce}`)).json();
    expect(verify).toMatchObject({ commitmentMatches: true, outcome: { isJackpot: true, stake: 1_000 } });

    // The home counter starts from the real pool (hundredths of the display unit) once its cache turns over.
    const merchantCurrency = players[0]?.currency as string;
    const hundredths = books.amount * 10 ** Math.max(0, 2 - currencyScale(merchantCurrency));
    await waitUntil(
      async () => {
        const value = (await t.app.inject({ method: 'GET', url: '/lgw/games/jackpot' })).json().value as { base: number };
        return value.base === hundredths;
      },
      { what: 'the home counter shows the pool' },
    );
    const pools = (await (await fetch(`${houseUrl}/api/jackpot/pools`)).json()) as { pools: { currency: string; amount: number }[] };
    expect(pools.pools).toEqual([expect.objectContaining({ currency: merchantCurrency, amount: books.amount })]);

    // The console's jackpot screen shows the same pool, counted by the home counter, which runs on it.
    const risk = await loginAdmin(t.app, 'risk');
    const view = (await t.app.inject({ method: 'GET', url: '/admin-api/games/jackpot/pools', headers: risk.headers })).json().value;
    expect(view).toMatchObject({ vendorCode: HOUSE_VENDOR_CODE, isPublishing: true, currency: merchantCurrency, source: 'pools' });
    expect(view.pools).toEqual([
      expect.objectContaining({ gameCode: 'jackpot-wheel', currency: merchantCurrency, amount: books.amount, isCounted: true }),
    ]);
    expect(view.counter.base).toBe(hundredths);

    // The betting record links each spin to its detail at the game server, which opens the spin's proof.
    const member = players[0];
    if (!member) throw new Error('no player');
    const session = await t.app.services.sessions.create(member.memberId);
    const history = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GCS_personalHistory?vendorCode=HOUSE',
      headers: { ...bearer(session.token, nextIp()), lang: 'vi' },
    });
    const listed = history.json().value.list as { roundId: string; proofUrl: string | null }[];
    expect(listed).toHaveLength(4);
    for (const row of listed) {
      expect(row.proofUrl).toBe(`${houseUrl}/round/jackpot-wheel/${row.roundId}?lang=vi`);
      const detail = await fetch(row.proofUrl as string, { redirect: 'manual' });
      expect(detail.status).toBe(302);
      const nonce = Number(row.roundId.split('-').pop());
      expect(detail.headers.get('location')).toBe(`/verify/jackpot-wheel?lang=vi&round=${nonce}`);
    }
    const page = await fetch(`${houseUrl}/verify/jackpot-wheel?lang=vi&round=1`);
    expect(await page.text()).toContain('Vòng quay jackpot: kiểm tra một lượt quay');
    expect((await fetch(`${houseUrl}/round/jackpot-wheel/not-a-round`, { redirect: 'manual' })).status).toBe(404);
  });
});
