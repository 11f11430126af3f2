import type { AgentWalletMoveDirection, AgentWalletMoveRequest } from '@platform/contracts/agents/agent-network';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { lockMember } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import * as repo from './agents.repository.ts';
import type { AgentContext } from './agents.service.ts';

export type AgentWalletMoveResult = {
  moveId: number;
  direction: AgentWalletMoveDirection;
  amount: number;
  currency: string;
  mainBalance: number;
  agentBalance: number;
  createdAt: Date;
  isReplay: boolean;
};

/**
 * The check on money leaving an agent wallet (a move to the main wallet, a transfer to a downline
 * or an upline). It runs inside the moving transaction, before the ledger call, and refuses by
 * throwing a DomainError: app.ts wires the agent-contracts module's debtor check here (a member that
 * owes the platform for a downline payout keeps its agent wallet's money until the debt is settled).
 * Until then the default lets every move through.
 */
export type AgentWalletGuard = {
  assertCanPayOut: (memberId: number, trx: Transaction<DB>) => Promise<void>;
};
export const passThroughAgentWalletGuard: AgentWalletGuard = { assertCanPayOut: async () => {} };

const STORED_DIRECTION: Record<AgentWalletMoveDirection, repo.WalletMoveDirection> = { toAgent: 'to_agent', toMain: 'to_main' };
const API_DIRECTION: Record<repo.WalletMoveDirection, AgentWalletMoveDirection> = { to_agent: 'toAgent', to_main: 'toMain' };

/**
 * An agent's money between its own two wallets: the main wallet (`player_main`: deposits,
 * withdrawals, play) and the agent wallet (`agent_main`: transfers along the downline). One SQL
 * transaction claims the request id, moves the money through the ledger (code `agent_wallet_move`)
 * and writes the audit row; the same request id with the same content answers the first result and
 * moves nothing, with other content it is `idempotency_conflict`.
 */
export function createAgentWalletService(deps: { db: Kysely<DB>; ledger: LedgerService; agentWalletGuard?: AgentWalletGuard | undefined }) {
  const { db, ledger } = deps;
  const guard = deps.agentWalletGuard ?? passThroughAgentWalletGuard;

  async function balances(agent: AgentContext, currency: string) {
    const b = await ledger.memberBalances({ memberId: agent.memberId, currency });
    return { currency, mainBalance: b.main, agentBalance: b.agent };
  }

  async function move(
    agent: AgentContext,
    input: AgentWalletMoveRequest,
    meta: { ip: string | null; now: Date },
  ): Promise<AgentWalletMoveResult> {
    const direction = STORED_DIRECTION[input.direction];
    const requestHash = hashRequest(['agent-wallet-move', direction, input.amount]);
    return db.transaction().execute(async (trx) => {
      // The member row's lock orders one agent's moves; `no key update` leaves rows that point at it alone.
      const member = await lockMember(trx, agent.memberId, { strength: 'no key update', merchantId: agent.merchantId });
      if (member?.status !== 'active') throw new DomainError('not_an_agent');
      const id = await repo.insertWalletMoveOnce(trx, {
        merchantId: agent.merchantId,
        memberId: agent.memberId,
        direction,
        amount: input.amount,
        currency: member.currency,
        requestId: input.requestId,
        requestHash,
        createdAt: meta.now,
      });
      if (id === undefined) {
        const existing = await repo.findWalletMoveByRequest(trx, agent.memberId, input.requestId);
        if (!existing || existing.requestHash !== requestHash || existing.ledgerTransferId === null) {
          throw new DomainError('idempotency_conflict', 'requestId');
        }
        return {
          moveId: existing.id,
          direction: API_DIRECTION[existing.direction],
          amount: existing.amount,
          currency: existing.currency,
          mainBalance: existing.mainBalanceAfter ?? 0,
          agentBalance: existing.agentBalanceAfter ?? 0,
          createdAt: existing.createdAt,
          isReplay: true,
        };
      }
      if (direction === 'to_main') await guard.assertCanPayOut(agent.memberId, trx);
      const accounts = await ledger.ensureMemberAccounts(
        { merchantId: agent.merchantId, memberId: agent.memberId, currency: member.currency, kinds: ['player_main', 'agent_main'] },
        trx,
      );
      const main = accounts.player_main;
      const agentWallet = accounts.agent_main;
      if (!main || !agentWallet) throw new Error('member accounts missing after ensureMemberAccounts');
      const [from, to] = direction === 'to_agent' ? [main, agentWallet] : [agentWallet, main];
      const moved = await ledger.transfer(
        {
          fromAccountId: from.id,
          toAccountId: to.id,
          amount: input.amount,
          code: 'agent_wallet_move',
          idempotencyKey: `agent-wallet-move:${id}`,
          reference: { type: 'agent_wallet_move', id: String(id) },
        },
        trx,
      );
      const mainBalance = (direction === 'to_agent' ? moved.fromBalanceAfter : moved.toBalanceAfter) ?? 0;
      const agentBalance = (direction === 'to_agent' ? moved.toBalanceAfter : moved.fromBalanceAfter) ?? 0;
      await repo.completeWalletMove(trx, id, {
        ledgerTransferId: moved.transferId,
        mainBalanceAfter: mainBalance,
        agentBalanceAfter: agentBalance,
      });
      await recordAudit(trx, {
        actorType: 'member',
        actorId: agent.memberId,
        action: direction === 'to_agent' ? 'agent_wallet.to_agent' : 'agent_wallet.to_main',
        subjectType: 'member',
        subjectId: agent.memberId,
        data: {
          agentWalletMoveId: id,
          ledgerTransferId: moved.transferId,
          amount: input.amount,
          currency: member.currency,
          requestId: input.requestId,
        },
        ip: meta.ip,
      });
      return {
        moveId: id,
        direction: input.direction,
        amount: input.amount,
        currency: member.currency,
        mainBalance,
        agentBalance,
        createdAt: meta.now,
        isReplay: false,
      };
    });
  }

  return { balances, move };
}
