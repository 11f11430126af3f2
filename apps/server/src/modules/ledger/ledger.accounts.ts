import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createBoundedCache } from '../../lib/bounded-cache.ts';
import { DomainError } from '../../lib/domain-error.ts';
import {
  ESCROW_ACCOUNT_KIND,
  isMemberAccountKind,
  isSystemAccountKind,
  type MemberAccountKind,
  type SystemAccountKind,
} from './ledger.codes.ts';
import * as repo from './ledger.repository.ts';
import type { Db, Trx } from './ledger.types.ts';

/** Account metadata (kind, owner, currency) never changes, so it is cached up to this many accounts. */
export const ACCOUNT_CACHE_SIZE_MAX = 50_000;
/** System account ids by merchant, kind and currency: a handful per merchant. */
export const SYSTEM_ACCOUNT_CACHE_SIZE_MAX = 10_000;

export type LedgerAccounts = ReturnType<typeof createLedgerAccounts>;

/**
 * The ledger's accounts: metadata read through a bounded cache, system account ids cached once
 * committed, and the race-free get-or-create of member and system accounts.
 */
export function createLedgerAccounts(deps: { db: Db }) {
  const { db } = deps;
  const accountCache = createBoundedCache<number, repo.AccountMeta>({ max: ACCOUNT_CACHE_SIZE_MAX });
  const systemAccountIds = createBoundedCache<string, number>({ max: SYSTEM_ACCOUNT_CACHE_SIZE_MAX });

  /**
   * Reads account metadata, from the cache when possible. A row the caller's transaction wrote
   * itself is not cached, as it might still be rolled back; any other row is committed, and an
   * account's metadata never changes. (A row written in a savepoint of the caller's transaction
   * is not told apart; if that savepoint rolls back, the cached id names no row, and any write to
   * it fails on its foreign keys: ids are never reused.)
   */
  async function accountsById(executor: Trx, ids: readonly number[], isInCallerTrx: boolean): Promise<Map<number, repo.AccountMeta>> {
    const found = new Map<number, repo.AccountMeta>();
    const missing: number[] = [];
    for (const id of ids) {
      const cached = accountCache.get(id);
      if (cached) found.set(id, cached);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const row of await repo.findAccountsByIds(executor, missing)) {
        const meta: repo.AccountMeta = {
          id: row.id,
          merchantId: row.merchantId,
          kind: row.kind,
          memberId: row.memberId,
          currency: row.currency,
          isSystem: row.isSystem,
          mayGoNegative: row.mayGoNegative,
        };
        found.set(meta.id, meta);
        if (!isInCallerTrx || !row.isOwnWrite) accountCache.set(meta.id, meta);
      }
    }
    return found;
  }
  async function accountOrThrow(executor: Trx, id: number, isInCallerTrx: boolean, field: string): Promise<repo.AccountMeta> {
    if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError('bad_request', field);
    const meta = (await accountsById(executor, [id], isInCallerTrx)).get(id);
    if (!meta) throw new DomainError('not_found', field);
    return meta;
  }

  /**
   * Get-or-create of a system account. The id is cached only when the row was read as committed
   * (outside a caller's transaction and not inserted by this call's own transaction).
   */
  async function systemAccountIn(
    executor: Trx,
    key: { merchantId: number; kind: SystemAccountKind; currency: string },
    isCacheable: boolean,
  ): Promise<repo.AccountRow> {
    if (!isSystemAccountKind(key.kind)) throw new DomainError('bad_request', 'kind');
    let row = await repo.findSystemAccount(executor, key);
    let isFresh = false;
    if (!row) {
      await repo.insertSystemAccountIfMissing(executor, key);
      row = await repo.findSystemAccount(executor, key);
      isFresh = true;
    }
    if (!row) throw new Error('system account vanished after insert');
    if (isCacheable && (!isFresh || executor === db)) systemAccountIds.set(`${key.merchantId}:${key.kind}:${key.currency}`, row.id);
    return row;
  }

  function ensureSystemAccount(key: { merchantId: number; kind: SystemAccountKind; currency: string }, trx?: Transaction<DB>) {
    return systemAccountIn(trx ?? db, key, trx === undefined);
  }

  async function escrowAccountId(merchantId: number, currency: string, executor: Trx, isCacheable: boolean): Promise<number> {
    const cached = systemAccountIds.get(`${merchantId}:${ESCROW_ACCOUNT_KIND}:${currency}`);
    if (cached !== undefined) return cached;
    return (await systemAccountIn(executor, { merchantId, kind: ESCROW_ACCOUNT_KIND, currency }, isCacheable)).id;
  }

  async function ensureMemberAccounts(
    owner: { merchantId: number; memberId: number; currency: string; kinds?: readonly MemberAccountKind[] },
    trx?: Transaction<DB>,
  ): Promise<Record<MemberAccountKind, repo.AccountRow | undefined>> {
    const kinds = owner.kinds ?? (['player_main', 'player_bonus'] as const);
    for (const kind of kinds) if (!isMemberAccountKind(kind)) throw new DomainError('bad_request', 'kind');
    const executor = trx ?? db;
    let rows = await repo.findMemberAccounts(executor, owner.memberId, owner.currency);
    const missing = kinds.filter((kind) => !rows.some((r) => r.kind === kind));
    if (missing.length > 0) {
      // Two callers may get here at once; the unique index keeps one row per kind and both read it.
      for (const kind of missing) {
        await repo.insertMemberAccountIfMissing(executor, {
          merchantId: owner.merchantId,
          memberId: owner.memberId,
          kind,
          currency: owner.currency,
        });
      }
      rows = await repo.findMemberAccounts(executor, owner.memberId, owner.currency);
    }
    const result: Record<MemberAccountKind, repo.AccountRow | undefined> = {
      player_main: undefined,
      player_bonus: undefined,
      agent_main: undefined,
      player_points: undefined,
    };
    for (const row of rows) if (isMemberAccountKind(row.kind)) result[row.kind] = row;
    return result;
  }

  return { accountsById, accountOrThrow, ensureSystemAccount, escrowAccountId, ensureMemberAccounts };
}
