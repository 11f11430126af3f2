import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildTree, principalFor, randomTree, type TreeMember } from '../../../test/random-tree.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AgentsService } from './agents.service.ts';

let t: TestApp;
let agents: AgentsService;

beforeAll(async () => {
  t = await buildTestApp();
  agents = t.app.services.agents;
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

describe('an agent sees its own subtree and nothing else (random trees)', () => {
  it('isInTeam, teamMember, teamSize and directDownline answer exactly the subtree', async () => {
    await fc.assert(
      fc.asyncProperty(randomTree(), randomTree({ maxNodes: 6 }), fc.nat(), async (spec, otherSpec, pick) => {
        const tree = await buildTree(t.database.db, spec);
        // A second merchant's tree: its members are never anyone's team here.
        const other = await buildTree(t.database.db, otherSpec);
        const agentIndex = tree.agentIndexes[pick % tree.agentIndexes.length] as number;
        const me = tree.members[agentIndex] as TreeMember;
        const agent = await agents.agentOf(principalFor(me));
        expect(agent).toEqual({
          memberId: me.id,
          merchantId: me.merchantId,
          accountType: me.accountType,
          uplinePath: me.uplinePath,
          username: me.username,
        });
        const team = tree.teamIdsOf(agentIndex);

        for (const m of [...tree.members, ...other.members]) {
          const inTeam = team.has(m.id);
          expect(await agents.isInTeam(agent, m.id)).toBe(inTeam);
          expect(await codeOf(() => agents.teamMember(agent, { memberId: m.id }))).toBe(inTeam ? 'ok' : 'not_in_team');
          expect(await codeOf(() => agents.teamMember(agent, { username: m.username.toUpperCase() }))).toBe(
            inTeam && m.merchantId === me.merchantId ? 'ok' : 'not_in_team',
          );
          expect(await codeOf(() => agents.directDownline(agent, { under: { memberId: m.id }, offset: 0, limit: 5 }))).toBe(
            inTeam ? 'ok' : 'not_in_team',
          );
        }

        const size = await agents.teamSize(agent);
        expect(size.total).toBe(team.size);
        expect(size.byLevel.every((l) => l.level >= 1 && l.count > 0)).toBe(true);

        // Paging through the direct downline two at a time gives exactly the direct children, each
        // with the size of its own subtree.
        const seen = new Map<number, number>();
        for (let offset = 0; ; offset += 2) {
          const page = await agents.directDownline(agent, { offset, limit: 2 });
          expect(page.total).toBe(tree.directIdsOf(agentIndex).size);
          for (const row of page.rows) seen.set(row.id, row.teamSize);
          if (page.rows.length < 2) break;
        }
        expect(new Set(seen.keys())).toEqual(tree.directIdsOf(agentIndex));
        for (const [id, teamSize] of seen) {
          const child = tree.members.find((m) => m.id === id) as TreeMember;
          expect(teamSize).toBe(tree.teamIdsOf(child.index).size);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('players and trial accounts are not agents; neither is an agent whose account is locked', async () => {
    const tree = await buildTree(t.database.db, [
      { parent: null, accountType: 1 },
      { parent: 0, accountType: 0 },
      { parent: null, accountType: 4 },
      { parent: 0, accountType: 42 },
    ]);
    const [, player, trial, agent42] = tree.members as TreeMember[];
    expect(await codeOf(() => agents.agentOf(principalFor(player as TreeMember)))).toBe('not_an_agent');
    expect(await codeOf(() => agents.agentOf(principalFor(trial as TreeMember)))).toBe('not_an_agent');
    expect(await codeOf(() => agents.agentOf(principalFor(agent42 as TreeMember)))).toBe('ok');
    await t.database.db
      .updateTable('members')
      .set({ status: 'locked' })
      .where('id', '=', (agent42 as TreeMember).id)
      .execute();
    expect(await codeOf(() => agents.agentOf(principalFor(agent42 as TreeMember)))).toBe('not_an_agent');
    // A principal naming another merchant finds no one.
    expect(await codeOf(() => agents.agentOf({ ...principalFor(tree.members[0] as TreeMember), merchantId: -1 }))).toBe('unauthorized');
  });
});

describe('GET /wps/agent/network/me', () => {
  it('answers the agent its team per level and whom it may open; a player gets not_an_agent in its language', async () => {
    const tree = await buildTree(t.database.db, [
      { parent: null, accountType: 2 },
      { parent: 0, accountType: 41 },
      { parent: 1, accountType: 0 },
      { parent: 1, accountType: 0 },
      { parent: 0, accountType: 0 },
    ]);
    const agentToken = (await t.app.services.sessions.create((tree.members[0] as TreeMember).id)).token;
    const res = await t.app.inject({ method: 'GET', url: '/wps/agent/network/me', headers: { authorization: `Bearer ${agentToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      username: (tree.members[0] as TreeMember).username,
      accountType: 2,
      childAccountTypes: [41, 42, 0],
      team: {
        total: 4,
        byLevel: [
          { level: 1, count: 2 },
          { level: 2, count: 2 },
        ],
      },
    });

    const playerToken = (await t.app.services.sessions.create((tree.members[2] as TreeMember).id)).token;
    const refused = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/network/me',
      headers: { authorization: `Bearer ${playerToken}`, lang: 'en' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'not_an_agent', message: expect.stringMatching(/agent account/) });

    const anonymous = await t.app.inject({ method: 'GET', url: '/wps/agent/network/me' });
    expect(anonymous.statusCode).toBe(401);
  });
});
