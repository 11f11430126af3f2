import { ACCOUNT_TYPE, AGENT_ACCOUNT_TYPES, childAccountTypes } from '@platform/contracts/account-types';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { createMember, createMerchant, uniqueName } from './factories.ts';

/**
 * Random downline trees for "no agent call returns or changes anything outside the caller's
 * subtree" property tests. A tree is a list of nodes in insertion order; each node names its
 * parent by index (an earlier node) or is a root, and its account type always follows the
 * hierarchy (`childAccountTypes` in packages/contracts/src/account-types.ts): an agent's child is one
 * of the types it may open; players and trial accounts have no children; roots are any agent type, a
 * player or a trial account (an operator or the public opened them).
 *
 *   await fc.assert(fc.asyncProperty(randomTree(), fc.nat(), async (spec, pick) => {
 *     const tree = await buildTree(db, spec);
 *     const agent = tree.members[tree.agentIndexes[pick % tree.agentIndexes.length]];
 *     ... call as `agent`, then compare with tree.teamIdsOf(agent.index)
 *   }), { numRuns: 20 });
 */

export type TreeNodeSpec = { readonly parent: number | null; readonly accountType: number };

const ROOT_TYPES = [...AGENT_ACCOUNT_TYPES, ACCOUNT_TYPE.member, ACCOUNT_TYPE.trial];

/** A node before it is placed: `rootPick % 4 === 0` makes a root, else the parent is `parentPick` among the nodes that may have children. */
const rawNode = fc.record({ rootPick: fc.nat({ max: 15 }), parentPick: fc.nat(), typePick: fc.nat() });

/**
 * An arbitrary downline tree of 1..`maxNodes` members (default 24), following the hierarchy. The
 * first node is always an agent of type 1 so every tree has at least one agent with room below it.
 */
export function randomTree(options: { maxNodes?: number } = {}): fc.Arbitrary<TreeNodeSpec[]> {
  return fc.array(rawNode, { minLength: 0, maxLength: (options.maxNodes ?? 24) - 1 }).map((raw) => {
    const nodes: TreeNodeSpec[] = [{ parent: null, accountType: ACCOUNT_TYPE.agentLevel1 }];
    for (const r of raw) {
      const parents = nodes.flatMap((n, i) => (childAccountTypes(n.accountType).length > 0 ? [i] : []));
      if (r.rootPick % 4 === 0 || parents.length === 0) {
        nodes.push({ parent: null, accountType: ROOT_TYPES[r.typePick % ROOT_TYPES.length] as number });
        continue;
      }
      const parent = parents[r.parentPick % parents.length] as number;
      const types = childAccountTypes((nodes[parent] as TreeNodeSpec).accountType);
      nodes.push({ parent, accountType: types[r.typePick % types.length] as number });
    }
    return nodes;
  });
}

export type TreeMember = {
  readonly index: number;
  readonly id: number;
  readonly username: string;
  readonly accountType: number;
  readonly parentIndex: number | null;
  readonly merchantId: number;
  readonly currency: string;
  readonly uplinePath: string;
};

export type BuiltTree = {
  readonly merchant: { id: number; code: string; currency: string };
  /** Index-aligned with the spec. */
  readonly members: readonly TreeMember[];
  /** The indexes of the agents (types 1, 2, 41, 42). */
  readonly agentIndexes: readonly number[];
  /** Member ids of everyone below the node, all levels, never the node itself. */
  teamIdsOf(index: number): Set<number>;
  /** Member ids of the node's direct downline. */
  directIdsOf(index: number): Set<number>;
  /** Every member id of the tree. */
  allIds(): Set<number>;
};

/**
 * Inserts the tree's members (in a new merchant unless one is given), with their parent and upline
 * path as the accounts module stores them, and answers the expected teams computed from the spec
 * alone (not from the database), so a test compares the code's answer with an independent one.
 */
export async function buildTree(
  db: Kysely<DB>,
  spec: readonly TreeNodeSpec[],
  options: { merchant?: { id: number; code: string; currency: string } } = {},
): Promise<BuiltTree> {
  const merchant = options.merchant ?? (await createMerchant(db));
  const members: TreeMember[] = [];
  // Unique per build, so several trees can share one merchant.
  const prefix = uniqueName('t');
  for (const [index, node] of spec.entries()) {
    const parent = node.parent === null ? undefined : members[node.parent];
    if (node.parent !== null && !parent) throw new Error(`node ${index} names parent ${node.parent}, which comes later`);
    const created = await createMember(db, merchant, {
      username: `${prefix}n${index}`,
      accountType: node.accountType,
      parentId: parent?.id ?? null,
    });
    members.push({
      index,
      id: Number(created.id),
      username: created.username,
      accountType: node.accountType,
      parentIndex: node.parent,
      merchantId: merchant.id,
      currency: merchant.currency,
      uplinePath: created.uplinePath,
    });
  }
  const childrenOf = (index: number) => spec.flatMap((n, i) => (n.parent === index ? [i] : []));
  function teamIdsOf(index: number): Set<number> {
    const ids = new Set<number>();
    const stack = childrenOf(index);
    while (stack.length > 0) {
      const next = stack.pop() as number;
      ids.add((members[next] as TreeMember).id);
      stack.push(...childrenOf(next));
    }
    return ids;
  }
  return {
    merchant,
    members,
    agentIndexes: members.flatMap((m) => (AGENT_ACCOUNT_TYPES.includes(m.accountType) ? [m.index] : [])),
    teamIdsOf,
    directIdsOf: (index) => new Set(childrenOf(index).map((i) => (members[i] as TreeMember).id)),
    allIds: () => new Set(members.map((m) => m.id)),
  };
}

/** A session principal for a tree member, for calling a service directly as that member. */
export function principalFor(member: TreeMember) {
  return {
    sessionId: 0,
    memberId: member.id,
    merchantId: member.merchantId,
    username: member.username,
    accountType: member.accountType,
    currency: member.currency,
  };
}
