import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { findMember } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import * as repo from './withdrawals.repository.ts';

export type WageringService = ReturnType<typeof createWageringService>;

/** Multipliers are kept to two decimals (numeric(8,2)). */
export const WAGERING_MULTIPLIER_MAX = 1000;
export const WAGERING_SOURCE_LENGTH_MAX = 100;
/** Open requirements looked at per check; a member with more is far outside normal play. */
const OPEN_REQUIREMENTS_MAX = 200;

/** amount × multiplier, rounded up to the minor unit, in exact integer arithmetic. */
export function requiredTurnoverOf(amount: number, multiplier: number): number {
  const hundredths = BigInt(Math.round(multiplier * 100));
  return Number((BigInt(amount) * hundredths + 99n) / 100n);
}

type Requirement = { id: number; requiredTurnover: number; createdAt: Date };

/**
 * Wagering requirements: bonus money has to be staked a number of times before anything can be
 * withdrawn. Each bonus grant adds a requirement (amount × multiplier of turnover). Turnover is read
 * from the ledger: stakes the house took from the member's accounts (`bet`), counted from the time
 * each requirement was created. Stakes placed between two grants can only serve the earlier ones,
 * so requirements are walked in order: the outstanding amount grows by each requirement and shrinks
 * by the stakes placed until the next one.
 */
export function createWageringService(deps: { db: Kysely<DB>; ledger: LedgerService; now: () => Date }) {
  const { db, ledger, now } = deps;

  /** Called by the code that grants a bonus (promotions), in its transaction when it has one. */
  async function addRequirement(
    memberId: number,
    amount: number,
    multiplier: number,
    source: string,
    trx?: Transaction<DB>,
  ): Promise<{ id: number; requiredTurnover: number }> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new DomainError('invalid_amount', 'amount');
    if (!Number.isFinite(multiplier) || multiplier <= 0 || multiplier > WAGERING_MULTIPLIER_MAX) {
      throw new DomainError('bad_request', 'multiplier');
    }
    if (Math.round(multiplier * 100) / 100 !== multiplier) {
      throw new DomainError('bad_request', 'multiplier has more than two decimals');
    }
    if (source.length === 0 || source.length > WAGERING_SOURCE_LENGTH_MAX) throw new DomainError('bad_request', 'source');
    const executor = trx ?? db;
    const member = await findMember(executor, memberId);
    if (!member) throw new DomainError('not_found', 'memberId');
    const requiredTurnover = requiredTurnoverOf(amount, multiplier);
    const inserted = await repo.insertWageringRequirement(executor, {
      merchantId: member.merchantId,
      memberId,
      currency: member.currency,
      bonusAmount: amount,
      multiplier: (Math.round(multiplier * 100) / 100).toFixed(2),
      requiredTurnover,
      source,
      at: now(),
    });
    await recordAudit(executor, {
      actorType: 'system',
      action: 'wagering.requirement_added',
      subjectType: 'member',
      subjectId: memberId,
      data: { requirementId: inserted.id, amount, multiplier, requiredTurnover, source },
    });
    return { id: inserted.id, requiredTurnover };
  }

  /**
   * Turnover still needed before a withdrawal. Requirements that are met are marked so, and later
   * checks start after them.
   */
  async function remaining(member: { memberId: number; currency: string }, trx?: Transaction<DB>): Promise<number> {
    const executor = trx ?? db;
    const open: Requirement[] = await repo.findActiveWageringRequirements(executor, member, OPEN_REQUIREMENTS_MAX);
    let outstanding = 0;
    let metThrough = -1;
    for (let i = 0; i < open.length; i++) {
      const requirement = open[i]!;
      const next = open[i + 1];
      outstanding += requirement.requiredTurnover;
      const staked = await ledger.stakeTurnover(
        { memberId: member.memberId, currency: member.currency, from: requirement.createdAt, to: next?.createdAt ?? null },
        trx,
      );
      outstanding = Math.max(0, outstanding - staked);
      if (outstanding === 0) metThrough = i;
    }
    if (metThrough >= 0) {
      await repo.markWageringRequirementsMet(
        executor,
        open.slice(0, metThrough + 1).map((r) => r.id),
        now(),
      );
    }
    return outstanding;
  }

  return { addRequirement, remaining };
}
