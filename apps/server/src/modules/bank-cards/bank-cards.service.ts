import { isUnaccentedName, normaliseName } from '@platform/contracts/accounts';
import { stripDiacritics } from '@platform/contracts/text-folding';
import type { Bank, BindBankCardRequest } from '@platform/contracts/withdrawals';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { findMemberCredentials, setPayeeNameIfMissing } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { maskAccountNumber, presentBankCard } from './bank-cards.presenter.ts';
import * as repo from './bank-cards.repository.ts';
import { bankCardPolicySetting } from './bank-cards.settings.ts';

/**
 * Bank cards as a sub-query another module's repository may join:
 * `.innerJoin(bankCardsForJoin(db).as('c'), 'c.id', 'w.bank_card_id')`. PostgreSQL pulls it up into
 * the outer query, so it costs what a join on the table costs.
 */
export const bankCardsForJoin = repo.bankCardsForJoin;

export type BankCardsService = ReturnType<typeof createBankCardsService>;
type Member = { memberId: number; merchantId: number };

/** The form two real names are compared in: no accents, upper case, single spaces. */
export function realNameKey(value: string): string {
  return normaliseName(stripDiacritics(value)).toUpperCase();
}

/**
 * Bank cards a member withdraws to. The account name must be the member's real name (payeeName),
 * compared without accents or case; a member without a real name gets it from the first card. An
 * account number is bound to at most one active card per merchant. Binding and removal are audited.
 */
export function createBankCardsService(deps: {
  db: Kysely<DB>;
  settings: SettingsService;
  now: () => Date;
  /** True when a withdrawal still being processed uses the card; such a card cannot be removed. */
  isCardInUse: (cardId: number, trx: Transaction<DB>) => Promise<boolean>;
}) {
  const { db, settings, now, isCardInUse } = deps;

  async function banks(merchantId: number): Promise<Bank[]> {
    return (await settings.get(merchantId, bankCardPolicySetting)).banks;
  }

  async function list(member: Member) {
    const [policy, cards, secrets] = await Promise.all([
      settings.get(member.merchantId, bankCardPolicySetting),
      repo.findActiveByMember(db, member.memberId),
      findMemberCredentials(db, member.memberId),
    ]);
    return { cards, cardsMax: policy.cardsPerMemberMax, payeeName: secrets?.payeeName ?? null };
  }

  async function bind(member: Member, input: BindBankCardRequest, ip: string | null): Promise<repo.BankCardRow> {
    const policy = await settings.get(member.merchantId, bankCardPolicySetting);
    const bank = policy.banks.find((b) => b.code === input.bankCode);
    if (!bank) throw new DomainError('bank_not_supported', 'bankCode');
    const accountNumber = input.accountNumber.replace(/[\s-]/g, '');
    if (
      !/^[0-9]+$/.test(accountNumber) ||
      accountNumber.length < policy.accountNumberMinLength ||
      accountNumber.length > policy.accountNumberMaxLength
    ) {
      throw new DomainError('field_invalid', 'accountNumber');
    }
    // Banks print the holder's name without accents in capitals; the spec's real name has no accents.
    const accountName = realNameKey(input.accountName);
    if (!isUnaccentedName(accountName)) throw new DomainError('real_name_invalid', 'accountName');

    try {
      return await db.transaction().execute(async (trx) => {
        await repo.lockMember(trx, member.memberId);
        const secrets = await findMemberCredentials(trx, member.memberId);
        if (!secrets) throw new DomainError('unauthorized');
        if (secrets.payeeName === null) {
          await setPayeeNameIfMissing(trx, member.memberId, normaliseName(stripDiacritics(input.accountName)));
        } else if (realNameKey(secrets.payeeName) !== accountName) {
          throw new DomainError('bank_card_name_mismatch', 'accountName');
        }
        const active = await repo.findActiveByMember(trx, member.memberId);
        if (active.length >= policy.cardsPerMemberMax) throw new DomainError('bank_card_limit_reached');
        if (await repo.findActiveByNumber(trx, member.merchantId, accountNumber)) throw new DomainError('bank_card_duplicate');
        const card = await repo.insert(trx, {
          merchantId: member.merchantId,
          memberId: member.memberId,
          bankCode: bank.code,
          bankName: bank.name,
          accountName,
          accountNumber,
          createdAt: now(),
        });
        await recordAudit(trx, {
          actorType: 'member',
          actorId: member.memberId,
          action: 'bank_card.bound',
          subjectType: 'bank_card',
          subjectId: card.id,
          data: { bankCode: bank.code, accountNumber: maskAccountNumber(accountNumber), namedMember: secrets.payeeName === null },
          ip,
        });
        return card;
      });
    } catch (error) {
      // Two members binding one number at the same moment: the unique index lets one through.
      if (isUniqueViolation(error)) throw new DomainError('bank_card_duplicate');
      throw error;
    }
  }

  async function remove(member: Member, cardId: number, ip: string | null): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await repo.lockMember(trx, member.memberId);
      const card = await repo.findById(trx, cardId);
      if (card?.memberId !== member.memberId || card.status !== 'active') throw new DomainError('bank_card_not_found');
      if (await isCardInUse(cardId, trx)) throw new DomainError('bank_card_in_use');
      if (!(await repo.markRemoved(trx, member.memberId, cardId, now()))) throw new DomainError('bank_card_not_found');
      await recordAudit(trx, {
        actorType: 'member',
        actorId: member.memberId,
        action: 'bank_card.removed',
        subjectType: 'bank_card',
        subjectId: cardId,
        data: { bankCode: card.bankCode, accountNumber: maskAccountNumber(card.accountNumber) },
        ip,
      });
    });
  }

  /** A member's active card, for a withdrawal; bank_card_not_found for anyone else's or a removed one. */
  async function activeCardOf(memberId: number, cardId: number, trx?: Transaction<DB>): Promise<repo.BankCardRow> {
    const card = await repo.findById(trx ?? db, cardId);
    if (card?.memberId !== memberId || card.status !== 'active') throw new DomainError('bank_card_not_found');
    return card;
  }

  /** The members that ever bound this account number (typed with or without spaces and dashes). */
  async function membersWithNumber(merchantId: number, accountNumber: string, limit: number): Promise<number[]> {
    return repo.findMemberIdsByNumber(db, merchantId, accountNumber.replace(/[\s-]/g, ''), limit);
  }

  /** The member's cards for the back office, removed ones too, the number masked as the member sees it. */
  async function cardsOfMember(memberId: number) {
    return (await repo.findAllByMember(db, memberId)).map((c) => ({
      ...presentBankCard(c),
      status: c.status,
      removedAt: c.removedAt ? c.removedAt.toISOString() : null,
    }));
  }

  /** Other members sharing a card number or a payee (account name) with the member's cards; numbers masked. */
  async function sharedWith(merchantId: number, memberId: number, limit: number) {
    const mine = new Set((await repo.findAllByMember(db, memberId)).map((c) => c.accountNumber));
    return (await repo.findSharedWith(db, merchantId, memberId, limit)).map((r) => ({
      memberId: r.memberId,
      link: mine.has(r.accountNumber) ? ('bank_card' as const) : ('payee' as const),
      value: mine.has(r.accountNumber) ? maskAccountNumber(r.accountNumber) : r.accountName,
    }));
  }

  return {
    banks,
    list,
    bind,
    remove,
    activeCardOf,
    findById: (cardId: number, trx?: Transaction<DB>) => repo.findById(trx ?? db, cardId),
    membersWithNumber,
    cardsOfMember,
    sharedWith,
    markVerified: (cardId: number, trx: Transaction<DB>) => repo.markVerified(trx, cardId, now()),
  };
}
