import type { VendorAnswer } from '@platform/contracts/vendor-protocol';
import type { PlatformClient } from './platform-client.ts';

/**
 * An in-memory wallet for the tables' tests that keeps the seamless protocol's
 * rules (idempotent by transaction id, a rollback closes its bet's id, a credit settles the round).
 */
export function fakeWallet(balances: Record<string, number>) {
  const seen = new Map<string, VendorAnswer>();
  const held = new Map<string, { token: string; amount: number; roundId: string }>();
  const calls: { call: string; body: Record<string, unknown> }[] = [];
  const client: PlatformClient = {
    async call(call, body) {
      calls.push({ call, body });
      const token = body.token as string;
      if (call === 'balance') return { status: 'OK', balance: balances[token] ?? 0 };
      const id = body.transactionId as string;
      const known = seen.get(id);
      if (known) return known;
      let answer: VendorAnswer;
      if (call === 'debit') {
        const amount = body.amount as number;
        if ((balances[token] ?? 0) < amount) answer = { status: 'INSUFFICIENT_FUNDS' };
        else {
          balances[token] = (balances[token] ?? 0) - amount;
          held.set(id, { token, amount, roundId: body.roundId as string });
          answer = { status: 'OK', balance: balances[token] };
        }
      } else if (call === 'credit') {
        balances[token] = (balances[token] ?? 0) + (body.amount as number);
        for (const [betId, h] of held) if (h.token === token && h.roundId === body.roundId) held.delete(betId);
        answer = { status: 'OK', balance: balances[token] };
      } else if (call === 'rollback') {
        const ref = body.referenceTransactionId as string;
        const h = held.get(ref);
        if (h) {
          balances[token] = (balances[token] ?? 0) + h.amount;
          held.delete(ref);
        }
        if (!seen.has(ref)) seen.set(ref, { status: 'BET_CANCELLED' });
        answer = { status: 'OK', balance: balances[token] ?? 0 };
      } else answer = { status: 'INVALID_REQUEST' };
      seen.set(id, answer);
      return answer;
    },
    callRaw: () => Promise.reject(new Error('not used')),
  };
  return { client, calls, held, balances };
}

export async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
