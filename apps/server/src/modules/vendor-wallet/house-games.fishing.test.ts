import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fishPosition, type WaveFish } from '@platform/games/fishing/fishing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { type CrashSession, openCrash, registerHouseGames } from '../../../test/house-games-helpers.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createGamePlayer } from '../../../test/vendor-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { DEV_HOUSE_GAMES_SECRET, HOUSE_VENDOR_CODE } from './vendor-wallet.integrations.ts';

// Fishing against the platform, and its fault test: the house game server runs as its own process
// and reaches the platform through a relay the test controls. The relay holds every `credit`, so a
// batch is debited and its credit is on its way when the process is killed with SIGKILL; another
// player's batch is still open (no debit sent). The restart must credit the first and refund the
// second, once each; a second kill and restart changes nothing.
const HOUSE_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../house-games');
let t: TestApp;
let platformUrl: string;
let relay: Server;
let relayUrl: string;
let holdCredits = false;
const heldCredits: string[] = [];
let dataDir: string;
const children = new Set<ChildProcess>();

function relayTo(target: string) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      if (holdCredits && request.url?.endsWith('/credit')) {
        heldCredits.push(body.toString('utf8'));
        return; // never answered: the credit is "on its way" when the process dies
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(request.headers))
        if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
      const answer = await fetch(`${target}${request.url}`, { method: request.method ?? 'POST', headers, body });
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  platformUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  relay = createServer(relayTo(platformUrl));
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'house-fishing-kill-'));
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  relay.closeAllConnections();
  relay.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startHouseProcess(): Promise<{ child: ChildProcess; url: string; exited: Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: HOUSE_DIR,
    env: {
      ...process.env,
      HOUSE_GAMES_PORT: '0',
      PLATFORM_URL: relayUrl,
      HOUSE_GAMES_SECRET: DEV_HOUSE_GAMES_SECRET,
      HOUSE_GAMES_DATA_DIR: dataDir,
      HOUSE_CRASH_BETTING_MS: '60000',
      HOUSE_BACCARAT_BETTING_MS: '60000',
      HOUSE_FISHING_BATCH_MS: '1000',
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
          // a partial line
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`the house game server exited with ${code}`)));
  });
  return { child, url, exited };
}

type Snapshot = { serverNow: number; wave: { startedAt: number; fish: WaveFish[]; dead: number[] } | null; balance: number | null };

/** Aims at a fish swimming well inside the sea now. */
async function aim(s: CrashSession) {
  const snap = (await s.post('state')) as unknown as Snapshot;
  if (!snap.wave) throw new Error('no wave');
  const tNow = snap.serverNow - snap.wave.startedAt;
  for (const fish of snap.wave.fish) {
    if (snap.wave.dead.includes(fish.id)) continue;
    const p = fishPosition(fish, tNow);
    const later = fishPosition(fish, tNow + 300);
    if (p && later && p.x > 150 && p.x < 1450 && p.y > 150 && p.y < 750) return { target: fish.id, x: Math.round(p.x), y: Math.round(p.y) };
  }
  throw new Error('no fish in view');
}

async function memberState(memberId: number, currency: string) {
  const main = (await t.app.services.ledger.memberBalances({ memberId, currency })).main;
  const records = await t.database.db
    .selectFrom('bet_records')
    .select(['status', 'stake', 'payout'])
    .where('vendor_code', '=', HOUSE_VENDOR_CODE)
    .where('member_id', '=', memberId)
    .where('game_code', '=', 'fishing')
    .execute();
  return { main, records };
}

type ShotAnswer = { status: string; batchId: string; shot: { stake: number; win: number; hits: { fishId: number; killed: boolean }[] } };

describe('fishing against the platform', () => {
  it('batches a second of shots into one bet record, and after a SIGKILL credits the debited batch and refunds the open one, once', async () => {
    const start = 200_000;
    const [ann, bob] = await Promise.all(
      [0, 1].map(() =>
        createGamePlayer(t.app, t.database.db, {
          balance: start,
          vendorCode: HOUSE_VENDOR_CODE,
          gameCode: 'fishing',
          gameCategory: 'FISH',
        }),
      ),
    );
    if (!ann || !bob) throw new Error('two players');
    const first = await startHouseProcess();
    await registerHouseGames(t.app, first.url);
    const a = await openCrash(t.app, first.url, ann, 'fishing');
    const b = await openCrash(t.app, first.url, bob, 'fishing');
    expect(await a.post('state')).toMatchObject({ room: 'r1', mySeat: 0, balance: start });
    expect(await b.post('state')).toMatchObject({ room: 'r1', mySeat: 1, balance: start });

    // A first batch settles normally: one bet record, stake and payout as the shots said.
    const settled: ShotAnswer[] = [];
    for (const weapon of ['CANNON', 'NET'])
      settled.push((await a.post('shoot', { weapon, level: 1_000, ...(await aim(a)) })) as unknown as ShotAnswer);
    expect(settled.map((s) => s.status)).toEqual(['OK', 'OK']);
    expect(settled[0]?.batchId).toBe(settled[1]?.batchId);
    const stake1 = 4_000;
    const win1 = settled.reduce((s, x) => s + x.shot.win, 0);
    await waitUntil(
      async () =>
        (await memberState(ann.memberId, ann.currency)).records.length === 1 &&
        (await memberState(ann.memberId, ann.currency)).records[0]?.status === 'settled',
      {
        what: 'the first batch is settled',
      },
    );
    expect(await memberState(ann.memberId, ann.currency)).toEqual({
      main: start - stake1 + win1,
      records: [{ status: 'settled', stake: stake1, payout: win1 }],
    });

    // The second batch is debited, its credit held by the relay; Bob's batch is still open.
    holdCredits = true;
    const aims = [await aim(a), await aim(a), await aim(a)];
    const shots = (await Promise.all(
      aims.map((at) => a.post('shoot', { weapon: 'LIGHTNING', level: 500, ...at })),
    )) as unknown as ShotAnswer[];
    expect(shots.every((s) => s.status === 'OK')).toBe(true);
    const batchIds = new Set(shots.map((s) => s.batchId));
    await waitUntil(() => heldCredits.length === batchIds.size, { what: "the second second's credits are on their way" });
    const stake2 = 3 * 2_500;
    const win2 = shots.reduce((s, x) => s + x.shot.win, 0);
    const held = heldCredits.map((c) => JSON.parse(c) as { amount: number; roundId: string });
    expect(held.reduce((s, c) => s + c.amount, 0)).toBe(win2);
    expect(new Set(held.map((c) => c.roundId))).toEqual(batchIds);
    const bobShot = (await b.post('shoot', { weapon: 'CANNON', level: 2_000, ...(await aim(b)) })) as unknown as ShotAnswer;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(bobShot.status).toBe('OK');
    expect((await memberState(ann.memberId, ann.currency)).main).toBe(start - stake1 + win1 - stake2);
    expect(await memberState(bob.memberId, bob.currency)).toEqual({ main: start, records: [] });

    holdCredits = false;
    const second = await startHouseProcess();
    const annAfter = await memberState(ann.memberId, ann.currency);
    expect(annAfter.main).toBe(start - stake1 + win1 - stake2 + win2);
    expect(annAfter.records).toEqual(expect.arrayContaining([{ status: 'settled', stake: stake1, payout: win1 }]));
    const second2 = annAfter.records.filter((r) => !(r.stake === stake1 && r.payout === win1 && r.status === 'settled'));
    expect(second2.every((r) => r.status === 'settled')).toBe(true);
    expect(second2.reduce((s, r) => s + Number(r.stake), 0)).toBe(stake2);
    expect(second2.reduce((s, r) => s + Number(r.payout), 0)).toBe(win2);
    const bobAfter = await memberState(bob.memberId, bob.currency);
    expect(bobAfter.main).toBe(start);
    expect(bobAfter.records.every((r) => r.status === 'cancelled')).toBe(true);
    await expectCleanBooks(t.database.db);
    const batch = (await (await fetch(`${second.url}/api/fishing/batch?id=${bobShot.batchId}`)).json()) as {
      status: string;
      stake: number;
    };
    expect(batch).toMatchObject({ status: 'void', stake: 2_000 });
    const waves = (await (await fetch(`${second.url}/api/fishing/rounds`)).json()) as {
      waves: { room: string; wave: number; serverSeed: string }[];
    };
    expect(waves.waves[0]).toMatchObject({ room: 'r1', wave: 1 });

    // Killed again and restarted: nothing is paid or refunded twice.
    second.child.kill('SIGKILL');
    await second.exited;
    const third = await startHouseProcess();
    expect(await memberState(ann.memberId, ann.currency)).toEqual(annAfter);
    expect(await memberState(bob.memberId, bob.currency)).toEqual(bobAfter);
    third.child.kill('SIGTERM');
    await third.exited;
    await expectCleanBooks(t.database.db);
  }, 90_000);
});
