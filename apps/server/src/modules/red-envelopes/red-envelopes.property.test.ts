import { randomBytes } from 'node:crypto';
import { isTrialAccountType } from '@platform/contracts/account-types';
import { amountMinor } from '@platform/contracts/money-format';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { buildTree, principalFor, randomTree, type TreeMember } from '../../../test/random-tree.ts';
import { DomainError } from '../../lib/domain-error.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function codeOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return 'ok';
  } catch (err) {
    if (err instanceof DomainError) return err.code;
    throw err;
  }
}

const requestId = () => `req_${randomBytes(8).toString('hex')}`;

async function fundAgentWallet(member: TreeMember, amount: number): Promise<void> {
  const ledger = t.app.services.ledger;
  const accounts = await ledger.ensureMemberAccounts({
    merchantId: member.merchantId,
    memberId: member.id,
    currency: member.currency,
    kinds: ['agent_main'],
  });
  const house = await ledger.ensureSystemAccount({ merchantId: member.merchantId, kind: 'house_revenue', currency: member.currency });
  await ledger.transfer({
    fromAccountId: house.id,
    toAccountId: accounts.agent_main!.id,
    amount,
    code: 'agent_commission',
    idempotencyKey: `fund:${requestId()}`,
  });
}

describe('an agent targets and reads red envelopes only inside its own subtree (random trees)', () => {
  it('chosen members, claims of team and direct envelopes, the claim notice and the sent records follow the subtree exactly', async () => {
    const envelopes = t.app.services.redEnvelopes;
    await fc.assert(
      fc.asyncProperty(randomTree({ maxNodes: 16 }), randomTree({ maxNodes: 4 }), fc.nat(), async (spec, otherSpec, pick) => {
        const tree = await buildTree(t.database.db, spec);
        const other = await buildTree(t.database.db, otherSpec);
        const agentIndex = tree.agentIndexes[pick % tree.agentIndexes.length] as number;
        const me = tree.members[agentIndex] as TreeMember;
        const team = tree.teamIdsOf(agentIndex);
        const direct = tree.directIdsOf(agentIndex);
        const everyone = [...tree.members, ...other.members];
        await fundAgentWallet(me, 10_000_000);
        const base = { totalAmount: amountMinor(100_000), split: 'equal' as const, expiresInMinutes: 60 };

        // Chosen members: anyone outside the team (the agent itself, other branches, another merchant) is refused.
        for (const m of everyone) {
          const code = await codeOf(() =>
            envelopes.send(
              principalFor(me),
              { ...base, shareCount: 1, audience: 'members', memberUsernames: [m.username], requestId: requestId() },
              { ip: null },
            ),
          );
          expect(code, m.username).toBe(team.has(m.id) ? 'ok' : 'not_in_team');
        }

        const shareCount = everyone.length;
        const teamEnvelope = await envelopes.send(
          principalFor(me),
          { ...base, shareCount, audience: 'team', requestId: requestId() },
          { ip: null },
        );
        const directEnvelope = await envelopes.send(
          principalFor(me),
          { ...base, shareCount, audience: 'direct', requestId: requestId() },
          { ip: null },
        );
        for (const m of everyone) {
          const expectedFor = (audience: Set<number>) =>
            isTrialAccountType(m.accountType) ? 'in_need_true_account' : audience.has(m.id) ? 'ok' : 'red_envelope_not_found';
          if (!isTrialAccountType(m.accountType)) {
            const listed = new Set((await envelopes.claimable(principalFor(m))).list.map((e) => e.id));
            expect(listed.has(teamEnvelope.id), m.username).toBe(team.has(m.id));
            expect(listed.has(directEnvelope.id), m.username).toBe(direct.has(m.id));
          }
          expect(await codeOf(() => envelopes.claim(principalFor(m), teamEnvelope.id, { ip: null })), m.username).toBe(expectedFor(team));
          expect(await codeOf(() => envelopes.claim(principalFor(m), directEnvelope.id, { ip: null })), m.username).toBe(
            expectedFor(direct),
          );
        }

        // Sent records: only the sender reads its envelope; any other agent is told it does not exist.
        for (const index of [...tree.agentIndexes, ...other.agentIndexes.map((i) => i + tree.members.length)]) {
          const reader = everyone[index] as TreeMember;
          const code = await codeOf(() => envelopes.sentDetail(principalFor(reader), teamEnvelope.id));
          expect(code).toBe(reader.id === me.id ? 'ok' : 'red_envelope_not_found');
          const page = await envelopes.sentPage(principalFor(reader), { pageNo: 1, pageSize: 50 });
          expect(page.list.some((e) => e.id === teamEnvelope.id)).toBe(reader.id === me.id);
        }
        const detail = await envelopes.sentDetail(principalFor(me), teamEnvelope.id);
        expect(detail.claims.map((c) => c.username).sort()).toEqual(
          everyone
            .filter((m) => team.has(m.id))
            .map((m) => m.username)
            .sort(),
        );
      }),
      { numRuns: 12 },
    );
    const audit = await auditLedger(t.database.db);
    expect(audit.unbalancedTransferIds).toEqual([]);
    expect(audit.driftedAccountIds).toEqual([]);
    expect([...audit.holdingsByCurrency.values()].every((v) => v === 0)).toBe(true);
  });
});
