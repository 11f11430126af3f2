import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import type { LedgerAccounts } from './ledger.accounts.ts';
import * as batchRepo from './ledger.batch.repository.ts';
import { ESCROW_ACCOUNT_KIND } from './ledger.codes.ts';
import type { TransferInput } from './ledger.types.ts';
import {
  assertAmount,
  assertCallerCode,
  assertKey,
  assertOptionalText,
  assertPair,
  assertReference,
  NOTE_LENGTH_MAX,
} from './ledger.validation.ts';

/** A transfer that happened at `at`, in the past: history being loaded (the demo's weeks of play). */
export type ImportTransferInput = TransferInput & { at: Date };

/** Most transfers one import takes. */
const IMPORT_TRANSFERS_MAX = 50_000;

/**
 * Loads history: many ordinary transfers at once, set-based, in the caller's transaction, each dated
 * when it happened (never in the future, in time order). Each writes what `transfer` would have
 * written at that time: the same key and request hash (so either replays the other), one debit and
 * one credit entry, member balances moved with their running balance on each entry and never below
 * zero (`insufficient_funds` refuses the whole import). A key already used with the same content is
 * skipped as a replay; with other content it is `idempotency_conflict`. Answers each item's
 * transfer id, in the items' order (a replay's is the transfer that key wrote first).
 */
export function createImportTransfers(deps: { now: () => Date; accounts: LedgerAccounts }) {
  const { now } = deps;

  return async function importTransfers(
    items: readonly ImportTransferInput[],
    trx: Transaction<DB>,
  ): Promise<{ imported: number; replayed: number; transferIds: number[] }> {
    if (items.length === 0) return { imported: 0, replayed: 0, transferIds: [] };
    if (items.length > IMPORT_TRANSFERS_MAX) throw new DomainError('bad_request', 'items');
    const latest = now().getTime();
    const keys = new Set<string>();
    let previous = Number.NEGATIVE_INFINITY;
    for (const item of items) {
      assertAmount(item.amount);
      assertKey(item.idempotencyKey);
      assertCallerCode(item.code);
      assertReference(item.reference);
      assertOptionalText(item.note, NOTE_LENGTH_MAX, 'note');
      const at = item.at instanceof Date ? item.at.getTime() : Number.NaN;
      if (Number.isNaN(at) || at > latest || at < previous) throw new DomainError('bad_request', 'at');
      previous = at;
      if (keys.has(item.idempotencyKey)) throw new DomainError('bad_request', 'idempotencyKey');
      keys.add(item.idempotencyKey);
    }
    const ids = [...new Set(items.flatMap((i) => [i.fromAccountId, i.toAccountId]))];
    const metas = await deps.accounts.accountsById(trx, ids, true);
    const hashed = items.map((item) => {
      const from = metas.get(item.fromAccountId);
      const to = metas.get(item.toAccountId);
      if (!from) throw new DomainError('not_found', 'fromAccountId');
      if (!to) throw new DomainError('not_found', 'toAccountId');
      assertPair(from, to);
      if (from.kind === ESCROW_ACCOUNT_KIND || to.kind === ESCROW_ACCOUNT_KIND) throw new DomainError('bad_request', 'escrow account');
      // The same hash `transfer` computes, so a transfer with one of these keys replays it.
      const hash = hashRequest([
        'transfer',
        from.id,
        to.id,
        item.amount,
        item.code,
        item.reference?.type ?? null,
        item.reference?.id ?? null,
        item.note ?? null,
      ]);
      return { item, from, to, hash };
    });

    const taken = await batchRepo.findTransferHashes(trx, [...keys]);
    const fresh = hashed.filter((h) => {
      const known = taken.get(h.item.idempotencyKey);
      if (known === undefined) return true;
      if (known.hash !== h.hash) throw new DomainError('idempotency_conflict', h.item.idempotencyKey);
      return false;
    });
    const idsOf = (freshIds: readonly number[]) => {
      const byKey = new Map(fresh.map((h, i) => [h.item.idempotencyKey, freshIds[i] as number]));
      return items.map((item) => byKey.get(item.idempotencyKey) ?? (taken.get(item.idempotencyKey)?.id as number));
    };
    if (fresh.length === 0) return { imported: 0, replayed: items.length, transferIds: idsOf([]) };

    const memberIds = [
      ...new Set(
        fresh
          .flatMap((h) => [h.from, h.to])
          .filter((a) => !a.isSystem)
          .map((a) => a.id),
      ),
    ];
    const balances = new Map((await batchRepo.lockAccountsForBatch(trx, memberIds)).map((a) => [a.id, a.balance]));
    const entries: batchRepo.ImportEntry[] = [];
    const step = (
      index: number,
      account: { id: number; isSystem: boolean; mayGoNegative: boolean },
      amount: number,
      at: Date,
      code: string,
    ) => {
      if (account.isSystem) {
        entries.push({ index, accountId: account.id, amount, before: null, after: null, code, at });
        return;
      }
      const before = balances.get(account.id) ?? 0;
      const after = before + amount;
      if (after < 0 && !account.mayGoNegative) throw new DomainError('insufficient_funds');
      if (after > Number.MAX_SAFE_INTEGER) throw new DomainError('invalid_amount', 'amount');
      balances.set(account.id, after);
      entries.push({ index, accountId: account.id, amount, before, after, code, at });
    };
    fresh.forEach((h, index) => {
      step(index, h.from, -h.item.amount, h.item.at, h.item.code);
      step(index, h.to, h.item.amount, h.item.at, h.item.code);
    });
    const freshIds = await batchRepo.insertImportedTransfers(trx, {
      transfers: fresh.map((h) => ({
        debitAccountId: h.from.id,
        creditAccountId: h.to.id,
        amount: h.item.amount,
        currency: h.from.currency,
        code: h.item.code,
        idempotencyKey: h.item.idempotencyKey,
        requestHash: h.hash,
        referenceType: h.item.reference?.type ?? null,
        referenceId: h.item.reference?.id ?? null,
        note: h.item.note ?? null,
        at: h.item.at,
      })),
      entries,
      balances: memberIds.map((id) => ({ accountId: id, balance: balances.get(id) ?? 0 })),
    });
    return { imported: fresh.length, replayed: items.length - fresh.length, transferIds: idsOf(freshIds) };
  };
}
