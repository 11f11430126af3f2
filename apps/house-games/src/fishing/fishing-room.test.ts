import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fishPosition, WEAPON_BY_CODE } from '@platform/games/fishing/fishing';
import { replayFishing } from '@platform/games/fishing/fishing-verify';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal } from '../journal.ts';
import { type PlatformClient, PlatformUnreachable } from '../platform-client.ts';
import { fakeWallet, waitUntil } from '../wallet.test-support.ts';
import { createFishingHall, type FishingEntry, type FishingEvent } from './fishing-room.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function journalPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fishing-'));
  dirs.push(dir);
  return join(dir, 'fishing.jsonl');
}
const seed = (room: string, wave: number) => `seed-${room}-${wave}`.padEnd(64, '0');
const player = (name: string) => ({ username: name, token: `tok-${name}`, currency: 'VND' });

function hallOn(path: string, platform: PlatformClient, batchMs = 60) {
  const journal = openJournal<FishingEntry>(path);
  const hall = createFishingHall({ gameCode: 'fishing', journal, platform, now: Date.now, batchMs, serverSeed: seed });
  return { hall, journal };
}

/** A fish swimming in the sea now (a target for a test's shot). */
function swimmingFish(hall: ReturnType<typeof hallOn>['hall'], username: string) {
  const snap = hall.snapshot(username);
  const wave = snap.wave;
  if (!wave) throw new Error('no wave');
  const t = Date.now() - wave.startedAt;
  const fish = wave.fish.find((f) => {
    const p = fishPosition(f, t + 50);
    return p && p.x > 100 && p.x < 1500 && p.y > 100 && p.y < 800 && !wave.dead.includes(f.id);
  });
  if (!fish) throw new Error('no fish in view');
  const p = fishPosition(fish, t) as { x: number; y: number };
  return { target: fish.id, x: Math.round(p.x), y: Math.round(p.y) };
}

describe('a fishing room', () => {
  it('seats four players per room, shows each shot to the room, and settles each player second as one debit and one credit', async () => {
    const wallet = fakeWallet({ 'tok-ann': 1_000_000, 'tok-bob': 1_000_000, 'tok-cid': 5, 'tok-dan': 1_000, 'tok-eve': 1_000 });
    const { hall } = hallOn(journalPath(), wallet.client);
    const seats = [];
    for (const name of ['ann', 'bob', 'cid', 'dan', 'eve']) seats.push(await hall.join(player(name)));
    expect(seats.map((s) => s.room)).toEqual(['r1', 'r1', 'r1', 'r1', 'r2']);
    expect(seats.map((s) => s.seat)).toEqual([0, 1, 2, 3, 0]);
    const seen: (FishingEvent & { serverNow: number })[] = [];
    hall.watch('bob', (e) => seen.push(e));

    // Refusals change nothing.
    const aim = swimmingFish(hall, 'ann');
    await expect(hall.shoot(player('ann'), { weapon: 'CANNON', level: 150, ...aim })).rejects.toMatchObject({ code: 'LEVEL_INVALID' });
    await expect(hall.shoot(player('ann'), { weapon: 'BAZOOKA', level: 100, ...aim })).rejects.toMatchObject({ code: 'WEAPON_INVALID' });
    await expect(hall.shoot(player('ann'), { weapon: 'CANNON', level: 100, ...aim, x: 5_000 })).rejects.toMatchObject({
      code: 'AIM_INVALID',
    });
    await expect(hall.shoot(player('cid'), { weapon: 'CANNON', level: 100, ...aim })).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    await expect(hall.shoot(player('zed'), { weapon: 'CANNON', level: 100, ...aim })).rejects.toMatchObject({ code: 'NO_SEAT' });
    expect(wallet.calls.filter((c) => c.call !== 'balance')).toEqual([]);

    const shots = [];
    for (const weapon of ['CANNON', 'NET', 'LIGHTNING', 'CANNON']) {
      shots.push(await hall.shoot(player('ann'), { weapon, level: 500, ...swimmingFish(hall, 'ann') }));
    }
    expect(new Set(shots.map((s) => s.batchId)).size).toBe(1);
    const stake = 500 * (1 + 3 + 5 + 1);
    expect(shots.reduce((s, x) => s + x.shot.stake, 0)).toBe(stake);
    // Bob saw every shot of Ann's, with its hits.
    expect(seen.filter((e) => e.type === 'shot').map((e) => (e.type === 'shot' ? e.weapon : ''))).toEqual([
      'CANNON',
      'NET',
      'LIGHTNING',
      'CANNON',
    ]);

    await waitUntil(() => seen.some((e) => e.type === 'batch'), 'the batch settles');
    const win = shots.reduce((s, x) => s + x.shot.win, 0);
    const money = wallet.calls.filter((c) => c.call !== 'balance');
    expect(money.map((c) => [c.call, c.body.amount])).toEqual([
      ['debit', stake],
      ['credit', win],
    ]);
    expect(money[0]?.body.roundId).toBe(shots[0]?.batchId);
    expect(money[1]?.body.outcome).toMatchObject({ kind: 'fishing', shots: 4, hits: shots.reduce((s, x) => s + x.shot.hits.length, 0) });
    expect(wallet.balances['tok-ann']).toBe(1_000_000 - stake + win);
    expect(seen.find((e) => e.type === 'batch')).toMatchObject({ stake, win, status: win > 0 ? 'paid' : 'lost', seat: 0 });

    // Each shot's kills are what the rules give for the wave's seed and the fish it hit.
    const wave = hall.snapshot('ann').wave;
    for (const { shot } of shots) {
      const replay = replayFishing({
        serverSeed: seed('r1', shot.wave),
        clientSeed: wave?.clientSeed ?? '',
        wave: shot.wave,
        commitment: wave?.commitment,
        shot: { shotNo: shot.shotNo, weapon: shot.weapon, level: shot.level, fish: shot.hits.map((h) => h.fishId) },
      });
      expect(replay.commitmentMatches).toBe(true);
      expect(replay.shot?.hits).toEqual(shot.hits);
      // The shares add up to the stake, the first fish carrying the unfilled slots.
      const w = WEAPON_BY_CODE.get(shot.weapon);
      expect(shot.hits.reduce((s, h) => s + h.share, 0)).toBe(shot.level * (w?.cost ?? 0));
    }
    expect(hall.batchRecord(shots[0]?.batchId ?? '')).toMatchObject({ stake, win, shots: expect.any(Array) });
    await hall.stop();
  });

  it('refuses a ninth shot within a second and a shot beyond the known balance', async () => {
    const wallet = fakeWallet({ 'tok-ann': 2_500 });
    const { hall } = hallOn(journalPath(), wallet.client, 60_000);
    await hall.join(player('ann'));
    for (let i = 0; i < 5; i++) await hall.shoot(player('ann'), { weapon: 'CANNON', level: 500, ...swimmingFish(hall, 'ann') });
    // 2,500 known, 2,500 held by the open batch: nothing left for another shot.
    await expect(hall.shoot(player('ann'), { weapon: 'CANNON', level: 100, ...swimmingFish(hall, 'ann') })).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    const rich = fakeWallet({ 'tok-bob': 10_000_000 });
    const other = hallOn(journalPath(), rich.client, 60_000).hall;
    await other.join(player('bob'));
    for (let i = 0; i < 8; i++) await other.shoot(player('bob'), { weapon: 'CANNON', level: 100, ...swimmingFish(other, 'bob') });
    await expect(other.shoot(player('bob'), { weapon: 'CANNON', level: 100, ...swimmingFish(other, 'bob') })).rejects.toMatchObject({
      code: 'TOO_FAST',
    });
    await hall.stop();
    await other.stop();
    expect(wallet.balances['tok-ann']).toBe(
      2_500 - 2_500 + wallet.calls.filter((c) => c.call === 'credit').reduce((s, c) => s + (c.body.amount as number), 0),
    );
  });

  it('after a kill: credits a batch whose debit was taken and refunds one still open, once each', async () => {
    const wallet = fakeWallet({ 'tok-ann': 100_000, 'tok-bob': 100_000 });
    // The first run's platform takes debits but never answers a credit: the process dies before.
    let creditsDown = true;
    let creditsTried = 0;
    const flaky: PlatformClient = {
      ...wallet.client,
      call: (call, body) => {
        if (call !== 'credit' || !creditsDown) return wallet.client.call(call, body);
        creditsTried += 1;
        return Promise.reject(new PlatformUnreachable('down'));
      },
    };
    const path = journalPath();
    const first = hallOn(path, flaky, 60).hall;
    await first.join(player('ann'));
    const annShots = [];
    for (let i = 0; i < 3; i++)
      annShots.push(await first.shoot(player('ann'), { weapon: 'NET', level: 1_000, ...swimmingFish(first, 'ann') }));
    await waitUntil(() => creditsTried > 0, "ann's batch is debited and its credit tried");
    expect(wallet.balances['tok-ann']).toBe(100_000 - 9_000);
    // Bob's batch is still open when the process dies (the first run's batch timer is cancelled by the "kill").
    await first.join(player('bob'));
    const bobShot = await first.shoot(player('bob'), { weapon: 'CANNON', level: 2_000, ...swimmingFish(first, 'bob') });
    expect(bobShot.shot.stake).toBe(2_000);
    const bobBatch = first.unsettled().find((b) => b.username === 'bob');
    clearTimeout(bobBatch?.timer);

    creditsDown = false;
    const second = hallOn(path, wallet.client, 60).hall;
    expect(await second.recover()).toEqual({ batches: 2 });
    const annWin = annShots.reduce((s, x) => s + x.shot.win, 0);
    expect(wallet.balances['tok-ann']).toBe(100_000 - 9_000 + annWin);
    expect(wallet.balances['tok-bob']).toBe(100_000);
    const money = wallet.calls.filter((c) => c.call !== 'balance');
    expect(money.filter((c) => c.call === 'debit').map((c) => c.body.amount)).toEqual([9_000]);
    expect(money.filter((c) => c.call === 'rollback').map((c) => c.body.referenceTransactionId)).toEqual([`${bobShot.batchId}-bet`]);
    expect(second.batchRecord(bobShot.batchId)).toMatchObject({ status: 'void', win: 0 });
    expect(second.batchRecord(annShots[0]?.batchId ?? '')).toMatchObject({ stake: 9_000, win: annWin });
    // The waves left open were ended and their seeds published.
    expect(second.history().map((h) => [h.room, h.wave, h.serverSeed])).toEqual([['r1', 1, seed('r1', 1)]]);

    // A third start finds nothing left to do.
    const before = wallet.calls.length;
    const third = hallOn(path, wallet.client, 60).hall;
    expect(await third.recover()).toEqual({ batches: 0 });
    expect(wallet.calls.length).toBe(before);
    expect(third.batchRecord(bobShot.batchId)).toMatchObject({ status: 'void' });
    await Promise.all([second.stop(), third.stop()]);
  });
});
