import { childAccountTypes, mayOpen } from '@platform/contracts/account-types';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant, uniqueName } from '../../../test/factories.ts';
import { type BuiltTree, buildTree, randomTree, type TreeMember, type TreeNodeSpec } from '../../../test/random-tree.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { DownlineService } from './downline.service.ts';

let t: TestApp;
let downline: DownlineService;
let merchant: { id: number; code: string; currency: string };
let admin: Awaited<ReturnType<typeof loginAdmin>>;

beforeAll(async () => {
  t = await buildTestApp();
  downline = t.app.services.accounts.downline;
  merchant = await createMerchant(t.database.db);
  admin = await loginAdmin(t.app, 'support');
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

/** Every member's parent and path as stored. */
async function stored(tree: BuiltTree) {
  const rows = await t.database.db
    .selectFrom('members')
    .select(['id', 'parent_id', 'upline_path'])
    .where(
      'id',
      'in',
      tree.members.map((m) => m.id),
    )
    .execute();
  return new Map(rows.map((r) => [Number(r.id), { parentId: r.parent_id === null ? null : Number(r.parent_id), path: r.upline_path }]));
}

/** The paths the spec gives once `moved` hangs under `newParent`, computed from the spec alone. */
function expectedPaths(tree: BuiltTree, spec: readonly TreeNodeSpec[], moved: number, newParent: number) {
  const parentOf = spec.map((n, i) => (i === moved ? newParent : n.parent));
  const pathOf = (i: number): string => {
    const parent = parentOf[i];
    return `${parent === null || parent === undefined ? '/' : pathOf(parent)}${(tree.members[i] as TreeMember).id}/`;
  };
  return new Map(
    tree.members.map((m) => [
      m.id,
      { parentId: parentOf[m.index] == null ? null : (tree.members[parentOf[m.index] as number] as TreeMember).id, path: pathOf(m.index) },
    ]),
  );
}

describe('an operator moves a member under another upline (random trees)', () => {
  it('refuses cycles and types the upline may not have, and otherwise rewrites exactly the subtree', async () => {
    await fc.assert(
      fc.asyncProperty(randomTree({ maxNodes: 16 }), fc.nat(), fc.nat(), async (spec, pickMember, pickParent) => {
        const tree = await buildTree(t.database.db, spec, { merchant });
        const member = tree.members[pickMember % tree.members.length] as TreeMember;
        const parent = tree.members[pickParent % tree.members.length] as TreeMember;
        const before = await stored(tree);
        const op = { adminId: admin.adminId, merchantId: merchant.id, ip: null };

        const inTeam = parent.id === member.id || tree.teamIdsOf(member.index).has(parent.id);
        const expected = inTeam ? 'downline_cycle' : mayOpen(parent.accountType, member.accountType) ? 'ok' : 'account_type_not_allowed';
        expect(await codeOf(() => downline.moveMember(op, member.id, parent.id))).toBe(expected);

        const after = await stored(tree);
        if (expected !== 'ok') {
          expect(after).toEqual(before);
          return;
        }
        expect(after).toEqual(expectedPaths(tree, spec, member.index, parent.index));
        // Nothing outside the moved subtree changed.
        const subtree = new Set([member.id, ...tree.teamIdsOf(member.index)]);
        for (const [id, row] of after) if (!subtree.has(id)) expect(row).toEqual(before.get(id));
      }),
      { numRuns: 25 },
    );
  });

  it('through the admin API, by usernames, with an audit row', async () => {
    const tree = await buildTree(
      t.database.db,
      [
        { parent: null, accountType: 1 },
        { parent: 0, accountType: 2 },
        { parent: 1, accountType: 0 },
        { parent: null, accountType: 1 },
      ],
      { merchant },
    );
    const [root, agent2, player, otherRoot] = tree.members as TreeMember[];
    const move = (memberId: number, uplineUsername: string) =>
      t.app.inject({
        method: 'POST',
        url: `/admin-api/members/${memberId}/upline`,
        headers: { ...admin.headers, lang: 'en' },
        payload: { uplineUsername },
      });
    const moved = await move((agent2 as TreeMember).id, (otherRoot as TreeMember).username);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().value).toEqual({ memberId: (agent2 as TreeMember).id, parentId: (otherRoot as TreeMember).id, movedCount: 2 });
    const path = await t.database.db
      .selectFrom('members')
      .select('upline_path')
      .where('id', '=', (player as TreeMember).id)
      .executeTakeFirstOrThrow();
    expect(path.upline_path).toBe(`/${(otherRoot as TreeMember).id}/${(agent2 as TreeMember).id}/${(player as TreeMember).id}/`);

    const cycle = await move((agent2 as TreeMember).id, (player as TreeMember).username);
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json()).toMatchObject({ code: 'downline_cycle', message: expect.stringMatching(/outside the member's team/) });
    // The first root's team no longer holds the player, but a player has no downline.
    const underPlayer = await move((root as TreeMember).id, (player as TreeMember).username);
    expect(underPlayer.json().code).toBe('account_type_not_allowed');
    const nobody = await move((player as TreeMember).id, uniqueName('nobody'));
    expect(nobody.json().code).toBe('upline_invalid');

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', String((agent2 as TreeMember).id))
      .where('action', '=', 'member.moved')
      .execute();
    expect(audit).toEqual([{ action: 'member.moved', actor_id: String(admin.adminId) }]);
  });
});

describe('opening an account follows the hierarchy', () => {
  it('an agent opens directly under itself exactly the types its own type may open', async () => {
    const tree = await buildTree(
      t.database.db,
      [
        { parent: null, accountType: 1 },
        { parent: 0, accountType: 2 },
        { parent: 1, accountType: 41 },
        { parent: 2, accountType: 42 },
        { parent: 3, accountType: 0 },
        { parent: null, accountType: 4 },
      ],
      { merchant },
    );
    for (const opener of tree.members) {
      for (const type of [1, 2, 41, 42, 0, 4]) {
        const outcome = await codeOf(() =>
          downline.openAccount({
            merchantId: merchant.id,
            parentId: opener.id,
            accountType: type,
            username: uniqueName('op'),
            password: 'secret123',
            mustChangePassword: true,
            openedBy: { kind: 'agent', memberId: opener.id },
            ip: null,
          }),
        );
        expect([opener.accountType, type, outcome]).toEqual([
          opener.accountType,
          type,
          childAccountTypes(opener.accountType).includes(type) ? 'ok' : 'account_type_not_allowed',
        ]);
      }
    }
    // Not under someone else, even its own downline.
    const [root, agent2] = tree.members as TreeMember[];
    expect(
      await codeOf(() =>
        downline.openAccount({
          merchantId: merchant.id,
          parentId: (agent2 as TreeMember).id,
          accountType: 0,
          username: uniqueName('op'),
          password: 'secret123',
          mustChangePassword: true,
          openedBy: { kind: 'agent', memberId: (root as TreeMember).id },
          ip: null,
        }),
      ),
    ).toBe('forbidden');
  });

  it('an operator opens a type-1 agent or a player at the top, anything else under an upline that may have it', async () => {
    const open = (body: object) =>
      t.app.inject({ method: 'POST', url: '/admin-api/members', headers: { ...admin.headers, lang: 'en' }, payload: body });
    const top = await open({ username: uniqueName('top'), password: 'secret123', accountType: 1 });
    expect(top.statusCode).toBe(200);
    expect(top.json().value).toMatchObject({ accountType: 1, parentId: null });
    const topName = top.json().value.username as string;

    expect((await open({ username: uniqueName('a2'), password: 'secret123', accountType: 2 })).json().code).toBe(
      'account_type_not_allowed',
    );
    const under = await open({ username: uniqueName('a2'), password: 'secret123', accountType: 2, uplineUsername: topName });
    expect(under.json().value).toMatchObject({ accountType: 2, parentId: top.json().value.memberId });
    expect((await open({ username: uniqueName('a1'), password: 'secret123', accountType: 1, uplineUsername: topName })).json().code).toBe(
      'account_type_not_allowed',
    );
    expect((await open({ username: uniqueName('t'), password: 'secret123', accountType: 4 })).json().code).toBe('account_type_not_allowed');
    expect((await open({ username: topName, password: 'secret123', accountType: 0 })).json().code).toBe('username_taken');

    // The opened account must change its password at first login, and its path names its upline.
    const memberId = under.json().value.memberId as number;
    const security = await t.database.db
      .selectFrom('member_security')
      .select('must_change_password')
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    expect(security.must_change_password).toBe(true);
    const row = await t.database.db.selectFrom('members').select('upline_path').where('id', '=', memberId).executeTakeFirstOrThrow();
    expect(row.upline_path).toBe(`/${top.json().value.memberId}/${memberId}/`);

    // A locked upline takes no one.
    await t.database.db.updateTable('members').set({ status: 'locked' }).where('id', '=', top.json().value.memberId).execute();
    expect((await open({ username: uniqueName('p'), password: 'secret123', accountType: 0, uplineUsername: topName })).json().code).toBe(
      'upline_invalid',
    );
  });
});
