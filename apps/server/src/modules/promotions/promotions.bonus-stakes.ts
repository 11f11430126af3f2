import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { BonusWallet } from './bonus-wallet.ts';
import * as repo from './promotions.repository.ts';
import type { BonusStakePart } from './promotions.tables.ts';

type Trx = Transaction<DB>;

/**
 * Splits `amount` over the grants that can stake, oldest expiry first (then the oldest grant): the
 * bonus closest to being lost is played first. Returns undefined when the grants do not hold enough.
 */
export function allocateBonusStake(
  grants: readonly { id: number; bonus_balance: number; expires_at: Date | string }[],
  amount: number,
): BonusStakePart[] | undefined {
  const order = [...grants].sort((a, b) => new Date(a.expires_at).getTime() - new Date(b.expires_at).getTime() || a.id - b.id);
  const parts: BonusStakePart[] = [];
  let left = amount;
  for (const grant of order) {
    if (left === 0) break;
    const take = Math.min(left, grant.bonus_balance);
    if (take > 0) parts.push({ grantId: grant.id, amount: take });
    left -= take;
  }
  return left === 0 ? parts : undefined;
}

/** Splits what comes back to a bonus stake over its parts in proportion; the rounding remainder goes to the first part. */
export function shareOverParts(parts: readonly BonusStakePart[], total: number): number[] {
  const stake = parts.reduce((sum, p) => sum + p.amount, 0);
  const shares = parts.map((p) => (stake === 0 ? 0 : Number((BigInt(total) * BigInt(p.amount)) / BigInt(stake))));
  const rest = total - shares.reduce((sum, s) => sum + s, 0);
  if (shares.length > 0) shares[0] = (shares[0] ?? 0) + rest;
  return shares;
}

/**
 * Bonus-funded stakes (ADR 0032): the part of a stake the cash could not cover is reserved on the
 * member's `player_bonus` account, drawn from the active grants' balances. Its win comes back to
 * `player_bonus` (the ledger pays a win to the reservation's account) and to the grants it was drawn
 * from; a void returns each part to its grant. A grant that closed while its stake was out sends
 * what comes back to the bonus pool (it counts as removed). Grant rows are locked before any ledger
 * account, in id order, the order the grants' own closing takes them in.
 */
export function createBonusStakes(deps: { ledger: LedgerService; now: () => Date }): BonusWallet {
  const { ledger, now } = deps;

  async function accountsOf(trx: Trx, member: { merchantId: number; memberId: number; currency: string }) {
    const owned = await ledger.ensureMemberAccounts({ ...member, kinds: ['player_bonus'] }, trx);
    const pool = await ledger.ensureSystemAccount({ merchantId: member.merchantId, kind: 'bonus_pool', currency: member.currency }, trx);
    if (!owned.player_bonus) throw new Error('bonus account missing after creation');
    return { bonus: owned.player_bonus.id, pool: pool.id };
  }

  function stakeable(grants: readonly repo.GrantRow[]): repo.GrantRow[] {
    const at = now().getTime();
    return grants.filter((g) => g.bonus_balance > 0 && new Date(g.expires_at).getTime() > at);
  }

  async function available(memberId: number, trx: Trx): Promise<number> {
    return stakeable(await repo.findActiveGrants(trx, memberId)).reduce((sum, g) => sum + g.bonus_balance, 0);
  }

  const take: BonusWallet['take'] = async (trx, input) => {
    const grants = stakeable(await repo.findActiveGrants(trx, input.memberId, { forUpdate: true }));
    const parts = allocateBonusStake(grants, input.amount);
    if (!parts) throw new DomainError('insufficient_funds');
    for (const part of parts) {
      const grant = grants.find((g) => g.id === part.grantId);
      if (!grant) throw new Error(`grant ${part.grantId} vanished`);
      await repo.updateGrant(trx, grant.id, {
        bonus_balance: grant.bonus_balance - part.amount,
        bonus_staked: grant.bonus_staked + part.amount,
      });
    }
    const accounts = await accountsOf(trx, input);
    const reserved = await ledger.reserve(
      { accountId: accounts.bonus, amount: input.amount, code: 'bet', idempotencyKey: input.idempotencyKey, reference: input.reference },
      trx,
    );
    await repo.insertBonusStake(trx, {
      reservation_id: reserved.reservationId,
      merchant_id: input.merchantId,
      member_id: input.memberId,
      currency: input.currency,
      amount: input.amount,
      parts: JSON.stringify(parts),
      status: 'held',
      created_at: now(),
    });
    return { reservationId: reserved.reservationId };
  };

  /**
   * Gives back to each part's grant what came back to the stake (`back[i]` to part i) and takes
   * `refunded[i]` off what the grant has staked. Returns what closed grants pass on to the bonus
   * pool (moved after the ledger has put the money back on `player_bonus`).
   */
  async function returnToGrants(
    trx: Trx,
    stake: repo.BonusStakeRow,
    change: { back: number[]; refunded: number[]; isWin: boolean },
  ): Promise<number> {
    const grants = await repo.lockGrants(
      trx,
      stake.parts.map((p) => p.grantId),
    );
    let toPool = 0;
    for (const [index, part] of stake.parts.entries()) {
      const grant = grants.find((g) => g.id === part.grantId);
      if (!grant) throw new Error(`grant ${part.grantId} of bonus stake ${stake.id} is missing`);
      const back = change.back[index] ?? 0;
      const common = {
        bonus_staked: grant.bonus_staked - (change.refunded[index] ?? 0),
        bonus_won: grant.bonus_won + (change.isWin ? back : 0),
      };
      if (grant.status === 'active') {
        await repo.updateGrant(trx, grant.id, { ...common, bonus_balance: grant.bonus_balance + back });
      } else {
        toPool += back;
        await repo.updateGrant(trx, grant.id, { ...common, removed: grant.removed + back });
      }
    }
    return toPool;
  }

  async function passToPool(trx: Trx, stake: repo.BonusStakeRow, amount: number, what: string, key: string): Promise<void> {
    if (amount === 0) return;
    const accounts = await accountsOf(trx, { merchantId: stake.merchant_id, memberId: stake.member_id, currency: stake.currency });
    await ledger.transfer(
      {
        fromAccountId: accounts.bonus,
        toAccountId: accounts.pool,
        amount,
        code: 'promotion',
        idempotencyKey: key,
        reference: { type: 'promotion_bonus_stake', id: String(stake.id) },
        note: `Bonus stake ${what} after its grant closed`,
      },
      trx,
    );
  }

  async function heldStake(trx: Trx, reservationId: number): Promise<repo.BonusStakeRow | undefined> {
    const stake = await repo.findBonusStake(trx, reservationId, { forUpdate: true });
    if (!stake) throw new Error(`reservation ${reservationId} is not a bonus stake`);
    return stake.status === 'held' ? stake : undefined;
  }

  /** The stake goes to the house; its win comes back to `player_bonus` (the reservation's account) and to its grants. */
  const settle: BonusWallet['settle'] = async (trx, input) => {
    const stake = await heldStake(trx, input.reservationId);
    if (!stake) return;
    const toPool = await returnToGrants(trx, stake, {
      back: shareOverParts(stake.parts, input.payout),
      refunded: [],
      isWin: true,
    });
    await ledger.settle(
      { reservationId: input.reservationId, toAccountId: input.toAccountId, payout: input.payout, idempotencyKey: input.idempotencyKey },
      trx,
    );
    await passToPool(trx, stake, toPool, 'won', `promotion:stake-closed:${stake.reservation_id}`);
    await repo.closeBonusStake(trx, stake.id, { status: 'settled', payout: input.payout, at: now() });
  };

  /** A rollback: each part goes back to its grant. */
  const voidStake: BonusWallet['void'] = async (trx, input) => {
    const stake = await heldStake(trx, input.reservationId);
    if (!stake) return;
    const amounts = stake.parts.map((p) => p.amount);
    const toPool = await returnToGrants(trx, stake, { back: amounts, refunded: amounts, isWin: false });
    await ledger.voidReservation({ reservationId: input.reservationId, idempotencyKey: input.idempotencyKey }, trx);
    await passToPool(trx, stake, toPool, 'refunded', `promotion:stake-closed:${stake.reservation_id}`);
    await repo.closeBonusStake(trx, stake.id, { status: 'voided', payout: 0, at: now() });
  };

  /** A win arriving after its round settled (a bonus feature, say): the bonus share goes where the stake's win went. */
  const payLateWin: BonusWallet['payLateWin'] = async (trx, input) => {
    const stake = await repo.findBonusStake(trx, input.reservationId, { forUpdate: true });
    if (!stake) throw new Error(`reservation ${input.reservationId} is not a bonus stake`);
    const toPool = await returnToGrants(trx, stake, { back: shareOverParts(stake.parts, input.amount), refunded: [], isWin: true });
    const accounts = await accountsOf(trx, { merchantId: stake.merchant_id, memberId: stake.member_id, currency: stake.currency });
    await ledger.transfer(
      {
        fromAccountId: input.fromAccountId,
        toAccountId: accounts.bonus,
        amount: input.amount,
        code: 'payout',
        idempotencyKey: input.idempotencyKey,
        reference: input.reference,
      },
      trx,
    );
    await passToPool(trx, stake, toPool, 'won', `${input.idempotencyKey}#closed`);
    await repo.addBonusStakePayout(trx, stake.id, input.amount);
  };

  return { available, take, settle, void: voidStake, payLateWin };
}
