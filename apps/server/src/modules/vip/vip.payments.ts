import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';

/**
 * Chunks of a settlement (rebates, cashback) written at once, each in its own transaction on its own
 * connection: the database's work is most of a chunk's, and two keep two cores busy
 * (docs/performance.md, "Rebate settlement"). Chunks hold disjoint members, so they never wait on
 * each other's rows.
 */
export const SETTLE_WRITERS = 2;

/** One credit of a chunk: to the member's main wallet from the merchant's house revenue. */
export type ChunkCredit = {
  memberId: number;
  currency: string;
  amount: number;
  idempotencyKey: string;
  reference: { type: string; id: string };
};

/**
 * Credits a chunk of members at once inside the caller's transaction (cashback): one
 * `ledger.creditMany` per currency and reference type (code `rebate`, house revenue to the main
 * wallet, ADR 0033) with the callers' keys: the same keys and request hashes as `ledger.transfer`,
 * so a key already used with the same content is answered as a replay and nothing moves twice.
 * Answers each credit's transfer id, in the credits' order.
 */
export async function creditChunk(
  deps: { ledger: LedgerService },
  trx: Transaction<DB>,
  merchantId: number,
  credits: readonly ChunkCredit[],
): Promise<number[]> {
  const groups = new Map<string, number[]>();
  credits.forEach((c, i) => {
    const group = `${c.currency}:${c.reference.type}`;
    groups.set(group, [...(groups.get(group) ?? []), i]);
  });
  const transferIds: number[] = new Array(credits.length);
  for (const indexes of groups.values()) {
    const first = credits[indexes[0] as number] as ChunkCredit;
    const moved = await deps.ledger.creditMany(
      {
        merchantId,
        currency: first.currency,
        fromKind: 'house_revenue',
        code: 'rebate',
        referenceType: first.reference.type,
        credits: indexes.map((i) => {
          const c = credits[i] as ChunkCredit;
          return { memberId: c.memberId, amount: c.amount, idempotencyKey: c.idempotencyKey, referenceId: c.reference.id };
        }),
      },
      trx,
    );
    indexes.forEach((i, k) => {
      transferIds[i] = moved.transferIds[k] as number;
    });
  }
  return transferIds;
}
