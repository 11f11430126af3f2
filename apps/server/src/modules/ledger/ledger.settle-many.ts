import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { LedgerAccounts } from './ledger.accounts.ts';
import * as batchRepo from './ledger.batch.repository.ts';
import { ESCROW_ACCOUNT_KIND } from './ledger.codes.ts';
import type { SettleManyInput } from './ledger.types.ts';
import {
  assertCallerCode,
  assertKey,
  assertOptionalText,
  assertPayout,
  NOTE_LENGTH_MAX,
  payoutKeyOf,
  settleHashOf,
} from './ledger.validation.ts';

/** The set-based settlement of many reservations in the caller's transaction (a lottery draw's tickets). */
export function createSettleMany(deps: { now: () => Date; accounts: LedgerAccounts }) {
  const { now } = deps;
  const { accountOrThrow } = deps.accounts;

  /**
   * `settle` for many reservations at once, set-based, inside the caller's transaction: the same
   * transfers, keys, request hashes and entries as one `settle` call each, so either path replays
   * the other. Reservations are locked in id order, then the member accounts that win; a
   * reservation already closed by the same settlement is a replay and is skipped, one closed any
   * other way is `reservation_closed`, and a key reused with other content `idempotency_conflict`.
   * Returns how many reservations this call closed.
   */
  async function settleMany(input: SettleManyInput, trx: Transaction<DB>): Promise<{ settled: number; replayed: number }> {
    if (input.code !== undefined) assertCallerCode(input.code);
    assertOptionalText(input.note, NOTE_LENGTH_MAX, 'note');
    if (input.items.length === 0) return { settled: 0, replayed: 0 };
    const seen = new Set<number>();
    const items = input.items.map((item) => {
      assertKey(item.idempotencyKey);
      assertPayout(item.payout);
      if (!Number.isSafeInteger(item.reservationId) || seen.has(item.reservationId)) throw new DomainError('bad_request', 'reservationId');
      seen.add(item.reservationId);
      return {
        reservationId: item.reservationId,
        idempotencyKey: item.idempotencyKey,
        requestHash: settleHashOf({
          reservationId: item.reservationId,
          toAccountId: input.toAccountId,
          payout: item.payout,
          code: input.code,
          note: input.note,
        }),
        payout: item.payout,
        payoutIdempotencyKey: payoutKeyOf(item.idempotencyKey),
      };
    });
    const destination = await accountOrThrow(trx, input.toAccountId, true, 'toAccountId');
    // The wins are paid from where the stakes went, so that must be a house account.
    if (!destination.isSystem || destination.kind === ESCROW_ACCOUNT_KIND) throw new DomainError('bad_request', 'toAccountId');
    const reservations = new Map((await batchRepo.lockReservationsForBatch(trx, [...seen])).map((r) => [r.id, r]));
    const held: typeof items = [];
    let replayed = 0;
    for (const item of items) {
      const reservation = reservations.get(item.reservationId);
      if (!reservation) throw new DomainError('not_found', 'reservationId');
      if (reservation.currency !== destination.currency) throw new DomainError('currency_mismatch', 'toAccountId');
      if (reservation.status === 'held') {
        held.push(item);
        continue;
      }
      if (reservation.settleKey !== item.idempotencyKey) throw new DomainError('reservation_closed');
      if (reservation.settleHash !== item.requestHash) throw new DomainError('idempotency_conflict', item.idempotencyKey);
      replayed += 1;
    }
    const winners = new Map<number, number>();
    for (const item of held) {
      if (item.payout === 0) continue;
      const accountId = reservations.get(item.reservationId)?.accountId ?? 0;
      winners.set(accountId, (winners.get(accountId) ?? 0) + item.payout);
    }
    for (const account of await batchRepo.lockAccountsForBatch(trx, [...winners.keys()])) {
      if (account.isSystem) throw new DomainError('bad_request', 'reservationId');
      if (account.balance + (winners.get(account.id) ?? 0) > Number.MAX_SAFE_INTEGER) throw new DomainError('invalid_amount', 'payout');
    }
    const settled = await batchRepo.settleManyToSystem(trx, {
      destinationAccountId: destination.id,
      destinationCurrency: destination.currency,
      code: input.code ?? null,
      note: input.note ?? null,
      settledAt: now(),
      items: held,
    });
    if (settled !== held.length) throw new Error(`settleMany closed ${settled} of ${held.length} held reservations`);
    return { settled, replayed };
  }

  return settleMany;
}
