import { amountMinor } from '@platform/contracts/money-format';
import { RG_HISTORY_EVENTS, type RgHistoryEntry, type RgHistoryEvent } from '@platform/contracts/responsible-gaming';
import type { AuditRow } from '../audit/audit.service.ts';

/** How many events one page of a member's history holds. */
export const RG_HISTORY_PAGE_SIZE = 20;

type LimitChange = {
  kind: RgHistoryEntry['limits'][number]['kind'];
  period: RgHistoryEntry['limits'][number]['period'];
  inForce?: number | null;
  pending?: { amount: number | null; effectiveAt: string } | null;
};

const isEvent = (value: string): value is RgHistoryEvent => (RG_HISTORY_EVENTS as readonly string[]).includes(value);

/**
 * One audit row of the `rg.` family as an event of the member's history: what changed (limits with
 * what is in force after, a block's end, the reality check), who did it and the operator's reason.
 * The rows are the ones the responsible-gaming service writes in the transaction of each change, so
 * the history is exactly what happened. A row of another action is left out (null).
 */
export function historyEntryOf(row: AuditRow): RgHistoryEntry | null {
  const event = row.action.slice('rg.'.length);
  if (!row.action.startsWith('rg.') || !isEvent(event)) return null;
  const data = row.data as {
    changes?: LimitChange[];
    until?: string | null;
    permanent?: boolean;
    minutes?: number | null;
    note?: string;
  };
  const isOperator = row.actor_type === 'admin';
  return {
    id: Number(row.id),
    at: new Date(row.created_at).toISOString(),
    event,
    by: isOperator ? 'operator' : 'member',
    operatorId: isOperator && row.actor_id !== null ? Number(row.actor_id) : null,
    limits: (data.changes ?? []).map((c) => ({
      kind: c.kind,
      period: c.period,
      inForce: c.inForce == null ? null : amountMinor(c.inForce),
      pending: c.pending
        ? { amount: c.pending.amount === null ? null : amountMinor(c.pending.amount), effectiveAt: c.pending.effectiveAt }
        : null,
    })),
    until: data.until ?? null,
    permanent: data.permanent === true,
    minutes: event === 'reality_check_set' ? (data.minutes ?? null) : null,
    note: data.note ?? null,
  };
}
