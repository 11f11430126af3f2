import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildTree, principalFor, randomTree, type TreeMember } from '../../../test/random-tree.ts';
import { DomainError } from '../../lib/domain-error.ts';

/**
 * Over random downline trees: whatever agent calls and whichever member it names, the team calls
 * return only members of the caller's own subtree (all of them where a list is complete), change
 * nothing outside it, and their notices reach exactly the addressed part of the subtree.
 */
describe('agent team calls stay inside the caller’s subtree', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const codeOf = async (work: Promise<unknown>): Promise<string | null> => {
    try {
      await work;
      return null;
    } catch (error) {
      if (error instanceof DomainError) return error.code;
      throw error;
    }
  };

  it('lists, drills, searches, switches and notifies within the subtree only', async () => {
    const team = t.app.services.agentTeam;
    const inbox = t.app.services.inbox;
    const transfers = t.app.services.transfers;
    await fc.assert(
      fc.asyncProperty(randomTree({ maxNodes: 14 }), fc.nat(), fc.nat(), fc.boolean(), async (spec, agentPick, targetPick, toUpline) => {
        const tree = await buildTree(t.database.db, spec);
        const agent = tree.members[tree.agentIndexes[agentPick % tree.agentIndexes.length] as number] as TreeMember;
        const target = tree.members[targetPick % tree.members.length] as TreeMember;
        const principal = principalFor(agent);
        const teamIds = tree.teamIdsOf(agent.index);
        const directIds = tree.directIdsOf(agent.index);
        const idsOf = (list: readonly { memberId: number }[]) => new Set(list.map((r) => r.memberId));

        // The direct downline: exactly the agent's children.
        const top = await team.downline(principal, { pageNo: 1, pageSize: 50 });
        expect(idsOf(top.list)).toEqual(directIds);
        for (const row of top.list) expect(row.teamSize).toBe(tree.teamIdsOf(tree.members.find((m) => m.id === row.memberId)!.index).size);

        // Drilling into the target: its children when it is in the team, not_in_team otherwise.
        const drill = team.downline(principal, { parentId: target.id, pageNo: 1, pageSize: 50 });
        if (teamIds.has(target.id)) expect(idsOf((await drill).list)).toEqual(tree.directIdsOf(target.index));
        else if (target.id === agent.id) expect(idsOf((await drill).list)).toEqual(directIds);
        else expect(await codeOf(drill)).toBe('not_in_team');

        // A search matching every name of the tree finds the team and no one else.
        const found = await team.search(principal, {
          username: (tree.members[0] as TreeMember).username.replace(/n\d+$/, 'n'),
          pageNo: 1,
          pageSize: 50,
        });
        expect(idsOf(found.list)).toEqual(teamIds);

        // The upline switch changes the target only when it is in the team; no one else changes.
        const before = await transfers.toUplineOf([...tree.allIds()]);
        const switched = team.setUplineTransfer(principal, target.id, toUpline, { ip: null });
        const after = async () => transfers.toUplineOf([...tree.allIds()]);
        if (teamIds.has(target.id)) {
          await switched;
          const now = await after();
          for (const [id, flag] of now) expect(flag).toBe(id === target.id ? toUpline : before.get(id));
        } else {
          expect(await codeOf(switched)).toBe('not_in_team');
          expect(await after()).toEqual(before);
        }

        // A notice reaches exactly its audience inside the tree.
        const audience = toUpline ? 'team' : 'direct';
        const notice = await team.sendNotice(principal, { audience, title: 'T', body: 'B' }, { ip: null });
        const expected = audience === 'team' ? teamIds : directIds;
        for (const member of tree.members) {
          const page = await inbox.list({ memberId: member.id, merchantId: member.merchantId }, { pageNo: 1, pageSize: 50, filter: 'all' });
          expect(
            page.list.some((m) => m.id === notice.id),
            `member ${member.index}`,
          ).toBe(expected.has(member.id));
        }
        const sent = await team.notices(principal, { pageNo: 1, pageSize: 50 });
        expect(sent.list.map((n) => n.id)).toEqual([notice.id]);
      }),
      { numRuns: 12 },
    );
  });
});
