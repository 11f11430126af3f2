import type { AmountMinor } from '@platform/contracts/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createWalletWorld } from '../../../test/wallet-fixture.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { Principal } from '../session/session.service.ts';
import { adjustmentApprovalSetting } from './admin-money.settings.ts';

let t: TestApp;
const THRESHOLD = 1_000;
/** Two operators: 1 and 2. */
const OPERATORS = [1, 2] as const;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** 0 is an agent, 1 and 2 its members. Wallets: the agent's agent wallet, the members' main. */
type Op =
  | { kind: 'adjust'; member: number; direction: 'credit' | 'debit'; amount: number; by: number }
  | { kind: 'decide'; pick: number; approve: boolean; by: number }
  | { kind: 'down'; receiver: number; amount: number }
  | { kind: 'up'; sender: number; amount: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('adjust' as const),
    member: fc.integer({ min: 0, max: 2 }),
    direction: fc.constantFrom('credit' as const, 'debit' as const),
    amount: fc.integer({ min: 1, max: 2 * THRESHOLD }),
    by: fc.constantFrom(...OPERATORS),
  }),
  fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean(), by: fc.constantFrom(...OPERATORS) }),
  fc.record({ kind: fc.constant('down' as const), receiver: fc.integer({ min: 1, max: 2 }), amount: fc.integer({ min: 1, max: 1_500 }) }),
  fc.record({ kind: fc.constant('up' as const), sender: fc.integer({ min: 1, max: 2 }), amount: fc.integer({ min: 1, max: 1_500 }) }),
);

async function outcomeOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return 'ok';
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
}

describe('adjustments and transfers together against a model', () => {
  it('never overdraw a wallet, move approved money once, and conserve money', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 16 }), async (ops) => {
        const w = await createWalletWorld(t);
        const operatorIds: number[] = [];
        for (const _ of OPERATORS) {
          operatorIds.push(
            await t.app.services.admins.createAdmin({
              merchantId: w.merchant.id,
              username: `op${Math.random().toString(36).slice(2, 10)}`,
              password: 'Operator@2026',
              role: 'finance',
            }),
          );
        }
        await t.app.services.settings.set(w.merchant.id, adjustmentApprovalSetting, { approvalThresholdMinor: THRESHOLD }, 'test');
        const agent = await w.member({ accountType: 1 });
        const members = [agent, await w.member({ parentId: agent.id }), await w.member({ parentId: agent.id })];
        for (const m of members.slice(1)) {
          await t.app.services.transfers.setPermissions(
            m.id,
            { toUpline: true },
            { adminId: operatorIds[0]!, merchantId: w.merchant.id, ip: null },
          );
        }
        const walletOf = (i: number) => (i === 0 ? 'agent' : 'main') as 'agent' | 'main';
        const model = [0, 0, 0];
        const waiting: { id: number; member: number; delta: number; by: number }[] = [];
        const principal = (i: number): Principal => ({
          sessionId: 0,
          memberId: members[i]!.id,
          merchantId: w.merchant.id,
          username: members[i]!.username,
          accountType: i === 0 ? 1 : 0,
          currency: w.currency,
        });
        const money = t.app.services.adminMoney;
        let n = 0;
        for (const op of ops) {
          const requestId = `model-${n++}`;
          if (op.kind === 'adjust') {
            const operator = { adminId: operatorIds[op.by - 1]!, merchantId: w.merchant.id };
            const delta = op.direction === 'credit' ? op.amount : -op.amount;
            const isLarge = op.amount > THRESHOLD;
            let created: Awaited<ReturnType<typeof money.create>> | undefined;
            const outcome = await outcomeOf(async () => {
              created = await money.create(
                operator,
                members[op.member]!.id,
                { wallet: walletOf(op.member), direction: op.direction, amount: op.amount as AmountMinor, reason: 'model', requestId },
                null,
              );
            });
            const expected = !isLarge && model[op.member]! + delta < 0 ? 'insufficient_funds' : 'ok';
            expect(outcome).toBe(expected);
            if (outcome !== 'ok' || !created) continue;
            if (isLarge) {
              expect(created.status).toBe('requested');
              waiting.push({ id: created.id, member: op.member, delta, by: op.by });
            } else {
              expect(created.status).toBe('approved');
              model[op.member]! += delta;
            }
          } else if (op.kind === 'decide') {
            if (waiting.length === 0) continue;
            const index = op.pick % waiting.length;
            const request = waiting[index]!;
            const operator = { adminId: operatorIds[op.by - 1]!, merchantId: w.merchant.id };
            const outcome = await outcomeOf(() =>
              op.approve ? money.approve(operator, request.id, undefined, null) : money.reject(operator, request.id, undefined, null),
            );
            let expected = 'ok';
            if (request.by === op.by) expected = 'admin_self_approval';
            else if (op.approve && model[request.member]! + request.delta < 0) expected = 'insufficient_funds';
            expect(outcome).toBe(expected);
            if (outcome === 'ok') {
              waiting.splice(index, 1);
              if (op.approve) model[request.member]! += request.delta;
              // A decided request stays decided.
              expect(
                await outcomeOf(() =>
                  money.approve({ adminId: operatorIds[2 - request.by]!, merchantId: w.merchant.id }, request.id, undefined, null),
                ),
              ).toBe('admin_request_not_pending');
            }
          } else if (op.kind === 'down') {
            const outcome = await outcomeOf(() =>
              t.app.services.transfers.transferToDownline(
                principal(0),
                { username: members[op.receiver]!.username, amount: op.amount as AmountMinor, requestId },
                { ip: null },
              ),
            );
            expect(outcome).toBe(model[0]! >= op.amount ? 'ok' : 'insufficient_funds');
            if (outcome === 'ok') {
              model[0]! -= op.amount;
              model[op.receiver]! += op.amount;
            }
          } else {
            const outcome = await outcomeOf(() =>
              t.app.services.transfers.transferToUpline(
                principal(op.sender),
                { amount: op.amount as AmountMinor, requestId },
                { ip: null },
              ),
            );
            expect(outcome).toBe(model[op.sender]! >= op.amount ? 'ok' : 'insufficient_funds');
            if (outcome === 'ok') {
              model[op.sender]! -= op.amount;
              model[0]! += op.amount;
            }
          }
        }
        for (let i = 0; i < members.length; i++) {
          const b = await w.balances(members[i]!.id);
          expect(i === 0 ? b.agent : b.main).toBe(model[i]);
        }
        const audit = await auditLedger(t.database.db);
        expect(audit.negativeMemberAccountIds).toEqual([]);
        expect(audit.driftedAccountIds).toEqual([]);
        expect(audit.unbalancedTransferIds).toEqual([]);
        for (const total of audit.holdingsByCurrency.values()) expect(total).toBe(0);
      }),
      { numRuns: 12 },
    );
  });
});
