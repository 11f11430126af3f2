import { pageOffset } from '@platform/contracts/pagination';
import { type DrawResult, type LotteryRegion, prizeLayout, validateDrawResult } from '@platform/games/lottery';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { addDays } from '../../lib/time-zone.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ResultsSource } from './lottery.import.ts';
import * as repo from './lottery.repository.ts';
import { vietnamDateOf } from './lottery.schedule.ts';

/** A game's name in the two languages the console shows (either falls back to the other). */
function nameOf(name: Record<string, string>): { vi: string; en: string } {
  const vi = name.vi ?? name.en ?? '';
  return { vi, en: name.en ?? vi };
}

/** Two results are the same draw when every tier holds the same numbers in the same order. */
function isSameResult(a: DrawResult, b: DrawResult): boolean {
  const tiers = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof DrawResult>;
  return [...tiers].every((tier) => JSON.stringify(a[tier] ?? null) === JSON.stringify(b[tier] ?? null));
}

/**
 * How many days back an official draw may still get its result (from the feed or an operator): a
 * draw whose result did not come on the day (a feed outage, no operator on duty) is caught up later
 * rather than left open with its tickets' stakes held.
 */
export const OFFICIAL_RESULTS_LOOKBACK_DAYS = 7;

/** Whether a draw of `drawDate` may take a result on `today` (both Vietnam dates): today or the last days. */
function isWithinResultsWindow(drawDate: string, today: string): boolean {
  return drawDate <= today && drawDate >= addDays(today, -OFFICIAL_RESULTS_LOOKBACK_DAYS);
}

/**
 * Official draws' results: entered by one operator and confirmed by another, or taken from the
 * results feed. A confirmed result settles the draw (`settlePeriod`).
 */
export function createLotteryResults(deps: {
  db: Kysely<DB>;
  now: () => Date;
  settlePeriod: (periodId: number) => Promise<{ settled: number }>;
  resultsSource?: ResultsSource | undefined;
}) {
  const { db, now, settlePeriod } = deps;

  async function enterResult(admin: AdminPrincipal, input: { gameId: string; numero: string; result: DrawResult }, ip?: string) {
    const game = await repo.gameByCode(db, admin.merchantId, input.gameId);
    if (game.result_source !== 'official') throw new DomainError('lottery_period_not_open', 'house draw');
    const period = await repo.periodOf(db, game.id, input.numero);
    if (!isWithinResultsWindow(period.draw_date, vietnamDateOf(now()))) throw new DomainError('lottery_draw_outside_window');
    if (period.status !== 'open') throw new DomainError('lottery_period_not_open');
    const issues = validateDrawResult(game.region as LotteryRegion, input.result);
    if (issues.length > 0) throw new DomainError('lottery_result_invalid', issues.join(', '));
    const inserted = await db.transaction().execute(async (trx) => {
      const row = await repo.insertPendingResultEntry(trx, {
        periodId: period.id,
        result: input.result,
        enteredByAdminId: admin.adminId,
        createdAt: now(),
      });
      if (!row) throw new DomainError('conflict', 'a result for this draw awaits confirmation');
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'lottery.result_entered',
        subjectType: 'lottery_result_entry',
        subjectId: Number(row.id),
        data: { gameId: input.gameId, numero: input.numero, after: { status: 'pending', result: input.result } },
        ip: ip ?? null,
        merchantId: admin.merchantId,
      });
      return row;
    });
    return resultEntry(inserted.id);
  }

  async function resultEntry(id: number) {
    const row = await repo.findResultEntry(db, id);
    if (!row) throw new DomainError('not_found');
    return {
      id: Number(row.id),
      gameId: row.code,
      numero: row.numero,
      result: row.result,
      status: row.status,
      enteredBy: Number(row.entered_by_admin_id),
      decidedBy: row.decided_by_admin_id === null ? null : Number(row.decided_by_admin_id),
      merchantId: Number(row.merchant_id),
    };
  }

  /** A second operator confirms a manual entry: the result is published and the draw settles. */
  async function confirmResult(admin: AdminPrincipal, entryId: number, ip?: string) {
    const periodId = await db.transaction().execute(async (trx) => {
      const entry = await repo.lockResultEntry(trx, entryId);
      if (!entry) throw new DomainError('not_found');
      const period = await repo.lockPeriodWithMerchant(trx, entry.period_id);
      if (Number(period.merchant_id) !== admin.merchantId) throw new DomainError('not_found');
      if (entry.status !== 'pending') throw new DomainError('admin_request_not_pending');
      if (Number(entry.entered_by_admin_id) === admin.adminId) throw new DomainError('admin_self_approval');
      if (!isWithinResultsWindow(period.draw_date, vietnamDateOf(now()))) throw new DomainError('lottery_draw_outside_window');
      if (period.status !== 'open' || now() < period.locks_at) throw new DomainError('lottery_period_not_open');
      await repo.markResultEntryConfirmed(trx, entryId, { adminId: admin.adminId, at: now() });
      await repo.setPeriodDrawn(trx, period.id, entry.result, now());
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: 'lottery.result_confirmed',
        subjectType: 'lottery_result_entry',
        subjectId: entryId,
        data: {
          periodId: Number(period.id),
          enteredBy: Number(entry.entered_by_admin_id),
          before: { status: 'pending' },
          after: { status: 'confirmed', result: entry.result },
        },
        ip: ip ?? null,
        merchantId: admin.merchantId,
      });
      return period.id;
    });
    await settlePeriod(periodId);
    return resultEntry(entryId);
  }

  /**
   * Ends a pending entry without publishing it: another operator rejects it, or the operator who
   * entered it withdraws it (a typo seen before the second look). The draw stays open for a new
   * entry; the reason is kept in the audit row.
   */
  async function rejectResult(admin: AdminPrincipal, entryId: number, reason: string, ip?: string) {
    await db.transaction().execute(async (trx) => {
      const entry = await repo.lockResultEntry(trx, entryId);
      if (!entry) throw new DomainError('not_found');
      const period = await repo.lockPeriodWithMerchant(trx, entry.period_id);
      if (Number(period.merchant_id) !== admin.merchantId) throw new DomainError('not_found');
      if (entry.status !== 'pending') throw new DomainError('admin_request_not_pending');
      const withdrawn = Number(entry.entered_by_admin_id) === admin.adminId;
      // The table keeps a decider other than the entrant; a withdrawal has none (its audit row names who).
      await repo.markResultEntryRejected(trx, entryId, { adminId: withdrawn ? null : admin.adminId, at: now() });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: withdrawn ? 'lottery.result_withdrawn' : 'lottery.result_rejected',
        subjectType: 'lottery_result_entry',
        subjectId: entryId,
        data: { periodId: Number(period.id), reason, before: { status: 'pending' }, after: { status: 'rejected' } },
        ip: ip ?? null,
        merchantId: admin.merchantId,
      });
    });
    return resultEntry(entryId);
  }

  /** The merchant's entries of one status, newest first, each with its draw and the region's sheet. */
  async function listResultEntries(
    admin: AdminPrincipal,
    query: { status: 'pending' | 'confirmed' | 'rejected'; pageNo: number; pageSize: number },
  ) {
    const { rows, total } = await repo.findResultEntries(db, admin.merchantId, query.status, {
      limit: query.pageSize,
      offset: pageOffset(query),
    });
    return {
      list: rows.map((row) => ({
        id: Number(row.id),
        gameId: row.code,
        gameName: nameOf(row.name),
        region: row.region as LotteryRegion,
        numero: row.numero,
        drawDate: row.draw_date,
        drawAt: new Date(row.draw_at).toISOString(),
        locksAt: new Date(row.locks_at).toISOString(),
        result: row.result as DrawResult,
        status: row.status,
        enteredBy: Number(row.entered_by_admin_id),
        decidedBy: row.decided_by_admin_id === null ? null : Number(row.decided_by_admin_id),
        createdAt: new Date(row.created_at).toISOString(),
        decidedAt: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
        layout: [...prizeLayout(row.region as LotteryRegion)],
      })),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
    };
  }

  /** The merchant's official draws that may take an operator's result now: open, of today or the last days. */
  async function drawsAwaitingResult(admin: AdminPrincipal) {
    const today = vietnamDateOf(now());
    const rows = await repo.findOpenOfficialDraws(db, admin.merchantId, addDays(today, -OFFICIAL_RESULTS_LOOKBACK_DAYS), today);
    return rows.map((row) => ({
      gameId: row.code,
      gameName: nameOf(row.name),
      region: row.region as LotteryRegion,
      numero: row.numero,
      drawDate: row.draw_date,
      drawAt: new Date(row.draw_at).toISOString(),
      locksAt: new Date(row.locks_at).toISOString(),
      pendingEntryId: row.pending_entry_id === null ? null : Number(row.pending_entry_id),
      layout: [...prizeLayout(row.region as LotteryRegion)],
    }));
  }

  /**
   * Takes official results from the feed for every official draw whose time has passed, today's and
   * those of the last `OFFICIAL_RESULTS_LOOKBACK_DAYS` days still open: the feed is asked once per
   * date that has an open draw. The same checks as an operator's entry apply (the date asked, tier
   * counts and digits), then the draw is drawn and settles with the round. A result already taken is
   * not taken again; a feed result that differs from the one a draw already has is refused and
   * reported, never applied.
   */
  async function importOfficialResults(): Promise<{
    imported: number;
    refused: { gameId: string; numero: string | null; reason: string }[];
  }> {
    const source = deps.resultsSource;
    const refused: { gameId: string; numero: string | null; reason: string }[] = [];
    if (!source) return { imported: 0, refused };
    const today = vietnamDateOf(now());
    const due = await repo.findDueOfficialDraws(db, addDays(today, -OFFICIAL_RESULTS_LOOKBACK_DAYS), today, now());
    const datesWithOpenDraws = [...new Set(due.filter((p) => p.status === 'open').map((p) => p.draw_date))].sort();
    let imported = 0;
    for (const drawDate of datesWithOpenDraws) {
      const ofDate = due.filter((p) => p.draw_date === drawDate);
      for (const official of await source.resultsOf(drawDate)) {
        if (official.drawDate !== drawDate) {
          refused.push({ gameId: official.gameId, numero: null, reason: 'lottery_draw_outside_window' });
          continue;
        }
        for (const period of ofDate.filter((p) => p.code === official.gameId)) {
          if (period.status !== 'open') {
            if (period.result && !isSameResult(period.result as DrawResult, official.result)) {
              refused.push({ gameId: period.code, numero: period.numero, reason: 'conflict' });
            }
            continue;
          }
          const issues = validateDrawResult(period.region as LotteryRegion, official.result);
          if (issues.length > 0) {
            refused.push({ gameId: period.code, numero: period.numero, reason: `lottery_result_invalid: ${issues.join(', ')}` });
            continue;
          }
          if (await takeOfficialResult(period, official.result, source.name)) imported += 1;
        }
      }
    }
    return { imported, refused };
  }

  async function takeOfficialResult(
    period: { id: number | string; code: string; numero: string; merchant_id: number | string },
    result: DrawResult,
    sourceName: string,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const updated = await repo.markPeriodDrawn(trx, Number(period.id), result, now());
      if (updated === 0) return false;
      await recordAudit(trx, {
        actorType: 'system',
        action: 'lottery.result_imported',
        subjectType: 'lottery_period',
        subjectId: Number(period.id),
        data: { source: sourceName, gameId: period.code, numero: period.numero, merchantId: Number(period.merchant_id) },
      });
      return true;
    });
  }

  return { enterResult, resultEntry, confirmResult, rejectResult, listResultEntries, drawsAwaitingResult, importOfficialResults };
}
