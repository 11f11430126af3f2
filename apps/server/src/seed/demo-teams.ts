import { ACCOUNT_TYPE, isAgentAccountType, mayOpen } from '@platform/contracts/account-types';
import { GAME_ROUND_REFERENCE_PREFIX } from '@platform/contracts/records';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import { addDays, localDateOf, startOfLocalDate } from '../lib/time-zone.ts';
import type { BetRecordService } from '../modules/bet-records/bet-records.service.ts';
import type { ImportTransferInput, LedgerService } from '../modules/ledger/ledger.service.ts';
import { LOTTERY_VENDOR_CODE } from '../modules/lottery/lottery.seed-data.ts';
import { DEFAULT_MEMBER_TIME_ZONE } from '../modules/records/records.settings.ts';
import type { SeededDemoData } from './demo-seed.ts';
import * as repo from './demo-teams.repository.ts';

/**
 * The demo agents' teams and their weeks of play, so every agent-centre page shows real figures on
 * the first start (docs/demo-data.md). Under agent01, three levels following the account-type
 * hierarchy (`mayOpen`): sub-agents of types 2, 41 and 42 and a few hundred players, joined over the
 * weeks; then four weeks of play: deposits, rounds of the demo games and the lottery, withdrawals,
 * bonuses and agents' transfers to their downline.
 *
 * Everything is loaded set-based in the seed's transaction: members in one statement per level, the
 * rounds through `betRecords.importSettledRounds`, and every money movement through the ledger's
 * `importTransfers`, dated when it happened, so balances equal their entries and the books balance
 * (the ledger reconciliation stays clean). The daily rollups are not written here: the daily-stats
 * consumer builds them from these records after the seed commits, like any other records.
 * A seeded random generator makes the demo the same on every fresh start (relative to its date).
 */

export const DEMO_PLAY_DAYS = 28;
/** The password of every generated team member (listed in docs/demo-data.md; public, demo only). */
export const DEMO_TEAM_PASSWORD = 'Player2026';

/** Children per parent: by the parent's account type at levels 0 and 1; every agent at level 2 gets players only. */
const TEAM_SHAPE: Readonly<Record<number, { agents: readonly number[]; players: number }>> = {
  [ACCOUNT_TYPE.agentLevel1]: {
    agents: [ACCOUNT_TYPE.agentLevel2, ACCOUNT_TYPE.agentLevel41, ACCOUNT_TYPE.agentLevel41, ACCOUNT_TYPE.agentLevel42],
    players: 60,
  },
  [ACCOUNT_TYPE.agentLevel2]: { agents: [ACCOUNT_TYPE.agentLevel41, ACCOUNT_TYPE.agentLevel42], players: 35 },
  [ACCOUNT_TYPE.agentLevel41]: { agents: [ACCOUNT_TYPE.agentLevel42], players: 25 },
  [ACCOUNT_TYPE.agentLevel42]: { agents: [], players: 25 },
};
const LEAF_AGENT_PLAYERS = 20;
/** agent01's team reaches this many levels below it. */
const TEAM_LEVELS = 3;

const DEMO_GAMES = [
  { vendorCode: 'DEMO', gameCode: 'lucky-sevens', category: 'RNG', weight: 4 },
  { vendorCode: 'DEMO', gameCode: 'fruit-spin', category: 'RNG', weight: 3 },
  { vendorCode: 'DEMO', gameCode: 'dragon-dice', category: 'RNG', weight: 2 },
  { vendorCode: 'DEMO', gameCode: 'gold-coin-flip', category: 'RNG', weight: 2 },
  { vendorCode: LOTTERY_VENDOR_CODE, gameCode: 'EL1', category: 'ELOTT', weight: 2 },
  { vendorCode: LOTTERY_VENDOR_CODE, gameCode: 'MB', category: 'LOTT', weight: 1 },
] as const;

const GIVEN_NAMES = [
  'An',
  'Bình',
  'Chi',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hoa',
  'Hùng',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Minh',
  'Nam',
  'Ngọc',
  'Phong',
  'Quân',
  'Thảo',
  'Trang',
  'Tuấn',
  'Vy',
  'Yến',
];
const FAMILY_NAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi', 'Đỗ', 'Ngô'];

/** mulberry32: a small seeded generator, so the demo is the same on every fresh start. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T,
  };
}

type TeamMember = {
  id: number;
  username: string;
  accountType: number;
  parentId: number | null;
  uplinePath: string;
  level: number;
  createdAt: Date;
  activity: number;
};

export type DemoTeamsServices = {
  ledger: Pick<LedgerService, 'ensureSystemAccount' | 'ensureMemberAccountsOfMany' | 'importTransfers'>;
  betRecords: Pick<BetRecordService, 'importSettledRounds'>;
};

/** The seed step (see `DemoSeedOptions.afterAccounts`): builds the teams and loads their play. */
export function seedDemoTeams(services: DemoTeamsServices, options: { now?: () => Date } = {}) {
  return async (trx: Transaction<DB>, seeded: SeededDemoData): Promise<{ members: number; rounds: number; transfers: number }> => {
    const now = options.now?.() ?? new Date();
    const { merchant } = seeded;
    const zone = DEFAULT_MEMBER_TIME_ZONE;
    const today = localDateOf(now, zone);
    const firstDay = addDays(today, -DEMO_PLAY_DAYS);
    const windowStart = startOfLocalDate(firstDay, zone);
    const random = seededRandom(20_261_126);
    const passwordHash = await hashPassword(DEMO_TEAM_PASSWORD);

    // The team: existing demo accounts keep their places; new ones fill the shape level by level.
    const root = seeded.members.find((m) => m.username === 'agent01');
    if (!root) throw new Error('the demo team needs agent01');
    const byId = new Map<number, TeamMember>();
    const existingTeam = seeded.members.filter((m) => m.uplinePath.startsWith(root.uplinePath));
    await repo.backdateMembers(
      trx,
      seeded.members.map((m) => m.id),
      new Date(windowStart.getTime() - 7 * 86_400_000),
    );
    for (const m of existingTeam) {
      const level = m.uplinePath.split('/').filter(Boolean).length - root.uplinePath.split('/').filter(Boolean).length;
      const parentId = level === 0 ? null : Number(m.uplinePath.split('/').filter(Boolean).at(-2));
      byId.set(m.id, {
        id: m.id,
        username: m.username,
        accountType: m.accountType,
        parentId,
        uplinePath: m.uplinePath,
        level,
        createdAt: windowStart,
        activity: 0.6,
      });
    }
    let agentNo = 10;
    let playerNo = 0;
    for (let level = 0; level < TEAM_LEVELS; level++) {
      const parents = [...byId.values()].filter((m) => m.level === level && isAgentAccountType(m.accountType));
      const rows: (Omit<TeamMember, 'id' | 'uplinePath'> & { nickname: string; parentPath: string })[] = [];
      for (const parent of parents) {
        const shape =
          level === TEAM_LEVELS - 1
            ? { agents: [], players: LEAF_AGENT_PLAYERS }
            : (TEAM_SHAPE[parent.accountType] ?? { agents: [], players: 0 });
        const existingChildren = [...byId.values()].filter((m) => m.parentId === parent.id);
        const agents = [...shape.agents];
        for (const child of existingChildren) {
          const at = agents.indexOf(child.accountType);
          if (at >= 0) agents.splice(at, 1);
        }
        const parentPath = parent.uplinePath;
        const children = [...agents, ...Array.from({ length: shape.players }, () => ACCOUNT_TYPE.member)];
        for (const accountType of children) {
          if (!mayOpen(parent.accountType, accountType)) throw new Error(`type ${parent.accountType} may not open type ${accountType}`);
          const isAgent = accountType !== ACCOUNT_TYPE.member;
          const username = isAgent ? `agent${String(++agentNo).padStart(2, '0')}` : `mem${String(++playerNo).padStart(4, '0')}`;
          // Agents are there from the start; players join over the weeks (a few each day).
          const joinedDay = isAgent ? 0 : random.int(0, DEMO_PLAY_DAYS - 1);
          const createdAt = new Date(startOfLocalDate(addDays(firstDay, joinedDay), zone).getTime() + random.int(8, 22) * 3_600_000);
          rows.push({
            username,
            nickname: `${random.pick(FAMILY_NAMES)} ${random.pick(GIVEN_NAMES)}`,
            accountType,
            parentId: parent.id,
            level: level + 1,
            createdAt,
            activity: 0.2 + random.next() * 0.5,
            parentPath,
          });
        }
      }
      const ids = await repo.insertMembers(
        trx,
        rows.map((r) => ({
          merchantId: merchant.id,
          currency: merchant.currency,
          username: r.username,
          nickname: r.nickname,
          accountType: r.accountType,
          parentId: r.parentId as number,
          parentPath: r.parentPath,
          passwordHash,
          createdAt: r.createdAt,
        })),
      );
      rows.forEach((r, i) => {
        const id = ids[i] as number;
        byId.set(id, {
          id,
          username: r.username,
          accountType: r.accountType,
          parentId: r.parentId,
          uplinePath: `${r.parentPath}${id}/`,
          level: r.level,
          createdAt: r.createdAt,
          activity: r.activity,
        });
      });
    }
    const team = [...byId.values()];

    // Wallets, all at once.
    const agentIds = team.filter((m) => isAgentAccountType(m.accountType)).map((m) => m.id);
    const accounts = await services.ledger.ensureMemberAccountsOfMany(
      { merchantId: merchant.id, currency: merchant.currency, memberIds: team.map((m) => m.id), kinds: ['player_main', 'player_bonus'] },
      trx,
    );
    const agentAccounts = await services.ledger.ensureMemberAccountsOfMany(
      { merchantId: merchant.id, currency: merchant.currency, memberIds: agentIds, kinds: ['agent_main'] },
      trx,
    );
    const mainOf = new Map(accounts.filter((a) => a.kind === 'player_main').map((a) => [a.memberId, a.id]));
    const agentWalletOf = new Map(agentAccounts.map((a) => [a.memberId, a.id]));
    const system = async (kind: 'house_revenue' | 'payment_clearing' | 'bonus_pool') =>
      (await services.ledger.ensureSystemAccount({ merchantId: merchant.id, kind, currency: merchant.currency }, trx)).id;
    const house = await system('house_revenue');
    const clearing = await system('payment_clearing');
    const pool = await system('bonus_pool');

    // The weeks of play, as candidate events in time order; a movement that would overdraw is dropped.
    type Round = {
      memberId: number;
      game: (typeof DEMO_GAMES)[number];
      stake: number;
      payout: number;
      openedAt: Date;
      settledAt: Date;
      roundId: string;
    };
    type Event =
      | {
          at: Date;
          kind: 'move';
          from: number;
          to: number;
          fromMember: number | null;
          toMember: number | null;
          amount: number;
          code: ImportTransferInput['code'];
          note?: string;
        }
      | { at: Date; kind: 'bet'; round: Round }
      | { at: Date; kind: 'win'; round: Round };
    const gameWeights = DEMO_GAMES.flatMap((g) => Array.from({ length: g.weight }, () => g));
    const events: Event[] = [];
    const roundsKept: Round[] = [];
    let roundNo = 0;
    const at = (day: string, hour: number) =>
      new Date(startOfLocalDate(day, zone).getTime() + hour * 3_600_000 + random.int(0, 3_599) * 1_000);

    // Agents' wallets are funded by the operator at the start (a correction: no daily figure counts it).
    for (const id of agentIds) {
      events.push({
        at: new Date(windowStart.getTime() + 60_000),
        kind: 'move',
        from: pool,
        to: agentWalletOf.get(id) as number,
        fromMember: null,
        toMember: id,
        amount: 30_000_000,
        code: 'admin_adjustment',
        note: 'Demo agent wallet',
      });
    }
    for (let d = 0; d <= DEMO_PLAY_DAYS; d++) {
      const day = addDays(firstDay, d);
      for (const member of team) {
        if (member.createdAt.getTime() > startOfLocalDate(addDays(day, 1), zone).getTime()) continue;
        const main = mainOf.get(member.id) as number;
        if (!random.chance(member.activity)) continue;
        const startHour = random.int(8, 21);
        const first = at(day, startHour);
        if (first < member.createdAt) continue;
        if (random.chance(0.45)) {
          const amount = random.int(10, 300) * 10_000;
          events.push({
            at: first,
            kind: 'move',
            from: clearing,
            to: main,
            fromMember: null,
            toMember: member.id,
            amount,
            code: 'deposit',
          });
        }
        const rounds = random.int(1, 5);
        let t = first.getTime() + 60_000;
        for (let i = 0; i < rounds; i++) {
          const game = random.pick(gameWeights);
          const stake = random.int(1, 50) * 5_000;
          const outcome = random.next();
          const payout =
            outcome < 0.5 ? 0 : outcome < 0.58 ? stake : Math.round((stake * (120 + random.int(0, 150))) / 100 / 1_000) * 1_000;
          const openedAt = new Date(t);
          const settledAt = new Date(t + random.int(30, 600) * 1_000);
          t = settledAt.getTime() + random.int(1, 20) * 60_000;
          const round = { memberId: member.id, game, stake, payout, openedAt, settledAt, roundId: `demo-${++roundNo}` };
          events.push({ at: openedAt, kind: 'bet', round });
          if (payout > 0) events.push({ at: settledAt, kind: 'win', round });
        }
        if (random.chance(0.06)) {
          events.push({
            at: new Date(t + 3_600_000),
            kind: 'move',
            from: pool,
            to: main,
            fromMember: null,
            toMember: member.id,
            amount: random.int(2, 10) * 10_000,
            code: 'promotion',
          });
        }
        if (random.chance(0.12)) {
          events.push({
            at: new Date(t + 2 * 3_600_000),
            kind: 'move',
            from: main,
            to: clearing,
            fromMember: member.id,
            toMember: null,
            amount: random.int(5, 80) * 10_000,
            code: 'withdrawal',
          });
        }
      }
      // Twice a week each agent sends money to a few of its direct downline.
      if (d % 3 === 0) {
        for (const agentId of agentIds) {
          const children = team.filter((m) => m.parentId === agentId);
          for (let k = 0; k < Math.min(3, children.length); k++) {
            const child = random.pick(children);
            events.push({
              at: at(day, random.int(9, 20)),
              kind: 'move',
              from: agentWalletOf.get(agentId) as number,
              to: mainOf.get(child.id) as number,
              fromMember: agentId,
              toMember: child.id,
              amount: random.int(5, 50) * 10_000,
              code: 'downline_transfer',
            });
          }
        }
      }
    }

    const kept = events.filter((e) => e.at <= now).sort((a, b) => a.at.getTime() - b.at.getTime());
    const balances = new Map<number, number>();
    const applied: Event[] = [];
    const bets = new Set<Round>();
    for (const e of kept) {
      if (e.kind === 'move') {
        if (e.fromMember !== null) {
          const balance = balances.get(e.from) ?? 0;
          if (balance < e.amount) continue;
          balances.set(e.from, balance - e.amount);
        }
        if (e.toMember !== null) balances.set(e.to, (balances.get(e.to) ?? 0) + e.amount);
      } else if (e.kind === 'bet') {
        const main = mainOf.get(e.round.memberId) as number;
        const balance = balances.get(main) ?? 0;
        if (balance < e.round.stake) continue;
        balances.set(main, balance - e.round.stake);
        bets.add(e.round);
        roundsKept.push(e.round);
      } else {
        if (!bets.has(e.round)) continue;
        const main = mainOf.get(e.round.memberId) as number;
        balances.set(main, (balances.get(main) ?? 0) + e.round.payout);
      }
      applied.push(e);
    }

    // Rounds first (their ids are the ledger references), then all the money in one import.
    const usernameOf = new Map(team.map((m) => [m.id, m.username]));
    const roundIds = await services.betRecords.importSettledRounds(
      trx,
      roundsKept.map((r) => ({
        merchantId: merchant.id,
        memberId: r.memberId,
        username: usernameOf.get(r.memberId) as string,
        vendorCode: r.game.vendorCode,
        gameCode: r.game.gameCode,
        gameCategory: r.game.category,
        roundId: r.roundId,
        currency: merchant.currency,
        stake: r.stake,
        payout: r.payout,
        openedAt: r.openedAt,
        settledAt: r.settledAt,
      })),
    );
    const moneyAndRounds = applied.map((e, n): ImportTransferInput => {
      if (e.kind === 'move') {
        return {
          fromAccountId: e.from,
          toAccountId: e.to,
          amount: e.amount,
          code: e.code,
          idempotencyKey: `demo-seed:play:${n}`,
          at: e.at,
          ...(e.note ? { note: e.note } : {}),
        };
      }
      const main = mainOf.get(e.round.memberId) as number;
      const reference = { type: `${GAME_ROUND_REFERENCE_PREFIX}${e.round.game.category}`, id: String(roundIds.get(e.round.roundId)) };
      return e.kind === 'bet'
        ? {
            fromAccountId: main,
            toAccountId: house,
            amount: e.round.stake,
            code: 'bet',
            idempotencyKey: `demo-seed:bet:${e.round.roundId}`,
            reference,
            at: e.at,
          }
        : {
            fromAccountId: house,
            toAccountId: main,
            amount: e.round.payout,
            code: 'payout',
            idempotencyKey: `demo-seed:win:${e.round.roundId}`,
            reference,
            at: e.at,
          };
    });
    await services.ledger.importTransfers(moneyAndRounds, trx);
    return { members: team.length, rounds: roundsKept.length, transfers: moneyAndRounds.length };
  };
}
