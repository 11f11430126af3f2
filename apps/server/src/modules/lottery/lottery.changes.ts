import type { AdminChangeRequest, AdminLotteryOddsBody, LotteryChangeStatus } from '@platform/contracts/lottery';
import { pageOffset } from '@platform/contracts/pagination';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { AdminPrincipal } from '../admin/admin.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './lottery.admin.repository.ts';
import { applyOdds, assertBetTypeOf, oddsValues } from './lottery.admin.ts';
import { gameByCode, periodOf } from './lottery.repository.ts';

type OddsRequest = AdminLotteryOddsBody & { reason: string };
type VoidRequest = { gameId: string; numero: string; reason: string };

function present(row: repo.ChangeRequestRow): AdminChangeRequest {
  return {
    id: Number(row.id),
    kind: row.kind,
    subject: row.subject,
    change: row.change as AdminChangeRequest['change'],
    before: row.before,
    reason: row.reason,
    status: row.status,
    requestedBy: Number(row.requested_by_admin_id),
    decidedBy: row.decided_by_admin_id === null ? null : Number(row.decided_by_admin_id),
    decisionNote: row.decision_note,
    outcome: row.outcome,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
  };
}

/**
 * Four eyes on the lottery's changes that move money (docs/lottery.md): one operator asks for an
 * odds change or a draw's void, with a reason; another operator approves it (only then is it
 * applied, in the approval's transaction) or rejects it; the one who asked may withdraw it. At most
 * one request waits per subject. Every step is audited in its transaction.
 */
export function createLotteryChanges(deps: {
  db: Kysely<DB>;
  now: () => Date;
  markVoided: (trx: Transaction<DB>, merchantId: number, input: { gameId: string; numero: string }) => Promise<number>;
  refundVoided: (periodId: number) => Promise<number>;
}) {
  const { db, now } = deps;

  async function insert(
    admin: AdminPrincipal,
    ip: string,
    request: { kind: 'odds' | 'void'; subject: string; change: object; before: Record<string, unknown> | null; reason: string },
  ) {
    try {
      return await db.transaction().execute(async (trx) => {
        const id = await repo.insertChangeRequest(trx, {
          merchant_id: admin.merchantId,
          kind: request.kind,
          subject: request.subject,
          change: JSON.stringify(request.change),
          before: request.before === null ? null : JSON.stringify(request.before),
          reason: request.reason,
          requested_by_admin_id: admin.adminId,
          created_at: now(),
        });
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: admin.adminId,
          action: `lottery.${request.kind}_requested`,
          subjectType: 'lottery_change_request',
          subjectId: id,
          data: { subject: request.subject, change: request.change, before: request.before, reason: request.reason },
          ip,
          merchantId: admin.merchantId,
        });
        return present((await repo.findChangeRequest(trx, admin.merchantId, id)) as repo.ChangeRequestRow);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError('lottery_change_waiting');
      throw err;
    }
  }

  /** Asks for an odds change; checked now (the region offers the bet type; a first setting names odds and multiplier). */
  async function requestOdds(admin: AdminPrincipal, body: OddsRequest, ip: string) {
    const { reason, ...change } = body;
    assertBetTypeOf(change.region, change.betType);
    const current = (await repo.findOdds(db, admin.merchantId, change.region)).find((o) => o.bet_type === change.betType);
    if (!current && (change.oddsMilli === undefined || change.stakeMultiplier === undefined))
      throw new DomainError('bad_request', 'oddsMilli');
    return insert(admin, ip, {
      kind: 'odds',
      subject: `${change.region}:${change.betType}`,
      change,
      before: current ? oddsValues(current) : null,
      reason,
    });
  }

  /** Asks for a draw's void; refused now if it settled or began settling. Says what it would refund. */
  async function requestVoid(admin: AdminPrincipal, body: VoidRequest, ip: string) {
    const game = await gameByCode(db, admin.merchantId, body.gameId);
    const period = await periodOf(db, game.id, body.numero);
    if (period.status === 'voided') throw new DomainError('lottery_period_not_open', 'voided');
    if (period.status === 'settled') throw new DomainError('lottery_period_not_open', 'settled');
    const open = await repo.openTicketTotals(db, period.id);
    return insert(admin, ip, {
      kind: 'void',
      subject: `${body.gameId}:${body.numero}`,
      change: { gameId: body.gameId, numero: body.numero },
      before: { status: period.status, drawAt: new Date(period.draw_at).toISOString(), openTickets: open.tickets, openStake: open.stake },
      reason: body.reason,
    });
  }

  async function list(
    admin: AdminPrincipal,
    query: { status: LotteryChangeStatus; kind?: 'odds' | 'void' | undefined; pageNo: number; pageSize: number },
  ) {
    const { rows, total } = await repo.findChangeRequests(
      db,
      admin.merchantId,
      { status: query.status, kind: query.kind },
      { limit: query.pageSize, offset: pageOffset(query) },
    );
    return {
      list: rows.map(present),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
    };
  }

  async function waiting(trx: Transaction<DB>, admin: AdminPrincipal, id: number) {
    const row = await repo.findChangeRequest(trx, admin.merchantId, id, 'update');
    if (!row) throw new DomainError('not_found');
    if (row.status !== 'requested') throw new DomainError('admin_request_not_pending');
    return row;
  }

  /** A second operator approves: the change is applied in this transaction (a void's refunds follow it). */
  async function approve(admin: AdminPrincipal, id: number, note: string | undefined, ip: string) {
    const voided = await db.transaction().execute(async (trx) => {
      const row = await waiting(trx, admin, id);
      if (Number(row.requested_by_admin_id) === admin.adminId) throw new DomainError('admin_self_approval');
      let outcome: Record<string, unknown> | null = null;
      let periodId: number | null = null;
      if (row.kind === 'odds') {
        outcome = await applyOdds(trx, admin.merchantId, row.change as AdminLotteryOddsBody, now());
      } else {
        periodId = await deps.markVoided(trx, admin.merchantId, row.change as { gameId: string; numero: string });
      }
      await repo.markChangeDecided(trx, id, { status: 'approved', decidedBy: admin.adminId, note: note ?? null, outcome, at: now() });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: row.kind === 'odds' ? 'lottery.odds_updated' : 'lottery.draw_voided',
        subjectType: 'lottery_change_request',
        subjectId: id,
        data: {
          subject: row.subject,
          requestedBy: Number(row.requested_by_admin_id),
          reason: row.reason,
          note: note ?? null,
          before: row.kind === 'odds' ? (outcome?.before ?? null) : row.before,
          after: row.kind === 'odds' ? (outcome?.after ?? null) : { status: 'voided' },
        },
        ip,
        merchantId: admin.merchantId,
      });
      return periodId;
    });
    if (voided !== null) {
      const refunded = await deps.refundVoided(voided);
      await repo.setChangeOutcome(db, id, { refundedTickets: refunded });
    }
    return present((await repo.findChangeRequest(db, admin.merchantId, id)) as repo.ChangeRequestRow);
  }

  /** Another operator rejects, or the one who asked withdraws; nothing changes. */
  async function reject(admin: AdminPrincipal, id: number, reason: string, ip: string) {
    await db.transaction().execute(async (trx) => {
      const row = await waiting(trx, admin, id);
      const withdrawn = Number(row.requested_by_admin_id) === admin.adminId;
      await repo.markChangeDecided(trx, id, {
        status: withdrawn ? 'withdrawn' : 'rejected',
        decidedBy: withdrawn ? null : admin.adminId,
        note: reason,
        outcome: null,
        at: now(),
      });
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: withdrawn ? `lottery.${row.kind}_request_withdrawn` : `lottery.${row.kind}_request_rejected`,
        subjectType: 'lottery_change_request',
        subjectId: id,
        data: { subject: row.subject, reason },
        ip,
        merchantId: admin.merchantId,
      });
    });
    return present((await repo.findChangeRequest(db, admin.merchantId, id)) as repo.ChangeRequestRow);
  }

  return { requestOdds, requestVoid, list, approve, reject };
}

export type LotteryChanges = ReturnType<typeof createLotteryChanges>;
