import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ImportTransferInput, LedgerService } from '../ledger/ledger.service.ts';

/** One credit of a chunk: to the member's main wallet from the merchant's house revenue. */
export type ChunkCredit = {
  memberId: number;
  currency: string;
  amount: number;
  idempotencyKey: string;
  reference: { type: string; id: string };
};

/**
 * Credits a chunk of members at once inside the caller's transaction (rebates, cashback): the main
 * wallets of the chunk made sure of in one statement per currency, then one `ledger.importTransfers`
 * (code `rebate`, house revenue to the main wallet) with the callers' keys: the same keys and request
 * hashes as `ledger.transfer`, so a key already used with the same content is answered as a replay and
 * nothing moves twice. Answers each credit's transfer id, in the credits' order.
 */
export async function creditChunk(
  deps: { ledger: LedgerService; now: () => Date },
  trx: Transaction<DB>,
  merchantId: number,
  credits: readonly ChunkCredit[],
): Promise<number[]> {
  if (credits.length === 0) return [];
  const byCurrency = new Map<string, Set<number>>();
  for (const c of credits) byCurrency.set(c.currency, (byCurrency.get(c.currency) ?? new Set<number>()).add(c.memberId));
  const wallets = new Map<string, number>();
  const houses = new Map<string, number>();
  for (const [currency, members] of byCurrency) {
    const memberIds = [...members];
    const accounts = await deps.ledger.ensureMemberAccountsOfMany({ merchantId, currency, memberIds, kinds: ['player_main'] }, trx);
    for (const a of accounts) if (a.kind === 'player_main') wallets.set(`${a.memberId}:${currency}`, a.id);
    houses.set(currency, (await deps.ledger.ensureSystemAccount({ merchantId, kind: 'house_revenue', currency }, trx)).id);
  }
  const at = deps.now();
  const items = credits.map((c): ImportTransferInput => {
    const toAccountId = wallets.get(`${c.memberId}:${c.currency}`);
    const fromAccountId = houses.get(c.currency);
    if (toAccountId === undefined || fromAccountId === undefined) throw new Error('main wallet missing after ensureMemberAccountsOfMany');
    return { fromAccountId, toAccountId, amount: c.amount, code: 'rebate', idempotencyKey: c.idempotencyKey, reference: c.reference, at };
  });
  return (await deps.ledger.importTransfers(items, trx)).transferIds;
}
