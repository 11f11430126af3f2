import { REALTIME_CLOSE, type RealtimeServerMessage } from '@platform/contracts/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledger-fixture.ts';
import { SESSION_RECHECK_INTERVAL_MS } from './realtime.hub.ts';

let t: TestApp;
let f: LedgerFixture;
let clock = new Date('2026-11-22T08:00:00Z');
let keyCounter = 0;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  f = await createLedgerFixture(t.database.db, t.app.services.ledger, { playerCount: 3 });
});

afterAll(async () => {
  await t?.close();
});

/** A socket with its received messages and, once closed, the close code. */
async function connect() {
  const ws = (await t.app.injectWS('/ws')) as WebSocket;
  const messages: RealtimeServerMessage[] = [];
  let closeCode: number | undefined;
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  ws.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString('utf8')) as RealtimeServerMessage);
    wake();
  });
  ws.on('close', (code: number) => {
    closeCode = code;
    wake();
  });
  const until = async (predicate: () => boolean) => {
    for (let i = 0; i < 200 && !predicate(); i++)
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 25);
      });
    if (!predicate()) throw new Error('timed out waiting on the socket');
  };
  return { ws, messages, closeCode: () => closeCode, until };
}

async function deposit(accountId: number, amount: number) {
  keyCounter += 1;
  await t.app.services.ledger.transfer({
    fromAccountId: f.system.paymentClearing,
    toAccountId: accountId,
    amount,
    code: 'deposit',
    idempotencyKey: `rt-${keyCounter}`,
  });
}

describe('GET /ws', () => {
  it('accepts a member session and pushes the new balance after money moves', async () => {
    const player = f.players[0]!;
    const { token } = await t.app.services.sessions.create(player.member.id);
    const socket = await connect();
    socket.ws.send(JSON.stringify({ type: 'auth', token }));
    await socket.until(() => socket.messages.some((m) => m.type === 'ready'));

    await deposit(player.main, 25_000);
    await t.app.services.realtime.tick();
    await socket.until(() => socket.messages.some((m) => m.type === 'balance'));
    const event = socket.messages.find((m) => m.type === 'balance');
    expect(event).toEqual({
      type: 'balance',
      value: { currency: f.currency, sumBalance: 25_000, mainBalance: 25_000, bonusBalance: 0, lockedBalance: 0 },
    });

    socket.ws.send(JSON.stringify({ type: 'ping' }));
    await socket.until(() => socket.messages.some((m) => m.type === 'pong'));
    socket.ws.close();
  });

  it('pushes the locked amount when a reservation is posted, and nothing to other members', async () => {
    const [player, other] = [f.players[1]!, f.players[2]!];
    await deposit(player.main, 10_000);
    const mine = await connect();
    const theirs = await connect();
    mine.ws.send(JSON.stringify({ type: 'auth', token: (await t.app.services.sessions.create(player.member.id)).token }));
    theirs.ws.send(JSON.stringify({ type: 'auth', token: (await t.app.services.sessions.create(other.member.id)).token }));
    await mine.until(() => mine.messages.some((m) => m.type === 'ready'));
    await theirs.until(() => theirs.messages.some((m) => m.type === 'ready'));

    const held = await t.app.services.ledger.reserve({ accountId: player.main, amount: 4_000, idempotencyKey: 'rt-res' });
    await t.app.services.realtime.tick();
    await mine.until(() => mine.messages.filter((m) => m.type === 'balance').length === 1);
    await t.app.services.ledger.post({ reservationId: held.reservationId, toAccountId: f.system.houseRevenue, idempotencyKey: 'rt-post' });
    await t.app.services.realtime.tick();
    await mine.until(() => mine.messages.filter((m) => m.type === 'balance').length === 2);
    const [afterReserve, afterPost] = mine.messages.filter((m) => m.type === 'balance');
    expect(afterReserve?.type === 'balance' && afterReserve.value.lockedBalance).toBe(4_000);
    expect(afterPost?.type === 'balance' && afterPost.value).toMatchObject({ lockedBalance: 0, mainBalance: 6_000 });
    expect(theirs.messages.filter((m) => m.type === 'balance')).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });

  it('sends nothing for a movement whose transaction rolled back', async () => {
    const player = f.players[0]!;
    const socket = await connect();
    socket.ws.send(JSON.stringify({ type: 'auth', token: (await t.app.services.sessions.create(player.member.id)).token }));
    await socket.until(() => socket.messages.some((m) => m.type === 'ready'));
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.services.ledger.transfer(
          {
            fromAccountId: f.system.paymentClearing,
            toAccountId: player.main,
            amount: 1,
            code: 'deposit',
            idempotencyKey: 'rt-rolled-back',
          },
          trx,
        );
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    await t.app.services.realtime.tick();
    expect(socket.messages.filter((m) => m.type === 'balance')).toEqual([]);
    socket.ws.close();
  });

  it('closes sockets with a bad token, a bad message, or a session that has ended', async () => {
    const bad = await connect();
    bad.ws.send(JSON.stringify({ type: 'auth', token: 'not-a-session' }));
    await bad.until(() => bad.closeCode() !== undefined);
    expect(bad.closeCode()).toBe(REALTIME_CLOSE.unauthorized);

    const junk = await connect();
    junk.ws.send('{not json');
    await junk.until(() => junk.closeCode() !== undefined);
    expect(junk.closeCode()).toBe(REALTIME_CLOSE.badMessage);

    const extra = await connect();
    extra.ws.send(JSON.stringify({ type: 'auth', token: 'x', memberId: 1 }));
    await extra.until(() => extra.closeCode() !== undefined);
    expect(extra.closeCode()).toBe(REALTIME_CLOSE.badMessage);

    const player = f.players[2]!;
    const session = await t.app.services.sessions.create(player.member.id);
    const live = await connect();
    live.ws.send(JSON.stringify({ type: 'auth', token: session.token }));
    await live.until(() => live.messages.some((m) => m.type === 'ready'));
    await t.app.services.sessions.revoke(session.sessionId);
    clock = new Date(clock.getTime() + SESSION_RECHECK_INTERVAL_MS);
    await t.app.services.realtime.tick();
    await live.until(() => live.closeCode() !== undefined);
    expect(live.closeCode()).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it("closes that session's sockets at once on logout, a password change and a lock, and leaves other sessions open", async () => {
    const player = f.players[1]!;
    const open = async (token: string) => {
      const socket = await connect();
      socket.ws.send(JSON.stringify({ type: 'auth', token }));
      await socket.until(() => socket.messages.some((m) => m.type === 'ready'));
      return socket;
    };
    // Logout ends this session only: its sockets close, the same member's other session stays.
    const leaving = await t.app.services.sessions.create(player.member.id);
    const staying = await t.app.services.sessions.create(player.member.id);
    const leavingSocket = await open(leaving.token);
    const stayingSocket = await open(staying.token);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: `Bearer ${leaving.token}` },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    // No time passes and no watch round runs: the close comes from the logout itself.
    await leavingSocket.until(() => leavingSocket.closeCode() !== undefined);
    expect(leavingSocket.closeCode()).toBe(REALTIME_CLOSE.sessionEnded);
    expect(stayingSocket.closeCode()).toBeUndefined();

    // Ending every session of the member (a password change, a lock) closes every socket of it.
    const second = await open((await t.app.services.sessions.create(player.member.id)).token);
    await t.app.services.sessions.revokeAllForMember(player.member.id);
    await stayingSocket.until(() => stayingSocket.closeCode() !== undefined);
    await second.until(() => second.closeCode() !== undefined);
    expect([stayingSocket.closeCode(), second.closeCode()]).toEqual([REALTIME_CLOSE.sessionEnded, REALTIME_CLOSE.sessionEnded]);
  });
});
