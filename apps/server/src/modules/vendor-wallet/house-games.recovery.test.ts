import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { payoutOf } from '@platform/games/crash/crash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { crashState, openCrash, registerHouseGames, rootWithFirstCrash, waitForPhase } from '../../../test/house-games-helpers.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createGamePlayer } from '../../../test/vendor-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { DEV_HOUSE_GAMES_SECRET, HOUSE_VENDOR_CODE } from './vendor-wallet.integrations.ts';

// The fault test: the house game server runs as a child process (its own main.ts) and is killed
// with SIGKILL in the middle of a round; started again on the same data folder, it must settle or
// refund every bet of that round exactly once.
const HOUSE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../house-games');
const SALT = 'crash-recovery-salt';
const CHAIN = 30;
const RATE = 0.0005; // 1.50× after 0.8 s, 20× after 6 s
let t: TestApp;
let platformUrl: string;
let dataDir: string;
const ROOT = rootWithFirstCrash(SALT, CHAIN, 2_000, 100_000_000);
const children = new Set<ChildProcess>();

beforeAll(async () => {
  t = await buildTestApp();
  platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  dataDir = mkdtempSync(join(tmpdir(), 'house-games-kill-'));
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the game server's own process; resolves with its address once it has recovered and listens. */
async function startHouseProcess(
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; exited: Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: HOUSE_DIR,
    env: {
      ...process.env,
      HOUSE_GAMES_PORT: '0',
      PLATFORM_URL: platformUrl,
      HOUSE_GAMES_SECRET: DEV_HOUSE_GAMES_SECRET,
      HOUSE_GAMES_DATA_DIR: dataDir,
      HOUSE_CRASH_ROOT_SEED: ROOT,
      HOUSE_CRASH_SALT: SALT,
      HOUSE_CRASH_CHAIN_LENGTH: String(CHAIN),
      HOUSE_CRASH_BETTING_MS: '8000',
      HOUSE_CRASH_PAUSE_MS: '60000',
      HOUSE_CRASH_RATE_PER_MS: String(RATE),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => children.delete(child));
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (const line of buffer.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { msg?: string; url?: string };
          if (entry.msg === 'house game server listening' && entry.url) resolve(entry.url);
        } catch {
          // a partial line: wait for the rest
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`the house game server exited with ${code}`)));
  });
  return { child, url, exited };
}

async function memberState(memberId: number, currency: string, gameCode = 'crash') {
  const main = (await t.app.services.ledger.memberBalances({ memberId, currency })).main;
  const record = await t.database.db
    .selectFrom('bet_records')
    .select(['status', 'stake', 'payout'])
    .where('vendor_code', '=', HOUSE_VENDOR_CODE)
    .where('member_id', '=', memberId)
    .where('game_code', '=', gameCode)
    .executeTakeFirst();
  return { main, record };
}

describe('the house game server killed mid-round', () => {
  it('settles the cash-outs and refunds the rest once, after a SIGKILL and a restart', async () => {
    const start = 50_000;
    const players = await Promise.all(
      [0, 1, 2].map(() =>
        createGamePlayer(t.app, t.database.db, { balance: start, vendorCode: HOUSE_VENDOR_CODE, gameCode: 'crash', gameCategory: 'CRASH' }),
      ),
    );
    const first = await startHouseProcess();
    await registerHouseGames(t.app, first.url);
    const [manual, auto, rider] = await Promise.all(players.map((p) => openCrash(t.app, first.url, p)));
    if (!manual || !auto || !rider) throw new Error('three sessions');
    await waitForPhase(manual, 'betting', 'the betting window');
    expect(await manual.post('bet', { stake: 1_000 })).toMatchObject({ status: 'OK' });
    expect(await auto.post('bet', { stake: 1_000, target: 150 })).toMatchObject({ status: 'OK' });
    expect(await rider.post('bet', { stake: 1_000 })).toMatchObject({ status: 'OK' });
    await waitForPhase(manual, 'running', 'the round starts');
    await waitUntil(async () => (await crashState(manual)).bets.some((b) => b.cashout?.k === 150), { what: 'the auto cash-out at 1.50×' });
    const cashed = await manual.post('cashout');
    expect(cashed).toMatchObject({ status: 'OK' });
    const k = (cashed.cashout as { k: number }).k;

    first.child.kill('SIGKILL');
    await first.exited;
    // The rider's stake is still held by the platform: the round was cut off in flight.
    const [, , riderBefore] = await Promise.all(players.map((p) => memberState(p.memberId, p.currency)));
    expect(riderBefore).toMatchObject({ main: start - 1_000, record: { status: 'open', stake: 1_000 } });

    const second = await startHouseProcess();
    const after = await Promise.all(players.map((p) => memberState(p.memberId, p.currency)));
    expect(after).toEqual([
      { main: start - 1_000 + payoutOf(1_000, k), record: { status: 'settled', stake: 1_000, payout: payoutOf(1_000, k) } },
      { main: start - 1_000 + 1_500, record: { status: 'settled', stake: 1_000, payout: 1_500 } },
      { main: start, record: expect.objectContaining({ status: 'cancelled', payout: 0 }) },
    ]);
    await expectCleanBooks(t.database.db);
    const history = (await (await fetch(`${second.url}/api/crash/rounds`)).json()) as { rounds: unknown[] };
    expect(history.rounds[0]).toMatchObject({ round: 1, end: 'void', bets: 3 });

    // Killed again and restarted: nothing is paid or refunded twice.
    second.child.kill('SIGKILL');
    await second.exited;
    const third = await startHouseProcess();
    expect(await Promise.all(players.map((p) => memberState(p.memberId, p.currency)))).toEqual(after);
    third.child.kill('SIGTERM');
    await third.exited;
    expect(await Promise.all(players.map((p) => memberState(p.memberId, p.currency)))).toEqual(after);
    await expectCleanBooks(t.database.db);
  });

  it('baccarat killed mid-deal: the restart settles every bet on the committed deal, once', async () => {
    const start = 50_000;
    const players = await Promise.all(
      [0, 1].map(() =>
        createGamePlayer(t.app, t.database.db, {
          balance: start,
          vendorCode: HOUSE_VENDOR_CODE,
          gameCode: 'baccarat',
          gameCategory: 'LIVE',
        }),
      ),
    );
    // Cards come a minute apart, so the process is killed with the deal begun and not finished.
    const env = { HOUSE_BACCARAT_BETTING_MS: '3000', HOUSE_BACCARAT_REVEAL_STEP_MS: '60000', HOUSE_BACCARAT_PAUSE_MS: '60000' };
    const first = await startHouseProcess(env);
    await registerHouseGames(t.app, first.url);
    const [a, b] = await Promise.all(players.map((p) => openCrash(t.app, first.url, p, 'baccarat')));
    if (!a || !b) throw new Error('two sessions');
    await waitUntil(async () => (await a.post('state')).phase === 'betting', { what: 'the betting window', pollMs: 20 });
    const round = (await a.post('state')).round as number;
    expect(await a.post('bet', { spots: { PLAYER: 2_000 } })).toMatchObject({ status: 'OK' });
    expect(await b.post('bet', { spots: { BANKER: 3_000, TIE: 1_000 } })).toMatchObject({ status: 'OK' });
    await waitUntil(async () => (await a.post('state')).phase === 'running', { what: 'the deal begins', timeoutMs: 10_000 });
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await memberState(players[0]?.memberId as number, players[0]?.currency as string, 'baccarat')).toMatchObject({
      main: start - 2_000,
      record: { status: 'open' },
    });

    const second = await startHouseProcess(env);
    const rounds = (await (await fetch(`${second.url}/api/baccarat/rounds`)).json()) as {
      rounds: { round: number; end: string; result: { winner: string; bankerTotal: number } | null }[];
    };
    const item = rounds.rounds.find((r) => r.round === round);
    expect(item?.end).toBe('dealt');
    const w = item?.result?.winner;
    const paidA = w === 'PLAYER' ? 4_000 : w === 'TIE' ? 2_000 : 0;
    const paidB = w === 'BANKER' ? 5_850 : w === 'TIE' ? 3_000 + 9_000 : 0;
    const after = await Promise.all(players.map((p) => memberState(p.memberId, p.currency, 'baccarat')));
    expect(after).toEqual([
      { main: start - 2_000 + paidA, record: { status: 'settled', stake: 2_000, payout: paidA } },
      { main: start - 4_000 + paidB, record: { status: 'settled', stake: 4_000, payout: paidB } },
    ]);
    await expectCleanBooks(t.database.db);

    second.child.kill('SIGKILL');
    await second.exited;
    const third = await startHouseProcess(env);
    third.child.kill('SIGTERM');
    await third.exited;
    expect(await Promise.all(players.map((p) => memberState(p.memberId, p.currency, 'baccarat')))).toEqual(after);
    await expectCleanBooks(t.database.db);
  });

  it('mines killed mid-round: the player finds the round after a restart, a round left alone is finished for them, each paid once', async () => {
    const start = 50_000;
    const players = await Promise.all(
      [0, 1].map(() =>
        createGamePlayer(t.app, t.database.db, {
          balance: start,
          vendorCode: HOUSE_VENDOR_CODE,
          gameCode: 'mines',
          gameCategory: 'MINIGAMES',
        }),
      ),
    );
    const first = await startHouseProcess();
    await registerHouseGames(t.app, first.url);
    const sessions = await Promise.all(players.map((p) => openCrash(t.app, first.url, p, 'mines')));
    // One mine: play rounds until the first pick is safe, so each player has a round in play with one safe cell.
    const open: string[] = [];
    const staked = [0, 0];
    for (const [i, s] of sessions.entries()) {
      for (;;) {
        const started = await s.post('start', { stake: 1_000, mines: 1 });
        expect(started).toMatchObject({ status: 'OK' });
        staked[i] = (staked[i] as number) + 1_000;
        const roundId = (started.round as { roundId: string }).roundId;
        const picked = await s.post('act', { roundId, action: 'REVEAL', cell: 7 });
        if (!(picked.round as { isOver: boolean }).isOver) {
          open.push(roundId);
          break;
        }
      }
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const openState = async (i: number) => {
      const p = players[i] as (typeof players)[number];
      const main = (await t.app.services.ledger.memberBalances({ memberId: p.memberId, currency: p.currency })).main;
      const record = await t.database.db
        .selectFrom('bet_records')
        .select(['status', 'stake', 'payout'])
        .where('member_id', '=', p.memberId)
        .where('round_id', '=', open[i] as string)
        .executeTakeFirstOrThrow();
      return { main, record };
    };
    expect((await openState(0)).record).toMatchObject({ status: 'open', stake: 1_000 });

    // Restarted: the first player opens the game again, finds the round with its safe cell and cashes out.
    const second = await startHouseProcess();
    await registerHouseGames(t.app, second.url);
    const again = await openCrash(t.app, second.url, players[0] as (typeof players)[number], 'mines');
    const state = await again.post('state');
    expect(state.round).toMatchObject({ roundId: open[0], isOver: false, view: { revealed: [7] } });
    const cashed = await again.post('act', { roundId: open[0], action: 'CASHOUT' });
    // 0.97 × 25 / 24 on 1,000, floored.
    expect(cashed.round).toMatchObject({ isOver: true, payout: 1_010 });
    second.child.kill('SIGKILL');
    await second.exited;

    // The second player never came back: a restart with a short idle time finishes the round for them.
    const third = await startHouseProcess({ HOUSE_SOLO_IDLE_MS: '1' });
    const after = [await openState(0), await openState(1)];
    // Rounds lost on a first pick cost their stake; the open round pays its cash-out.
    const paidBefore = (i: number) => start - (staked[i] as number);
    expect(after).toEqual([
      { main: paidBefore(0) + 1_010, record: { status: 'settled', stake: 1_000, payout: 1_010 } },
      { main: paidBefore(1) + 1_010, record: { status: 'settled', stake: 1_000, payout: 1_010 } },
    ]);
    await expectCleanBooks(t.database.db);
    third.child.kill('SIGKILL');
    await third.exited;
    const fourth = await startHouseProcess({ HOUSE_SOLO_IDLE_MS: '1' });
    fourth.child.kill('SIGTERM');
    await fourth.exited;
    expect([await openState(0), await openState(1)]).toEqual(after);
    await expectCleanBooks(t.database.db);
  });
  it('cockfight killed between the debits and the result: the fight waits for the operator and pays once', async () => {
    await createMerchant(t.database.db);
    const admin = (await loginAdmin(t.app, 'risk')).headers;
    const operator = async (action: string, body: Record<string, unknown> = {}) => {
      const res = await t.app.inject({ method: 'POST', url: `/admin-api/house/cockfight/a1/${action}`, headers: admin, payload: body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as { fight: { phase: string; result: string | null } | null };
    };
    const start = 50_000;
    const players = await Promise.all(
      [0, 1].map(() =>
        createGamePlayer(t.app, t.database.db, {
          balance: start,
          vendorCode: HOUSE_VENDOR_CODE,
          gameCode: 'cockfight',
          gameCategory: 'COCKFIGHT',
        }),
      ),
    );
    const parked = { HOUSE_CRASH_BETTING_MS: '600000', HOUSE_BACCARAT_BETTING_MS: '600000' };
    const first = await startHouseProcess(parked);
    await registerHouseGames(t.app, first.url);
    const [meron, wala] = await Promise.all(players.map((p) => openCrash(t.app, first.url, p, 'cockfight')));
    if (!meron || !wala) throw new Error('two sessions');
    await operator('open', { mode: 'pari-mutuel', commissionBp: 500 });
    expect(await meron.post('bet', { side: 'meron', stake: 3_000 })).toMatchObject({ status: 'OK' });
    expect(await wala.post('bet', { side: 'wala', stake: 2_000 })).toMatchObject({ status: 'OK' });
    expect((await operator('close')).fight?.phase).toBe('closed');

    first.child.kill('SIGKILL');
    await first.exited;
    const held = await Promise.all(players.map((p) => memberState(p.memberId, p.currency, 'cockfight')));
    expect(held.map((h) => [h.main, h.record?.status])).toEqual([
      [start - 3_000, 'open'],
      [start - 2_000, 'open'],
    ]);

    const second = await startHouseProcess(parked);
    await registerHouseGames(t.app, second.url);
    expect((await operator('result', { result: 'wala' })).fight).toMatchObject({ phase: 'settled', result: 'wala' });
    // Wala: 5,000 × 0.95 / 2,000 × 100 = 237.50 → 4,750.
    const after = await Promise.all(players.map((p) => memberState(p.memberId, p.currency, 'cockfight')));
    expect(after).toEqual([
      { main: start - 3_000, record: { status: 'settled', stake: 3_000, payout: 0 } },
      { main: start - 2_000 + 4_750, record: { status: 'settled', stake: 2_000, payout: 4_750 } },
    ]);

    // Killed again and restarted: nothing is paid twice; the same result again answers the settled fight.
    second.child.kill('SIGKILL');
    await second.exited;
    const third = await startHouseProcess(parked);
    await registerHouseGames(t.app, third.url);
    const again = await t.app.inject({
      method: 'POST',
      url: '/admin-api/house/cockfight/a1/result',
      headers: admin,
      payload: { result: 'wala' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().value.history[0]).toMatchObject({ result: 'wala', phase: 'settled' });
    expect(await Promise.all(players.map((p) => memberState(p.memberId, p.currency, 'cockfight')))).toEqual(after);
    third.child.kill('SIGTERM');
    await third.exited;
    await expectCleanBooks(t.database.db);
  });
});
