import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addDays, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import { holdDownlineMoves } from '../accounts/member-directory.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { addInto, emptyMoneyFigures, type MoneyFigures, moneyEffectOf } from './daily-stats.money-rules.ts';
import * as repo from './daily-stats.repository.ts';
import * as teamRepo from './team-rollups.repository.ts';
import { ancestorsOf, teamGameDeltasOf, teamMoneyDeltasOf } from './team-rollups.ts';

/**
 * Keeps the rollups as rounds settle and money moves, off the hot paths: the seamless callback and
 * the lottery write their bet records and transfers as before, and this consumer follows them.
 *
 * Each source row carries the xid of the transaction that last wrote it (`change_xid`, migration
 * 2026-11-26-0201). One step, in one transaction: lock the source's cursor (its position W), take
 * X = the oldest running xid (every transaction below it has finished, and every later one gets a
 * higher xid), read the rows W ≤ xid < X (at most a batch, never splitting a transaction), write the
 * rollups and move the cursor to the batch's end. A crash rolls the writes and the cursor back
 * together; a retry or a second node waits on the cursor lock and starts where the first ended. So
 * each change is applied exactly once, whatever the commit order of the writers.
 *
 * - Rounds: a changed round marks its (member, day of settlement, category) dirty, and each dirty day
 *   is recomputed from all its rounds (so a round that changes after settlement, a later win, a
 *   cancellation or a resettlement, is reflected exactly, and applying a change twice would do no harm),
 *   with its split per vendor (`member_daily_vendor_stats`, rounds and valid bet: vendors' rebate rules).
 * - Money: transfers are append-only, so their effects (daily-stats.money-rules.ts) are added as deltas.
 * - Teams (ADR 0018): in the same transaction, what a member's rows gained or lost is added to the
 *   team rows of every ancestor in its upline path, and the count of the team's players of the day
 *   moves when the member's day goes from no rounds to some or back. Subtree moves wait (and are kept
 *   out) while a step reads paths, and move the subtree's totals in their own transaction.
 */

/** Source rows one step reads at most (a transaction with more is read whole). */
const CATCH_UP_BATCH_ROWS = 5_000;

export type RollupSources = {
  betRecords: Pick<BetRecordService, 'rollupSource'>;
  ledger: Pick<LedgerService, 'movements'>;
  timeZoneOf: (merchantId: number, trx?: Transaction<DB>) => Promise<string>;
};

function nextXid(xid: string): string {
  return (BigInt(xid) + 1n).toString();
}

export function createDailyStatsMaintenance(deps: RollupSources & { db: Kysely<DB>; now: () => Date; batchRows?: number }) {
  const { db, now } = deps;
  const rounds = deps.betRecords.rollupSource;
  const batchRows = deps.batchRows ?? CATCH_UP_BATCH_ROWS;

  async function zonesOf(trx: Transaction<DB>, merchantIds: Iterable<number>): Promise<Map<number, string>> {
    const zones = new Map<number, string>();
    for (const id of merchantIds) if (!zones.has(id)) zones.set(id, await deps.timeZoneOf(id, trx));
    return zones;
  }

  /** The batch W ≤ xid < end to read now, or undefined when the source has nothing finished to read. */
  async function batchOf(
    trx: Transaction<DB>,
    source: repo.CursorSource,
    findEnd: (range: { fromXid: string; toXid: string; rows: number }) => Promise<string>,
  ) {
    const fromXid = await repo.lockCursor(trx, source);
    const toXid = await repo.oldestRunningXid(trx);
    if (BigInt(toXid) <= BigInt(fromXid)) return undefined;
    let end = await findEnd({ fromXid, toXid, rows: batchRows });
    // One transaction wrote more than a batch: it is read whole.
    if (end === fromXid) end = nextXid(fromXid);
    return { fromXid, toXid: end, isLast: end === toXid };
  }

  /** One step over the rounds; true when more is waiting. */
  async function stepRounds(): Promise<{ changed: number; more: boolean }> {
    return db.transaction().execute(async (trx) => {
      const batch = await batchOf(trx, 'bet_records', (range) => rounds.batchEnd(trx, range));
      if (!batch) return { changed: 0, more: false };
      const groups = await rounds.changedGroups(trx, batch);
      const zones = await zonesOf(
        trx,
        groups.map((g) => g.merchantId),
      );
      const dirty = new Map<string, { merchantId: number; memberId: number; category: string; day: string; from: Date; to: Date }>();
      // A batch's groups share few quarter hours and days: each is turned into a day (and a day into
      // its bounds) once per zone.
      const dayOfBin = new Map<string, string>();
      const dayOf = (bin: Date, zone: string) => {
        const key = `${zone}|${bin.getTime()}`;
        let day = dayOfBin.get(key);
        if (day === undefined) {
          day = localDateOf(bin, zone);
          dayOfBin.set(key, day);
        }
        return day;
      };
      const bounds = new Map<string, { from: Date; to: Date }>();
      const boundsOf = (day: string, zone: string) => {
        const key = `${zone}|${day}`;
        let found = bounds.get(key);
        if (found === undefined) {
          found = { from: startOfLocalDate(day, zone), to: startOfLocalDate(addDays(day, 1), zone) };
          bounds.set(key, found);
        }
        return found;
      };
      for (const group of groups) {
        const zone = zones.get(group.merchantId) as string;
        // Every day from the group's first changed round to its last is recomputed (usually one; a
        // day between without a changed round is recomputed to what it already holds).
        const lastDay = dayOf(group.lastBin, zone);
        for (let day = dayOf(group.firstBin, zone); day <= lastDay; day = addDays(day, 1)) {
          const key = `${group.memberId}|${day}|${group.category}`;
          if (dirty.has(key)) continue;
          dirty.set(key, {
            merchantId: group.merchantId,
            memberId: group.memberId,
            category: group.category,
            day,
            ...boundsOf(day, zone),
          });
        }
      }
      const days = [...dirty.values()];
      const sums = await rounds.sumGroups(trx, days);
      const after = days.map((d, i) => {
        const s = sums[i] as (typeof sums)[number];
        return {
          merchantId: d.merchantId,
          memberId: d.memberId,
          day: d.day,
          category: d.category,
          betCount: s.rounds,
          stake: s.stake,
          validBet: s.validBet,
          payout: s.payout,
          winLoss: s.winLoss,
        };
      });
      // The team rows move with the member rows: what changed is added to every ancestor.
      await holdDownlineMoves(trx, zones.keys());
      const before = await teamRepo.findGameRowsOfMemberDays(trx, uniqueMemberDays(days));
      await repo.replaceGameDays(trx, after);
      await repo.replaceVendorDays(
        trx,
        days,
        days.flatMap((d, i) =>
          (sums[i] as (typeof sums)[number]).byVendor.map((v) => ({
            merchantId: d.merchantId,
            memberId: d.memberId,
            day: d.day,
            category: d.category,
            vendorCode: v.vendorCode,
            betCount: v.rounds,
            validBet: v.validBet,
          })),
        ),
      );
      const team = teamGameDeltasOf(before, after, await teamRepo.findUplinePaths(trx, uniqueMembers(days)));
      await teamRepo.addTeamGameDeltas(trx, team.game);
      await teamRepo.addTeamActivityDeltas(trx, team.activity);
      await repo.moveCursor(trx, 'bet_records', batch.toXid, now());
      return { changed: days.length, more: !batch.isLast };
    });
  }

  /** One step over the money movements; true when more is waiting. */
  async function stepMoney(): Promise<{ changed: number; more: boolean }> {
    return db.transaction().execute(async (trx) => {
      const batch = await batchOf(trx, 'ledger_transfers', (range) => deps.ledger.movements.batchEnd(range, trx));
      if (!batch) return { changed: 0, more: false };
      const movements = await deps.ledger.movements.ofMembers({ kind: 'xids', fromXid: batch.fromXid, toXid: batch.toXid }, trx);
      const zones = await zonesOf(
        trx,
        movements.map((m) => m.merchantId),
      );
      const deltas = foldMovements(movements, zones);
      await holdDownlineMoves(trx, zones.keys());
      await repo.addMoneyDeltas(trx, deltas);
      const paths = await teamRepo.findUplinePaths(trx, uniqueMembers(deltas));
      await teamRepo.addTeamMoneyDeltas(trx, teamMoneyDeltasOf(deltas, paths));
      await repo.moveCursor(trx, 'ledger_transfers', batch.toXid, now());
      return { changed: deltas.length, more: !batch.isLast };
    });
  }

  /**
   * Reads both sources up to every transaction that has finished. Returns how many member-days it
   * wrote. Cheap when nothing changed (two index probes), so readers may call it before reading.
   */
  async function catchUp(): Promise<{ gameDays: number; moneyDays: number }> {
    let gameDays = 0;
    let moneyDays = 0;
    for (;;) {
      const step = await stepRounds();
      gameDays += step.changed;
      if (!step.more) break;
    }
    for (;;) {
      const step = await stepMoney();
      moneyDays += step.changed;
      if (!step.more) break;
    }
    return { gameDays, moneyDays };
  }

  /**
   * A subtree moved (in `trx`, the move's transaction, after its paths were rewritten): its totals
   * leave the team rows of the ancestors it left and join those of the ones it joined.
   */
  async function subtreeMoved(trx: Transaction<DB>, move: SubtreeMove): Promise<void> {
    const from = new Set(ancestorsOf(move.fromPath, move.memberId));
    const to = new Set(ancestorsOf(move.toPath, move.memberId));
    await teamRepo.moveSubtreeTotals(trx, {
      merchantId: move.merchantId,
      rootId: move.memberId,
      leaving: [...from].filter((id) => !to.has(id)),
      joining: [...to].filter((id) => !from.has(id)),
    });
  }

  return { catchUp, subtreeMoved };
}

/** A member moved, with its whole team, under another upline: its upline path before and after. */
export type SubtreeMove = { merchantId: number; memberId: number; fromPath: string; toPath: string };

function uniqueMembers(rows: readonly { memberId: number }[]): number[] {
  return [...new Set(rows.map((r) => r.memberId))];
}

function uniqueMemberDays(rows: readonly { memberId: number; day: string }[]): { memberId: number; day: string }[] {
  const byKey = new Map(rows.map((r) => [`${r.memberId}|${r.day}`, { memberId: r.memberId, day: r.day }]));
  return [...byKey.values()];
}

/** Movements (per quarter hour) folded into money figures per member and local day; days that count nothing are left out. */
export function foldMovements(
  movements: readonly {
    merchantId: number;
    memberId: number;
    bin: Date;
    code: string;
    reversedCode: string | null;
    direction: 'in' | 'out';
    isOwn: boolean;
    amount: number;
    count: number;
  }[],
  zones: ReadonlyMap<number, string>,
): repo.MoneyDayRow[] {
  const byDay = new Map<string, { merchantId: number; memberId: number; day: string; figures: MoneyFigures }>();
  for (const movement of movements) {
    const effect = moneyEffectOf(movement);
    if (!effect) continue;
    const day = localDateOf(movement.bin, zones.get(movement.merchantId) as string);
    const key = `${movement.memberId}|${day}`;
    let entry = byDay.get(key);
    if (!entry) {
      entry = { merchantId: movement.merchantId, memberId: movement.memberId, day, figures: emptyMoneyFigures() };
      byDay.set(key, entry);
    }
    addInto(entry.figures, effect);
  }
  return [...byDay.values()].map((e) => ({ merchantId: e.merchantId, memberId: e.memberId, day: e.day, ...e.figures }));
}
