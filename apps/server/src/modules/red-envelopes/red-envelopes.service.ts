import { isTrialAccountType } from '@platform/contracts/account-types';
import type {
  ClaimableRedEnvelopes,
  ReceivedRedEnvelopePage,
  RedEnvelopeClaimValue,
  RedEnvelopePageQuery,
  RedEnvelopeSendRequest,
  RedEnvelopeSendValue,
  SentRedEnvelopeDetail,
  SentRedEnvelopePage,
} from '@platform/contracts/agents/red-envelopes';
import { amountMinor } from '@platform/contracts/money';
import { pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import type { RealtimeServerMessage } from '@platform/contracts/realtime-protocol';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation, withTransactionRetry } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { findMember, type MemberSummary } from '../accounts/member-directory.ts';
import type { AgentContext, AgentsService } from '../agents/agents.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { PaymentPasswordService } from '../bank-cards/payment-password.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Principal } from '../session/session.service.ts';
import { presentSent } from './red-envelopes.presenter.ts';
import * as repo from './red-envelopes.repository.ts';
import { type RandomBelow, splitTotal } from './red-envelopes.split.ts';

/** Envelopes the expiry job closes per transaction batch read; it reads again until none is due. */
export const EXPIRY_BATCH_SIZE_MAX = 100;
/** Envelopes the claim notice lists at most. */
export const CLAIMABLE_LIST_SIZE_MAX = 20;
/** A claim in a deadlock or serialisation failure is run again this many times in all. */
const CLAIM_ATTEMPTS_MAX = 3;

/** Tells members' open tabs that an envelope they may claim was sent (the realtime hub). */
export type RedEnvelopeNotifier = {
  toMember: (memberId: number, message: RealtimeServerMessage) => Promise<void> | void;
  toMerchant: (merchantId: number, message: RealtimeServerMessage) => Promise<void> | void;
};

export type RedEnvelopesService = ReturnType<typeof createRedEnvelopesService>;

/** Ledger idempotency keys: one funding, one claim per share, one return per envelope. */
const fundKeyOf = (id: number) => `red-envelope:${id}:fund`;
const claimKeyOf = (id: number, shareNo: number) => `red-envelope:${id}:share:${shareNo}`;
const returnKeyOf = (id: number) => `red-envelope:${id}:return`;
const referenceOf = (id: number) => ({ type: 'red_envelope', id: String(id) });

/** The ids of the member's uplines, nearest last, from its upline path `/1/5/23/<self>/`. */
function ancestorIdsOf(member: { id: number; uplinePath: string }): number[] {
  return member.uplinePath
    .split('/')
    .filter((part) => part !== '')
    .map(Number)
    .filter((id) => id !== member.id);
}

/**
 * Red envelopes: an agent funds an envelope from its agent wallet into the merchant's red-envelope
 * escrow, split into shares decided at once; members of its audience claim one share each into
 * their main wallets; the expiry job returns what is left to the agent. Every money move goes
 * through the ledger in the transaction that writes the envelope's own rows, under a key that
 * makes it happen once.
 */
export function createRedEnvelopesService(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  /** The agent behind a session and its team (the agents module). */
  agents: AgentsService;
  /**
   * When the agent has a payment password, sending asks for it: the check downline transfers make,
   * with the same lock after wrong answers (the paymentPasswords module).
   */
  checkPaymentPassword: PaymentPasswordService['checkIfSet'];
  now: () => Date;
  notify?: RedEnvelopeNotifier | undefined;
  logger?: { warn: (obj: object, msg: string) => void } | undefined;
  /** The random source of random splits; tests may pass their own. */
  randomBelow?: RandomBelow | undefined;
}) {
  const { db, ledger, now } = deps;

  /** The session's agent, with the currency of its wallets. */
  async function agentOf(principal: Principal): Promise<AgentContext & { id: number; currency: string }> {
    const agent = await deps.agents.agentOf(principal);
    return { ...agent, id: agent.memberId, currency: principal.currency };
  }

  async function memberOf(principal: Principal): Promise<MemberSummary> {
    const member = await findMember(db, principal.memberId);
    if (member?.status !== 'active') throw new DomainError('unauthorized');
    if (isTrialAccountType(member.accountType)) throw new DomainError('in_need_true_account');
    return member;
  }

  /** The chosen members, each one of the agent's team (any level, `not_in_team` otherwise) and an active real account. */
  async function chosenMembersOf(agent: AgentContext, usernames: readonly string[]): Promise<number[]> {
    const ids = new Set<number>();
    for (const username of usernames) {
      const member = await deps.agents.teamMember(agent, { username });
      if (isTrialAccountType(member.accountType) || member.status !== 'active') throw new DomainError('not_in_team', username);
      ids.add(member.id);
    }
    return [...ids].sort((a, b) => a - b);
  }

  async function escrowOf(trx: Transaction<DB>, merchantId: number, currency: string): Promise<number> {
    return (await ledger.ensureSystemAccount({ merchantId, kind: 'red_envelope_escrow', currency }, trx)).id;
  }

  async function walletOf(
    trx: Transaction<DB>,
    member: { id: number; merchantId: number; currency: string },
    kind: 'agent_main' | 'player_main',
  ): Promise<number> {
    const account = (
      await ledger.ensureMemberAccounts(
        { merchantId: member.merchantId, memberId: member.id, currency: member.currency, kinds: [kind] },
        trx,
      )
    )[kind];
    if (!account) throw new Error('member account missing after ensureMemberAccounts');
    return account.id;
  }

  /** An agent funds an envelope; the same request id replays the first answer and moves nothing. */
  async function send(principal: Principal, input: RedEnvelopeSendRequest, meta: { ip: string | null }): Promise<RedEnvelopeSendValue> {
    const agent = await agentOf(principal);
    const memberIds = input.audience === 'members' ? await chosenMembersOf(agent, input.memberUsernames ?? []) : [];
    if (input.audience === 'members' && input.shareCount > memberIds.length) throw new DomainError('red_envelope_shares_exceed_members');
    await deps.checkPaymentPassword({ memberId: agent.id, merchantId: agent.merchantId }, input.paymentPassword);
    const message = input.message ?? '';
    const requestHash = hashRequest([
      'red_envelope',
      input.totalAmount,
      input.shareCount,
      input.split,
      input.audience,
      memberIds,
      input.expiresInMinutes,
      message,
    ]);
    const result = await db.transaction().execute(async (trx) => {
      const at = now();
      const id = await repo.insertEnvelopeOnce(trx, {
        merchantId: agent.merchantId,
        senderId: agent.id,
        currency: agent.currency,
        totalAmount: input.totalAmount,
        shareCount: input.shareCount,
        split: input.split,
        audience: input.audience,
        message,
        requestId: input.requestId,
        requestHash,
        createdAt: at,
        expiresAt: new Date(at.getTime() + input.expiresInMinutes * 60_000),
      });
      if (id === undefined) {
        const existing = await repo.findByRequest(trx, agent.id, input.requestId);
        if (!existing || existing.requestHash !== requestHash || existing.fundTransferId === null) {
          throw new DomainError('idempotency_conflict', 'requestId');
        }
        const withClaims = await repo.findWithClaims(trx, existing.id);
        if (!withClaims) throw new Error('envelope vanished');
        return { envelope: withClaims, balanceAfter: existing.senderBalanceAfter ?? 0, isReplay: true };
      }
      await repo.insertShares(trx, id, splitTotal(input.totalAmount, input.shareCount, input.split, deps.randomBelow));
      await repo.insertRecipients(trx, id, memberIds);
      const moved = await ledger.transfer(
        {
          fromAccountId: await walletOf(trx, agent, 'agent_main'),
          toAccountId: await escrowOf(trx, agent.merchantId, agent.currency),
          amount: input.totalAmount,
          code: 'red_envelope_fund',
          idempotencyKey: fundKeyOf(id),
          reference: referenceOf(id),
        },
        trx,
      );
      await repo.completeFunding(trx, id, moved.transferId, moved.fromBalanceAfter);
      await recordAudit(trx, {
        actorType: 'member',
        actorId: agent.id,
        action: 'red_envelope.send',
        subjectType: 'red_envelope',
        subjectId: id,
        data: {
          ledgerTransferId: moved.transferId,
          totalAmount: input.totalAmount,
          currency: agent.currency,
          shareCount: input.shareCount,
          split: input.split,
          audience: input.audience,
          memberIds,
          expiresInMinutes: input.expiresInMinutes,
          requestId: input.requestId,
        },
        ip: meta.ip,
      });
      const envelope = await repo.findWithClaims(trx, id);
      if (!envelope) throw new Error('envelope vanished');
      return { envelope, balanceAfter: moved.fromBalanceAfter ?? 0, isReplay: false };
    });
    if (!result.isReplay) await announce(result.envelope, memberIds);
    return { ...presentSent(result.envelope, now()), balanceAfter: amountMinor(result.balanceAfter), isReplay: result.isReplay };
  }

  /**
   * Tells the audience's open tabs to look for envelopes: the chosen members one by one, a team or
   * a direct downline (any size) with one message to the merchant's connected members, each tab
   * then asking for its own claimable list. A lost notice costs only the push: the list is read
   * again on the next page load.
   */
  async function announce(envelope: repo.EnvelopeRow, memberIds: readonly number[]): Promise<void> {
    if (!deps.notify) return;
    const message: RealtimeServerMessage = { type: 'red_envelope' };
    try {
      if (envelope.audience === 'members') for (const memberId of memberIds) await deps.notify.toMember(memberId, message);
      else await deps.notify.toMerchant(envelope.merchantId, message);
    } catch (err) {
      deps.logger?.warn({ err, envelopeId: envelope.id }, 'red envelope notice not pushed');
    }
  }

  /** Whether the member is in the envelope's audience (never its sender). */
  async function isInAudience(executor: Kysely<DB> | Transaction<DB>, envelope: repo.EnvelopeRow, member: MemberSummary): Promise<boolean> {
    if (member.merchantId !== envelope.merchantId || member.id === envelope.senderId) return false;
    if (envelope.audience === 'direct') return member.parentId === envelope.senderId;
    if (envelope.audience === 'team') return ancestorIdsOf(member).includes(envelope.senderId);
    return repo.isRecipient(executor, envelope.id, member.id);
  }

  function claimValueOf(
    envelope: repo.EnvelopeRow,
    senderUsername: string,
    share: { amount: number; claimedAt: Date },
    isReplay: boolean,
  ): RedEnvelopeClaimValue {
    return {
      envelopeId: envelope.id,
      senderUsername,
      message: envelope.message,
      amount: amountMinor(share.amount),
      currency: envelope.currency,
      claimedAt: share.claimedAt.toISOString(),
      isReplay,
    };
  }

  async function senderUsernameOf(envelope: repo.EnvelopeRow): Promise<string> {
    return (await findMember(db, envelope.senderId))?.username ?? '';
  }

  async function replayOf(envelope: repo.EnvelopeRow, memberId: number): Promise<RedEnvelopeClaimValue | undefined> {
    const mine = await repo.findClaimOf(db, envelope.id, memberId);
    if (!mine?.claimedAt) return undefined;
    return claimValueOf(envelope, await senderUsernameOf(envelope), { amount: mine.amount, claimedAt: mine.claimedAt }, true);
  }

  /**
   * A member claims one share: the lowest unclaimed share not held by another claim in flight
   * (`SKIP LOCKED`), given to the member (a unique index allows one share per member) and paid from
   * the escrow into its main wallet, all in one transaction. A second claim by the same member
   * answers with the first.
   */
  async function claim(principal: Principal, envelopeId: number, meta: { ip: string | null }): Promise<RedEnvelopeClaimValue> {
    const member = await memberOf(principal);
    const envelope = await repo.findEnvelope(db, envelopeId);
    if (!envelope || envelope.fundTransferId === null || !(await isInAudience(db, envelope, member))) {
      throw new DomainError('red_envelope_not_found');
    }
    const senderUsername = await senderUsernameOf(envelope);
    try {
      return await withTransactionRetry(
        db,
        async (trx) => {
          const locked = await repo.lockEnvelopeShared(trx, envelopeId);
          if (!locked) throw new DomainError('red_envelope_not_found');
          const mine = await repo.findClaimOf(trx, envelopeId, member.id);
          if (mine?.claimedAt) return claimValueOf(locked, senderUsername, { amount: mine.amount, claimedAt: mine.claimedAt }, true);
          const at = now();
          if (locked.status !== 'open' || at.getTime() >= locked.expiresAt.getTime()) throw new DomainError('red_envelope_expired');
          // The free shares first; when none is free, wait for one held by a claim in flight, which
          // is free again only if that claim rolls back.
          const share =
            (await repo.lockUnclaimedShare(trx, envelopeId, { skipLocked: true })) ??
            (await repo.lockUnclaimedShare(trx, envelopeId, { skipLocked: false }));
          if (!share) throw new DomainError('red_envelope_all_claimed');
          await repo.markShareClaimed(trx, { envelopeId, shareNo: share.shareNo, memberId: member.id, claimedAt: at });
          const moved = await ledger.transfer(
            {
              fromAccountId: await escrowOf(trx, locked.merchantId, locked.currency),
              toAccountId: await walletOf(trx, member, 'player_main'),
              amount: share.amount,
              code: 'red_envelope_claim',
              idempotencyKey: claimKeyOf(envelopeId, share.shareNo),
              reference: referenceOf(envelopeId),
            },
            trx,
          );
          await repo.setClaimTransfer(trx, envelopeId, share.shareNo, moved.transferId);
          await recordAudit(trx, {
            actorType: 'member',
            actorId: member.id,
            action: 'red_envelope.claim',
            subjectType: 'red_envelope',
            subjectId: envelopeId,
            data: { shareNo: share.shareNo, amount: share.amount, currency: locked.currency, ledgerTransferId: moved.transferId },
            ip: meta.ip,
          });
          return claimValueOf(locked, senderUsername, { amount: share.amount, claimedAt: at }, false);
        },
        { attempts: CLAIM_ATTEMPTS_MAX },
      );
    } catch (err) {
      // The same member claiming twice at once: the unique index let the first one through.
      if (isUniqueViolation(err, 'red_envelope_shares_claimer_key')) {
        const replay = await replayOf(envelope, member.id);
        if (replay) return replay;
      }
      throw err;
    }
  }

  /**
   * Closes one expired envelope and returns what is unclaimed to its sender's agent wallet, once:
   * the row is locked (claims in flight finish first), a closed envelope is left alone, and the
   * return's ledger key is the envelope's. Answers the amount returned, or null when there was
   * nothing to do.
   */
  async function closeExpired(envelopeId: number): Promise<number | null> {
    return db.transaction().execute(async (trx) => {
      const envelope = await repo.lockEnvelopeForUpdate(trx, envelopeId);
      const at = now();
      if (envelope?.status !== 'open' || envelope.expiresAt.getTime() > at.getTime()) return null;
      const left = await repo.unclaimedTotal(trx, envelopeId);
      let returnTransferId: number | null = null;
      if (left.amount > 0) {
        const sender = await findMember(trx, envelope.senderId);
        if (!sender) throw new Error('envelope sender missing');
        const moved = await ledger.transfer(
          {
            fromAccountId: await escrowOf(trx, envelope.merchantId, envelope.currency),
            toAccountId: await walletOf(trx, sender, 'agent_main'),
            amount: left.amount,
            code: 'red_envelope_return',
            idempotencyKey: returnKeyOf(envelopeId),
            reference: referenceOf(envelopeId),
          },
          trx,
        );
        returnTransferId = moved.transferId;
      }
      await repo.closeEnvelope(trx, envelopeId, { returnedAmount: left.amount, returnTransferId, closedAt: at });
      await recordAudit(trx, {
        actorType: 'system',
        actorId: null,
        action: 'red_envelope.expire',
        subjectType: 'red_envelope',
        subjectId: envelopeId,
        data: { returnedAmount: left.amount, unclaimedShares: left.count, ledgerTransferId: returnTransferId },
      });
      return left.amount;
    });
  }

  /**
   * The expiry job's work: every envelope past its expiry, each closed in a transaction of its own,
   * so a run killed half-way leaves each envelope either closed with its return or untouched, and
   * the next run finishes the rest.
   */
  async function expireDue(): Promise<{ closed: number; returnedAmount: number }> {
    let closed = 0;
    let returnedAmount = 0;
    const seen = new Set<number>();
    for (;;) {
      const ids = (await repo.findDueIds(db, now(), EXPIRY_BATCH_SIZE_MAX)).filter((id) => !seen.has(id));
      if (ids.length === 0) return { closed, returnedAmount };
      for (const id of ids) {
        seen.add(id);
        const returned = await closeExpired(id);
        if (returned !== null) {
          closed += 1;
          returnedAmount += returned;
        }
      }
    }
  }

  async function sentPage(principal: Principal, query: RedEnvelopePageQuery): Promise<SentRedEnvelopePage> {
    const agent = await agentOf(principal);
    const { rows, totalCount } = await repo.findSentPage(db, agent.id, {
      offset: pageOffset(query),
      limit: query.pageSize,
    });
    const at = now();
    return {
      list: rows.map((r) => presentSent(r, at)),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, query.pageSize),
    };
  }

  /** One of the agent's own envelopes with its claims; anyone else's is not found. */
  async function sentDetail(principal: Principal, envelopeId: number): Promise<SentRedEnvelopeDetail> {
    const agent = await agentOf(principal);
    const envelope = await repo.findWithClaims(db, envelopeId);
    if (!envelope || envelope.senderId !== agent.id) throw new DomainError('red_envelope_not_found');
    const claims = await repo.findClaims(db, envelopeId);
    return {
      ...presentSent(envelope, now()),
      memberUsernames: envelope.audience === 'members' ? await repo.findRecipientUsernames(db, envelopeId) : [],
      claims: claims.map((c) => ({ username: c.username, amount: amountMinor(c.amount), claimedAt: c.claimedAt.toISOString() })),
    };
  }

  async function claimable(principal: Principal): Promise<ClaimableRedEnvelopes> {
    const member = await memberOf(principal);
    const rows = await repo.findClaimable(
      db,
      { id: member.id, merchantId: member.merchantId, parentId: member.parentId, ancestorIds: ancestorIdsOf(member) },
      now(),
      CLAIMABLE_LIST_SIZE_MAX,
    );
    return { list: rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString() })) };
  }

  async function receivedPage(principal: Principal, query: RedEnvelopePageQuery): Promise<ReceivedRedEnvelopePage> {
    const member = await memberOf(principal);
    const { rows, totalCount, totalAmount } = await repo.findReceivedPage(db, member.id, {
      offset: pageOffset(query),
      limit: query.pageSize,
    });
    return {
      list: rows.map((r) => ({ ...r, amount: amountMinor(r.amount), claimedAt: r.claimedAt.toISOString() })),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, query.pageSize),
      totalAmount: amountMinor(totalAmount),
    };
  }

  return { send, claim, closeExpired, expireDue, sentPage, sentDetail, claimable, receivedPage };
}
