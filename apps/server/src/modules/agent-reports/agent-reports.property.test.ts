import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../../test/admin-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { type BuiltTree, buildTree, principalFor, randomTree, type TreeMember } from '../../../test/random-tree.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AgentReportsService } from './agent-reports.service.ts';

let t: TestApp;
let reports: AgentReportsService;

beforeAll(async () => {
  t = await buildTestApp();
  reports = t.app.services.agentReports;
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

/** Figures every member gets, distinct per member so a sum names exactly who was counted. */
const validBetOf = (m: TreeMember) => m.id;
const depositOf = (m: TreeMember) => m.id * 10;

/**
 * Gives every member of the tree a day of play and money today: one settled round, a deposit on the
 * ledger, and (for a member with an upline) a transfer of 1 up to it. The daily rollups the reports
 * read are kept by the daily-stats module from these, as in production.
 */
async function play(tree: BuiltTree): Promise<void> {
  const db = t.database.db;
  const ledger = t.app.services.ledger;
  const { merchant } = tree;
  const clearing = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: merchant.currency });
  const accountsOf = new Map<number, Awaited<ReturnType<typeof ledger.ensureMemberAccounts>>>();
  for (const m of tree.members) {
    accountsOf.set(
      m.id,
      await ledger.ensureMemberAccounts({
        merchantId: merchant.id,
        memberId: m.id,
        currency: merchant.currency,
        kinds: ['player_main', 'player_bonus', 'agent_main'],
      }),
    );
  }
  for (const m of tree.members) {
    const stake = validBetOf(m) + 5;
    await db
      .insertInto('bet_records')
      .values({
        merchant_id: merchant.id,
        member_id: m.id,
        username: m.username,
        vendor_code: 'DEMO',
        game_code: 'dice',
        game_category: 'RNG',
        round_id: `r-${m.id}`,
        currency: merchant.currency,
        status: 'settled',
        stake,
        payout: 5,
        valid_bet: validBetOf(m),
        win_loss: 5 - stake,
        bet_count: 1,
        opened_at: new Date(),
        settled_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const own = accountsOf.get(m.id);
    await ledger.transfer({
      fromAccountId: clearing.id,
      toAccountId: own?.player_main?.id as number,
      amount: depositOf(m),
      code: 'deposit',
      idempotencyKey: `test-deposit-${m.id}`,
    });
  }
  for (const m of tree.members) {
    if (m.parentIndex === null) continue;
    const parent = tree.members[m.parentIndex] as TreeMember;
    await ledger.transfer({
      fromAccountId: accountsOf.get(m.id)?.player_main?.id as number,
      toAccountId: accountsOf.get(parent.id)?.agent_main?.id as number,
      amount: 1,
      code: 'upline_transfer',
      idempotencyKey: `test-up-${m.id}`,
    });
  }
}

const sum = (members: readonly TreeMember[], pick: (m: TreeMember) => number) => members.reduce((total, m) => total + pick(m), 0);

describe('agent reports read the caller’s own subtree and nothing else (random trees)', () => {
  it('every report answers exactly the team, and a member outside it is refused', async () => {
    await fc.assert(
      fc.asyncProperty(randomTree({ maxNodes: 16 }), randomTree({ maxNodes: 5 }), fc.nat(), async (spec, otherSpec, pick) => {
        const tree = await buildTree(t.database.db, spec);
        // A second merchant's tree with the same play: never anyone's team here.
        const other = await buildTree(t.database.db, otherSpec);
        await play(tree);
        await play(other);

        const agentIndex = tree.agentIndexes[pick % tree.agentIndexes.length] as number;
        const me = tree.members[agentIndex] as TreeMember;
        const principal = principalFor(me);
        const teamIds = tree.teamIdsOf(agentIndex);
        const team = tree.members.filter((m) => teamIds.has(m.id));
        const direct = tree.directIdsOf(agentIndex);

        // On a shared PostgreSQL server, transactions still open in other databases hold the
        // rollups' snapshot horizon back for a moment: wait until they include this play.
        const teamBet = sum(team, validBetOf) + validBetOf(me);
        await waitUntil(
          async () =>
            (await reports.subordinateProfit(principal, { period: 'today', pageNo: 1, pageSize: 100 })).totals.validBet === teamBet,
          { what: 'the rollups include the play' },
        );
        const overview = await reports.overview(principal, { period: 'today' });
        expect(overview.teamSize.total).toBe(team.length);
        expect(overview.validBet).toBe(sum(team, validBetOf));
        expect(overview.deposits.amount).toBe(sum(team, depositOf));
        expect(overview.activeMembers).toBe(team.length);
        expect(overview.newMembers).toBe(team.length);

        const bets = await reports.teamBets(principal, { period: 'today', pageNo: 1, pageSize: 100 }, 'vi');
        expect(new Set(bets.list.map((b) => b.memberId))).toEqual(teamIds);
        expect(bets.totals.validBet).toBe(sum(team, validBetOf));
        for (const bet of bets.list) {
          const member = tree.members.find((m) => m.id === bet.memberId) as TreeMember;
          expect(bet.member.level).toBe(member.uplinePath.split('/').length - me.uplinePath.split('/').length);
        }

        const pl = await reports.subordinateProfit(principal, { period: 'today', pageNo: 1, pageSize: 100 });
        expect(new Set(pl.list.map((r) => r.memberId))).toEqual(direct);
        expect(pl.totals.validBet).toBe(sum(team, validBetOf) + validBetOf(me));
        for (const row of pl.list) {
          const child = tree.members.find((m) => m.id === row.memberId) as TreeMember;
          const below = tree.members.filter((m) => m.id === child.id || tree.teamIdsOf(child.index).has(m.id));
          expect(row.teamSize).toBe(below.length);
          expect(row.validBet).toBe(sum(below, validBetOf));
          // Drilling into a member lists only its own direct downline.
          const drilled = await reports.subordinateProfit(principal, { period: 'today', parent: child.username, pageNo: 1, pageSize: 100 });
          expect(new Set(drilled.list.map((r) => r.memberId))).toEqual(tree.directIdsOf(child.index));
          expect(drilled.breadcrumb.map((b) => b.memberId)).toEqual([
            me.id,
            ...child.uplinePath.split('/').filter(Boolean).map(Number).slice(me.uplinePath.split('/').filter(Boolean).length),
          ]);
        }

        const transactions = await reports.teamTransactions(principal, { period: 'today', pageNo: 1, pageSize: 100 });
        expect(transactions.list.every((l) => teamIds.has(l.member.memberId))).toBe(true);
        expect(new Set(transactions.list.filter((l) => l.kind === 'deposit').map((l) => l.member.memberId))).toEqual(teamIds);
        expect(transactions.totals.depositAmount).toBe(sum(team, depositOf));

        const income = await reports.income(principal, { period: 'today', pageNo: 1, pageSize: 100 });
        expect(income.byKind.find((k) => k.kind === 'downline_transfer')?.count).toBe(direct.size);
        expect(income.total).toBe(direct.size);

        // Anyone outside the subtree (its upline, other branches, the agent itself, another merchant) is refused by name.
        for (const m of [...tree.members, ...other.members]) {
          if (teamIds.has(m.id)) continue;
          expect(
            await codeOf(() => reports.teamBets(principal, { period: 'today', username: m.username, pageNo: 1, pageSize: 10 }, 'vi')),
          ).toBe('not_in_team');
          expect(
            await codeOf(() => reports.subordinateProfit(principal, { period: 'today', parent: m.username, pageNo: 1, pageSize: 10 })),
          ).toBe('not_in_team');
          expect(
            await codeOf(() => reports.teamTransactions(principal, { period: 'today', username: m.username, pageNo: 1, pageSize: 10 })),
          ).toBe('not_in_team');
        }
        // A player or trial account of the tree is not an agent at all.
        const nonAgent = tree.members.find((m) => !tree.agentIndexes.includes(m.index));
        if (nonAgent) expect(await codeOf(() => reports.overview(principalFor(nonAgent), { period: 'today' }))).toBe('not_an_agent');
      }),
      { numRuns: 8 },
    );
  });
});

describe('agent reports follow an operator’s move of a member with its team (random trees)', () => {
  it('after the move, every agent’s overview and subordinate P&L answer the new tree', async () => {
    await createMerchant(t.database.db); // the operator logs in on a configured merchant
    const admin = await loginAdmin(t.app, 'support');
    const downline = t.app.services.accounts.downline;
    await fc.assert(
      fc.asyncProperty(randomTree({ maxNodes: 12 }), fc.nat(), fc.nat(), async (spec, pickMember, pickParent) => {
        const tree = await buildTree(t.database.db, spec);
        await play(tree);
        const top = tree.members[0] as TreeMember;
        const topTeam = tree.members.filter((m) => tree.teamIdsOf(0).has(m.id));
        // The play is rolled up before the move, so the move has rolled-up totals to carry.
        await waitUntil(
          async () =>
            (await reports.subordinateProfit(principalFor(top), { period: 'today', pageNo: 1, pageSize: 100 })).totals.validBet ===
            sum(topTeam, validBetOf) + validBetOf(top),
          { what: 'the rollups include the play' },
        );
        const member = tree.members[pickMember % tree.members.length] as TreeMember;
        const parent = tree.members[tree.agentIndexes[pickParent % tree.agentIndexes.length] as number] as TreeMember;
        // Refused moves (a cycle, a type the upline may not have) leave the tree as it was; both are checked.
        await codeOf(() => downline.moveMember({ adminId: admin.adminId, merchantId: tree.merchant.id, ip: null }, member.id, parent.id));

        const rows = await t.database.db
          .selectFrom('members')
          .select(['id', 'upline_path'])
          .where('merchant_id', '=', tree.merchant.id)
          .execute();
        const pathOf = new Map(rows.map((r) => [Number(r.id), r.upline_path]));
        const below = (m: TreeMember) =>
          tree.members.filter((x) => x.id !== m.id && (pathOf.get(x.id) as string).startsWith(pathOf.get(m.id) as string));
        for (const agentIndex of tree.agentIndexes) {
          const me = tree.members[agentIndex] as TreeMember;
          const team = below(me);
          const overview = await reports.overview(principalFor(me), { period: 'today' });
          expect(overview.teamSize.total).toBe(team.length);
          expect(overview.validBet).toBe(sum(team, validBetOf));
          expect(overview.deposits.amount).toBe(sum(team, depositOf));
          expect(overview.activeMembers).toBe(team.length);
          expect(overview.days.find((d) => d.activeMembers > 0)?.activeMembers ?? 0).toBe(team.length);
          const pl = await reports.subordinateProfit(principalFor(me), { period: 'today', pageNo: 1, pageSize: 100 });
          for (const row of pl.list) {
            const child = tree.members.find((m) => m.id === row.memberId) as TreeMember;
            const branch = [child, ...below(child)];
            expect(row.teamSize).toBe(branch.length);
            expect(row.validBet).toBe(sum(branch, validBetOf));
            expect(row.depositAmount).toBe(sum(branch, depositOf));
          }
          expect(pl.totals.validBet).toBe(sum(team, validBetOf) + validBetOf(me));
        }
      }),
      { numRuns: 8 },
    );
  });
});
