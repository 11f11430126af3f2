import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { localDateOf } from '../src/lib/time-zone.ts';
import * as downlineRepo from '../src/modules/accounts/downline.repository.ts';
import { type BetRecord, createBetRecordService } from '../src/modules/bet-records/bet-records.service.ts';
import { createDailyStatsService } from '../src/modules/daily-stats/daily-stats.service.ts';
import { createLedgerService } from '../src/modules/ledger/ledger.service.ts';
import { memberTimeZoneSetting } from '../src/modules/records/records.settings.ts';
import { createSettingsService } from '../src/modules/settings/settings.service.ts';
import { createMember, createMerchant, uniqueName } from './factories.ts';
import { waitUntil } from './wait-for.ts';

/**
 * A merchant whose members play and move money through the real bet-record and ledger services on a
 * clock the test moves, with the daily-stats service following them. The test keeps its own log of
 * the money it moved, so the expected money figures are computed here, apart from the module's
 * rules; game figures are read straight from bet_records with PostgreSQL's own time-zone rules.
 */

const QUIET = { info: () => {}, warn: () => {}, error: () => {} };

type MoneyLine = {
  memberId: number;
  at: Date;
  deposit?: number;
  depositCount?: number;
  withdrawal?: number;
  withdrawalCount?: number;
  bonus?: number;
  transferIn?: number;
  transferOut?: number;
};

export async function createPlayWorld(
  db: Kysely<DB>,
  options: {
    timeZone: string;
    members: number;
    /** Each member's upline by index (an earlier member), or null; all at the top without it. */
    parents?: readonly (number | null)[];
    start: Date;
    batchRows?: number;
    chunkMembers?: number;
    afterChunk?: (chunk: { afterMemberId: number; uptoMemberId: number }) => Promise<void>;
  },
) {
  const clock = { now: options.start };
  const now = () => clock.now;
  const ledger = createLedgerService({ db, now });
  const betRecords = createBetRecordService({ db, now });
  const settings = createSettingsService({ db, now });
  const merchant = await createMerchant(db, { currency: 'VND' });
  await settings.set(merchant.id, memberTimeZoneSetting, options.timeZone, 'test');
  const timeZoneOf = (merchantId: number, trx?: Kysely<DB>) => settings.get(merchantId, memberTimeZoneSetting, trx);
  const dailyStats = createDailyStatsService({
    db,
    betRecords,
    ledger,
    timeZoneOf,
    now,
    logger: QUIET,
    ...(options.batchRows ? { batchRows: options.batchRows } : {}),
    ...(options.chunkMembers ? { chunkMembers: options.chunkMembers } : {}),
    ...(options.afterChunk ? { afterChunk: options.afterChunk } : {}),
  });
  const system = {
    clearing: (await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'payment_clearing', currency: 'VND' })).id,
    pool: (await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'bonus_pool', currency: 'VND' })).id,
  };
  const members: { id: number; main: number; bonus: number }[] = [];
  for (let i = 0; i < options.members; i++) {
    const parentIndex = options.parents?.[i] ?? null;
    const parentId = parentIndex === null ? null : (members[parentIndex]?.id ?? null);
    const member = await createMember(db, merchant, { parentId });
    const accounts = await ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId: member.id, currency: 'VND' });
    const main = accounts.player_main?.id as number;
    // Starting money is an operator correction: it counts in no daily figure.
    await ledger.transfer({
      fromAccountId: system.pool,
      toAccountId: main,
      amount: 1_000_000,
      code: 'admin_adjustment',
      idempotencyKey: uniqueName('fund-'),
    });
    members.push({ id: member.id, main, bonus: accounts.player_bonus?.id as number });
  }

  const rounds: BetRecord[] = [];
  const moneyLog: MoneyLine[] = [];
  /** Transfers that may be reversed, with the lines a reversal takes back. */
  const reversible: { transferId: number; lines: MoneyLine[] }[] = [];
  let roundNo = 0;

  const inTrx = <T>(fn: (trx: Parameters<Parameters<ReturnType<Kysely<DB>['transaction']>['execute']>[0]>[0]) => Promise<T>) =>
    db.transaction().execute(fn);

  async function balanceOf(accountId: number) {
    return ledger.balanceOf(accountId);
  }

  /**
   * `refresh()` until the rollups include every change written before the call. On a shared
   * PostgreSQL server, transactions open in other databases hold the consumer's horizon back for a
   * moment; on PGlite the first pass is enough.
   */
  async function refreshAll(): Promise<void> {
    const { rows } = await sql<{ next: string }>`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`.execute(db);
    const target = BigInt((rows[0] as { next: string }).next);
    await waitUntil(
      async () => {
        await dailyStats.refresh();
        const cursors = await sql<{ position: string }>`SELECT position::text AS position FROM daily_stats_cursors`.execute(db);
        return cursors.rows.every((c) => BigInt(c.position) >= target);
      },
      { what: 'the rollups include every change written so far' },
    );
  }

  return {
    merchant,
    members,
    clock,
    dailyStats: { ...dailyStats, refresh: refreshAll },
    moneyLog,
    rounds,
    /**
     * Moves a member (with its team) under another, as the operator's move does: in one transaction,
     * the subtree's paths and the team rollups. False (nothing done) when the new upline is the
     * member, in its team, or already its upline.
     */
    async move(memberIndex: number, parentIndex: number): Promise<boolean> {
      return inTrx((trx) => this.moveIn(trx, memberIndex, parentIndex));
    },
    /** `move` inside the caller's transaction (committed when it commits). */
    async moveIn(trx: Transaction<DB>, memberIndex: number, parentIndex: number): Promise<boolean> {
      const member = members[memberIndex % members.length] as (typeof members)[number];
      const parent = members[parentIndex % members.length] as (typeof members)[number];
      await downlineRepo.lockMovesOf(trx, merchant.id);
      const rows = await trx
        .selectFrom('members')
        .select(['id', 'parent_id', 'upline_path'])
        .where('id', 'in', [member.id, parent.id])
        .execute();
      const m = rows.find((r) => Number(r.id) === member.id);
      const p = rows.find((r) => Number(r.id) === parent.id);
      if (!m || !p || p.upline_path.startsWith(m.upline_path) || Number(m.parent_id) === parent.id) return false;
      const toPath = `${p.upline_path}${member.id}/`;
      await downlineRepo.lockSubtree(trx, merchant.id, m.upline_path);
      await downlineRepo.setParent(trx, member.id, parent.id);
      await downlineRepo.rewriteSubtreePaths(trx, merchant.id, m.upline_path, toPath);
      await dailyStats.subtreeMoved(trx, { merchantId: merchant.id, memberId: member.id, fromPath: m.upline_path, toPath });
      return true;
    },
    /** Every member's upline path now. */
    async paths(): Promise<Map<number, string>> {
      const rows = await db.selectFrom('members').select(['id', 'upline_path']).where('merchant_id', '=', merchant.id).execute();
      return new Map(rows.map((r) => [Number(r.id), r.upline_path]));
    },
    /** Every team rollup row of the merchant, as maps keyed `ancestor|day|category` (game), `ancestor|day` (money, activity). */
    async teamRolledUp() {
      const games = await sql<Record<string, string>>`
        SELECT ancestor_id::text AS a, to_char(day, 'YYYY-MM-DD') AS d, category, bet_count::text AS bet_count, stake::text AS stake,
               valid_bet::text AS valid_bet, payout::text AS payout, win_loss::text AS win_loss
          FROM team_daily_game_stats WHERE merchant_id = ${merchant.id}`.execute(db);
      const money = await sql<Record<string, string>>`
        SELECT ancestor_id::text AS a, to_char(day, 'YYYY-MM-DD') AS d, deposit_amount::text AS deposit_amount,
               deposit_count::text AS deposit_count, withdrawal_amount::text AS withdrawal_amount,
               withdrawal_count::text AS withdrawal_count, bonus_amount::text AS bonus_amount,
               transfer_in_amount::text AS transfer_in_amount, transfer_out_amount::text AS transfer_out_amount
          FROM team_daily_money_stats WHERE merchant_id = ${merchant.id}`.execute(db);
      const activity = await sql<Record<string, string>>`
        SELECT ancestor_id::text AS a, to_char(day, 'YYYY-MM-DD') AS d, active_members::text AS n
          FROM team_daily_activity WHERE merchant_id = ${merchant.id}`.execute(db);
      return {
        games: new Map(
          games.rows.map((r) => [
            `${r.a}|${r.d}|${r.category}`,
            [Number(r.bet_count), Number(r.stake), Number(r.valid_bet), Number(r.payout), Number(r.win_loss)],
          ]),
        ),
        money: new Map(
          money.rows.map((r) => [
            `${r.a}|${r.d}`,
            [
              Number(r.deposit_amount),
              Number(r.deposit_count),
              Number(r.withdrawal_amount),
              Number(r.withdrawal_count),
              Number(r.bonus_amount),
              Number(r.transfer_in_amount),
              Number(r.transfer_out_amount),
            ],
          ]),
        ),
        activity: new Map(activity.rows.map((r) => [`${r.a}|${r.d}`, Number(r.n)])),
      };
    },
    advance(minutes: number) {
      clock.now = new Date(clock.now.getTime() + minutes * 60_000);
    },
    async bet(memberIndex: number, category: string, stake: number, isTrial = false) {
      const member = members[memberIndex % members.length] as (typeof members)[number];
      roundNo += 1;
      const round = await inTrx(async (trx) => {
        const opened = await betRecords.openRound(trx, {
          merchantId: merchant.id,
          memberId: member.id,
          username: `m${member.id}`,
          vendorCode: 'TEST',
          gameCode: 'g1',
          gameCategory: category,
          roundId: `r${roundNo}-${uniqueName('')}`,
          currency: 'VND',
          isTrial,
        });
        return betRecords.addStake(trx, opened, stake);
      });
      rounds.push(round);
      return rounds.length - 1;
    },
    /** Another stake in an open round. */
    async addStake(roundIndex: number, stake: number) {
      const round = rounds[roundIndex % rounds.length] as BetRecord;
      const updated = await inTrx(async (trx) => {
        const row = (await betRecords.findById(trx, round.id, { isForUpdate: true })) as BetRecord;
        if (row.status === 'settled') return undefined;
        return betRecords.addStake(trx, row, stake);
      });
      if (updated) rounds[roundIndex % rounds.length] = updated;
    },
    /** A win (possibly 0): settles the round, or adds to the payout of a settled one. */
    async win(roundIndex: number, amount: number) {
      const round = rounds[roundIndex % rounds.length] as BetRecord;
      const updated = await inTrx(async (trx) => {
        const row = (await betRecords.findById(trx, round.id, { isForUpdate: true })) as BetRecord;
        return betRecords.addPayout(trx, row, amount);
      });
      rounds[roundIndex % rounds.length] = updated;
    },
    /** A lottery-style settlement of several rounds in one statement. */
    async winMany(roundIndexes: readonly number[], amount: number) {
      const ids = [...new Set(roundIndexes.map((i) => (rounds[i % rounds.length] as BetRecord).id))];
      await inTrx(async (trx) => {
        for (const id of ids) await betRecords.findById(trx, id, { isForUpdate: true });
        await betRecords.addPayouts(
          trx,
          ids.map((id) => ({ id, amount })),
        );
      });
    },
    /** Rolls a stake back (only an open round's); a round left with no stake is cancelled. */
    async rollback(roundIndex: number) {
      const round = rounds[roundIndex % rounds.length] as BetRecord;
      await inTrx(async (trx) => {
        const row = (await betRecords.findById(trx, round.id, { isForUpdate: true })) as BetRecord;
        if (row.status === 'settled' || row.stake === 0) return;
        rounds[roundIndex % rounds.length] = await betRecords.removeStake(trx, row, row.stake);
      });
    },
    async deposit(memberIndex: number, amount: number) {
      const member = members[memberIndex % members.length] as (typeof members)[number];
      const moved = await ledger.transfer({
        fromAccountId: system.clearing,
        toAccountId: member.main,
        amount,
        code: 'deposit',
        idempotencyKey: uniqueName('dep-'),
      });
      const line = { memberId: member.id, at: now(), deposit: amount, depositCount: 1 };
      moneyLog.push(line);
      reversible.push({ transferId: moved.transferId, lines: [line] });
    },
    /** A withdrawal request held, then paid out (or rejected: nothing counts). */
    async withdraw(memberIndex: number, amount: number, isPaid: boolean) {
      const member = members[memberIndex % members.length] as (typeof members)[number];
      if ((await balanceOf(member.main)) < amount) return;
      const held = await ledger.reserve({ accountId: member.main, amount, code: 'withdrawal', idempotencyKey: uniqueName('wd-') });
      if (isPaid) {
        await ledger.post({
          reservationId: held.reservationId,
          toAccountId: system.clearing,
          code: 'withdrawal',
          idempotencyKey: uniqueName('wdp-'),
        });
        moneyLog.push({ memberId: member.id, at: now(), withdrawal: amount, withdrawalCount: 1 });
      } else {
        await ledger.voidReservation({ reservationId: held.reservationId, idempotencyKey: uniqueName('wdv-') });
      }
    },
    /** A paid withdrawal that came back from the bank. */
    async withdrawalReturned(memberIndex: number, amount: number) {
      const member = members[memberIndex % members.length] as (typeof members)[number];
      await ledger.transfer({
        fromAccountId: system.clearing,
        toAccountId: member.main,
        amount,
        code: 'withdrawal_returned',
        idempotencyKey: uniqueName('wr-'),
      });
      moneyLog.push({ memberId: member.id, at: now(), withdrawal: -amount, withdrawalCount: -1 });
    },
    async bonus(memberIndex: number, amount: number) {
      const member = members[memberIndex % members.length] as (typeof members)[number];
      const moved = await ledger.transfer({
        fromAccountId: system.pool,
        toAccountId: member.main,
        amount,
        code: 'promotion',
        idempotencyKey: uniqueName('bo-'),
      });
      const line = { memberId: member.id, at: now(), bonus: amount };
      moneyLog.push(line);
      reversible.push({ transferId: moved.transferId, lines: [line] });
    },
    /** A transfer to another member (or, when both are the same, between the member's own wallets: it counts nothing). */
    async transfer(fromIndex: number, toIndex: number, amount: number) {
      const from = members[fromIndex % members.length] as (typeof members)[number];
      const to = members[toIndex % members.length] as (typeof members)[number];
      if ((await balanceOf(from.main)) < amount) return;
      const isOwn = from.id === to.id;
      const moved = await ledger.transfer({
        fromAccountId: from.main,
        toAccountId: isOwn ? from.bonus : to.main,
        amount,
        code: 'downline_transfer',
        idempotencyKey: uniqueName('tr-'),
      });
      const lines = isOwn
        ? []
        : [
            { memberId: from.id, at: now(), transferOut: amount },
            { memberId: to.id, at: now(), transferIn: amount },
          ];
      moneyLog.push(...lines);
      reversible.push({ transferId: moved.transferId, lines });
    },
    /** Reverses an earlier deposit, bonus or transfer (once), on today's date. */
    async reverse(index: number) {
      if (reversible.length === 0) return;
      const [target] = reversible.splice(index % reversible.length, 1);
      if (!target) return;
      try {
        await ledger.reverse({ transferId: target.transferId, idempotencyKey: uniqueName('rev-') });
      } catch {
        // The money has been spent since (the reversal would overdraw): nothing moved.
        return;
      }
      for (const line of target.lines) {
        moneyLog.push({
          memberId: line.memberId,
          at: now(),
          ...(line.deposit ? { deposit: -line.deposit, depositCount: -(line.depositCount ?? 0) } : {}),
          ...(line.bonus ? { bonus: -line.bonus } : {}),
          // Money sent back undoes the transfer on each side.
          ...(line.transferIn ? { transferIn: -line.transferIn } : {}),
          ...(line.transferOut ? { transferOut: -line.transferOut } : {}),
        });
      }
    },
    /** Expected game days, straight from bet_records with PostgreSQL's time zones. */
    async expectedGameDays() {
      const result = await sql<{
        member_id: number;
        day: string;
        category: string;
        n: string;
        stake: string;
        valid_bet: string;
        payout: string;
        win_loss: string;
      }>`
        SELECT member_id, to_char(settled_at AT TIME ZONE ${options.timeZone}, 'YYYY-MM-DD') AS day, game_category AS category,
               count(*)::text AS n, sum(stake)::text AS stake, sum(valid_bet)::text AS valid_bet, sum(payout)::text AS payout, sum(win_loss)::text AS win_loss
          FROM bet_records WHERE merchant_id = ${merchant.id} AND status = 'settled' AND NOT is_trial
         GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db);
      return result.rows.map((r) => ({
        memberId: Number(r.member_id),
        day: r.day,
        category: r.category,
        betCount: Number(r.n),
        stake: Number(r.stake),
        validBet: Number(r.valid_bet),
        payout: Number(r.payout),
        winLoss: Number(r.win_loss),
      }));
    },
    /** Expected money days from the test's own log; a day whose figures all net to zero may or may not have a row. */
    expectedMoneyDays() {
      type Row = {
        memberId: number;
        day: string;
        depositAmount: number;
        depositCount: number;
        withdrawalAmount: number;
        withdrawalCount: number;
        bonusAmount: number;
        transferInAmount: number;
        transferOutAmount: number;
      };
      const byKey = new Map<string, Row>();
      for (const line of moneyLog) {
        const day = localDateOf(line.at, options.timeZone);
        const key = `${line.memberId}|${day}`;
        const row = byKey.get(key) ?? {
          memberId: line.memberId,
          day,
          depositAmount: 0,
          depositCount: 0,
          withdrawalAmount: 0,
          withdrawalCount: 0,
          bonusAmount: 0,
          transferInAmount: 0,
          transferOutAmount: 0,
        };
        row.depositAmount += line.deposit ?? 0;
        row.depositCount += line.depositCount ?? 0;
        row.withdrawalAmount += line.withdrawal ?? 0;
        row.withdrawalCount += line.withdrawalCount ?? 0;
        row.bonusAmount += line.bonus ?? 0;
        row.transferInAmount += line.transferIn ?? 0;
        row.transferOutAmount += line.transferOut ?? 0;
        byKey.set(key, row);
      }
      return [...byKey.values()].sort((a, b) => a.memberId - b.memberId || a.day.localeCompare(b.day));
    },
    /** Every rollup row of the merchant. */
    async rolledUp() {
      const games = await db
        .selectFrom('member_daily_game_stats')
        .select([
          'member_id',
          sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
          'category',
          'bet_count',
          'stake',
          'valid_bet',
          'payout',
          'win_loss',
        ])
        .where('merchant_id', '=', merchant.id)
        .orderBy('member_id')
        .orderBy('day')
        .orderBy('category')
        .execute();
      const money = await db
        .selectFrom('member_daily_money_stats')
        .select([
          'member_id',
          sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
          'deposit_amount',
          'deposit_count',
          'withdrawal_amount',
          'withdrawal_count',
          'bonus_amount',
          'transfer_in_amount',
          'transfer_out_amount',
        ])
        .where('merchant_id', '=', merchant.id)
        .orderBy('member_id')
        .orderBy('day')
        .execute();
      return {
        games: games.map((r) => ({
          memberId: Number(r.member_id),
          day: r.day,
          category: r.category,
          betCount: Number(r.bet_count),
          stake: Number(r.stake),
          validBet: Number(r.valid_bet),
          payout: Number(r.payout),
          winLoss: Number(r.win_loss),
        })),
        money: money.map((r) => ({
          memberId: Number(r.member_id),
          day: r.day,
          depositAmount: Number(r.deposit_amount),
          depositCount: Number(r.deposit_count),
          withdrawalAmount: Number(r.withdrawal_amount),
          withdrawalCount: Number(r.withdrawal_count),
          bonusAmount: Number(r.bonus_amount),
          transferInAmount: Number(r.transfer_in_amount),
          transferOutAmount: Number(r.transfer_out_amount),
        })),
      };
    },
  };
}

type MemberGameRow = { memberId: number; day: string; category: string } & Record<
  'betCount' | 'stake' | 'validBet' | 'payout' | 'winLoss',
  number
>;
type MemberMoneyRow = { memberId: number; day: string } & Record<
  'depositAmount' | 'depositCount' | 'withdrawalAmount' | 'withdrawalCount' | 'bonusAmount' | 'transferInAmount' | 'transferOutAmount',
  number
>;

/**
 * The team rows the member rows call for under the given paths, computed here apart from the module:
 * every member row added to each ancestor its path names; a team day counts each member who played
 * once. Rows whose figures are all zero are left out (on both sides, by the caller).
 */
export function expectedTeamRows(
  rows: { games: readonly MemberGameRow[]; money: readonly MemberMoneyRow[] },
  paths: ReadonlyMap<number, string>,
) {
  const ancestors = (memberId: number) =>
    (paths.get(memberId) ?? '')
      .split('/')
      .filter(Boolean)
      .map(Number)
      .filter((id) => id !== memberId);
  const add = (into: Map<string, number[]>, key: string, figures: number[]) => {
    const sum = into.get(key) ?? figures.map(() => 0);
    into.set(
      key,
      sum.map((v, i) => v + (figures[i] as number)),
    );
  };
  const games = new Map<string, number[]>();
  const money = new Map<string, number[]>();
  const players = new Map<string, Set<number>>();
  for (const g of rows.games) {
    for (const a of ancestors(g.memberId)) {
      add(games, `${a}|${g.day}|${g.category}`, [g.betCount, g.stake, g.validBet, g.payout, g.winLoss]);
      if (g.betCount > 0) players.set(`${a}|${g.day}`, (players.get(`${a}|${g.day}`) ?? new Set()).add(g.memberId));
    }
  }
  for (const m of rows.money) {
    for (const a of ancestors(m.memberId)) {
      add(money, `${a}|${m.day}`, [
        m.depositAmount,
        m.depositCount,
        m.withdrawalAmount,
        m.withdrawalCount,
        m.bonusAmount,
        m.transferInAmount,
        m.transferOutAmount,
      ]);
    }
  }
  return { games, money, activity: new Map([...players].map(([k, v]) => [k, v.size])) };
}

/** The entries of a map of figures whose figures are not all zero. */
export function withoutZeroFigures<V extends number | number[]>(rows: ReadonlyMap<string, V>): Map<string, V> {
  return new Map([...rows].filter(([, v]) => (Array.isArray(v) ? v.some((x) => x !== 0) : v !== 0)));
}

/** Drops the money days whose figures are all zero (a day whose movements cancelled out). */
export function withoutZeroDays<T extends Record<string, unknown>>(rows: readonly T[]): T[] {
  return rows.filter((r) => Object.entries(r).some(([k, v]) => k !== 'memberId' && k !== 'day' && typeof v === 'number' && v !== 0));
}
