import { type DrawResult, type LotteryRegion, validateDrawResult } from '@platform/games/lottery';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ResultsSource } from './lottery.import.ts';
import * as repo from './lottery.repository.ts';
import { vietnamDateOf } from './lottery.schedule.ts';

/** Two results are the same draw when every tier holds the same numbers in the same order. */
function isSameResult(a: DrawResult, b: DrawResult): boolean {
  const tiers = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof DrawResult>;
  return [...tiers].every((tier) => JSON.stringify(a[tier] ?? null) === JSON.stringify(b[tier] ?? null));
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

  async function enterResult(admin: AdminPrincipal, input: { gameId: string; numero: string; result: DrawResult }) {
    const game = await repo.gameByCode(db, admin.merchantId, input.gameId);
    if (game.result_source !== 'official') throw new DomainError('lottery_period_not_open', 'house draw');
    const period = await repo.periodOf(db, game.id, input.numero);
    if (period.draw_date !== vietnamDateOf(now())) throw new DomainError('lottery_draw_not_today');
    if (period.status !== 'open') throw new DomainError('lottery_period_not_open');
    const issues = validateDrawResult(game.region as LotteryRegion, input.result);
    if (issues.length > 0) throw new DomainError('lottery_result_invalid', issues.join(', '));
    const inserted = await repo.insertPendingResultEntry(db, {
      periodId: period.id,
      result: input.result,
      enteredByAdminId: admin.adminId,
      createdAt: now(),
    });
    if (!inserted) throw new DomainError('conflict', 'a result for this draw awaits confirmation');
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
  async function confirmResult(admin: AdminPrincipal, entryId: number) {
    const periodId = await db.transaction().execute(async (trx) => {
      const entry = await repo.lockResultEntry(trx, entryId);
      if (!entry) throw new DomainError('not_found');
      const period = await repo.lockPeriodWithMerchant(trx, entry.period_id);
      if (Number(period.merchant_id) !== admin.merchantId) throw new DomainError('not_found');
      if (entry.status !== 'pending') throw new DomainError('admin_request_not_pending');
      if (Number(entry.entered_by_admin_id) === admin.adminId) throw new DomainError('admin_self_approval');
      if (period.draw_date !== vietnamDateOf(now())) throw new DomainError('lottery_draw_not_today');
      if (period.status !== 'open' || now() < period.locks_at) throw new DomainError('lottery_period_not_open');
      await repo.markResultEntryConfirmed(trx, entryId, { adminId: admin.adminId, at: now() });
      await repo.setPeriodDrawn(trx, period.id, entry.result, now());
      return period.id;
    });
    await settlePeriod(periodId);
    return resultEntry(entryId);
  }

  /**
   * Takes today's official results from the feed for every official draw whose time has passed:
   * the same checks as an operator's entry (today's Vietnam date, tier counts and digits), then the
   * draw is drawn and settles with the round. A result already taken is not taken again; a feed
   * result that differs from the one a draw already has is refused and reported, never applied.
   */
  async function importOfficialResults(): Promise<{
    imported: number;
    refused: { gameId: string; numero: string | null; reason: string }[];
  }> {
    const source = deps.resultsSource;
    const refused: { gameId: string; numero: string | null; reason: string }[] = [];
    if (!source) return { imported: 0, refused };
    const today = vietnamDateOf(now());
    const due = await repo.findDueOfficialDraws(db, today, now());
    if (!due.some((p) => p.status === 'open')) return { imported: 0, refused };
    let imported = 0;
    for (const official of await source.resultsOf(today)) {
      if (official.drawDate !== today) {
        refused.push({ gameId: official.gameId, numero: null, reason: 'lottery_draw_not_today' });
        continue;
      }
      for (const period of due.filter((p) => p.code === official.gameId)) {
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
        const taken = await db.transaction().execute(async (trx) => {
          const updated = await repo.markPeriodDrawn(trx, period.id, official.result, now());
          if (updated === 0) return false;
          await recordAudit(trx, {
            actorType: 'system',
            action: 'lottery.result_imported',
            subjectType: 'lottery_period',
            subjectId: period.id,
            data: { source: source.name, gameId: period.code, numero: period.numero, merchantId: Number(period.merchant_id) },
          });
          return true;
        });
        if (taken) imported += 1;
      }
    }
    return { imported, refused };
  }

  return { enterResult, resultEntry, confirmResult, importOfficialResults };
}
