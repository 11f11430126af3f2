import type { AmountMinor } from '@platform/contracts/money';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { buildTree, principalFor, randomTree, type TreeMember } from '../../../test/random-tree.ts';
import { createWalletWorld } from '../../../test/wallet-fixture.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { Principal } from '../session/session.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

/**
 * The tree: 0 agent, 1 sub-agent under 0, 2 member under 0, 3 member under 1, 4 an agent outside.
 * Agents hold their transfer money in the agent wallet, members in main.
 */
const PARENT = [null, 0, 0, 1, null] as const;
const IS_AGENT = [true, true, false, false, true] as const;

function isDownline(sender: number, receiver: number): boolean {
  for (let p: number | null = PARENT[receiver] ?? null; p !== null; p = PARENT[p] ?? null) if (p === sender) return true;
  return false;
}

type Op =
  | { kind: 'down'; sender: number; receiver: number; amount: number; repeat: boolean }
  | { kind: 'up'; sender: number; amount: number; repeat: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('down' as const),
    sender: fc.integer({ min: 0, max: 4 }),
    receiver: fc.integer({ min: 0, max: 4 }),
    amount: fc.oneof(fc.integer({ min: 1, max: 3_000 }), fc.integer({ min: 1, max: 50 })),
    repeat: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('up' as const),
    sender: fc.integer({ min: 0, max: 4 }),
    amount: fc.integer({ min: 1, max: 3_000 }),
    repeat: fc.boolean(),
  }),
);

describe('transfers along the downline against a model', () => {
  it('move exactly what the model moves, never overdraw, and conserve money, whatever the sequence', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 14 }),
        fc.array(fc.integer({ min: 0, max: 4_000 }), { minLength: 5, maxLength: 5 }),
        async (ops, start) => {
          const w = await createWalletWorld(t);
          const members: Awaited<ReturnType<typeof w.member>>[] = [];
          for (let i = 0; i < PARENT.length; i++) {
            const parent = PARENT[i];
            members.push(
              await w.member({
                accountType: IS_AGENT[i] ? 1 : 0,
                parentId: parent === null || parent === undefined ? null : members[parent]!.id,
              }),
            );
          }
          const model = start.slice();
          for (let i = 0; i < members.length; i++) {
            if (model[i]! > 0) await w.fund(members[i]!.accounts, model[i]!, IS_AGENT[i] ? 'agent' : 'main');
            await t.app.services.transfers.setPermissions(
              members[i]!.id,
              { toUpline: true },
              { adminId: 1, merchantId: w.merchant.id, ip: null },
            );
          }
          const principalOf = (i: number): Principal => ({
            sessionId: 0,
            memberId: members[i]!.id,
            merchantId: w.merchant.id,
            username: members[i]!.username,
            accountType: IS_AGENT[i] ? 1 : 0,
            currency: w.currency,
          });
          let n = 0;
          for (const op of ops) {
            const requestId = `model-${n++}`;
            const receiver = op.kind === 'down' ? op.receiver : (PARENT[op.sender] ?? null);
            let expected: string;
            if (op.kind === 'down' && !IS_AGENT[op.sender]) expected = 'not_an_agent';
            else if (op.kind === 'down' && !isDownline(op.sender, op.receiver)) expected = 'not_in_team';
            else if (op.kind === 'up' && (receiver === null || !IS_AGENT[receiver])) expected = 'upline_not_found';
            else if (model[op.sender]! < op.amount) expected = 'insufficient_funds';
            else expected = 'ok';
            const call = () =>
              op.kind === 'down'
                ? t.app.services.transfers.transferToDownline(
                    principalOf(op.sender),
                    { username: members[op.receiver]!.username, amount: op.amount as AmountMinor, requestId },
                    { ip: null },
                  )
                : t.app.services.transfers.transferToUpline(
                    principalOf(op.sender),
                    { amount: op.amount as AmountMinor, requestId },
                    { ip: null },
                  );
            let outcome: string;
            try {
              await call();
              outcome = 'ok';
            } catch (err) {
              if (!(err instanceof DomainError)) throw err;
              outcome = err.code;
            }
            expect(outcome).toBe(expected);
            if (outcome === 'ok' && receiver !== null) {
              model[op.sender]! -= op.amount;
              model[receiver]! += op.amount;
              if (op.repeat) {
                const replay = await call();
                expect(replay.isReplay).toBe(true);
              }
            }
          }
          for (let i = 0; i < members.length; i++) {
            const b = await w.balances(members[i]!.id);
            expect(IS_AGENT[i] ? b.agent : b.main).toBe(model[i]);
          }
          const audit = await auditLedger(t.database.db);
          expect(audit.negativeMemberAccountIds).toEqual([]);
          expect(audit.driftedAccountIds).toEqual([]);
          expect(audit.unbalancedTransferIds).toEqual([]);
          expect(audit.brokenChainEntryIds).toEqual([]);
          for (const total of audit.holdingsByCurrency.values()) expect(total).toBe(0);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('who a downline transfer reaches (random trees)', () => {
  it('exactly the members the agents module counts as the agent team, at every level, in this merchant only', async () => {
    await fc.assert(
      fc.asyncProperty(randomTree(), randomTree({ maxNodes: 4 }), fc.nat(), async (spec, otherSpec, pick) => {
        const tree = await buildTree(t.database.db, spec);
        const other = await buildTree(t.database.db, otherSpec);
        const me = tree.members[tree.agentIndexes[pick % tree.agentIndexes.length] as number] as TreeMember;
        const agent = await t.app.services.agents.agentOf(principalFor(me));
        for (const m of [...tree.members, ...other.members]) {
          // More than the (empty) agent wallet holds: a member in reach is insufficient_funds, nothing moves.
          let code = 'ok';
          try {
            await t.app.services.transfers.transferToDownline(
              principalFor(me),
              { username: m.username, amount: 1 as AmountMinor, requestId: `scope-${m.id}` },
              { ip: null },
            );
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            code = err.code;
          }
          const inTeam = m.merchantId === me.merchantId && (await t.app.services.agents.isInTeam(agent, m.id));
          expect(code, m.username).toBe(
            inTeam ? (m.accountType === 4 ? 'transfer_receiver_unavailable' : 'insufficient_funds') : 'not_in_team',
          );
          expect(inTeam).toBe(m.merchantId === me.merchantId && tree.teamIdsOf(me.index).has(m.id));
        }
      }),
      { numRuns: 10 },
    );
  });
});
